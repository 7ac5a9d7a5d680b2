/* THParallel: how TH runs on several cores. Every parallel loop of TH goes through the macros
 * below: a flat loop over a contiguous array (TH_PARALLEL_FOR), a kernel called on one contiguous
 * share per thread (TH_PARALLEL_CHUNKS, for THVector's kernels), or any OpenMP worksharing inside
 * a region (TH_PARALLEL_REGION). Short loops never enter OpenMP at all, so a 1-element add costs
 * nothing extra.
 *
 * How many threads a loop gets is decided per loop by THParallel_threadsFor: one up to
 * TH_OMP_OVERHEAD_THRESHOLD elements of work, fewer than THGetNumThreads() while the machine has
 * lately been found busy. A parallel loop splits its work into one equal share per thread and
 * returns when the last share is done; when other processes hold the cores, a thread may wait
 * several milliseconds (a scheduler time slice) to start or to go on with its share, while its
 * team mates spin at the barrier, so a loop of 1 ms takes 16. Each thread of a region therefore
 * notes when it passes the region's checkpoints (its start, each barrier, its end:
 * THParallel_checkpoint), and THParallel_close judges the region: it lost to waiting when it took
 * longer than TH_PARALLEL_LATE plus twice one thread's share of the work, the time half as many
 * threads would have needed (one thread, for a team of two). After two such regions in a row
 * (one alone may be a moment of other work on an idle machine), loops run on half as many threads
 * for a spell: 16 ms at first, or 16 times the region that lost if that is longer, doubling while
 * the loops that try every thread again after a spell still lose (up to 1 s), halving while they
 * do not. */
#ifndef TH_PARALLEL_INC
#define TH_PARALLEL_INC

#include "THGeneral.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* The waiting that a region always forgives, in seconds: waking a sleeping thread takes tens of
 * microseconds, waiting for a busy core milliseconds. (A region's time runs from its first
 * thread's start, not from the moment it opened, because the OpenMP runtime may take long to
 * start a team, the first time, before any thread runs.) */
#define TH_PARALLEL_LATE 1e-3
/* Checkpoints a region may have. */
#define TH_PARALLEL_CHECKPOINTS 16

/* THGetNumThreads(), or fewer during a spell that a busy machine started. */
TH_API int THParallel_threadsAvailable(void);

/* Whether this thread runs inside a parallel region (of any size, TH's or another's). */
static inline int THParallel_inRegion(void) {
#ifdef _OPENMP
  return omp_get_level() > 0;
#else
  return 0;
#endif
}

/* How many threads a loop over `work` elements (or element operations) should run on: 1 up to
 * TH_OMP_OVERHEAD_THRESHOLD or inside another parallel region (whose team already holds the
 * cores: a convolution's images share the threads, and each image's loops run on its own
 * thread), else THParallel_threadsAvailable(). */
static inline int THParallel_threadsFor(double work) {
  return work > TH_OMP_OVERHEAD_THRESHOLD && !THParallel_inRegion() ? THParallel_threadsAvailable()
                                                                     : 1;
}

/* One parallel region: how many threads it asked for, and when the first and the last thread
 * passed each checkpoint (omp_get_wtime(); first > last for a checkpoint no thread passed). */
typedef struct THParallelRegion {
  int threads;
  double first[TH_PARALLEL_CHECKPOINTS];
  double last[TH_PARALLEL_CHECKPOINTS];
} THParallelRegion;

/* Before a region of `threads` threads opens (one thread). */
TH_API void THParallel_open(THParallelRegion *region, int threads);
/* On every thread of the team, at checkpoint 0 (first thing in the region), 1, 2, ... in order:
 * before each barrier, and at the end. */
TH_API void THParallel_checkpoint(THParallelRegion *region, int checkpoint);
/* After the region (one thread): starts or lengthens a spell of fewer threads when regions lose to
 * waiting, shortens the next spell when a team of every thread does not. */
TH_API void THParallel_close(const THParallelRegion *region);

/* Runs BODY on THParallel_threadsFor(WORK) threads: in an OpenMP parallel region whose threads
 * pass a checkpoint before and after it, or once on this thread. BODY shares its work out with
 * OpenMP worksharing (_Pragma("omp for") loops), which one thread runs whole, or with
 * THParallel_share. BODY must not raise TH errors.
 * On one thread BODY runs without entering OpenMP, except inside another region: there it runs
 * in a team of one of its own, because an `omp for` (or THParallel_share) outside a team of its
 * own binds to the enclosing one, and would run only this thread's part of the enclosing team's
 * share, leaving the rest of BODY's loop undone. */
#ifdef _OPENMP
#define TH_PARALLEL_REGION(WORK, ...)                                  \
  do {                                                                 \
    const int TH_region_threads = THParallel_threadsFor(WORK);         \
    if (TH_region_threads > 1) {                                       \
      THParallelRegion TH_region;                                      \
      THParallel_open(&TH_region, TH_region_threads);                  \
      _Pragma("omp parallel num_threads(TH_region_threads)")           \
      {                                                                \
        THParallel_checkpoint(&TH_region, 0);                          \
        __VA_ARGS__                                                    \
        THParallel_checkpoint(&TH_region, 1);                          \
      }                                                                \
      THParallel_close(&TH_region);                                    \
    } else if (THParallel_inRegion()) {                                \
      _Pragma("omp parallel num_threads(1)")                           \
      {                                                                \
        __VA_ARGS__                                                    \
      }                                                                \
    } else {                                                           \
      __VA_ARGS__                                                      \
    }                                                                  \
  } while (0)
#else
#define TH_PARALLEL_REGION(WORK, ...)                                  \
  do {                                                                 \
    __VA_ARGS__                                                        \
  } while (0)
#endif

/* for (ptrdiff_t I = 0; I < N; I++) { BODY }, the iterations shared out when N (or, with
 * TH_PARALLEL_LOOP, WORK: N times the cost of one iteration) is large. BODY must not raise TH
 * errors. */
#define TH_PARALLEL_LOOP(I, N, WORK, ...)                              \
  do {                                                                 \
    const ptrdiff_t TH_loop_n = (N);                                   \
    TH_PARALLEL_REGION(WORK,                                           \
      _Pragma("omp for nowait")                                        \
      for (ptrdiff_t I = 0; I < TH_loop_n; I++) {                      \
        __VA_ARGS__                                                    \
      });                                                              \
  } while (0)

#define TH_PARALLEL_FOR(I, N, ...)                                     \
  do {                                                                 \
    const ptrdiff_t TH_for_n = (N);                                    \
    TH_PARALLEL_LOOP(I, TH_for_n, TH_for_n, __VA_ARGS__);              \
  } while (0)

/* Share number `index` of [0, n) cut into `shares` contiguous shares, as equal as possible. */
static inline void THParallel_shareOf(ptrdiff_t n, ptrdiff_t shares, ptrdiff_t index,
                                      ptrdiff_t *begin, ptrdiff_t *length) {
  ptrdiff_t base = n / shares, extra = n % shares;
  *begin = base * index + (index < extra ? index : extra);
  *length = base + (index < extra);
}

/* This thread's share of [0, n), in thread order (the whole range outside a parallel region). */
static inline void THParallel_share(ptrdiff_t n, ptrdiff_t *begin, ptrdiff_t *length) {
#ifdef _OPENMP
  THParallel_shareOf(n, omp_get_num_threads(), omp_get_thread_num(), begin, length);
#else
  *begin = 0;
  *length = n;
#endif
}

/* Runs BODY once per thread with ptrdiff_t BEGIN and LENGTH naming that thread's share of [0, N),
 * so BODY can hand it to a THVector kernel; on one thread, once on the whole range. BODY must not
 * raise TH errors. */
#define TH_PARALLEL_CHUNKS(BEGIN, LENGTH, N, ...)                      \
  do {                                                                 \
    const ptrdiff_t TH_chunks_n = (N);                                 \
    TH_PARALLEL_REGION(TH_chunks_n,                                    \
      ptrdiff_t BEGIN, LENGTH;                                         \
      THParallel_share(TH_chunks_n, &BEGIN, &LENGTH);                  \
      __VA_ARGS__);                                                    \
  } while (0)

#endif
