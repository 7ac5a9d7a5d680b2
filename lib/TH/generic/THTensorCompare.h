/* THTensorCompare: comparisons (lt, le, gt, ge, ne, eq against a value or a tensor, as ByteTensor or same-type results) and equal.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCompare.h"
#else

#endif
