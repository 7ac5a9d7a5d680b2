/* THParallel: the busy-machine guard of TH's parallel loops (the loops themselves are macros in
 * THParallel.h, which explains the guard). Its state is a few numbers shared by every thread of
 * the process, read and written with relaxed atomics: they steer a heuristic, and a lost update
 * only makes one loop choose less well. */
#include "THParallel.h"

/* Regions in a row that must lose before a spell starts: on a busy machine they lose one after
 * the other, while on an idle one a region loses now and then, when some other work takes a core
 * for a moment, and a spell would cost more than that moment. */
#define TH_PARALLEL_LOSSES_IN_A_ROW 2
/* The first spell of fewer threads, and the longest (seconds). A spell also lasts at least
 * TH_PARALLEL_SPELL_PER_LOSS times the region that lost, so that trying every thread again after
 * it costs little: a sort of 4 ms can lose 50. */
#define TH_PARALLEL_FIRST_SPELL 0.016
#define TH_PARALLEL_LONGEST_SPELL 1.0
#define TH_PARALLEL_SPELL_PER_LOSS 16

#ifdef _OPENMP

static double spellEnd;         /* omp_get_wtime() when the current spell ends */
static double spell;            /* length of the last spell; 0 once teams keep together again */
static int spellThreads;        /* threads a loop may use during the spell */
static int lossesInARow;        /* regions that lost since the last one that did not */

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

/* Whether the region lost to waiting: it took (*elapsed) longer than TH_PARALLEL_LATE plus twice
 * one share of its work, the time a team of half as many threads would have needed. One share is
 * what the first thread to reach each checkpoint worked since the team set off from the previous
 * one: at once from the start, and from a barrier when its last thread arrived there. */
static int THParallel_lostToWaiting(const THParallelRegion *region, double *elapsed) {
  double share = 0, setOff = region->first[0];
  int k = 0;
  for (; k < TH_PARALLEL_CHECKPOINTS && region->first[k] <= region->last[k]; k++) {
    if (k > 0) {
      share += region->first[k] > setOff ? region->first[k] - setOff : 0;
      setOff = region->last[k];
    }
  }
  *elapsed = k > 0 ? region->last[k - 1] - region->first[0] : 0;
  return *elapsed > TH_PARALLEL_LATE + 2 * share;
}

void THParallel_close(const THParallelRegion *region) {
  double last = THParallel_load(&spell), elapsed;
  if (!THParallel_lostToWaiting(region, &elapsed)) {
    __atomic_store_n(&lossesInARow, 0, __ATOMIC_RELAXED);
    if (last > 0 && region->threads >= THGetNumThreads())
      THParallel_store(&spell, last / 2 < TH_PARALLEL_FIRST_SPELL ? 0 : last / 2);
  } else if (__atomic_add_fetch(&lossesInARow, 1, __ATOMIC_RELAXED) >= TH_PARALLEL_LOSSES_IN_A_ROW) {
    __atomic_store_n(&lossesInARow, 0, __ATOMIC_RELAXED);
    double next = last * 2;
    if (next < TH_PARALLEL_FIRST_SPELL)
      next = TH_PARALLEL_FIRST_SPELL;
    if (next < TH_PARALLEL_SPELL_PER_LOSS * elapsed)
      next = TH_PARALLEL_SPELL_PER_LOSS * elapsed;
    if (next > TH_PARALLEL_LONGEST_SPELL)
      next = TH_PARALLEL_LONGEST_SPELL;
    __atomic_store_n(&spellThreads, region->threads > 2 ? region->threads / 2 : 1, __ATOMIC_RELAXED);
    THParallel_store(&spell, next);
    THParallel_store(&spellEnd, omp_get_wtime() + next);
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
