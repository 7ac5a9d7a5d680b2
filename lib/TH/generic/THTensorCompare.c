/* THTensorCompare: comparisons (lt, le, gt, ge, ne, eq against a value or a tensor, as ByteTensor or same-type results) and equal.
 * Included by THTensorCompare.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCompare.c"
#else

#endif
