/* Included inside the generic expansion of a THNN case file (Float or Double): the check of a
 * module's backward against central differences of its forward. THNN kernels are exact to the
 * dtype's rounding, so the check runs in Double only and passes through Float without checking
 * (Float's forward is compared with the reference by the cases themselves). */

/* forward(input, output) of a module with everything but its input fixed. */
typedef void (*Case_(Forward))(THTensor *input, THTensor *output, void *context);

/* The largest difference between `analytic` and the central differences of
 * sum(forward(input) * gradOutput) with respect to each element of `varied`: a contiguous tensor
 * the forward reads, the input itself or a parameter that the context holds. */
static inline double Case_(gradientErrorOf)(Case_(Forward) forward, void *context,
                                            THTensor *input, THTensor *varied,
                                            THTensor *gradOutput, THTensor *analytic) {
#if defined(TH_REAL_IS_DOUBLE)
  const double step = 1e-6;
  THTensor *output = THTensor_(new)();
  double worst = 0;
  real *x = THTensor_(data)(varied);
  for (ptrdiff_t k = 0; k < THTensor_(nElement)(varied); k++) {
    real saved = x[k];
    x[k] = saved + step;
    forward(input, output, context);
    double plus = THTensor_(dot)(output, gradOutput);
    x[k] = saved - step;
    forward(input, output, context);
    double minus = THTensor_(dot)(output, gradOutput);
    x[k] = saved;
    double error = fabs((plus - minus) / (2 * step) - THTensor_(data)(analytic)[k]);
    if (error > worst || error != error)
      worst = error;
  }
  THTensor_(free)(output);
  return worst;
#else
  (void)forward, (void)context, (void)input, (void)varied, (void)gradOutput, (void)analytic;
  return 0;
#endif
}

/* The same for gradInput, the gradient with respect to the input (a contiguous tensor). */
static inline double Case_(gradientError)(Case_(Forward) forward, void *context, THTensor *input,
                                          THTensor *gradOutput, THTensor *gradInput) {
  return Case_(gradientErrorOf)(forward, context, input, input, gradOutput, gradInput);
}
