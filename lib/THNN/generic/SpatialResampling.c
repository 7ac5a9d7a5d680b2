/* The geometry the 2-D resampling modules share (subsampling, adaptive and fractional pooling,
 * upsampling, padding): the sizes of a 3-D (planes x H x W) or 4-D (batch first) input, and the
 * checks of a gradOutput against them. Private to Spatial.c; the sizes are SpatialPooling.c's. */
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

#endif
