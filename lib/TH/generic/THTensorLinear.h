/* THTensorLinear: BLAS-level tensor ops: addmv, addr, addbmm, baddbmm, mm, mv, bmm, ger, cross.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLinear.h"
#else

#endif
