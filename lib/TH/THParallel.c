/* THParallel: the busy-machine guard of TH's parallel loops (the loops themselves are macros in
 * THParallel.h, which explains the guard). Its state is three numbers shared by every thread of
 * the process, read and written with relaxed atomics: they steer a heuristic, and a lost update
 * only makes one loop choose less well. */
#include "THParallel.h"

/* The first spell of fewer threads, and the longest (seconds). */
#define TH_PARALLEL_FIRST_SPELL 0.016
#define TH_PARALLEL_LONGEST_SPELL 1.0

#ifdef _OPENMP

static double spellEnd;         /* omp_get_wtime() when the current spell ends */
static double spell;            /* length of the last spell; 0 once all the threads start together */
static int spellThreads;        /* threads a loop may use during the spell */

static double THParallel_load(double *variable) {
  double value;
  __atomic_load(variable, &value, __ATOMIC_RELAXED);
  return value;
}

static void THParallel_store(double *variable, double value) {
  __atomic_store(variable, &value, __ATOMIC_RELAXED);
}

/* *variable = value if value is earlier (earlier != 0) or later (earlier == 0), atomically. */
static void THParallel_extend(double *variable, double value, int earlier) {
  double seen = THParallel_load(variable);
  while ((earlier ? value < seen : value > seen) &&
         !__atomic_compare_exchange(variable, &seen, &value, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
    ;
}

int THParallel_threadsAvailable(void) {
  int threads = THGetNumThreads();
  if (threads > 1 && omp_get_wtime() < THParallel_load(&spellEnd)) {
    int allowed = __atomic_load_n(&spellThreads, __ATOMIC_RELAXED);
    return allowed < threads ? allowed : threads;
  }
  return threads;
}

void THParallel_open(THParallelRegion *region, int threads) {
  region->threads = threads;
  for (int k = 0; k < TH_PARALLEL_CHECKPOINTS; k++) {
    region->first[k] = INFINITY;
    region->last[k] = -INFINITY;
  }
}

void THParallel_checkpoint(THParallelRegion *region, int checkpoint) {
  double now = omp_get_wtime();
  THParallel_extend(&region->first[checkpoint], now, 1);
  THParallel_extend(&region->last[checkpoint], now, 0);
}

/* Whether the team waited for a late thread at some checkpoint longer than TH_PARALLEL_LATE plus
 * what the first thread there had worked since the previous one (all left it together, when the
 * last arrived): longer than the late thread would have taken to do that share itself. */
static int THParallel_waitedTooLong(const THParallelRegion *region) {
  double resumed = region->first[0];
  for (int k = 0; k < TH_PARALLEL_CHECKPOINTS && region->first[k] <= region->last[k]; k++) {
    double worked = region->first[k] > resumed ? region->first[k] - resumed : 0;
    if (region->last[k] - region->first[k] > TH_PARALLEL_LATE + worked)
      return 1;
    resumed = region->last[k];
  }
  return 0;
}

void THParallel_close(const THParallelRegion *region) {
  double last = THParallel_load(&spell);
  if (THParallel_waitedTooLong(region)) {
    double next = last * 2;
    if (next < TH_PARALLEL_FIRST_SPELL)
      next = TH_PARALLEL_FIRST_SPELL;
    if (next > TH_PARALLEL_LONGEST_SPELL)
      next = TH_PARALLEL_LONGEST_SPELL;
    __atomic_store_n(&spellThreads, region->threads > 2 ? region->threads / 2 : 1, __ATOMIC_RELAXED);
    THParallel_store(&spell, next);
    THParallel_store(&spellEnd, omp_get_wtime() + next);
  } else if (last > 0 && region->threads >= THGetNumThreads()) {
    THParallel_store(&spell, last / 2 < TH_PARALLEL_FIRST_SPELL ? 0 : last / 2);
  }
}

#else

int THParallel_threadsAvailable(void) {
  return 1;
}

void THParallel_open(THParallelRegion *region, int threads) {
  region->threads = threads;
}

void THParallel_checkpoint(THParallelRegion *region, int checkpoint) {
  (void)region;
  (void)checkpoint;
}

void THParallel_close(const THParallelRegion *region) {
  (void)region;
}

#endif
