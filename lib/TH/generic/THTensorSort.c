/* THTensorSort: sorting and selection of one dtype (included by THTensorSort.c once per dtype).
 * On the path of `a.sort()`: THPFloatTensor_sort → THFloatTensor_sort → radixSort below.
 *
 * The algorithm: every element becomes an unsigned KEY whose unsigned order is the order of the
 * values (integers: flip the sign bit; floats: flip the sign bit of positives and every bit of
 * negatives, with -0 made +0 and every NaN made the largest key), paired with its position. The
 * pairs are sorted by an LSD radix sort, one digit per pass from the lowest: each pass is a
 * counting sort, which is stable, so the whole sort is stable and needs no comparisons, in
 * time linear in n. Descending order sorts the complemented keys, which stays stable. Long
 * slices run each pass on every thread: each has the digit counts of its own chunk, the counts
 * give every (digit, thread) pair its own output range, and each scatters its chunk there — the
 * same order a single thread would produce; the scatter also counts the next pass's digits, so
 * each pass reads the items once. The sorted values are read back from their keys (exact for
 * every key but those of zero and NaN), not gathered from the input. Slices of up to TH_SORT_SMALL elements take an insertion
 * sort instead. Selection (topk, kthvalue, median, mode) sorts each slice and reads the result. */
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
#define TH_SORT_SMALL 32
#define TH_SORT_PARALLEL 100000
/* Digits of 11 bits for keys of 32 and 64 bits (3 and 6 passes), of 8 bits for shorter ones. */
#define TH_SORT_BITS (sizeof(TH_SORT_KEY) >= 4 ? 11 : 8)
#define TH_SORT_BUCKETS (1 << TH_SORT_BITS)
#define TH_SORT_PASSES ((int)((8 * sizeof(TH_SORT_KEY) + TH_SORT_BITS - 1) / TH_SORT_BITS))
#define TH_SORT_DIGIT(key, pass) ((unsigned)((key) >> (TH_SORT_BITS * (pass))) & (TH_SORT_BUCKETS - 1))

typedef struct THTensor_(SortItem) {
  TH_SORT_KEY key;
  uint32_t index;
} THTensor_(SortItem);

static inline TH_SORT_KEY THTensor_(sortKey)(real x) {
#if defined(TH_REAL_IS_BYTE)
  return x;
#elif defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  TH_SORT_KEY bits;
  if (x != x)
    return (TH_SORT_KEY)~(TH_SORT_KEY)0;
  if (x == 0)
    x = 0;
  memcpy(&bits, &x, sizeof(bits));
  return (bits & TH_SORT_SIGN) ? (TH_SORT_KEY)~bits : (TH_SORT_KEY)(bits | TH_SORT_SIGN);
#else
  return (TH_SORT_KEY)((TH_SORT_KEY)x ^ TH_SORT_SIGN);
#endif
}

/* The value that made `key`, when the key tells it exactly (every key but the one that -0 shares
 * with +0 and the one that every NaN shares): returns 1 and sets *value, else returns 0. Reading
 * sorted values from their keys spares a gather at random positions of the input. */
static inline int THTensor_(valueOfKey)(TH_SORT_KEY key, real *value) {
#if defined(TH_REAL_IS_BYTE)
  *value = key;
#elif defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
  if (key == TH_SORT_SIGN || key == (TH_SORT_KEY)~(TH_SORT_KEY)0)
    return 0;
  TH_SORT_KEY bits = (key & TH_SORT_SIGN) ? (TH_SORT_KEY)(key ^ TH_SORT_SIGN) : (TH_SORT_KEY)~key;
  memcpy(value, &bits, sizeof(bits));
#else
  *value = (real)(TH_SORT_KEY)(key ^ TH_SORT_SIGN);
#endif
  return 1;
}

/* items[i] = (key of p[i*stride], i); complemented keys give descending order. */
static void THTensor_(sortItemsOf)(THTensor_(SortItem) *items, const real *p, long n, long stride,
                                   int descending) {
  TH_SORT_KEY flip = descending ? (TH_SORT_KEY)~(TH_SORT_KEY)0 : 0;
  TH_PARALLEL_FOR(i, n,
                  items[i].key = (TH_SORT_KEY)(THTensor_(sortKey)(p[i * stride]) ^ flip);
                  items[i].index = (uint32_t)i;);
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

/* One thread: the digit counts of every pass in a single read, then the passes whose digit is not
 * the same in every key. Returns where the sorted items ended up (items or buffer). */
static THTensor_(SortItem) *THTensor_(radixSortSerial)(THTensor_(SortItem) *items,
                                                      THTensor_(SortItem) *buffer, long n) {
  long *counts = THAlloc(sizeof(long) * TH_SORT_PASSES * TH_SORT_BUCKETS);
  memset(counts, 0, sizeof(long) * TH_SORT_PASSES * TH_SORT_BUCKETS);
  for (long i = 0; i < n; i++)
    for (int pass = 0; pass < TH_SORT_PASSES; pass++)
      counts[pass * TH_SORT_BUCKETS + TH_SORT_DIGIT(items[i].key, pass)]++;
  THTensor_(SortItem) *from = items, *to = buffer;
  for (int pass = 0; pass < TH_SORT_PASSES; pass++) {
    long *next = counts + pass * TH_SORT_BUCKETS;
    if (next[TH_SORT_DIGIT(from[0].key, pass)] == n)
      continue;
    long start = 0;
    for (int d = 0; d < TH_SORT_BUCKETS; d++) {
      long count = next[d];
      next[d] = start;
      start += count;
    }
    for (long i = 0; i < n; i++)
      to[next[TH_SORT_DIGIT(from[i].key, pass)]++] = from[i];
    THTensor_(SortItem) *sorted = to;
    to = from;
    from = sorted;
  }
  THFree(counts);
  return from;
}

/* Every thread owns the positions [begin, end) of its chunk, where position q lies in chunk
 * q * threads / n. Per pass, each thread has the digit counts of its chunk; one thread turns them
 * into output positions, digit-major and thread-minor, so that the scatter keeps the serial order;
 * each thread then scatters its chunk. The counts of the next pass come from the scatter itself:
 * a thread that writes an item to position q counts the item's next digit for q's chunk (in its
 * own table, one per writer and chunk, summed at the next pass), so a pass reads the items once.
 * Only the first pass, and one after a skipped pass, counts by reading its chunk. */
static THTensor_(SortItem) *THTensor_(radixSortParallel)(THTensor_(SortItem) *items,
                                                        THTensor_(SortItem) *buffer, long n) {
  int maxThreads = THGetNumThreads();
  long *offsets = THAlloc(sizeof(long) * TH_SORT_BUCKETS * maxThreads);
  uint32_t *nextCounts = THAlloc(sizeof(uint32_t) * TH_SORT_BUCKETS * maxThreads * maxThreads);
  int countedBy = 0;          /* the thread count of the scatter that counted this pass, or 0 */
  THTensor_(SortItem) *from = items, *to = buffer;
  for (int pass = 0; pass < TH_SORT_PASSES; pass++) {
    int allSame = 0, countNext = pass + 1 < TH_SORT_PASSES;
#pragma omp parallel num_threads(maxThreads)
    {
      int threads = TH_SORT_THREAD_COUNT(), me = TH_SORT_THREAD_NUM();
      long begin = (me * n + threads - 1) / threads, end = ((me + 1) * n + threads - 1) / threads;
      long *next = offsets + me * TH_SORT_BUCKETS;
      if (countedBy == threads) {
        for (int d = 0; d < TH_SORT_BUCKETS; d++) {
          long count = 0;
          for (int writer = 0; writer < threads; writer++)
            count += nextCounts[((size_t)writer * threads + me) * TH_SORT_BUCKETS + d];
          next[d] = count;
        }
      } else {
        memset(next, 0, sizeof(long) * TH_SORT_BUCKETS);
        for (long i = begin; i < end; i++)
          next[TH_SORT_DIGIT(from[i].key, pass)]++;
      }
#pragma omp barrier
#pragma omp single
      {
        long start = 0;
        for (int d = 0; d < TH_SORT_BUCKETS; d++)
          for (int thread = 0; thread < threads; thread++) {
            long count = offsets[thread * TH_SORT_BUCKETS + d];
            allSame |= count == n;
            offsets[thread * TH_SORT_BUCKETS + d] = start;
            start += count;
          }
      }
      if (!allSame && countNext) {
        uint32_t *counts = nextCounts + (size_t)me * threads * TH_SORT_BUCKETS;
        memset(counts, 0, sizeof(uint32_t) * threads * TH_SORT_BUCKETS);
        long second = (n + threads - 1) / threads;  /* where chunk 1 begins */
        for (long i = begin; i < end; i++) {
          THTensor_(SortItem) item = from[i];
          long q = next[TH_SORT_DIGIT(item.key, pass)]++;
          to[q] = item;
          long chunk = threads == 2 ? q >= second : q * threads / n;  /* no division for 2 */
          counts[chunk * TH_SORT_BUCKETS + TH_SORT_DIGIT(item.key, pass + 1)]++;
        }
      } else if (!allSame) {
        for (long i = begin; i < end; i++)
          to[next[TH_SORT_DIGIT(from[i].key, pass)]++] = from[i];
      }
      if (me == 0)             /* every thread read countedBy before the single's barrier */
        countedBy = !allSame && countNext ? threads : 0;
    }
    if (!allSame) {
      THTensor_(SortItem) *sorted = to;
      to = from;
      from = sorted;
    }
  }
  THFree(nextCounts);
  THFree(offsets);
  return from;
}

static THTensor_(SortItem) *THTensor_(sortItems)(THTensor_(SortItem) *items,
                                                THTensor_(SortItem) *buffer, long n) {
  if (n <= TH_SORT_SMALL) {
    THTensor_(insertionSort)(items, n);
    return items;
  }
  if (n > TH_SORT_PARALLEL && THGetNumThreads() > 1)
    return THTensor_(radixSortParallel)(items, buffer, n);
  return THTensor_(radixSortSerial)(items, buffer, n);
}

/* The results' values and positions from one sorted slice (see THSortTake). */
static void THTensor_(takeSorted)(const THTensor_(SortItem) *sorted, long n, const real *p,
                                  long stride, real *values, long valuesStride, long *indices,
                                  long indicesStride, THSortTake take, long k, int descending) {
  if (take == TH_SORT_TAKE_PREFIX) {
    TH_SORT_KEY flip = descending ? (TH_SORT_KEY)~(TH_SORT_KEY)0 : 0;
    TH_PARALLEL_FOR(i, k,
                    long at = sorted[i].index;
                    real value;
                    if (!THTensor_(valueOfKey)((TH_SORT_KEY)(sorted[i].key ^ flip), &value))
                      value = p[at * stride];
                    values[i * valuesStride] = value;
                    indices[i * indicesStride] = at;);
  } else if (take == TH_SORT_TAKE_KTH) {
    long at = sorted[k - 1].index;
    *values = p[at * stride];
    *indices = at;
  } else {                                  /* the longest run of equal keys; the first on ties */
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
    *values = p[at * stride];
    *indices = at;
  }
}

/* The shared body of sort and the selections: every slice along dimension is sorted and `take`
 * fills the results, which have size `kept` at dimension. Results that are t itself are made
 * aside first, since t is still being read. */
static void THTensor_(sortAndTake)(THTensor *values_, THLongTensor *indices_, THTensor *t,
                                   int dimension, int descending, THSortTake take, long k,
                                   long kept) {
  if (values_ == t || (void *)indices_ == (void *)t) {
    THTensor *values = THTensor_(new)();
    THLongTensor *indices = THLongTensor_new();
    THTensor_(sortAndTake)(values, indices, t, dimension, descending, take, k, kept);
    THTensor_(set)(values_, values);
    THLongTensor_set(indices_, indices);
    THTensor_(free)(values);
    THLongTensor_free(indices);
    return;
  }
  long n = t->size[dimension];
  THArgCheck(n <= (long)UINT32_MAX, 3, "cannot sort slices of more than %lu elements, got %ld",
             (unsigned long)UINT32_MAX, n);
  THLongStorage *size = THTensor_(newSizeOf)(t);
  size->data[dimension] = kept;
  THTensor_(resize)(values_, size, NULL);
  THLongTensor_resize(indices_, size, NULL);
  THLongStorage_free(size);
  THTensor_(SortItem) *items = THAlloc(2 * n * sizeof(THTensor_(SortItem)));
  TH_TENSOR_DIM_APPLY3(real, t, real, values_, long, indices_, dimension,
                       THTensor_(sortItemsOf)(items, t_data, t_size, t_stride, descending);
                       THTensor_(SortItem) *sorted = THTensor_(sortItems)(items, items + n, n);
                       THTensor_(takeSorted)(sorted, n, t_data, t_stride, values__data,
                                             values__stride, indices__data, indices__stride,
                                             take, k, descending););
  THFree(items);
}

static void THTensor_(checkSortDimension)(THTensor *t, int dimension, int argNumber) {
  THIndexCheck(dimension >= 0 && dimension < t->nDimension, argNumber,
               "dimension %d out of range of %dD tensor", dimension, t->nDimension);
}

void THTensor_(sort)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension,
                     int descending) {
  THTensor_(checkSortDimension)(t, dimension, 4);
  long n = t->size[dimension];
  THTensor_(sortAndTake)(values_, indices_, t, dimension, descending, TH_SORT_TAKE_PREFIX, n, n);
}

void THTensor_(topk)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k, int dimension,
                     int largest, int sorted) {
  THTensor_(checkSortDimension)(t, dimension, 5);
  long n = t->size[dimension];
  THIndexCheck(k >= 1 && k <= n, 4, "k (%ld) out of range: dimension %d has %ld elements", k,
               dimension, n);
  (void)sorted;                             /* the k elements always come sorted */
  THTensor_(sortAndTake)(values_, indices_, t, dimension, largest, TH_SORT_TAKE_PREFIX, k, k);
}

void THTensor_(kthvalue)(THTensor *values_, THLongTensor *indices_, THTensor *t, long k,
                         int dimension) {
  THTensor_(checkSortDimension)(t, dimension, 5);
  long n = t->size[dimension];
  THIndexCheck(k >= 1 && k <= n, 4, "k (%ld) out of range: dimension %d has %ld elements", k,
               dimension, n);
  THTensor_(sortAndTake)(values_, indices_, t, dimension, 0, TH_SORT_TAKE_KTH, k, 1);
}

void THTensor_(median)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension) {
  THTensor_(checkSortDimension)(t, dimension, 4);
  long n = t->size[dimension];
  THTensor_(sortAndTake)(values_, indices_, t, dimension, 0, TH_SORT_TAKE_KTH, (n + 1) / 2, 1);
}

void THTensor_(mode)(THTensor *values_, THLongTensor *indices_, THTensor *t, int dimension) {
  THTensor_(checkSortDimension)(t, dimension, 4);
  THTensor_(sortAndTake)(values_, indices_, t, dimension, 0, TH_SORT_TAKE_MODE, 1, 1);
}

void THTensor_(nonzero)(THLongTensor *subscript, THTensor *t) {
  if ((void *)subscript == (void *)t) {
    THLongTensor *result = THLongTensor_new();
    THTensor_(nonzero)(result, t);
    THLongTensor_set(subscript, result);
    THLongTensor_free(result);
    return;
  }
  ptrdiff_t count = 0;
  TH_TENSOR_APPLY(real, t, count += *t_data != 0;);
  if (count == 0) {
    THLongTensor_resizeNd(subscript, 0, NULL, NULL);
    return;
  }
  int nDimension = t->nDimension;
  THLongTensor_resize2d(subscript, count, nDimension);
  long *out = THLongTensor_data(subscript);
  const long *size = t->size;
  ptrdiff_t position = 0;                   /* row-major position of the current element */
  TH_TENSOR_APPLY(real, t,
                  if (*t_data != 0) {
                    ptrdiff_t rest = position;
                    for (int d = nDimension - 1; d >= 0; d--) {
                      out[d] = rest % size[d];
                      rest /= size[d];
                    }
                    out += nDimension;
                  }
                  position++;);
}

#undef TH_SORT_KEY
#undef TH_SORT_SIGN
#undef TH_SORT_SMALL
#undef TH_SORT_PARALLEL
#undef TH_SORT_DIGIT
#undef TH_SORT_BITS
#undef TH_SORT_BUCKETS
#undef TH_SORT_PASSES

#endif
