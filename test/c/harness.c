/* The C test harness (see harness.h): failure reporting, the TH error handlers that jump back
 * into the running test, and the loop that runs a file's tests and prints its summary line. */
#include "harness.h"

#include <math.h>
#include <string.h>

sigjmp_buf harness_expect_jump;
static sigjmp_buf harness_test_jump;
static int harness_expecting = 0;
static int harness_failures = 0;
static const char *harness_current_test = "";
static char harness_error[2048];

static void harness_fail(const char *file, int line, const char *what) {
  printf("FAIL %s:%d (%s): %s\n", file, line, harness_current_test, what);
  harness_failures++;
}

void harness_check(int ok, const char *text, const char *file, int line) {
  if (!ok) {
    char what[1024];
    snprintf(what, sizeof(what), "CHECK(%s)", text);
    harness_fail(file, line, what);
  }
}

void harness_check_eq_long(long a, long b, const char *textA, const char *textB, const char *file,
                           int line) {
  if (a != b) {
    char what[1024];
    snprintf(what, sizeof(what), "%s == %s: %ld != %ld", textA, textB, a, b);
    harness_fail(file, line, what);
  }
}

void harness_check_near(double a, double b, double tol, const char *textA, const char *textB,
                        const char *file, int line) {
  if (!(fabs(a - b) <= tol)) {
    char what[1024];
    snprintf(what, sizeof(what), "%s ~= %s: %.17g vs %.17g (tolerance %g)", textA, textB, a, b, tol);
    harness_fail(file, line, what);
  }
}

/* Both TH handlers land here: inside EXPECT_TH_ERROR the error is the expected outcome; anywhere
 * else it ends the test as a failure. */
static void harness_on_error(const char *msg) {
  snprintf(harness_error, sizeof(harness_error), "%s", msg);
  if (harness_expecting) {
    harness_expecting = 0;
    siglongjmp(harness_expect_jump, 1);
  }
  char what[2100];
  snprintf(what, sizeof(what), "unexpected TH error: %s", msg);
  harness_fail("(TH)", 0, what);
  siglongjmp(harness_test_jump, 1);
}

static void harness_error_handler(const char *msg, void *data) {
  (void)data;
  harness_on_error(msg);
}

static void harness_arg_error_handler(int argNumber, const char *msg, void *data) {
  (void)argNumber;
  (void)data;
  harness_on_error(msg);
}

void harness_expect_begin(void) {
  harness_expecting = 1;
  harness_error[0] = '\0';
}

void harness_expect_missing(const char *stmt, const char *file, int line) {
  char what[1024];
  harness_expecting = 0;
  snprintf(what, sizeof(what), "expected a TH error from `%s`", stmt);
  harness_fail(file, line, what);
}

void harness_expect_raised(const char *substring, const char *stmt, const char *file, int line) {
  if (!strstr(harness_error, substring)) {
    char what[3200];
    snprintf(what, sizeof(what), "`%s` raised \"%s\", which does not contain \"%s\"", stmt,
             harness_error, substring);
    harness_fail(file, line, what);
  }
}

int harness_try(void (*fn)(void *), void *arg) {
  harness_expect_begin();
  if (sigsetjmp(harness_expect_jump, 0) == 0) {
    fn(arg);
    harness_expecting = 0;
    return 0;
  }
  return 1;
}

void harness_fail_message(const char *file, int line, const char *what) {
  harness_fail(file, line, what);
}

const char *harness_last_error(void) {
  return harness_error;
}

static int harness_passed = 0, harness_failed = 0;

void harness_install_handlers(void) {
  THSetErrorHandler(harness_error_handler, NULL);
  THSetArgErrorHandler(harness_arg_error_handler, NULL);
}

void harness_run(const harness_test *tests, int count) {
  for (int i = 0; i < count; i++) {
    int before = harness_failures;
    harness_install_handlers();
    harness_current_test = tests[i].name;
    harness_expecting = 0;
    if (sigsetjmp(harness_test_jump, 0) == 0)
      tests[i].run();
    if (harness_failures == before)
      harness_passed++;
    else
      harness_failed++;
  }
}

int harness_finish(const char *file) {
  const char *name = strrchr(file, '/') ? strrchr(file, '/') + 1 : file;
  printf("%s: %d passed, %d failed\n", name, harness_passed, harness_failed);
  fflush(stdout);
  return harness_failed == 0 ? 0 : 1;
}
