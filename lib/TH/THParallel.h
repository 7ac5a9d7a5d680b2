/* THParallel: how TH runs on several cores — a flat loop over a contiguous array, or a kernel
 * called on one contiguous share per thread, spread over the OpenMP threads once it is long enough
 * (TH_OMP_OVERHEAD_THRESHOLD elements) to pay for waking them. Short loops never enter OpenMP at
 * all, so a 1-element add costs nothing extra. Used by the contiguous fast paths of THTensorMath, THTensorPointwise and THTensorCopy;
 * TH_PARALLEL_CHUNKS gives each thread one contiguous share, for THVector's kernels. */
#ifndef TH_PARALLEL_INC
#define TH_PARALLEL_INC

#include "THGeneral.h"

#ifdef _OPENMP
#include <omp.h>
#endif

/* for (ptrdiff_t I = 0; I < N; I++) { BODY }. BODY must not raise TH errors. */
#ifdef _OPENMP
#define TH_PARALLEL_FOR(I, N, ...)                                     \
  do {                                                                 \
    const ptrdiff_t TH_parallel_n = (N);                               \
    if (TH_parallel_n > TH_OMP_OVERHEAD_THRESHOLD) {                   \
      _Pragma("omp parallel for")                                      \
      for (ptrdiff_t I = 0; I < TH_parallel_n; I++) {                  \
        __VA_ARGS__                                                    \
      }                                                                \
    } else {                                                           \
      for (ptrdiff_t I = 0; I < TH_parallel_n; I++) {                  \
        __VA_ARGS__                                                    \
      }                                                                \
    }                                                                  \
  } while (0)
#else
#define TH_PARALLEL_FOR(I, N, ...)                                     \
  do {                                                                 \
    const ptrdiff_t TH_parallel_n = (N);                               \
    for (ptrdiff_t I = 0; I < TH_parallel_n; I++) {                    \
      __VA_ARGS__                                                      \
    }                                                                  \
  } while (0)
#endif

/* This thread's share of [0, n): contiguous, as equal as possible, in thread order (the whole
 * range outside a parallel region). */
static inline void THParallel_share(ptrdiff_t n, ptrdiff_t *begin, ptrdiff_t *length) {
#ifdef _OPENMP
  ptrdiff_t threads = omp_get_num_threads(), id = omp_get_thread_num();
  ptrdiff_t base = n / threads, extra = n % threads;
  *begin = base * id + (id < extra ? id : extra);
  *length = base + (id < extra);
#else
  *begin = 0;
  *length = n;
#endif
}

/* Runs BODY once per thread with ptrdiff_t BEGIN and LENGTH naming that thread's share of [0, N),
 * so BODY can hand it to a THVector kernel; up to TH_OMP_OVERHEAD_THRESHOLD elements, once on the
 * whole range without entering OpenMP. BODY must not raise TH errors. */
#define TH_PARALLEL_CHUNKS(BEGIN, LENGTH, N, ...)                                    \
  do {                                                                              \
    const ptrdiff_t TH_chunks_n = (N);                                              \
    if (TH_chunks_n > TH_OMP_OVERHEAD_THRESHOLD) {                                  \
      _Pragma("omp parallel")                                                       \
      {                                                                             \
        ptrdiff_t BEGIN, LENGTH;                                                    \
        THParallel_share(TH_chunks_n, &BEGIN, &LENGTH);                             \
        __VA_ARGS__                                                                 \
      }                                                                             \
    } else {                                                                        \
      const ptrdiff_t BEGIN = 0, LENGTH = TH_chunks_n;                              \
      (void)BEGIN;                                                                  \
      __VA_ARGS__                                                                   \
    }                                                                               \
  } while (0)

#endif
