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

void THNN_(SpatialClassNLLCriterion_updateOutput)(THNNState *state, THTensor *input,
                                                  THIndexTensor *target, THTensor *output,
                                                  bool sizeAverage, THTensor *weights,
                                                  THTensor *total_weight) {
  (void)state;
  long batch, nClasses, pixels;
  THNN_(SpatialClassNLLCriterion_shape)(input, target, weights, &batch, &nClasses, &pixels);
  THIndexTensor *t = THIndexTensor_(newContiguous)(target);
  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *w = weights ? THTensor_(newContiguous)(weights) : NULL;
  const long *classes = THIndexTensor_(data)(t);
  const real *x = THTensor_(data)(in), *wp = w ? THTensor_(data)(w) : NULL;
  accreal loss = 0, total = 0;
  for (long b = 0; b < batch; b++) {
    for (long p = 0; p < pixels; p++) {
      long c = classes[b * pixels + p];
      accreal weight = wp ? wp[c] : 1;
      loss -= weight * x[(b * nClasses + c) * pixels + p];
      total += weight;
    }
  }
  THIndexTensor_(free)(t);
  THTensor_(free)(in);
  if (w)
    THTensor_(free)(w);
  THTensor_(resize1d)(total_weight, 1);
  THTensor_(set1d)(total_weight, 0, (real)total);
  THNN_(setLoss)(output, loss, sizeAverage ? total : 1);
}

void THNN_(SpatialClassNLLCriterion_updateGradInput)(THNNState *state, THTensor *input,
                                                     THIndexTensor *target, THTensor *gradInput,
                                                     bool sizeAverage, THTensor *weights,
                                                     THTensor *total_weight) {
  (void)state;
  long batch, nClasses, pixels;
  THNN_(SpatialClassNLLCriterion_shape)(input, target, weights, &batch, &nClasses, &pixels);
  THIndexTensor *t = THIndexTensor_(newContiguous)(target);
  THTensor *w = weights ? THTensor_(newContiguous)(weights) : NULL;
  const long *classes = THIndexTensor_(data)(t);
  const real *wp = w ? THTensor_(data)(w) : NULL;
  /* the total weight again, as the forward put it in total_weight */
  accreal total = 0;
  for (long k = 0; k < batch * pixels; k++)
    total += wp ? wp[classes[k]] : 1;
  THTensor_(resize1d)(total_weight, 1);
  THTensor_(set1d)(total_weight, 0, (real)total);
  THTensor *gradIn = THNN_(contiguousResult)(gradInput, input);
  THTensor_(zero)(gradIn);
  real *gi = THTensor_(data)(gradIn);
  /* with sizeAverage and a total weight of 0 the loss is a constant 0: its gradient stays 0 */
  if (!sizeAverage || total != 0) {
    accreal norm = sizeAverage ? total : 1;
    for (long b = 0; b < batch; b++) {
      for (long p = 0; p < pixels; p++) {
        long c = classes[b * pixels + p];
        gi[(b * nClasses + c) * pixels + p] = (real)(-(wp ? wp[c] : 1) / norm);
      }
    }
  }
  THIndexTensor_(free)(t);
  if (w)
    THTensor_(free)(w);
  THNN_(copyResultBack)(gradInput, gradIn);
}

#endif
