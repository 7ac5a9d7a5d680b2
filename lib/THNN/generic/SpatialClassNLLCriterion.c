/* SpatialClassNLLCriterion (nn.NLLLoss2d): ClassNLLCriterion at every pixel. input is batch x
 * nClasses x height x width (log-probabilities), target batch x height x width (class indices in
 * [0, nClasses)). loss = -sum(weights[c] * input[b][c][h][w]) over the pixels, c = target[b][h][w];
 * total_weight (a 1-element buffer) receives sum(weights[c]), by which sizeAverage divides (unless
 * it is 0). The gradient is -weights[c] (divided likewise) at each pixel's target class. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialClassNLLCriterion.c"
#else

/* The checks of both entry points; the input seen as batch x nClasses x pixels. */
static void THNN_(SpatialClassNLLCriterion_shape)(THTensor *input, THIndexTensor *target,
                                                  THTensor *weights, long *batch,
                                                  long *nClasses, long *pixels) {
  THArgCheck(input->nDimension == 4, 2, "input should be a 4D tensor (batch x classes x height "
             "x width), but got size %s", THTensor_(sizeDesc)(input).str);
  THArgCheck(target->nDimension == 3 && target->size[0] == input->size[0] &&
             target->size[1] == input->size[2] && target->size[2] == input->size[3], 3,
             "target should be of size %ldx%ldx%ld (batch x height x width of input, size %s), "
             "but got size %s", input->size[0], input->size[2], input->size[3],
             THTensor_(sizeDesc)(input).str, THIndexTensor_(sizeDesc)(target).str);
  *batch = input->size[0];
  *nClasses = input->size[1];
  *pixels = input->size[2] * input->size[3];
  THNN_(checkClassWeights)(weights, *nClasses, 6);
  THNN_(checkClassIndices)(target, *nClasses, 3);
}

/* The loss and its gradient are ClassNLLCriterion's, at every pixel (nllLossForward and
 * nllLossBackward, in generic/ClassNLLCriterion.c). */
void THNN_(SpatialClassNLLCriterion_updateOutput)(THNNState *state, THTensor *input,
                                                  THIndexTensor *target, THTensor *output,
                                                  bool sizeAverage, THTensor *weights,
                                                  THTensor *total_weight) {
  (void)state;
  long batch, nClasses, pixels;
  THNN_(SpatialClassNLLCriterion_shape)(input, target, weights, &batch, &nClasses, &pixels);
  THNN_(nllLossForward)(input, target, output, sizeAverage, weights, total_weight, batch,
                        nClasses, pixels);
}

void THNN_(SpatialClassNLLCriterion_updateGradInput)(THNNState *state, THTensor *input,
                                                     THIndexTensor *target, THTensor *gradInput,
                                                     bool sizeAverage, THTensor *weights,
                                                     THTensor *total_weight) {
  (void)state;
  long batch, nClasses, pixels;
  THNN_(SpatialClassNLLCriterion_shape)(input, target, weights, &batch, &nClasses, &pixels);
  THNN_(nllLossBackward)(input, target, gradInput, sizeAverage, weights, total_weight, batch,
                         nClasses, pixels);
}

#endif
