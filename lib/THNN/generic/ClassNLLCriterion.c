/* ClassNLLCriterion (nn.NLLLoss), input holding log-probabilities: one vector of nClasses (1D), or
 * a batch of them (2D: batch x nClasses), and target one class index in [0, nClasses) per vector.
 * loss = -sum(weights[c] * input[i][c]) over the samples i, c = target[i], with weights 1 when not
 * given; total_weight (a 1-element buffer) receives sum(weights[c]), by which sizeAverage divides
 * (unless it is 0). The gradient is -weights[c] (divided likewise) at each sample's target class,
 * 0 elsewhere. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/ClassNLLCriterion.c"
#else

/* The checks of both entry points; the input seen as batch x nClasses. */
static void THNN_(ClassNLLCriterion_shape)(THTensor *input, THIndexTensor *target,
                                           THTensor *weights, long *batch, long *nClasses) {
  THNN_(checkDims)(input, 2, "input", 1, 2);
  *batch = input->nDimension == 1 ? 1 : input->size[0];
  *nClasses = input->size[input->nDimension - 1];
  THArgCheck(THIndexTensor_(nElement)(target) == *batch, 3, "target should have %ld elements "
             "(one class index per sample of input, size %s), but got size %s", *batch,
             THTensor_(sizeDesc)(input).str, THIndexTensor_(sizeDesc)(target).str);
  THNN_(checkClassWeights)(weights, *nClasses, 6);
  THNN_(checkClassIndices)(target, *nClasses, 3);
}

/* The loss of both NLL criteria, over an input seen as batch x nClasses x pixels (pixels is 1 for
 * ClassNLLCriterion) and a target of batch x pixels class indices, already checked. */
static void THNN_(nllLossForward)(THTensor *input, THIndexTensor *target, THTensor *output,
                                  bool sizeAverage, THTensor *weights, THTensor *total_weight,
                                  long batch, long nClasses, long pixels) {
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

/* The gradient of both NLL criteria, in the same layout. */
static void THNN_(nllLossBackward)(THTensor *input, THIndexTensor *target, THTensor *gradInput,
                                   bool sizeAverage, THTensor *weights, THTensor *total_weight,
                                   long batch, long nClasses, long pixels) {
  THNN_(checkApart)(gradInput, 4, "gradInput", "weights", weights, "total_weight", total_weight,
                    NULL);
  THNN_(checkApart)(total_weight, 7, "total_weight", "weights", weights, NULL);
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

void THNN_(ClassNLLCriterion_updateOutput)(THNNState *state, THTensor *input,
                                           THIndexTensor *target, THTensor *output,
                                           bool sizeAverage, THTensor *weights,
                                           THTensor *total_weight) {
  (void)state;
  long batch, nClasses;
  THNN_(ClassNLLCriterion_shape)(input, target, weights, &batch, &nClasses);
  THNN_(nllLossForward)(input, target, output, sizeAverage, weights, total_weight, batch,
                        nClasses, 1);
}

void THNN_(ClassNLLCriterion_updateGradInput)(THNNState *state, THTensor *input,
                                              THIndexTensor *target, THTensor *gradInput,
                                              bool sizeAverage, THTensor *weights,
                                              THTensor *total_weight) {
  (void)state;
  long batch, nClasses;
  THNN_(ClassNLLCriterion_shape)(input, target, weights, &batch, &nClasses);
  THNN_(nllLossBackward)(input, target, gradInput, sizeAverage, weights, total_weight, batch,
                         nClasses, 1);
}

#endif
