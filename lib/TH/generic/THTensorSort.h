/* THTensorSort: sorting and selection along a dimension: sort, topk, kthvalue, median, mode.
 * Declarations, expanded per dtype by THTensor.h. Results come first: the values (t's
 * type, which may be t) and their positions along the dimension (a LongTensor). NaN sorts above
 * every number. Dimensions and k are checked first (an index error naming them). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorSort.h"
#else

/* Every slice along dimension in ascending (or descending) order; STABLE: equal elements keep
 * their order, so indices_ lists the positions of equal elements in increasing order. */
TH_API void THTensor_(sort)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension,
                            int descending);
/* The k largest (or smallest) elements of every slice, in that order (sorted or not, they come
 * sorted); the results have size k at dimension. 1 <= k <= the slice's size. */
TH_API void THTensor_(topk)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k,
                            int dimension, int largest, int sorted);
/* The k-th smallest element of every slice (k counts from 1), with size 1 kept at dimension. */
TH_API void THTensor_(kthvalue)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k,
                                int dimension);
/* The lower median: the kthvalue with k = (n + 1) / 2. */
TH_API void THTensor_(median)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension);
/* The most frequent element of every slice (the smallest of equally frequent ones), and the
 * position of its last occurrence. */
TH_API void THTensor_(mode)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension);

#endif
