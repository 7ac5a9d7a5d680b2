/* THTensorSort: sorting and selection: sort, topk, kthvalue, median, mode.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorSort.h"
#else

#endif
