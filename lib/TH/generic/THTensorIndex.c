/* THTensorIndex: indexing and joining: index_select/copy/add/fill, gather, scatter, nonzero, cat.
 * Included by THTensorIndex.c once per dtype. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorIndex.c"
#else

#endif
