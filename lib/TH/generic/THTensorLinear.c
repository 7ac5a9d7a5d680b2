/* THTensorLinear: BLAS-level tensor ops: addmv, addr, addbmm, baddbmm, mm, mv, bmm, ger, cross.
 * Included by THTensorLinear.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLinear.c"
#else

#endif
