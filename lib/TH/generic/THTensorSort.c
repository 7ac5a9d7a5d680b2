/* THTensorSort: sorting and selection of one dtype (included by THTensorSort.c once per dtype).
 * On the path of `a.sort()`: THPFloatTensor_sort → THFloatTensor_sort → sortAndTake → sortSlice.
 *
 * The algorithm: every element becomes an unsigned KEY whose unsigned order is the order of the
 * values (integers: flip the sign bit; floats: flip the sign bit of positives and every bit of
 * negatives, with -0 made +0 and every NaN made the largest key), paired with its position in an
 * ITEM. The items are sorted by an LSD radix sort, one digit per pass from the lowest: each pass
 * is a counting sort (count the items of each digit value, give each value its output range,
 * scatter the items there in their order), which is stable, so the whole sort is stable and
 * needs no comparisons, in time linear in n. Descending order sorts the complemented keys, which
 * stays stable. The digits cover only the key bits that differ between some keys (found while
 * the items are made), as narrow as the number of passes allows (see sortDigits).
 *
 * Long slices run on every thread, in one parallel region: each thread makes the items of its
 * chunk; then per pass each thread counts the digits of its chunk, the counts give every (digit,
 * thread) pair its own output range, and each thread scatters its chunk there — the same order
 * a single thread would produce. Measured on a 1M-element sort, two variants were slower:
 * counting the next pass's digits during the scatter (the scatter loop is the bottleneck, and
 * stays fastest alone), and a first MSD split into buckets that each thread then sorts in its
 * cache (a scatter costs about as much inside the cache as outside it).
 *
 * The sorted values are read back from their keys (exact for every key but those of zero and
 * NaN), not gathered from the input. The loops that make keys and read values back have no
 * branches, so they vectorize. Slices of up to TH_SORT_SMALL elements take an insertion sort.
 * Selection (topk, kthvalue, median, mode) sorts each slice and reads the result. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorSort.c"
#else

#if defined(TH_REAL_IS_BYTE) || defined(TH_REAL_IS_CHAR)
#define TH_SORT_KEY uint8_t
#elif defined(TH_REAL_IS_SHORT)
#define TH_SORT_KEY uint16_t
#elif defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_FLOAT)
#define TH_SORT_KEY uint32_t
#else
#define TH_SORT_KEY uint64_t
#endif
#define TH_SORT_SIGN ((TH_SORT_KEY)((TH_SORT_KEY)1 << (8 * sizeof(TH_SORT_KEY) - 1)))
#define TH_SORT_KEY_BITS ((int)(8 * sizeof(TH_SORT_KEY)))
#define TH_SORT_SMALL 32
/* Digits of at most 11 bits for keys of 32 and 64 bits (at most 3 and 6 passes), of 8 bits for
 * shorter ones. */
#define TH_SORT_BITS (sizeof(TH_SORT_KEY) >= 4 ? 11 : 8)
#define TH_SORT_BUCKETS (1 << TH_SORT_BITS)
#define TH_SORT_PASSES ((TH_SORT_KEY_BITS + TH_SORT_BITS - 1) / TH_SORT_BITS)
/* The parallel sort passes a checkpoint at its start, after making the items, twice per pass and at
 * its end (see radixSortParallel). */
_Static_assert(3 + 2 * TH_SORT_PASSES <= TH_PARALLEL_CHECKPOINTS, "too few parallel checkpoints");

typedef struct THTensor_(SortItem) {
  TH_SORT_KEY key;
  uint32_t index;
} THTensor_(SortItem);

/* Written without branches, like keyValue below, so that the loops over many elements vectorize. */
static inline TH_SORT_KEY THTensor_(sortKey)(real x) {
#if defined(TH_REAL_IS_BYTE)
  return x;
#elif defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TH_SORT_KEY bits;
  memcpy(&bits, &x, sizeof(bits));
  TH_SORT_KEY key = (bits & TH_SORT_SIGN) ? (TH_SORT_KEY)~bits : (TH_SORT_KEY)(bits | TH_SORT_SIGN);
  key = x == 0 ? TH_SORT_SIGN : key;
  return x != x ? (TH_SORT_KEY)~(TH_SORT_KEY)0 : key;
#else
  return (TH_SORT_KEY)((TH_SORT_KEY)x ^ TH_SORT_SIGN);
#endif
}

/* The value that made `key`; exact for every key but the one that -0 shares with +0 and the one
 * that every NaN shares (see keyIsExact). Reading the sorted values from their keys spares a
 * gather at random positions of the input. */
static inline real THTensor_(keyValue)(TH_SORT_KEY key) {
#if defined(TH_REAL_IS_BYTE)
  return key;
#elif defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TH_SORT_KEY bits = (key & TH_SORT_SIGN) ? (TH_SORT_KEY)(key ^ TH_SORT_SIGN) : (TH_SORT_KEY)~key;
  real value;
  memcpy(&value, &bits, sizeof(bits));
  return value;
#else
  return (real)(TH_SORT_KEY)(key ^ TH_SORT_SIGN);
#endif
}

static inline int THTensor_(keyIsExact)(TH_SORT_KEY key) {
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  return key != TH_SORT_SIGN && key != (TH_SORT_KEY)~(TH_SORT_KEY)0;
#else
  (void)key;
  return 1;
#endif
}

/* One slice being sorted: its elements, the direction, and where its first k sorted values and
 * positions go (k is 0 for the selections, which read the sorted items instead). */
typedef struct THTensor_(SortSlice) {
  const real *p;
  long stride;
  TH_SORT_KEY flip;                         /* every bit set for descending order */
  real *values;
  long valuesStride;
  long *indices;
  long indicesStride;
  long k;
} THTensor_(SortSlice);

/* items[i] = (key of element i, i) for i in [begin, end); returns the bits in which these keys
 * differ from `first`, from which the caller picks its digits (see sortDigits). */
static TH_SORT_KEY THTensor_(makeItems)(const THTensor_(SortSlice) *slice,
                                        THTensor_(SortItem) *items, long begin, long end,
                                        TH_SORT_KEY first) {
  const real *p = slice->p;
  long stride = slice->stride;
  TH_SORT_KEY flip = slice->flip, differ = 0;
  for (long i = begin; i < end; i++) {
    TH_SORT_KEY key = (TH_SORT_KEY)(THTensor_(sortKey)(p[i * stride]) ^ flip);
    items[i].key = key;
    items[i].index = (uint32_t)i;
    differ |= (TH_SORT_KEY)(key ^ first);
  }
  return differ;
}

/* The results at positions [begin, end) (those below k) from the sorted items. The values come
 * from the keys in one loop without branches; only when some key does not tell its value exactly
 * (zeros, NaNs) does a second loop read those values from the input. */
static void THTensor_(takeSorted)(const THTensor_(SortSlice) *slice,
                                  const THTensor_(SortItem) *sorted, long begin, long end) {
  const real *p = slice->p;
  long stride = slice->stride, valuesStride = slice->valuesStride;
  long indicesStride = slice->indicesStride;
  TH_SORT_KEY flip = slice->flip;
  real *values = slice->values;
  long *indices = slice->indices;
  int inexact = 0;
  if (end > slice->k)
    end = slice->k;
  for (long i = begin; i < end; i++) {
    TH_SORT_KEY key = (TH_SORT_KEY)(sorted[i].key ^ flip);
    values[i * valuesStride] = THTensor_(keyValue)(key);
    indices[i * indicesStride] = sorted[i].index;
    inexact |= !THTensor_(keyIsExact)(key);
  }
  if (!inexact)
    return;
  for (long i = begin; i < end; i++)
    if (!THTensor_(keyIsExact)((TH_SORT_KEY)(sorted[i].key ^ flip)))
      values[i * valuesStride] = p[sorted[i].index * stride];
}

static void THTensor_(insertionSort)(THTensor_(SortItem) *items, long n) {
  for (long i = 1; i < n; i++) {
    THTensor_(SortItem) item = items[i];
    long j = i;
    for (; j > 0 && items[j - 1].key > item.key; j--)
      items[j] = items[j - 1];
    items[j] = item;
  }
}

/* How many windows of `width` bits cover every bit set in differ, each starting at the lowest
 * set bit that no window covers yet; fills shifts[] with their positions unless it is NULL. */
static int THTensor_(digitWindows)(TH_SORT_KEY differ, int width, int *shifts) {
  int count = 0;
  for (int bit = 0; bit < TH_SORT_KEY_BITS; bit++)
    if ((differ >> bit) & 1) {
      if (shifts)
        shifts[count] = bit;
      count++;
      bit += width - 1;
    }
  return count;
}

/* The digits to sort on, given the bits in which the keys differ: windows of `width` bits from
 * the lowest (see digitWindows), so a run of bits that is the same in every key costs no pass.
 * Of the widths that need no more passes than the widest digit, the narrowest is taken, since a
 * scatter over fewer buckets runs faster (30 differing bits take 10 + 10 + 10, not 11 + 11 + 8).
 * Fills shifts[] and returns the number of passes, 0 when every key is the same. */
static int THTensor_(sortDigits)(TH_SORT_KEY differ, int shifts[TH_SORT_PASSES], int *width) {
  int passes = THTensor_(digitWindows)(differ, TH_SORT_BITS, NULL);
  *width = TH_SORT_BITS;
  while (*width > 1 && THTensor_(digitWindows)(differ, *width - 1, NULL) == passes)
    (*width)--;
  return THTensor_(digitWindows)(differ, *width, shifts);
}

/* One thread: the digit counts of every pass in a single read, then the passes. Returns where
 * the sorted items ended up (items or buffer). */
static THTensor_(SortItem) *THTensor_(radixSortSerial)(THTensor_(SortItem) *items,
                                                      THTensor_(SortItem) *buffer, long n,
                                                      TH_SORT_KEY differ) {
  int shifts[TH_SORT_PASSES], width;
  int passes = THTensor_(sortDigits)(differ, shifts, &width);
  unsigned mask = (1u << width) - 1;
  long *counts = THAlloc(sizeof(long) * TH_SORT_PASSES * TH_SORT_BUCKETS);
  memset(counts, 0, sizeof(long) * passes * TH_SORT_BUCKETS);
  for (long i = 0; i < n; i++)
    for (int pass = 0; pass < passes; pass++)
      counts[pass * TH_SORT_BUCKETS + ((items[i].key >> shifts[pass]) & mask)]++;
  THTensor_(SortItem) *from = items, *to = buffer;
  for (int pass = 0; pass < passes; pass++) {
    long *next = counts + pass * TH_SORT_BUCKETS;
    long start = 0;
    for (unsigned d = 0; d <= mask; d++) {
      long count = next[d];
      next[d] = start;
      start += count;
    }
    int shift = shifts[pass];
    for (long i = 0; i < n; i++)
      to[next[(from[i].key >> shift) & mask]++] = from[i];
    THTensor_(SortItem) *sorted = to;
    to = from;
    from = sorted;
  }
  THFree(counts);
  return from;
}

/* Sorts a long slice on `threads` threads, in one parallel region. Every thread owns the
 * positions [begin, end) of its chunk. It makes the items of its chunk, noting the key bits that
 * differ, from which the digits follow. Per pass, each thread counts the digits of its chunk; one
 * thread turns the counts into output positions, digit-major and thread-minor, so that the
 * scatter keeps the serial order; each thread then scatters its chunk. At the end each thread
 * writes the results of its chunk of positions. Returns the sorted items (in items or buffer).
 * Every barrier waits for the slowest thread: the threads pass a checkpoint before each (see
 * THParallel.h). */
static THTensor_(SortItem) *THTensor_(radixSortParallel)(const THTensor_(SortSlice) *slice,
                                                        THTensor_(SortItem) *items,
                                                        THTensor_(SortItem) *buffer, long n,
                                                        int maxThreads) {
  /* Positions fit in 32 bits (n <= UINT32_MAX); the smaller tables stay in L1 beside the
   * scatter's write streams. */
  uint32_t *offsets = THAlloc(sizeof(uint32_t) * TH_SORT_BUCKETS * maxThreads);
  TH_SORT_KEY *differ = THAlloc(sizeof(TH_SORT_KEY) * maxThreads);
  TH_SORT_KEY first = (TH_SORT_KEY)(THTensor_(sortKey)(slice->p[0]) ^ slice->flip);
  int shifts[TH_SORT_PASSES], width = 0, passes = 0;
  THParallelRegion region;
  THParallel_open(&region, maxThreads);
#pragma omp parallel num_threads(maxThreads)
  {
    int checkpoint = 0;
    THParallel_checkpoint(&region, checkpoint++);
    int threads = TH_SORT_THREAD_COUNT(), me = TH_SORT_THREAD_NUM();
    long begin = (me * n + threads - 1) / threads, end = ((me + 1) * n + threads - 1) / threads;
    uint32_t *next = offsets + me * TH_SORT_BUCKETS;
    differ[me] = THTensor_(makeItems)(slice, items, begin, end, first);
    THParallel_checkpoint(&region, checkpoint++);
#pragma omp barrier
#pragma omp single
    {
      TH_SORT_KEY all = 0;
      for (int thread = 0; thread < threads; thread++)
        all |= differ[thread];
      passes = THTensor_(sortDigits)(all, shifts, &width);
    }
    unsigned mask = (1u << width) - 1;
    THTensor_(SortItem) *from = items, *to = buffer;
    for (int pass = 0; pass < passes; pass++) {
      int shift = shifts[pass];
      memset(next, 0, sizeof(uint32_t) << width);
      for (long i = begin; i < end; i++)
        next[(from[i].key >> shift) & mask]++;
      THParallel_checkpoint(&region, checkpoint++);
#pragma omp barrier
#pragma omp single
      {
        uint32_t start = 0;
        for (unsigned d = 0; d <= mask; d++)
          for (int thread = 0; thread < threads; thread++) {
            uint32_t count = offsets[thread * TH_SORT_BUCKETS + d];
            offsets[thread * TH_SORT_BUCKETS + d] = start;
            start += count;
          }
      }
      for (long i = begin; i < end; i++)
        to[next[(from[i].key >> shift) & mask]++] = from[i];
      THParallel_checkpoint(&region, checkpoint++);
#pragma omp barrier
      THTensor_(SortItem) *sorted = to;
      to = from;
      from = sorted;
    }
    THTensor_(takeSorted)(slice, from, begin, end);
    THParallel_checkpoint(&region, checkpoint);
  }
  THParallel_close(&region);
  THFree(differ);
  THFree(offsets);
  return passes % 2 ? buffer : items;
}

/* The results of one slice (see THSortTake); items has room for 2n items. */
static void THTensor_(sortSlice)(const THTensor_(SortSlice) *slice, THTensor_(SortItem) *items,
                                 long n, THSortTake take, long k) {
  THTensor_(SortItem) *sorted;
  int threads = THParallel_threadsFor((double)n);
  if (threads > 1) {
    sorted = THTensor_(radixSortParallel)(slice, items, items + n, n, threads);
  } else {
    TH_SORT_KEY first = (TH_SORT_KEY)(THTensor_(sortKey)(slice->p[0]) ^ slice->flip);
    TH_SORT_KEY differ = THTensor_(makeItems)(slice, items, 0, n, first);
    if (n <= TH_SORT_SMALL) {
      THTensor_(insertionSort)(items, n);
      sorted = items;
    } else {
      sorted = THTensor_(radixSortSerial)(items, items + n, n, differ);
    }
    THTensor_(takeSorted)(slice, sorted, 0, n);
  }
  if (take == TH_SORT_TAKE_KTH) {
    long at = sorted[k - 1].index;
    *slice->values = slice->p[at * slice->stride];
    *slice->indices = at;
  } else if (take == TH_SORT_TAKE_MODE) {  /* the longest run of equal keys; the first on ties */
    long best = 0, bestLength = 0, runStart = 0;
    for (long i = 1; i <= n; i++) {
      if (i < n && sorted[i].key == sorted[runStart].key)
        continue;
      if (i - runStart > bestLength) {
        bestLength = i - runStart;
        best = i - 1;                       /* stable: the run's last item is its last occurrence */
      }
      runStart = i;
    }
    long at = sorted[best].index;
    *slice->values = slice->p[at * slice->stride];
    *slice->indices = at;
  }
}

/* The shared body of sort and the selections: every slice along dimension is sorted and `take`
 * fills the results, which have size `kept` at dimension. The values are read from t by their
 * sorted positions as they are written, so results that share memory with t (or indices_ that
 * are t itself) are made apart first, then copied in. */
static void THTensor_(sortAndTake)(THTensor *values_, THLongTensor *indices_, THTensor *t,
                                   int dimension, int descending, THSortTake take, long k,
                                   long kept) {
  if (THTensor_(mustComputeApart)(values_, t, 0) || (void *)indices_ == (void *)t) {
    THTensor_(checkInStorage)(t);              /* before the results below exist */
    THTensor *values = THTensor_(new)();
    THLongTensor *indices = THLongTensor_new();
    THTensor_(sortAndTake)(values, indices, t, dimension, descending, take, k, kept);
    THTensor_(finishResultApart)(values_, values);
    THLongTensor_finishResultApart(indices_, indices);
    return;
  }
  long n = t->size[dimension];
  THArgCheck(n <= (long)UINT32_MAX, 3, "cannot sort slices of more than %lu elements, got %ld",
             (unsigned long)UINT32_MAX, n);
  THTensor_(checkInStorage)(t);                /* before the work space below exists */
  THTensor_(checkInStorage)(values_);
  THLongTensor_checkInStorage(indices_);
  THLongStorage *size = THTensor_(newSizeOf)(t);
  size->data[dimension] = kept;
  THTensor_(resize)(values_, size, NULL);
  THLongTensor_resize(indices_, size, NULL);
  THLongStorage_free(size);
  THTensor_(SortItem) *items = THAlloc(2 * n * sizeof(THTensor_(SortItem)));
  THTensor_(SortSlice) slice;
  slice.flip = descending ? (TH_SORT_KEY)~(TH_SORT_KEY)0 : 0;
  slice.k = take == TH_SORT_TAKE_PREFIX ? k : 0;
  TH_TENSOR_DIM_APPLY3(real, t, real, values_, long, indices_, dimension,
                       slice.p = t_data;
                       slice.stride = t_stride;
                       slice.values = values__data;
                       slice.valuesStride = values__stride;
                       slice.indices = indices__data;
                       slice.indicesStride = indices__stride;
                       THTensor_(sortSlice)(&slice, items, n, take, k););
  THFree(items);
}

void THTensor_(sort)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension,
                     int descending) {
  THTensor_(checkDim)(t, dimension, 4);
  long n = t->size[dimension];
  THTensor_(sortAndTake)(values_, indices_, t, dimension, descending, TH_SORT_TAKE_PREFIX, n, n);
}

void THTensor_(topk)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k, int dimension,
                     int largest, int sorted) {
  THTensor_(checkDim)(t, dimension, 5);
  long n = t->size[dimension];
  THIndexCheck(k >= 1 && k <= n, 4, "k (%ld) out of range: dimension %d has %ld elements", k,
               dimension, n);
  (void)sorted;                             /* the k elements always come sorted */
  THTensor_(sortAndTake)(values_, indices_, t, dimension, largest, TH_SORT_TAKE_PREFIX, k, k);
}

void THTensor_(kthvalue)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k,
                         int dimension) {
  THTensor_(checkDim)(t, dimension, 5);
  long n = t->size[dimension];
  THIndexCheck(k >= 1 && k <= n, 4, "k (%ld) out of range: dimension %d has %ld elements", k,
               dimension, n);
  THTensor_(sortAndTake)(values_, indices_, t, dimension, 0, TH_SORT_TAKE_KTH, k, 1);
}

void THTensor_(median)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension) {
  THTensor_(checkDim)(t, dimension, 4);
  long n = t->size[dimension];
  THTensor_(sortAndTake)(values_, indices_, t, dimension, 0, TH_SORT_TAKE_KTH, (n + 1) / 2, 1);
}

void THTensor_(mode)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension) {
  THTensor_(checkDim)(t, dimension, 4);
  THTensor_(sortAndTake)(values_, indices_, t, dimension, 0, TH_SORT_TAKE_MODE, 1, 1);
}

#undef TH_SORT_KEY
#undef TH_SORT_SIGN
#undef TH_SORT_KEY_BITS
#undef TH_SORT_SMALL
#undef TH_SORT_BITS
#undef TH_SORT_BUCKETS
#undef TH_SORT_PASSES

#endif
