/* THGeneral: how errors reach their handlers (thread-local first, then the process default, with
 * clean messages and "invalid argument N:" for argument errors), the checking macros, and the
 * thread-count controls. */
#include "harness.h"

#include <setjmp.h>

static sigjmp_buf jump;
static char seen[2048];
static int seenArg = 0;
static const char *seenBy = "";

static void defaultHandler(const char *msg, void *data) {
  snprintf(seen, sizeof(seen), "%s", msg);
  seenBy = (const char *)data;
  siglongjmp(jump, 1);
}

static void defaultArgHandler(int argNumber, const char *msg, void *data) {
  snprintf(seen, sizeof(seen), "%s", msg);
  seenArg = argNumber;
  seenBy = (const char *)data;
  siglongjmp(jump, 1);
}

static void raiseError(int value) {
  THError("value %d is wrong", value);
}

static void raiseArgError(int value) {
  THArgCheck(value > 0, 3, "value must be positive, got %d", value);
}

TEST(messages_carry_no_file_or_line) {
  EXPECT_TH_ERROR(raiseError(5), "value 5 is wrong");
  CHECK(strcmp(harness_last_error(), "value 5 is wrong") == 0);
  EXPECT_TH_ERROR(raiseArgError(-2), "value must be positive");
  CHECK(strcmp(harness_last_error(), "invalid argument 3: value must be positive, got -2") == 0);
  raiseArgError(1);                               /* a passing check does nothing */
}

TEST(the_default_handlers_serve_threads_without_their_own) {
  THSetErrorHandler(NULL, NULL);
  THSetArgErrorHandler(NULL, NULL);
  THSetDefaultErrorHandler(defaultHandler, "default");
  THSetDefaultArgErrorHandler(defaultArgHandler, "default-arg");
  if (sigsetjmp(jump, 0) == 0)
    raiseError(1);
  CHECK(strcmp(seenBy, "default") == 0);
  CHECK(strcmp(seen, "value 1 is wrong") == 0);
  if (sigsetjmp(jump, 0) == 0)
    raiseArgError(0);
  CHECK(strcmp(seenBy, "default-arg") == 0);
  CHECK_EQ_LONG(seenArg, 3);
  CHECK(strcmp(seen, "invalid argument 3: value must be positive, got 0") == 0);
  THSetDefaultErrorHandler(NULL, NULL);
  THSetDefaultArgErrorHandler(NULL, NULL);
  harness_install_handlers();
  EXPECT_TH_ERROR(raiseError(2), "value 2");
}

TEST(assertions_report_the_expression) {
  int x = 3;
  EXPECT_TH_ERROR(THAssert(x == 4), "assertion `x == 4' failed");
  EXPECT_TH_ERROR(THAssertMsg(x < 0, "x is %d", x), "x is 3");
  THAssert(x == 3);
}

TEST(arg_check_with_cleanup_runs_the_cleanup_first) {
  THFloatTensor *tmp = THFloatTensor_newWithSize1d(3);
  EXPECT_TH_ERROR(THArgCheckWithCleanup(0, THFloatTensor_free(tmp);, 2, "bad %s", "input"),
                  "invalid argument 2: bad input");
}

TEST(index_checks_report_an_index_error_kind) {
  EXPECT_TH_ERROR(THIndexCheck(0, 2, "index %d is out of range", 7),
                  "invalid argument 2: index 7 is out of range");
  CHECK(THLastErrorKind() == TH_ERROR_INDEX);
  EXPECT_TH_ERROR(THArgCheck(0, 1, "plain"), "invalid argument 1: plain");
  CHECK(THLastErrorKind() == TH_ERROR_RUNTIME);
  EXPECT_TH_ERROR(THIndexCheck(0, 1, "again"), "again");
  EXPECT_TH_ERROR(THError("not an argument"), "not an argument");
  CHECK(THLastErrorKind() == TH_ERROR_RUNTIME);
}

TEST(zero_divisions_report_their_kind) {
  EXPECT_TH_ERROR(THZeroDivisionError("integer division by zero"), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
}

TEST(memory_errors_report_their_kind) {
  EXPECT_TH_ERROR(THOutOfMemoryError("not enough memory"), "not enough memory");
  CHECK(THLastErrorKind() == TH_ERROR_MEMORY);
  EXPECT_TH_ERROR(THFree(THAlloc((ptrdiff_t)1 << 50)), "not enough memory: you tried to allocate");
  CHECK(THLastErrorKind() == TH_ERROR_MEMORY);
}

TEST(errors_remember_where_they_were_raised) {
  int line = __LINE__ + 1;
  EXPECT_TH_ERROR(THArgCheck(0, 1, "plain"), "plain");
  CHECK(strcmp(THLastErrorFile(), __FILE__) == 0);
  CHECK_EQ_LONG(THLastErrorLine(), line);
  line = __LINE__ + 1;
  EXPECT_TH_ERROR(THError("not an argument"), "not an argument");
  CHECK_EQ_LONG(THLastErrorLine(), line);
}

TEST(size_descriptions) {
  long sizes[3] = {2, 3, 4};
  CHECK(strcmp(THSizeDesc(sizes, 3).str, "2x3x4") == 0);
  CHECK(strcmp(THSizeDesc(sizes, 0).str, "[]") == 0);
  long many[40];
  for (int i = 0; i < 40; i++)
    many[i] = 1000;
  THDescBuff long_desc = THSizeDesc(many, 40);
  CHECK(strlen(long_desc.str) == 63);
  CHECK(strcmp(long_desc.str + 60, "...") == 0);
}

TEST(thread_count_controls) {
  int threads = THGetNumThreads();
  CHECK(threads >= 1);
  CHECK(THGetNumCores() >= 1);
  THSetNumThreads(1);
  CHECK_EQ_LONG(THGetNumThreads(), 1);
  THSetNumThreads(0);                             /* ignored */
  CHECK_EQ_LONG(THGetNumThreads(), 1);
  THSetNumThreads(threads);
  CHECK_EQ_LONG(THGetNumThreads(), threads);
}

TEST(atomics) {
  int count = 1;
  THAtomicIncrementRef(&count);
  CHECK_EQ_LONG(THAtomicGet(&count), 2);
  CHECK(!THAtomicDecrementRef(&count));
  CHECK(THAtomicDecrementRef(&count));
  CHECK_EQ_LONG(THAtomicAdd(&count, 5), 0);
  CHECK(THAtomicCompareAndSwap(&count, 5, 7));
  CHECK(!THAtomicCompareAndSwap(&count, 5, 9));
  THAtomicSet(&count, 1);
  CHECK_EQ_LONG(count, 1);
  ptrdiff_t big = 0;
  THAtomicAddPtrdiff(&big, (ptrdiff_t)1 << 40);
  CHECK(THAtomicCompareAndSwapPtrdiff(&big, (ptrdiff_t)1 << 40, 3));
  CHECK_EQ_LONG(THAtomicGetPtrdiff(&big), 3);
  long shared = 0;
  int counter = 0;
#pragma omp parallel for reduction(+ : shared)
  for (int i = 0; i < 10000; i++) {
    THAtomicIncrementRef(&counter);
    shared++;
  }
  CHECK_EQ_LONG(counter, shared);
}

HARNESS_MAIN(TEST_ENTRY(messages_carry_no_file_or_line),
             TEST_ENTRY(index_checks_report_an_index_error_kind),
             TEST_ENTRY(zero_divisions_report_their_kind),
             TEST_ENTRY(memory_errors_report_their_kind),
             TEST_ENTRY(errors_remember_where_they_were_raised),
             TEST_ENTRY(the_default_handlers_serve_threads_without_their_own),
             TEST_ENTRY(assertions_report_the_expression),
             TEST_ENTRY(arg_check_with_cleanup_runs_the_cleanup_first),
             TEST_ENTRY(size_descriptions),
             TEST_ENTRY(thread_count_controls),
             TEST_ENTRY(atomics))
