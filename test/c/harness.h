/* The C test harness: a test is a `TEST(name)` function listed in the file's HARNESS_MAIN; it runs
 * CHECKs, and EXPECT_TH_ERROR runs a statement that must raise a TH error whose message contains a
 * given text. The harness installs thread-local TH error handlers that jump back into the test, so
 * error paths run for real; an unexpected TH error ends the current test as a failure. */
#ifndef TEST_HARNESS_H
#define TEST_HARNESS_H

#include <setjmp.h>
#include <stdio.h>

#include "TH.h"

typedef struct harness_test {
  const char *name;
  void (*run)(void);
} harness_test;

#define TEST(name) static void name(void)
/* The name is expanded before it is stringified, so generated names read well. */
#define TEST_ENTRY(name) { HARNESS_STRING(name), name }
#define HARNESS_STRING(x) HARNESS_STRING_EXPANDED(x)
#define HARNESS_STRING_EXPANDED(x) #x

#define CHECK(cond) harness_check(!!(cond), #cond, __FILE__, __LINE__)
#define CHECK_EQ_LONG(a, b) harness_check_eq_long((long)(a), (long)(b), #a, #b, __FILE__, __LINE__)
#define CHECK_NEAR(a, b, tol) \
  harness_check_near((double)(a), (double)(b), (double)(tol), #a, #b, __FILE__, __LINE__)

/* Runs stmt with the error handlers pointed at harness_expect_jump. Locals assigned inside stmt
 * are not reliable afterwards (longjmp); assign what you need before. */
#define EXPECT_TH_ERROR(stmt, substring)                                   \
  do {                                                                     \
    harness_expect_begin();                                                \
    if (sigsetjmp(harness_expect_jump, 0) == 0) {                          \
      stmt;                                                                \
      harness_expect_missing(#stmt, __FILE__, __LINE__);                   \
    } else {                                                               \
      harness_expect_raised(substring, #stmt, __FILE__, __LINE__);         \
    }                                                                      \
  } while (0)

/* int main(void) running the listed TEST_ENTRY(...)s and printing "<file>: N passed, N failed". */
#define HARNESS_MAIN(...)                                                        \
  int main(void) {                                                               \
    static const harness_test tests[] = {__VA_ARGS__};                           \
    harness_run(tests, (int)(sizeof(tests) / sizeof(tests[0])));                 \
    return harness_finish(__FILE__);                                             \
  }

extern sigjmp_buf harness_expect_jump;

void harness_check(int ok, const char *text, const char *file, int line);
void harness_check_eq_long(long a, long b, const char *textA, const char *textB, const char *file,
                           int line);
void harness_check_near(double a, double b, double tol, const char *textA, const char *textB,
                        const char *file, int line);
void harness_expect_begin(void);
void harness_expect_missing(const char *stmt, const char *file, int line);
void harness_expect_raised(const char *substring, const char *stmt, const char *file, int line);
/* (Re)installs the harness's thread-local TH error handlers; done before every test. */
void harness_install_handlers(void);
/* The message of the last TH error caught by EXPECT_TH_ERROR. */
const char *harness_last_error(void);
/* Runs a table of tests (a program may run several tables), then prints the summary line and
 * returns the exit status. */
void harness_run(const harness_test *tests, int count);
int harness_finish(const char *file);

#endif
