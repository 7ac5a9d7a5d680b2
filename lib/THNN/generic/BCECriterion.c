/* BCECriterion (nn.BCELoss), input holding probabilities: loss = -sum(weights * (target *
 * log(input + eps) + (1 - target) * log(1 - input + eps))), eps = 1e-12 keeping log away from 0;
 * gradient -weights * (target / (input + eps) - (1 - target) / (1 - input + eps)). weights, when
 * given, has one element per element of input. Averaged over the elements when sizeAverage is
 * true. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/BCECriterion.c"
#else

#define THNN_BCE_EPS 1e-12

void THNN_(BCECriterion_updateOutput)(THNNState *state, THTensor *input, THTensor *target,
                                      THTensor *output, bool sizeAverage, THTensor *weights) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  if (weights)
    THNN_(checkSameNumel)(input, weights, 6, "weights");
  THTensor *in = THTensor_(newContiguous)(input), *t = THTensor_(newContiguous)(target);
  THTensor *w = weights ? THTensor_(newContiguous)(weights) : NULL;
  const real *x = THTensor_(data)(in), *y = THTensor_(data)(t);
  const real *wp = w ? THTensor_(data)(w) : NULL;
  accreal sum = 0;
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(in); k++) {
    accreal term = y[k] * log(x[k] + THNN_BCE_EPS) + (1 - y[k]) * log(1 - x[k] + THNN_BCE_EPS);
    sum -= wp ? wp[k] * term : term;
  }
  THTensor_(free)(in);
  THTensor_(free)(t);
  if (w)
    THTensor_(free)(w);
  THNN_(setLoss)(output, sum, THNN_(elementsDivisor)(input, sizeAverage));
}

void THNN_(BCECriterion_updateGradInput)(THNNState *state, THTensor *input, THTensor *target,
                                         THTensor *gradInput, bool sizeAverage,
                                         THTensor *weights) {
  (void)state;
  THNN_(checkSameNumel)(input, target, 3, "target");
  if (weights)
    THNN_(checkSameNumel)(input, weights, 6, "weights");
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, "target", target,
                               "weights", weights, NULL);
  accreal norm = 1 / THNN_(elementsDivisor)(input, sizeAverage);
  THTensor *in = THTensor_(newContiguous)(input), *t = THTensor_(newContiguous)(target);
  THTensor *w = weights ? THTensor_(newContiguous)(weights) : NULL;
  THTensor *gradIn = THNN_(contiguousResult)(gradInput, input);
  const real *x = THTensor_(data)(in), *y = THTensor_(data)(t);
  const real *wp = w ? THTensor_(data)(w) : NULL;
  real *gi = THTensor_(data)(gradIn);
  TH_PARALLEL_FOR(k, THTensor_(nElement)(in),
    accreal slope = y[k] / (x[k] + THNN_BCE_EPS) - (1 - y[k]) / (1 - x[k] + THNN_BCE_EPS);
    gi[k] = (real)(-(wp ? wp[k] : 1) * slope * norm);
  );
  THTensor_(free)(in);
  THTensor_(free)(t);
  if (w)
    THTensor_(free)(w);
  THNN_(copyResultBack)(gradInput, gradIn);
}

#undef THNN_BCE_EPS

#endif
