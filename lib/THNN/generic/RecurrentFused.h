/* The checks and helpers that the fused LSTM and GRU kernels (generic/LSTMFused.c,
 * generic/GRUFused.c) share, for one float type. Private to lib/THNN/Recurrent.c.
 *
 * Layout of the gates: a tensor of gate pre-activations is batch x (gates * hidden), one row per
 * sample, each gate's `hidden` elements contiguous within the row, in the order of the weights
 * (LSTM: i, f, g, o; GRU: r, z, n). The kernels read every tensor through a contiguous copy
 * (none when it is contiguous already) and write through THNN_(contiguousResult). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/RecurrentFused.h"
#else

/* A state (cx, hx, a gradient of one) is a 2-D batch x hidden tensor. */
static inline void THNN_(checkRecurrentState)(THTensor *state, int argNumber, const char *name) {
  THArgCheck(state->nDimension == 2, argNumber, "%s should be a 2-D batch x hidden tensor, but "
             "got size %s", name, THTensor_(sizeDesc)(state).str);
}

/* t is batch x width, where width = gates * hidden (a "gates" tensor) or another multiple of the
 * hidden size (the GRU's storage). */
static inline void THNN_(checkRecurrentRows)(THTensor *t, int argNumber, const char *name,
                                              long batch, long width, const char *layout) {
  THArgCheck(t->nDimension == 2 && t->size[0] == batch && t->size[1] == width, argNumber,
             "%s should be of size %ldx%ld (batch x %s), but got size %s", name, batch, width,
             layout, THTensor_(sizeDesc)(t).str);
}

/* An optional bias holds one value per gate element: width elements, in any shape. */
static inline void THNN_(checkRecurrentBias)(THTensor *bias, int argNumber, const char *name,
                                              long width) {
  if (bias == NULL)
    return;
  THArgCheck(THTensor_(nElement)(bias) == width, argNumber, "%s should have %ld elements (one "
             "per gate element), but got size %s", name, width, THTensor_(sizeDesc)(bias).str);
}

/* Each non-NULL tensor of the list lies within its storage (THTensor_(data) refuses one whose
 * storage shrank under it), checked before the kernel allocates its contiguous copies, so that
 * such an error leaves nothing allocated behind. */
static inline void THNN_(checkRecurrentMemory)(THTensor **tensors, int count) {
  for (int k = 0; k < count; k++)
    if (tensors[k])
      (void)THTensor_(data)(tensors[k]);
}

/* t's elements in a contiguous tensor (t itself, retained, when it is contiguous), or NULL for a
 * NULL t; release with THNN_(freeRead). */
static inline THTensor *THNN_(readContiguous)(THTensor *t) {
  return t ? THTensor_(newContiguous)(t) : NULL;
}

static inline void THNN_(freeRead)(THTensor *t) {
  if (t)
    THTensor_(free)(t);
}

static inline real *THNN_(dataOrNull)(THTensor *t) {
  return t ? THTensor_(data)(t) : NULL;
}

/* y[j] += b[j] for a bias b that may be NULL. */
static inline void THNN_(addBias)(real *y, const real *b, long n) {
  if (b == NULL)
    return;
  for (long j = 0; j < n; j++)
    y[j] += b[j];
}

/* The work of a loop over `batch` rows of `width` gate elements, for TH_PARALLEL_LOOP: counted
 * as elements, like TH's flat loops. An element costs an exp or so, but the SIMD kernels do a
 * step of an LSTM of batch 20 and hidden 256 (20480 gate elements) in about 17 us, which two
 * threads did not make faster (measured): only larger steps share their rows out. */
static inline double THNN_(recurrentWork)(long batch, long width) {
  return (double)batch * (double)width;
}

#endif
