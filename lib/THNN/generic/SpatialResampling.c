/* The geometry the 2-D resampling modules share (subsampling, adaptive and fractional pooling,
 * upsampling, padding): the sizes of a 3-D (planes x H x W) or 4-D (batch first) input, the
 * checks of a gradOutput against them, and the backward of the max poolings with indices.
 * Private to Spatial.c; the sizes are SpatialPooling.c's. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialResampling.c"
#else

/* The sizes of `input` (argument argNumber, 3-D or 4-D) and of an output of outputHeight x
 * outputWidth planes. */
static THNN_(PoolSizes) THNN_(Resampling_sizes)(THTensor *input, int argNumber,
                                                long outputHeight, long outputWidth) {
  THNN_(checkDims)(input, argNumber, "input", 3, 4);
  THNN_(PoolSizes) s;
  s.ndim = input->nDimension;
  int batched = s.ndim == 4;
  s.batch = batched ? input->size[0] : 1;
  s.planes = input->size[batched];
  s.inputHeight = input->size[batched + 1];
  s.inputWidth = input->size[batched + 2];
  s.outputHeight = outputHeight;
  s.outputWidth = outputWidth;
  return s;
}

/* gradOutput (argument 3) has the output's sizes. */
static void THNN_(Resampling_checkGradOutput)(THNN_(PoolSizes) *s, THTensor *gradOutput) {
  long sizes[4];
  THNN_(checkSizes)(gradOutput, 3, "gradOutput", s->ndim,
                    THNN_(SpatialPooling_outputSizes)(s, sizes));
}

/* For a backward call that is not told the output size (the adaptive poolings): gradOutput
 * (argument 3) must have the input's batch and planes, and gives the output's height and width. */
static void THNN_(Resampling_outputSizeFrom)(THNN_(PoolSizes) *s, THTensor *gradOutput) {
  int n = s->ndim;
  THArgCheck(gradOutput->nDimension == n && (n == 3 || gradOutput->size[0] == s->batch) &&
             gradOutput->size[n - 3] == s->planes, 3, "gradOutput should have the %s%ld planes "
             "of input, but got size %s", n == 4 ? "batch and " : "", s->planes,
             THTensor_(sizeDesc)(gradOutput).str);
  s->outputHeight = gradOutput->size[n - 2];
  s->outputWidth = gradOutput->size[n - 1];
}

/* The input rows (or columns) that output row i of an adaptive pooling covers: from
 * floor(i * in / out) to ceil((i + 1) * in / out), end excluded. Windows of neighbouring outputs
 * may overlap by one element; together they cover the input. */
static inline void THNN_(adaptiveWindow)(long i, long in, long out, long *start, long *end) {
  *start = i * in / out;
  *end = ((i + 1) * in + out - 1) / out;
}

/* The backward of a max pooling that kept its indices (adaptive, fractional), once its sizes
 * are checked: each gradient goes to the input element its window took. The indices (argument
 * indicesArg) are checked against the output's size and the input plane first. */
static void THNN_(Resampling_maxPoolingBackward)(THNN_(PoolSizes) s, THTensor *input,
                                                 THTensor *gradOutput, THTensor *gradInput,
                                                 THIndexTensor *indices, int indicesArg) {
  long sizes[4];
  const long *outputSizes = THNN_(SpatialPooling_outputSizes)(&s, sizes);
  long inputPlane = s.inputHeight * s.inputWidth, outputPlane = s.outputHeight * s.outputWidth;
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, NULL);
  THIndexTensor *ind = THNN_newCheckedIndices(indices, indicesArg, s.ndim, outputSizes,
                                              inputPlane, 0);
  THTensor_(resizeAs)(gradInput, input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  THIndex_t *ind_data = THIndexTensor_(data)(ind);

  TH_PARALLEL_LOOP(p, s.batch * s.planes, (double)s.batch * s.planes * inputPlane, {
    real *gi = gi_data + p * inputPlane;
    const real *go = go_data + p * outputPlane;
    const THIndex_t *at = ind_data + p * outputPlane;
    memset(gi, 0, sizeof(real) * inputPlane);
    for (long k = 0; k < outputPlane; k++)
      gi[at[k]] += go[k];
  });

  THTensor_(free)(gradOutput);
  THIndexTensor_(free)(ind);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

#endif
