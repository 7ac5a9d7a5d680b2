/* THGeneral: error dispatch to the installed handlers, THAlloc/THRealloc/THFree with heap
 * accounting and the GC hook, and OpenMP thread control.
 * On the path of a failing `a.add(b)`: THFloatTensor_cadd → THArgCheck → _THArgCheck → handler. */
#include "THGeneral.h"
#include "THAtomic.h"

#include <stdarg.h>
#include <stdio.h>
#include <malloc.h>
#include <pthread.h>
#include <sys/mman.h>

#ifdef _OPENMP
#include <omp.h>
#endif

/* ---- Errors ---- */

#define TH_ERROR_BUFFER_SIZE 2048

static _Thread_local THErrorHandlerFunction threadErrorHandler = NULL;
static _Thread_local void *threadErrorHandlerData = NULL;
static THErrorHandlerFunction defaultErrorHandler = NULL;
static void *defaultErrorHandlerData = NULL;

static _Thread_local THArgErrorHandlerFunction threadArgErrorHandler = NULL;
static _Thread_local void *threadArgErrorHandlerData = NULL;
static THArgErrorHandlerFunction defaultArgErrorHandler = NULL;
static void *defaultArgErrorHandlerData = NULL;

void THSetErrorHandler(THErrorHandlerFunction handler, void *data) {
  threadErrorHandler = handler;
  threadErrorHandlerData = data;
}

void THSetDefaultErrorHandler(THErrorHandlerFunction handler, void *data) {
  defaultErrorHandler = handler;
  defaultErrorHandlerData = data;
}

void THSetArgErrorHandler(THArgErrorHandlerFunction handler, void *data) {
  threadArgErrorHandler = handler;
  threadArgErrorHandlerData = data;
}

void THSetDefaultArgErrorHandler(THArgErrorHandlerFunction handler, void *data) {
  defaultArgErrorHandler = handler;
  defaultArgErrorHandlerData = data;
}

/* The built-in handler: nothing was installed to turn the error into something recoverable. */
TH_NORETURN static void THBuiltinErrorHandler(const char *msg, const char *file, int line) {
  fprintf(stderr, "TH error: %s (at %s:%d)\n", msg, file, line);
  abort();
}

TH_NORETURN static void THAbortAfterHandlerReturned(const char *msg) {
  fprintf(stderr, "TH error handler returned instead of unwinding: %s\n", msg);
  abort();
}

TH_NORETURN static void THDispatchError(const char *msg, const char *file, int line) {
  if (threadErrorHandler)
    threadErrorHandler(msg, threadErrorHandlerData);
  else if (defaultErrorHandler)
    defaultErrorHandler(msg, defaultErrorHandlerData);
  else
    THBuiltinErrorHandler(msg, file, line);
  THAbortAfterHandlerReturned(msg);
}

/* The kind and the source location of the error being reported on this thread (see
 * THLastErrorKind). */
static _Thread_local THErrorKind lastErrorKind = TH_ERROR_RUNTIME;
static _Thread_local const char *lastErrorFile = "";
static _Thread_local int lastErrorLine = 0;

THErrorKind THLastErrorKind(void) {
  return lastErrorKind;
}

const char *THLastErrorFile(void) {
  return lastErrorFile;
}

int THLastErrorLine(void) {
  return lastErrorLine;
}

static void THNoteError(THErrorKind kind, const char *file, int line) {
  lastErrorKind = kind;
  lastErrorFile = file;
  lastErrorLine = line;
}

TH_NORETURN static void THReportError(THErrorKind kind, const char *file, int line,
                                      const char *fmt, va_list args) {
  char msg[TH_ERROR_BUFFER_SIZE];
  vsnprintf(msg, sizeof(msg), fmt, args);
  THNoteError(kind, file, line);
  THDispatchError(msg, file, line);
}

/* The handlers never return, so no va_end is ever reached in the reporting functions below. */
void _THError(const char *file, int line, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  THReportError(TH_ERROR_RUNTIME, file, line, fmt, args);
}

void _THZeroDivisionError(const char *file, int line, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  THReportError(TH_ERROR_ZERO_DIVISION, file, line, fmt, args);
}

void _THOutOfMemoryError(const char *file, int line, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  THReportError(TH_ERROR_MEMORY, file, line, fmt, args);
}

/* Reports an argument error of the given kind through the argument-error handlers. */
TH_NORETURN static void THReportArgError(THErrorKind kind, const char *file, int line, int argNumber,
                                         const char *fmt, va_list args) {
  char text[TH_ERROR_BUFFER_SIZE];
  char msg[TH_ERROR_BUFFER_SIZE + 32];
  vsnprintf(text, sizeof(text), fmt, args);
  snprintf(msg, sizeof(msg), "invalid argument %d: %s", argNumber, text);
  THNoteError(kind, file, line);

  if (threadArgErrorHandler)
    threadArgErrorHandler(argNumber, msg, threadArgErrorHandlerData);
  else if (defaultArgErrorHandler)
    defaultArgErrorHandler(argNumber, msg, defaultArgErrorHandlerData);
  else
    THBuiltinErrorHandler(msg, file, line);
  THAbortAfterHandlerReturned(msg);
}

void _THArgCheck(const char *file, int line, int argNumber, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  THReportArgError(TH_ERROR_RUNTIME, file, line, argNumber, fmt, args);
}

void _THIndexCheck(const char *file, int line, int argNumber, const char *fmt, ...) {
  va_list args;
  va_start(args, fmt);
  THReportArgError(TH_ERROR_INDEX, file, line, argNumber, fmt, args);
}

void _THAssertionFailed(const char *file, int line, const char *exp, const char *fmt, ...) {
  char text[TH_ERROR_BUFFER_SIZE];
  va_list args;
  va_start(args, fmt);
  vsnprintf(text, sizeof(text), fmt, args);
  va_end(args);
  _THError(file, line, "assertion `%s' failed. %s", exp, text);
}

THDescBuff THSizeDesc(const long *size, int nDimension) {
  THDescBuff buf;
  const size_t cap = sizeof(buf.str);
  size_t used = 0;
  if (nDimension == 0) {
    snprintf(buf.str, cap, "[]");
    return buf;
  }
  buf.str[0] = '\0';
  for (int d = 0; d < nDimension && used < cap; d++) {
    int n = snprintf(buf.str + used, cap - used, d == 0 ? "%ld" : "x%ld", size[d]);
    used += n > 0 ? (size_t)n : 0;
  }
  if (used >= cap)
    snprintf(buf.str + cap - 4, 4, "...");
  return buf;
}

/* ---- Memory ----
 * Each block's usable size is added to a per-thread delta, which is folded into the shared
 * heapSize once it passes 1 MB either way: the atomic is touched rarely. */

#define TH_HEAP_DELTA_FLUSH (1 << 20)
#define TH_ALIGNED_ALLOC_MIN 5120
#define TH_ALIGNMENT 64
#define TH_HUGE_ALLOC_MIN (4 << 20)
#define TH_CACHED_ALLOC_MIN (128 << 10)
#define TH_HUGE_PAGE_SIZE (2 << 20)
#define TH_PAGE_SIZE 4096

static void (*gcHandler)(void *data) = NULL;
static void *gcData = NULL;
static ptrdiff_t heapSize = 0;
/* Every allocation touches this counter. The initial-exec model makes that a plain load from the
 * thread pointer instead of a call to __tls_get_addr (TH is linked into a loadable module). */
#if defined(__GNUC__)
static _Thread_local ptrdiff_t heapDelta __attribute__((tls_model("initial-exec"))) = 0;
#else
static _Thread_local ptrdiff_t heapDelta = 0;
#endif
static ptrdiff_t heapSoftMax = (ptrdiff_t)300 * 1000000;

void THSetGCHandler(void (*torchGCHandlerFunction)(void *data), void *data) {
  gcHandler = torchGCHandlerFunction;
  gcData = data;
}

ptrdiff_t THHeapSize(void) {
  return THAtomicGetPtrdiff(&heapSize) + heapDelta;
}

/* Runs the GC hook when the heap passes its soft limit; raises the limit by 40% if collecting
 * did not bring the heap under 80% of it. */
static void THMaybeTriggerGC(ptrdiff_t currentHeap) {
  if (!gcHandler || currentHeap <= heapSoftMax)
    return;
  gcHandler(gcData);
  if (THHeapSize() > heapSoftMax / 10 * 8)
    heapSoftMax = heapSoftMax / 10 * 14;
}

static void THHeapUpdate(ptrdiff_t delta) {
  heapDelta += delta;
  if (heapDelta < TH_HEAP_DELTA_FLUSH && heapDelta > -TH_HEAP_DELTA_FLUSH)
    return;
  ptrdiff_t flushed = heapDelta;
  heapDelta = 0;
  ptrdiff_t total = THAtomicAddPtrdiff(&heapSize, flushed) + flushed;
  if (flushed > 0)
    THMaybeTriggerGC(total);
}

/* Large blocks start on a 2 MB boundary and ask the kernel to back them with huge pages (where
 * transparent huge pages are enabled "on request"): the first write to a fresh 40 MB result then
 * takes twenty page faults instead of ten thousand. The advice is only a hint; failures are
 * ignored. */
static void *THTryAllocHuge(ptrdiff_t size) {
  void *ptr = NULL;
  if (posix_memalign(&ptr, TH_HUGE_PAGE_SIZE, (size_t)size) != 0)
    return NULL;
#ifdef MADV_HUGEPAGE
  madvise(ptr, (size_t)size & ~(size_t)(TH_PAGE_SIZE - 1), MADV_HUGEPAGE);
#endif
  return ptr;
}

/* ---- Reuse of large blocks ----
 * The first touch of a freshly mapped block costs a page fault per page: for a new 1 MB result
 * that is several times the arithmetic, and malloc maps blocks of this size afresh each time (it
 * gives them back to the system when they are freed). A training loop allocates the same sizes at
 * every step, so THFree keeps recently freed blocks of 128 KB or more (their pages stay mapped)
 * and THAlloc hands one back when it fits: at least the size asked for and at most twice it, so a
 * small request never pins a much larger block. Cached blocks do not count in THHeapSize, and they
 * are given back to the system before TH ever reports running out of memory. */

#define TH_BLOCK_CACHE_SLOTS 64
#define TH_BLOCK_CACHE_MAX_BYTES ((size_t)1 << 30)

static struct {
  void *ptr;
  size_t size;
} blockCache[TH_BLOCK_CACHE_SLOTS];
static size_t blockCacheBytes = 0;
static pthread_mutex_t blockCacheMutex = PTHREAD_MUTEX_INITIALIZER;

/* The best-fitting cached block for `size` bytes, removed from the cache; NULL if none fits. */
static void *THBlockCacheTake(size_t size) {
  pthread_mutex_lock(&blockCacheMutex);
  int best = -1;
  for (int i = 0; i < TH_BLOCK_CACHE_SLOTS; i++) {
    size_t cached = blockCache[i].size;
    if (blockCache[i].ptr && cached >= size && cached / 2 <= size &&
        (best < 0 || cached < blockCache[best].size))
      best = i;
  }
  void *ptr = NULL;
  if (best >= 0) {
    ptr = blockCache[best].ptr;
    blockCacheBytes -= blockCache[best].size;
    blockCache[best].ptr = NULL;
  }
  pthread_mutex_unlock(&blockCacheMutex);
  return ptr;
}

/* Keeps a freed large block if there is room; returns whether it did. */
static int THBlockCachePut(void *ptr, size_t size) {
  int kept = 0;
  pthread_mutex_lock(&blockCacheMutex);
  for (int i = 0; i < TH_BLOCK_CACHE_SLOTS && !kept; i++) {
    if (!blockCache[i].ptr && blockCacheBytes + size <= TH_BLOCK_CACHE_MAX_BYTES) {
      blockCache[i].ptr = ptr;
      blockCache[i].size = size;
      blockCacheBytes += size;
      kept = 1;
    }
  }
  pthread_mutex_unlock(&blockCacheMutex);
  return kept;
}

void THFreeCachedBlocks(void) {
  pthread_mutex_lock(&blockCacheMutex);
  for (int i = 0; i < TH_BLOCK_CACHE_SLOTS; i++) {
    free(blockCache[i].ptr);
    blockCache[i].ptr = NULL;
  }
  blockCacheBytes = 0;
  pthread_mutex_unlock(&blockCacheMutex);
}

static void *THTryAlloc(ptrdiff_t size) {
  void *ptr = NULL;
  if (size >= TH_CACHED_ALLOC_MIN && (ptr = THBlockCacheTake((size_t)size)) != NULL)
    return ptr;
  if (size >= TH_HUGE_ALLOC_MIN)
    return THTryAllocHuge(size);
  if (size > TH_ALIGNED_ALLOC_MIN) {
    if (posix_memalign(&ptr, TH_ALIGNMENT, (size_t)size) != 0)
      ptr = NULL;
  } else {
    ptr = malloc((size_t)size);
  }
  return ptr;
}

TH_NORETURN static void THOutOfMemory(ptrdiff_t size) {
  THOutOfMemoryError("not enough memory: you tried to allocate %td bytes (%.2f GB)", size,
                     (double)size / (1024.0 * 1024.0 * 1024.0));
}

void *THAlloc(ptrdiff_t size) {
  if (size < 0)
    THError("cannot allocate a negative number of bytes (%td)", size);
  if (size == 0)
    return NULL;
  void *ptr = THTryAlloc(size);
  if (!ptr) {
    THFreeCachedBlocks();
    if (gcHandler)
      gcHandler(gcData);
    ptr = THTryAlloc(size);
  }
  if (!ptr)
    THOutOfMemory(size);
  THHeapUpdate((ptrdiff_t)malloc_usable_size(ptr));
  return ptr;
}

void *THRealloc(void *ptr, ptrdiff_t size) {
  if (size < 0)
    THError("cannot allocate a negative number of bytes (%td)", size);
  if (!ptr)
    return THAlloc(size);
  if (size == 0) {
    THFree(ptr);
    return NULL;
  }
  ptrdiff_t oldUsable = (ptrdiff_t)malloc_usable_size(ptr);
  void *newptr = realloc(ptr, (size_t)size);
  if (!newptr) {
    THFreeCachedBlocks();
    if (gcHandler)
      gcHandler(gcData);
    newptr = realloc(ptr, (size_t)size);
  }
  if (!newptr)
    THOutOfMemory(size);
  THHeapUpdate((ptrdiff_t)malloc_usable_size(newptr) - oldUsable);
  return newptr;
}

void THFree(void *ptr) {
  if (!ptr)
    return;
  size_t usable = malloc_usable_size(ptr);
  THHeapUpdate(-(ptrdiff_t)usable);
  if (usable >= TH_CACHED_ALLOC_MIN && THBlockCachePut(ptr, usable))
    return;
  free(ptr);
}

/* ---- Threads ---- */

/* The threads TH's parallel loops (and the GEMMs that THBlas shares out) may use: one number for
 * the whole process. OpenMP's own setting (omp_set_num_threads) belongs to the thread that makes
 * it, so a loop started from another Python thread would not see it; every TH region names its
 * team size from this number instead. 0 until set: then OpenMP's default (OMP_NUM_THREADS, or a
 * thread per core). */
static int numThreads;

void THSetNumThreads(int num_threads) {
#ifdef _OPENMP
  if (num_threads > 0) {
    __atomic_store_n(&numThreads, num_threads, __ATOMIC_RELAXED);
    omp_set_num_threads(num_threads);
  }
#else
  (void)num_threads;
#endif
}

int THGetNumThreads(void) {
#ifdef _OPENMP
  int threads = __atomic_load_n(&numThreads, __ATOMIC_RELAXED);
  return threads > 0 ? threads : omp_get_max_threads();
#else
  return 1;
#endif
}

int THGetNumCores(void) {
#ifdef _OPENMP
  return omp_get_num_procs();
#else
  return 1;
#endif
}
