/* BatchNormalization over feature dimension 1 of an N x C (x ...) input: each of the C features is
 * normalised over its n = N * (product of the other sizes) values, then scaled by weight and
 * shifted by bias. Training uses the batch's mean and 1/std (kept in save_mean and save_std for
 * the backward) and moves running_mean and running_var (unbiased) towards them by momentum;
 * evaluation uses running_mean and running_var. The features are independent: they run in
 * parallel, on raw pointers, once every size has been checked. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/BatchNormalization.c"
#else

/* The values of feature f in a contiguous N x C x inner tensor are the N rows of `inner`
 * elements starting at row(data, i, f) for i < N. */
static inline real *THNN_(BatchNormalization_row)(real *data, long i, long f, long features,
                                                  long inner) {
  return data + (i * features + f) * inner;
}

/* Element f of a 1-D tensor, or 1 (what a missing weight means) when t is NULL. */
static inline real THNN_(BatchNormalization_get)(THTensor *t, long f, real missing) {
  return t ? THTensor_(data)(t)[f * t->stride[0]] : missing;
}

/* Checks input (2+ dimensions, C = its size 1) and every per-feature vector; returns C. */
static long THNN_(BatchNormalization_check)(THTensor *input, THTensor *weight,
                                            THTensor *running_mean, THTensor *running_var,
                                            bool train, int weightArg, int meanArg) {
  THArgCheck(input->nDimension >= 2, 2, "input should have 2 or more dimensions (N x C x ...), "
             "but got size %s", THTensor_(sizeDesc)(input).str);
  long features = input->size[1];
  long n = THTensor_(nElement)(input) / features;
  THArgCheck(!train || n > 1, 2, "training needs more than 1 value per feature, but got input of "
             "size %s", THTensor_(sizeDesc)(input).str);
  if (weight)
    THNN_(checkVector)(weight, features, weightArg, "weight");
  THNN_(checkVector)(running_mean, features, meanArg, "running_mean");
  THNN_(checkVector)(running_var, features, meanArg + 1, "running_var");
  return features;
}

void THNN_(BatchNormalization_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                            THTensor *weight, THTensor *bias,
                                            THTensor *running_mean, THTensor *running_var,
                                            THTensor *save_mean, THTensor *save_std, bool train,
                                            double momentum, double eps) {
  (void)state;
  long features = THNN_(BatchNormalization_check)(input, weight, running_mean, running_var, train,
                                                  4, 6);
  if (bias)
    THNN_(checkVector)(bias, features, 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    "running_mean", running_mean, "running_var", running_var, "save_mean",
                    save_mean, "save_std", save_std, NULL);
  if (train) {
    THNN_(checkApart)(save_mean, 8, "save_mean", "input", input, "weight", weight, "bias", bias,
                      "running_mean", running_mean, "running_var", running_var, NULL);
    THNN_(checkApart)(save_std, 9, "save_std", "input", input, "weight", weight, "bias", bias,
                      "running_mean", running_mean, "running_var", running_var, "save_mean",
                      save_mean, NULL);
    THNN_(checkApart)(running_mean, 6, "running_mean", "input", input, "weight", weight, "bias",
                      bias, NULL);
    THNN_(checkApart)(running_var, 7, "running_var", "input", input, "weight", weight, "bias",
                      bias, "running_mean", running_mean, NULL);
  }
  long batch = input->size[0], n = THTensor_(nElement)(input) / features, inner = n / batch;
  if (train) {
    THTensor_(resize1d)(save_mean, features);
    THTensor_(resize1d)(save_std, features);
  }
  THTensor_(resizeAs)(output, input);
  input = THTensor_(newContiguous)(input);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);

  TH_PARALLEL_LOOP(f, features, (double)n * features * 4, {
    double mean, invstd;
    if (train) {
      double sum = 0;
      for (long i = 0; i < batch; i++) {
        real *x = THNN_(BatchNormalization_row)(in_data, i, f, features, inner);
        for (long s = 0; s < inner; s++)
          sum += x[s];
      }
      mean = sum / n;
      double squares = 0;
      for (long i = 0; i < batch; i++) {
        real *x = THNN_(BatchNormalization_row)(in_data, i, f, features, inner);
        for (long s = 0; s < inner; s++)
          squares += (x[s] - mean) * (x[s] - mean);
      }
      invstd = squares == 0 && eps == 0 ? 0 : 1 / sqrt(squares / n + eps);
      THTensor_(data)(save_mean)[f * save_mean->stride[0]] = (real)mean;
      THTensor_(data)(save_std)[f * save_std->stride[0]] = (real)invstd;
      real *rm = THTensor_(data)(running_mean) + f * running_mean->stride[0];
      real *rv = THTensor_(data)(running_var) + f * running_var->stride[0];
      *rm = (real)(momentum * mean + (1 - momentum) * *rm);
      *rv = (real)(momentum * squares / (n - 1) + (1 - momentum) * *rv);
    } else {
      mean = THNN_(BatchNormalization_get)(running_mean, f, 0);
      invstd = 1 / sqrt(THNN_(BatchNormalization_get)(running_var, f, 0) + eps);
    }
    double w = THNN_(BatchNormalization_get)(weight, f, 1);
    double b = THNN_(BatchNormalization_get)(bias, f, 0);
    for (long i = 0; i < batch; i++) {
      real *x = THNN_(BatchNormalization_row)(in_data, i, f, features, inner);
      real *y = THNN_(BatchNormalization_row)(out_data, i, f, features, inner);
      for (long s = 0; s < inner; s++)
        y[s] = (real)((x[s] - mean) * invstd * w + b);
    }
  });

  THTensor_(free)(input);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(BatchNormalization_backward)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                        THTensor *gradInput, THTensor *gradWeight,
                                        THTensor *gradBias, THTensor *weight,
                                        THTensor *running_mean, THTensor *running_var,
                                        THTensor *save_mean, THTensor *save_std, bool train,
                                        double scale, double eps) {
  (void)state;
  long features = THNN_(BatchNormalization_check)(input, weight, running_mean, running_var, train,
                                                  7, 8);
  THNN_(checkSameSize)(input, gradOutput, 3, "gradOutput");
  if (gradWeight)
    THNN_(checkVector)(gradWeight, features, 5, "gradWeight");
  if (gradBias)
    THNN_(checkVector)(gradBias, features, 6, "gradBias");
  if (train) {
    THNN_(checkVector)(save_mean, features, 10, "save_mean");
    THNN_(checkVector)(save_std, features, 11, "save_std");
  }
  THNN_(checkApart)(gradInput, 4, "gradInput", "input", input, "gradOutput", gradOutput,
                    "weight", weight, "running_mean", running_mean, "running_var", running_var,
                    "save_mean", save_mean, "save_std", save_std, NULL);
  THNN_(checkApart)(gradWeight, 5, "gradWeight", "input", input, "gradOutput", gradOutput,
                    "running_mean", running_mean, "running_var", running_var, "save_mean",
                    save_mean, "save_std", save_std, NULL);
  THNN_(checkApart)(gradBias, 6, "gradBias", "input", input, "gradOutput", gradOutput,
                    "running_mean", running_mean, "running_var", running_var, "save_mean",
                    save_mean, "save_std", save_std, NULL);
  long batch = input->size[0], n = THTensor_(nElement)(input) / features, inner = n / batch;
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = NULL;
  if (gradInput) {
    THTensor_(resizeAs)(gradInput, input);
    gradIn = THTensor_(newContiguous)(gradInput);
  }
  real *in_data = THTensor_(data)(input), *go_data = THTensor_(data)(gradOutput);
  real *gi_data = gradIn ? THTensor_(data)(gradIn) : NULL;

  TH_PARALLEL_LOOP(f, features, (double)n * features * 4, {
    double mean, invstd;
    if (train) {
      mean = THNN_(BatchNormalization_get)(save_mean, f, 0);
      invstd = THNN_(BatchNormalization_get)(save_std, f, 0);
    } else {
      mean = THNN_(BatchNormalization_get)(running_mean, f, 0);
      invstd = 1 / sqrt(THNN_(BatchNormalization_get)(running_var, f, 0) + eps);
    }
    double w = THNN_(BatchNormalization_get)(weight, f, 1);
    /* sum(gradOutput) and sum((x - mean) * gradOutput) over the feature's values */
    double sum = 0, dot = 0;
    for (long i = 0; i < batch; i++) {
      real *x = THNN_(BatchNormalization_row)(in_data, i, f, features, inner);
      real *g = THNN_(BatchNormalization_row)(go_data, i, f, features, inner);
      for (long s = 0; s < inner; s++) {
        sum += g[s];
        dot += (x[s] - mean) * g[s];
      }
    }
    if (gi_data) {
      /* In training the mean and std depend on every value: the gradient loses its mean and its
       * projection on (x - mean); in evaluation they are constants. */
      double gradMean = train ? sum / n : 0;
      double projection = train ? dot * invstd * invstd / n : 0;
      for (long i = 0; i < batch; i++) {
        real *x = THNN_(BatchNormalization_row)(in_data, i, f, features, inner);
        real *g = THNN_(BatchNormalization_row)(go_data, i, f, features, inner);
        real *gi = THNN_(BatchNormalization_row)(gi_data, i, f, features, inner);
        for (long s = 0; s < inner; s++)
          gi[s] = (real)((g[s] - gradMean - (x[s] - mean) * projection) * invstd * w);
      }
    }
    if (gradWeight)
      THTensor_(data)(gradWeight)[f * gradWeight->stride[0]] += (real)(scale * dot * invstd);
    if (gradBias)
      THTensor_(data)(gradBias)[f * gradBias->stride[0]] += (real)(scale * sum);
  });

  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
  if (gradIn)
    THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
