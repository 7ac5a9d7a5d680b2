/* SparseLinear: Linear on sparse inputs, output[b] = weight * x_b + bias where each x_b (of
 * inDim features) is given by its nonzero entries only. weight is outDim x inDim, bias outDim.
 * Two input formats: the current one, an nnz x 3 tensor of (sample, feature, value) rows for the
 * whole batch, where the caller sizes output (batchSize x outDim: a sparse input cannot tell
 * how many samples end with no entry); and the legacy one, batchSize x nnz x 2 of (feature,
 * value) pairs, nnz per sample. Samples and features count from 0. zeroGradParameters and
 * updateParameters touch only the weight columns of the features the last input used. The
 * entries are read before anything is written; a gradient may be the weight itself (legacy.nn's
 * accUpdateGradParameters passes it so), whose columns it updates element by element. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SparseLinear.c"
#else

/* One nonzero of the input: x_sample[feature] = value. */
typedef struct {
  long sample, feature;
  real value;
} THNN_(SparseEntry);

/* A coordinate held as a real (sample or feature) is a whole number in [0, limit). */
static bool THNN_(SparseLinear_isPosition)(real x, long limit) {
  return x >= 0 && x < limit && x == (real)(long)x;
}

/* input (argument argNumber) is in the legacy format (batchSize x nnz x 2) or the current one
 * (nnz x 3). */
static void THNN_(SparseLinear_checkFormat)(THTensor *input, int argNumber, bool legacy) {
  if (legacy)
    THArgCheck(input->nDimension == 3 && input->size[2] == 2, argNumber, "input should be a "
               "batchSize x nnz x 2 tensor of (feature, value) pairs, but got size %s",
               THTensor_(sizeDesc)(input).str);
  else
    THArgCheck(input->nDimension == 2 && input->size[1] == 3, argNumber, "input should be an "
               "nnz x 3 tensor of (sample, feature, value) rows, but got size %s",
               THTensor_(sizeDesc)(input).str);
}

/* The entries of input (argument argNumber), checked: its format, every feature in [0, inDim)
 * and every sample in [0, batchSize) (batchSize < 0: the samples are not checked, for the calls
 * that only need the features). The caller frees the array with THFree; *n is the number of
 * entries. */
static THNN_(SparseEntry) *THNN_(SparseLinear_readEntries)(THTensor *input, int argNumber,
                                                          bool legacy, long inDim,
                                                          long batchSize, ptrdiff_t *n) {
  THNN_(SparseLinear_checkFormat)(input, argNumber, legacy);
  long samples = legacy ? input->size[0] : 1, perSample = legacy ? input->size[1] : input->size[0];
  *n = (ptrdiff_t)samples * perSample;
  THNN_(SparseEntry) *entries = THAlloc(sizeof(THNN_(SparseEntry)) * (*n > 0 ? *n : 1));
  for (long s = 0; s < samples; s++)
    for (long k = 0; k < perSample; k++) {
      THNN_(SparseEntry) *e = entries + s * perSample + k;
      real sample = legacy ? (real)s : THTensor_(get2d)(input, k, 0);
      real feature = legacy ? THTensor_(get3d)(input, s, k, 0) : THTensor_(get2d)(input, k, 1);
      e->value = legacy ? THTensor_(get3d)(input, s, k, 1) : THTensor_(get2d)(input, k, 2);
      THArgCheckWithCleanup(THNN_(SparseLinear_isPosition)(feature, inDim), THFree(entries);,
                            argNumber, "input has feature %g, but features go from 0 to %ld",
                            (double)feature, inDim - 1);
      THArgCheckWithCleanup(batchSize < 0 || THNN_(SparseLinear_isPosition)(sample, batchSize),
                            THFree(entries);, argNumber, "input has sample %g, but the batch "
                            "has samples 0 to %ld", (double)sample, batchSize - 1);
      e->sample = (long)sample;
      e->feature = (long)feature;
    }
  return entries;
}

/* weight (at weightArg) is a matrix and bias (at biasArg) has one element per row of it. */
static void THNN_(SparseLinear_checkParameters)(THTensor *weight, THTensor *bias, int weightArg,
                                                int biasArg, const char *weightName,
                                                const char *biasName) {
  THArgCheck(weight->nDimension == 2, weightArg, "%s should be a 2D tensor (outDim x inDim), but "
             "got size %s", weightName, THTensor_(sizeDesc)(weight).str);
  THNN_(checkVector)(bias, weight->size[0], biasArg, biasName);
}

/* The pointer to column `feature` of a matrix (its elements stride[0] apart). */
static real *THNN_(SparseLinear_column)(THTensor *matrix, long feature) {
  return THTensor_(data)(matrix) + feature * matrix->stride[1];
}

/* output[sample] = bias + sum of value * weight column, over the entries. */
static void THNN_(SparseLinear_forward)(THTensor *output, THTensor *weight, THTensor *bias,
                                        THNN_(SparseEntry) *entries, ptrdiff_t n) {
  long outDim = weight->size[0];
  THTensor_(zero)(output);
  real *out = THTensor_(data)(output);
  for (ptrdiff_t k = 0; k < n; k++)
    THBlas_(axpy)(outDim, entries[k].value, THNN_(SparseLinear_column)(weight, entries[k].feature),
                  weight->stride[0], out + entries[k].sample * output->stride[0],
                  output->stride[1]);
  for (long b = 0; b < output->size[0]; b++) {
    THTensor *row = THTensor_(newSelect)(output, 0, b);
    THTensor_(cadd)(row, row, 1, bias);
    THTensor_(free)(row);
  }
}

void THNN_(SparseLinear_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                      THTensor *weight, THTensor *bias) {
  (void)state;
  THNN_(SparseLinear_checkParameters)(weight, bias, 4, 5, "weight", "bias");
  THArgCheck(output->nDimension == 2 && output->size[1] == weight->size[0], 3, "output should be "
             "sized batchSize x %ld by the caller (the input does not tell the batch size), but "
             "got size %s", weight->size[0], THTensor_(sizeDesc)(output).str);
  THNN_(checkApart)(output, 3, "output", "weight", weight, "bias", bias, NULL);
  ptrdiff_t n;
  THNN_(SparseEntry) *entries = THNN_(SparseLinear_readEntries)(input, 2, false, weight->size[1],
                                                               output->size[0], &n);
  THNN_(SparseLinear_forward)(output, weight, bias, entries, n);
  THFree(entries);
}

void THNN_(SparseLinear_legacyUpdateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                            THTensor *weight, THTensor *bias) {
  (void)state;
  THNN_(SparseLinear_checkParameters)(weight, bias, 4, 5, "weight", "bias");
  THNN_(checkApart)(output, 3, "output", "weight", weight, "bias", bias, NULL);
  ptrdiff_t n;
  THNN_(SparseEntry) *entries = THNN_(SparseLinear_readEntries)(input, 2, true, weight->size[1],
                                                               -1, &n);
  THTensor_(resize2d)(output, input->size[0], weight->size[0]);
  THNN_(SparseLinear_forward)(output, weight, bias, entries, n);
  THFree(entries);
}

/* gradWeight column feature += scale * value * gradOutput[sample] for every entry, gradBias +=
 * scale * the sum of gradOutput's rows, and gradWeight += weightDecay * weight. */
static void THNN_(SparseLinear_accumulate)(THTensor *input, THTensor *gradOutput,
                                           THTensor *gradWeight, THTensor *gradBias,
                                           THTensor *weight, THTensor *bias, real weightDecay,
                                           real scale, bool legacy) {
  THNN_(SparseLinear_checkParameters)(weight, bias, 6, 7, "weight", "bias");
  THNN_(checkSameSize)(weight, gradWeight, 4, "gradWeight");
  THNN_(checkVector)(gradBias, weight->size[0], 5, "gradBias");
  long outDim = weight->size[0];
  /* the batch: the legacy input's first size, or gradOutput's rows in the current format */
  THNN_(SparseLinear_checkFormat)(input, 2, legacy);
  long batchSize = legacy ? input->size[0]
                          : (gradOutput->nDimension == 2 ? gradOutput->size[0] : 0);
  long expected[2] = {batchSize, outDim};
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", 2, expected);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 5, "gradBias", "gradOutput", gradOutput, NULL);
  ptrdiff_t n;
  THNN_(SparseEntry) *entries = THNN_(SparseLinear_readEntries)(input, 2, legacy, weight->size[1],
                                                               batchSize, &n);
  THTensor *grad = THTensor_(newContiguous)(gradOutput);
  real *go = THTensor_(data)(grad);
  for (ptrdiff_t k = 0; k < n; k++)
    THBlas_(axpy)(outDim, scale * entries[k].value, go + entries[k].sample * outDim, 1,
                  THNN_(SparseLinear_column)(gradWeight, entries[k].feature),
                  gradWeight->stride[0]);
  for (long b = 0; b < batchSize; b++) {
    THTensor *row = THTensor_(newSelect)(grad, 0, b);
    THTensor_(cadd)(gradBias, gradBias, scale, row);
    THTensor_(free)(row);
  }
  if (weightDecay != 0)
    THTensor_(cadd)(gradWeight, gradWeight, weightDecay, weight);
  THTensor_(free)(grad);
  THFree(entries);
}

void THNN_(SparseLinear_accGradParameters)(THNNState *state, THTensor *input,
                                           THTensor *gradOutput, THTensor *gradWeight,
                                           THTensor *gradBias, THTensor *weight, THTensor *bias,
                                           real weightDecay, real scale) {
  (void)state;
  THNN_(SparseLinear_accumulate)(input, gradOutput, gradWeight, gradBias, weight, bias,
                                 weightDecay, scale, false);
}

void THNN_(SparseLinear_legacyAccGradParameters)(THNNState *state, THTensor *input,
                                                 THTensor *gradOutput, THTensor *gradWeight,
                                                 THTensor *gradBias, THTensor *weight,
                                                 THTensor *bias, real weightDecay, real scale) {
  (void)state;
  THNN_(SparseLinear_accumulate)(input, gradOutput, gradWeight, gradBias, weight, bias,
                                 weightDecay, scale, true);
}

/* gradBias = 0 and the gradWeight columns of lastInput's features = 0. */
static void THNN_(SparseLinear_zero)(THTensor *gradWeight, THTensor *gradBias,
                                     THTensor *lastInput, bool legacy) {
  THNN_(SparseLinear_checkParameters)(gradWeight, gradBias, 2, 3, "gradWeight", "gradBias");
  ptrdiff_t n;
  THNN_(SparseEntry) *entries = THNN_(SparseLinear_readEntries)(
      lastInput, 4, legacy, gradWeight->size[1], -1, &n);
  THTensor_(zero)(gradBias);
  for (ptrdiff_t k = 0; k < n; k++) {
    THTensor *column = THTensor_(newSelect)(gradWeight, 1, entries[k].feature);
    THTensor_(zero)(column);
    THTensor_(free)(column);
  }
  THFree(entries);
}

void THNN_(SparseLinear_zeroGradParameters)(THNNState *state, THTensor *gradWeight,
                                            THTensor *gradBias, THTensor *lastInput) {
  (void)state;
  THNN_(SparseLinear_zero)(gradWeight, gradBias, lastInput, false);
}

void THNN_(SparseLinear_legacyZeroGradParameters)(THNNState *state, THTensor *gradWeight,
                                                  THTensor *gradBias, THTensor *lastInput) {
  (void)state;
  THNN_(SparseLinear_zero)(gradWeight, gradBias, lastInput, true);
}

/* bias -= learningRate * gradBias, and each weight column of lastInput's features, once even
 * when several entries share the feature, -= learningRate * its gradient. */
static void THNN_(SparseLinear_step)(THTensor *weight, THTensor *bias, THTensor *gradWeight,
                                     THTensor *gradBias, THTensor *lastInput, real learningRate,
                                     bool legacy) {
  THNN_(SparseLinear_checkParameters)(weight, bias, 2, 3, "weight", "bias");
  THNN_(checkSameSize)(weight, gradWeight, 4, "gradWeight");
  THNN_(checkVector)(gradBias, weight->size[0], 5, "gradBias");
  THNN_(checkApart)(weight, 2, "weight", "gradBias", gradBias, NULL);
  THNN_(checkApart)(bias, 3, "bias", "gradWeight", gradWeight, NULL);
  long inDim = weight->size[1];
  ptrdiff_t n;
  THNN_(SparseEntry) *entries = THNN_(SparseLinear_readEntries)(lastInput, 6, legacy, inDim, -1,
                                                               &n);
  THTensor_(cadd)(bias, bias, -learningRate, gradBias);
  unsigned char *done = THAlloc(inDim > 0 ? inDim : 1);
  memset(done, 0, inDim > 0 ? inDim : 1);
  for (ptrdiff_t k = 0; k < n; k++) {
    long feature = entries[k].feature;
    if (done[feature])
      continue;
    done[feature] = 1;
    THTensor *column = THTensor_(newSelect)(weight, 1, feature);
    THTensor *gradColumn = THTensor_(newSelect)(gradWeight, 1, feature);
    THTensor_(cadd)(column, column, -learningRate, gradColumn);
    THTensor_(free)(column);
    THTensor_(free)(gradColumn);
  }
  THFree(done);
  THFree(entries);
}

void THNN_(SparseLinear_updateParameters)(THNNState *state, THTensor *weight, THTensor *bias,
                                          THTensor *gradWeight, THTensor *gradBias,
                                          THTensor *lastInput, real learningRate) {
  (void)state;
  THNN_(SparseLinear_step)(weight, bias, gradWeight, gradBias, lastInput, learningRate, false);
}

void THNN_(SparseLinear_legacyUpdateParameters)(THNNState *state, THTensor *weight,
                                                THTensor *bias, THTensor *gradWeight,
                                                THTensor *gradBias, THTensor *lastInput,
                                                real learningRate) {
  (void)state;
  THNN_(SparseLinear_step)(weight, bias, gradWeight, gradBias, lastInput, learningRate, true);
}

#endif
