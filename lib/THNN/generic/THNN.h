/* The THNN API for one float type (included by THNN.h through THGenerateFloatTypes.h). Argument
 * order, as in the era: state, input, then gradOutput and gradInput (backward) or output
 * (forward), the parameters (weight, bias), the buffers, then the configuration numbers; a
 * trailing `real scale` for accGradParameters, which accumulate. A tensor that may be NULL is
 * marked `// [OPTIONAL]`, which the binding generator reads. Outputs and buffers are resized by the
 * kernels. Sections by family, in the order of lib/THNN/README.md. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THNN.h"
#else

/* ---- Activations ---- */

TH_API void THNN_(Abs_updateOutput)(
          THNNState *state,
          THTensor *input,
          THTensor *output);
TH_API void THNN_(Abs_updateGradInput)(
          THNNState *state,
          THTensor *input,
          THTensor *gradOutput,
          THTensor *gradInput);

#endif
