/* THParallel: the one loop shape TH runs on several cores — a flat loop over a contiguous array,
 * spread over the OpenMP threads once it is long enough (TH_OMP_OVERHEAD_THRESHOLD elements) to
 * pay for waking them. Short loops never enter OpenMP at all, so a 1-element add costs nothing
 * extra. Used by the contiguous fast paths of THTensorMath and THTensorCopy. */
#ifndef TH_PARALLEL_INC
#define TH_PARALLEL_INC

#include "THGeneral.h"

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

#endif
