/* THParallel: the loop macros share out every iteration once, whatever number of threads runs
 * them; two regions in a row that lost to waiting for a late thread start a spell of loops on
 * half as many threads, which ends; and the whole-array reductions give the same bits on one
 * thread as on several. No test here depends on how busy the machine is: regions are made up with
 * the times wanted, and where the machine decides (one thread or several), every answer is checked
 * to be the same. */
#include "harness.h"

#include <pthread.h>
#include <time.h>

static void sleepFor(double seconds) {
  struct timespec wait = {(time_t)seconds, (long)((seconds - (time_t)seconds) * 1e9)};
  nanosleep(&wait, NULL);
}

/* A closed region of `threads` threads that started `spread` seconds apart and did nothing else. */
static void closeRegion(int threads, double spread) {
  THParallelRegion region;
  THParallel_open(&region, threads);
  region.first[0] = 1.0;
  region.last[0] = 1.0 + spread;
  THParallel_close(&region);
}

/* Regions of every thread, whose threads started `spread` seconds apart, closed `count` times. */
static void closeRegions(double spread, int count) {
  for (int i = 0; i < count; i++)
    closeRegion(THGetNumThreads(), spread);
}

/* Back to free cores: regions that kept together halve the spell until it is gone, then the last
 * spell (at most 1 s) runs out. */
static void forgetBusyness(void) {
  closeRegions(0, 10);
  while (THParallel_threadsAvailable() != THGetNumThreads())
    sleepFor(0.01);
}

TEST(short_loops_run_on_one_thread) {
  CHECK_EQ_LONG(THParallel_threadsFor(10), 1);
  CHECK_EQ_LONG(THParallel_threadsFor(TH_OMP_OVERHEAD_THRESHOLD), 1);
}

TEST(every_iteration_runs_once_on_any_number_of_threads) {
  enum { N = 300001 };
  static unsigned char seen[N];
  for (int threads = 1; threads <= 3; threads++) {
    THSetNumThreads(threads);
    memset(seen, 0, sizeof(seen));
    TH_PARALLEL_FOR(i, N, seen[i]++;);
    long wrong = 0;
    for (long i = 0; i < N; i++)
      wrong += seen[i] != 1;
    memset(seen, 0, sizeof(seen));
    TH_PARALLEL_CHUNKS(begin, length, N,
                       for (ptrdiff_t i = begin; i < begin + length; i++)
                         seen[i]++;);
    for (long i = 0; i < N; i++)
      wrong += seen[i] != 1;
    memset(seen, 0, sizeof(seen));
    TH_PARALLEL_LOOP(i, 7, 1e9, seen[i]++;);     /* few iterations, much work each */
    for (long i = 0; i < 7; i++)
      wrong += seen[i] != 1;
    CHECK_EQ_LONG(wrong, 0);
  }
  THSetNumThreads(2);
}

TEST(shares_cover_the_range_in_order) {
  ptrdiff_t next = 0, begin, length;
  for (ptrdiff_t s = 0; s < 4; s++) {
    THParallel_shareOf(10, 4, s, &begin, &length);
    CHECK_EQ_LONG(begin, next);
    CHECK(length == 2 || length == 3);
    next = begin + length;
  }
  CHECK_EQ_LONG(next, 10);
}

TEST(a_thread_that_starts_late_is_seen) {
  THSetNumThreads(2);
  THParallelRegion region;
  THParallel_open(&region, 2);
#pragma omp parallel num_threads(2)
  {
    if (omp_get_thread_num() == 1)
      sleepFor(0.05);                             /* as if it waited for a core */
    THParallel_checkpoint(&region, 0);
  }
  if (omp_get_max_threads() > 1)
    CHECK(region.last[0] - region.first[0] > TH_PARALLEL_LATE);
  CHECK(region.first[1] > region.last[1]);        /* checkpoint 1 was not passed */
}

/* Two regions of two threads that start together; at their end the first thread has worked 10 ms
 * and the other arrives `lateBy` seconds after it. */
static int busyAfterWaiting(double lateBy) {
  for (int i = 0; i < 2; i++) {
    THParallelRegion region;
    THParallel_open(&region, 2);
    region.first[0] = region.last[0] = 1.0;
    region.first[1] = 1.010;
    region.last[1] = 1.010 + lateBy;
    THParallel_close(&region);
  }
  int busy = THParallel_threadsAvailable() == 1;
  forgetBusyness();
  return busy;
}

TEST(waiting_counts_against_the_work_done_meanwhile) {
  THSetNumThreads(2);
  forgetBusyness();
  CHECK(!busyAfterWaiting(0.003));                /* 2 threads still beat 1: 13 ms against 20 */
  CHECK(busyAfterWaiting(0.012));                 /* 22 ms against 20 (and 1 ms of slack) */
}

TEST(late_regions_start_a_spell_of_fewer_threads_that_ends) {
  THSetNumThreads(2);
  forgetBusyness();
  closeRegions(0.005, 1);                         /* one loss alone: a moment of other work */
  closeRegions(0, 1);
  closeRegions(0.005, 1);
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 2);
  closeRegions(0.002, 2);                         /* the first spell: 32 ms (16 times 2) */
  sleepFor(0.1);
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 2);
  closeRegions(0.2, 2);                           /* losses of 200 ms: a spell of 1 s (16 times that, capped) */
  sleepFor(0.05);
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 1);
  forgetBusyness();
  closeRegions(0.005, 10);                        /* still busy: spells grow to 1 s */
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 1);
  CHECK_EQ_LONG(THParallel_threadsFor(1e9), 1);
  forgetBusyness();
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 2);
  closeRegions(0.0001, 1);                        /* a spread of 0.1 ms is a wake-up, not busyness */
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 2);
}

TEST(each_late_region_halves_the_threads_of_the_spell) {
  THSetNumThreads(8);
  forgetBusyness();
  closeRegions(0.005, 10);                        /* a spell of 1 s */
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 4);
  closeRegion(4, 0.005);                          /* loops of the spell find cores taken too */
  closeRegion(4, 0.005);
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 2);
  closeRegion(4, 0);                              /* on time, but not on every thread: no news */
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 2);
  forgetBusyness();
  CHECK_EQ_LONG(THParallel_threadsAvailable(), 8);
  THSetNumThreads(2);
}

TEST(whole_array_reductions_give_the_same_bits_on_one_thread_or_more) {
  THSetNumThreads(2);
  long n = 1000003;
  THDoubleTensor *t = THDoubleTensor_newWithSize1d(n), *u = THDoubleTensor_newWithSize1d(n);
  for (long i = 0; i < n; i++) {
    THDoubleTensor_data(t)[i] = 1.0 / (double)(i + 1);
    THDoubleTensor_data(u)[i] = 1.0 + 1e-7 * (double)(i % 13);
  }
  forgetBusyness();                               /* several threads, unless the machine is busy */
  double sum = THDoubleTensor_sumall(t), prod = THDoubleTensor_prodall(u);
  double dot = THDoubleTensor_dot(t, u);
  closeRegions(0.005, 10);                        /* one thread for the next second */
  CHECK(THDoubleTensor_sumall(t) == sum);
  CHECK(THDoubleTensor_prodall(u) == prod);
  CHECK(THDoubleTensor_dot(t, u) == dot);
  forgetBusyness();
  THDoubleTensor_free(u);
  THDoubleTensor_free(t);
}

enum { NESTED_N = 300001, NESTED_TEAM = 2 };

/* Counts every index of [0, NESTED_N) into mine once through each loop macro, the first 1000 once
 * more through a short loop (one that runs on one thread anyway) and the first 7 once more through
 * a loop of few long iterations; returns 1 if a loop here would have asked for a team of its own. A function of its own,
 * as the loops inside a region are in the library: reached by a call, not written inside the
 * region. */
static int countEveryIndex(unsigned char *mine) {
  int asked = THParallel_threadsFor(1e9) != 1;
  TH_PARALLEL_FOR(i, NESTED_N, mine[i]++;);
  TH_PARALLEL_CHUNKS(begin, length, NESTED_N,
                     for (ptrdiff_t i = begin; i < begin + length; i++)
                       mine[i]++;);
  TH_PARALLEL_FOR(i, 1000, mine[i]++;);
  TH_PARALLEL_LOOP(i, 7, 1e9, mine[i]++;);
  return asked;
}

/* A loop inside another parallel region (a convolution's images share the threads, and each
 * image's loops run inside) runs whole on the thread that meets it: an `omp for` met there would
 * otherwise bind to the enclosing team and run only that thread's part. Checked inside TH's own
 * region and inside a plain OpenMP one, each thread counting into its own array. */
TEST(loops_inside_a_region_run_whole_on_their_thread) {
  static unsigned char seen[NESTED_TEAM][NESTED_N];
  THSetNumThreads(NESTED_TEAM);
  forgetBusyness();
  long wrong = 0;
  int asked[NESTED_TEAM] = {0};
  for (int outer = 0; outer < 2; outer++) {
    memset(seen, 0, sizeof(seen));
    if (outer == 0) {
      TH_PARALLEL_REGION(1e9,
        _Pragma("omp for")
        for (int me = 0; me < NESTED_TEAM; me++)
          asked[me] += countEveryIndex(seen[me]););
    } else {
#pragma omp parallel for num_threads(NESTED_TEAM)
      for (int me = 0; me < NESTED_TEAM; me++)
        asked[me] += countEveryIndex(seen[me]);
    }
    for (int me = 0; me < NESTED_TEAM; me++)
      for (long i = 0; i < NESTED_N; i++)
        wrong += seen[me][i] != 2 + (i < 1000) + (i < 7);
  }
  CHECK_EQ_LONG(wrong, 0);
  CHECK_EQ_LONG(asked[0] + asked[1], 0);  /* no loop inside a region asks for a team of its own */
  CHECK(THParallel_threadsFor(1e9) > 1);
}

/* set_num_threads is one number for the process: a thread started later sees it too (OpenMP's
 * own setting belongs to the thread that makes it). */
static void *readThreads(void *result) {
  *(int *)result = THGetNumThreads();
  return NULL;
}

TEST(the_thread_count_is_the_same_in_every_thread) {
  THSetNumThreads(3);
  int seen = 0;
  pthread_t thread;
  CHECK(pthread_create(&thread, NULL, readThreads, &seen) == 0);
  pthread_join(thread, NULL);
  CHECK_EQ_LONG(seen, 3);
  THSetNumThreads(2);
}

HARNESS_MAIN(TEST_ENTRY(short_loops_run_on_one_thread),
             TEST_ENTRY(every_iteration_runs_once_on_any_number_of_threads),
             TEST_ENTRY(shares_cover_the_range_in_order),
             TEST_ENTRY(a_thread_that_starts_late_is_seen),
             TEST_ENTRY(waiting_counts_against_the_work_done_meanwhile),
             TEST_ENTRY(late_regions_start_a_spell_of_fewer_threads_that_ends),
             TEST_ENTRY(each_late_region_halves_the_threads_of_the_spell),
             TEST_ENTRY(whole_array_reductions_give_the_same_bits_on_one_thread_or_more),
             TEST_ENTRY(loops_inside_a_region_run_whole_on_their_thread),
             TEST_ENTRY(the_thread_count_is_the_same_in_every_thread))
