/* THTensorSort: sorting and selection (sort, topk, kthvalue, median, mode), made by expanding
 * generic/THTensorSort.c for the seven regular dtypes.
 * On the path of `a.sort(0)` → THPFloatTensor_sort → THFloatTensor_sort. */
#include "THTensor.h"
#include "THTensorApply.h"
#include "THTensorDimApply.h"
#include "THParallel.h"

#ifdef _OPENMP
#include <omp.h>
#define TH_SORT_THREAD_NUM() omp_get_thread_num()
#define TH_SORT_THREAD_COUNT() omp_get_num_threads()
#else
#define TH_SORT_THREAD_NUM() 0
#define TH_SORT_THREAD_COUNT() 1
#endif

/* What a sorted slice gives the results: its first k elements (sort, topk), its k-th (kthvalue,
 * median) or its most frequent element (mode). */
typedef enum { TH_SORT_TAKE_PREFIX, TH_SORT_TAKE_KTH, TH_SORT_TAKE_MODE } THSortTake;

#include "generic/THTensorChecks.h"
#include "THGenerateAllTypes.h"

#include "generic/THTensorSort.c"
#include "THGenerateAllTypes.h"
