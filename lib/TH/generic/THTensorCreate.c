/* THTensorCreate: creation: zeros, ones, eye, range, linspace, logspace, diag, tril, triu, randperm.
 * Included by THTensorCreate.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCreate.c"
#else

#endif
