/* THTensorIndex: indexing and joining: index_select/copy/add/fill, gather, scatter, nonzero, cat.
 * Declarations, expanded per dtype by THTensor.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorIndex.h"
#else

#endif
