/* THTensorSort: sorting and selection: sort, topk, kthvalue, median, mode.
 * Included by THTensorSort.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorSort.c"
#else

#endif
