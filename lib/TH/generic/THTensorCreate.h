/* THTensorCreate: creation: zeros, ones, eye, range, linspace, logspace, diag, tril, triu, randperm.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCreate.h"
#else

#endif
