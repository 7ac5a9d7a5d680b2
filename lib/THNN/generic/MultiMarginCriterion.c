/* MultiMarginCriterion (nn.MultiMarginLoss), the multi-class hinge loss: input is one vector of
 * dim class scores (1D) or a batch of them (2D: frames x dim), target one class index y in
 * [0, dim) per vector. Each vector adds weights[y] * max(0, margin - input[y] + input[j])^p / dim
 * for every class j other than y, p being 1 or 2 and weights (optional, one per class) 1 when not
 * given; sizeAverage divides by the number of vectors. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MultiMarginCriterion.c"
#else

/* The checks of both entry points; the input seen as frames x dim. */
static void THNN_(MultiMarginCriterion_shape)(THTensor *input, THIndexTensor *target, int p,
                                              THTensor *weights, long *frames, long *dim) {
  THNN_(checkDims)(input, 2, "input", 1, 2);
  *frames = input->nDimension == 1 ? 1 : input->size[0];
  *dim = input->size[input->nDimension - 1];
  THArgCheck(THIndexTensor_(nElement)(target) == *frames, 3, "target should have %ld elements "
             "(one class index per sample of input, size %s), but got size %s", *frames,
             THTensor_(sizeDesc)(input).str, THIndexTensor_(sizeDesc)(target).str);
  THArgCheck(p == 1 || p == 2, 6, "p should be 1 or 2, but got %d", p);
  THNN_(checkClassWeights)(weights, *dim, 7);
  THNN_(checkClassIndices)(target, *dim, 3);
}

void THNN_(MultiMarginCriterion_updateOutput)(THNNState *state, THTensor *input,
                                              THIndexTensor *target, THTensor *output,
                                              bool sizeAverage, int p, THTensor *weights,
                                              real margin) {
  (void)state;
  long frames, dim;
  THNN_(MultiMarginCriterion_shape)(input, target, p, weights, &frames, &dim);
  THIndexTensor *t = THIndexTensor_(newContiguous)(target);
  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *w = weights ? THTensor_(newContiguous)(weights) : NULL;
  const long *classes = THIndexTensor_(data)(t);
  const real *wp = w ? THTensor_(data)(w) : NULL;
  accreal loss = 0;
  for (long i = 0; i < frames; i++) {
    const real *x = THTensor_(data)(in) + i * dim;
    long y = classes[i];
    accreal sample = 0;
    for (long j = 0; j < dim; j++) {
      accreal z = margin - x[y] + x[j];
      if (j != y && z > 0)
        sample += p == 1 ? z : z * z;
    }
    loss += (wp ? wp[y] : 1) * sample;
  }
  THIndexTensor_(free)(t);
  THTensor_(free)(in);
  if (w)
    THTensor_(free)(w);
  THNN_(setLoss)(output, loss / dim, sizeAverage ? frames : 1);
}

void THNN_(MultiMarginCriterion_updateGradInput)(THNNState *state, THTensor *input,
                                                 THIndexTensor *target, THTensor *gradInput,
                                                 bool sizeAverage, int p, THTensor *weights,
                                                 real margin) {
  (void)state;
  long frames, dim;
  THNN_(MultiMarginCriterion_shape)(input, target, p, weights, &frames, &dim);
  THNN_(checkApart)(gradInput, 4, "gradInput", "input", input, "weights", weights, NULL);
  THIndexTensor *t = THIndexTensor_(newContiguous)(target);
  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *w = weights ? THTensor_(newContiguous)(weights) : NULL;
  THTensor *gradIn = THNN_(contiguousResult)(gradInput, input);
  const long *classes = THIndexTensor_(data)(t);
  const real *wp = w ? THTensor_(data)(w) : NULL;
  accreal norm = (accreal)dim * (sizeAverage ? frames : 1);
  for (long i = 0; i < frames; i++) {
    const real *x = THTensor_(data)(in) + i * dim;
    real *gi = THTensor_(data)(gradIn) + i * dim;
    long y = classes[i];
    accreal weight = wp ? wp[y] : 1, gradY = 0;
    for (long j = 0; j < dim; j++) {
      accreal z = margin - x[y] + x[j];
      accreal h = j != y && z > 0 ? (p == 1 ? 1 : 2 * z) * weight / norm : 0;
      gi[j] = (real)h;
      gradY -= h;
    }
    gi[y] = (real)gradY;
  }
  THIndexTensor_(free)(t);
  THTensor_(free)(in);
  if (w)
    THTensor_(free)(w);
  THNN_(copyResultBack)(gradInput, gradIn);
}

#endif
