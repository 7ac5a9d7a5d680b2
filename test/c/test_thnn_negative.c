/* Every THNN entry point called with bad arguments, for Float and Double: the valid call of each
 * (recorded from the Python tests in thnn_valid_calls.json, turned into C by
 * gen_thnn_negative.py when run.py builds this program), then that call with one tensor argument
 * at a time replaced by a bad variant of it: an empty tensor, NULL where allowed, other numbers
 * of dimensions, other sizes, a layout that is not contiguous, another argument's very tensor or
 * a view into its memory (thnn_negative.h). Each must raise a TH error or complete (the one that
 * is only not contiguous with the valid results); never crash, hang or make a sanitizer report.
 * The call running when something goes wrong is printed first. */
#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "harness.h"
#include "THNN.h"
#include "thnn_negative.h"

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#include <sanitizer/lsan_interface.h>
#endif

#define NEG_MAX_ARGUMENTS 24
#define NEG_SECONDS_PER_CALL 20   /* a call that takes longer is taken as a hang */

/* ---- naming the call that crashed or hung ---- */

static char neg_current_call[512];
static long neg_refused = 0, neg_completed = 0;

static void neg_say_current_call(void) {
  static const char head[] = "\ntest_thnn_negative: during ";
  ssize_t ignored = write(2, head, sizeof(head) - 1);
  ignored = write(2, neg_current_call, strlen(neg_current_call));
  ignored = write(2, "\n", 1);
  (void)ignored;
}

static void neg_on_signal(int signal_number) {
  if (signal_number == SIGALRM) {
    static const char hang[] = "\ntest_thnn_negative: this call takes too long (a hang?)";
    ssize_t ignored = write(2, hang, sizeof(hang) - 1);
    (void)ignored;
  }
  neg_say_current_call();
  signal(signal_number, SIG_DFL);
  raise(signal_number == SIGALRM ? SIGABRT : signal_number);
}

static void neg_install_watch(void) {
  int signals[] = {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGALRM};
  for (size_t i = 0; i < sizeof(signals) / sizeof(signals[0]); i++)
    signal(signals[i], neg_on_signal);
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_set_death_callback(neg_say_current_call);
#endif
}

static void neg_watch_begin(const char *description) {
  (void)description;   /* already in neg_current_call */
  alarm(NEG_SECONDS_PER_CALL);
}

/* Under AddressSanitizer, whether memory leaked so far (LeakSanitizer prints where it was
 * allocated); the leaks are reported again at exit. */
static int neg_leaked(void) {
#if defined(__SANITIZE_ADDRESS__)
  return __lsan_do_recoverable_leak_check() != 0;
#else
  return 0;
#endif
}

/* refused: 1 for a TH error, 0 for a completion, -1 for the valid call (not counted). Built with
 * -DTHNN_NEGATIVE_LEAKS_PER_CALL, looks for leaks after every call (slow), to name the call that
 * leaked; otherwise the driver looks after each entry point. */
static void neg_watch_end(int refused) {
  alarm(0);
  if (refused == 1)
    neg_refused++;
  else if (refused == 0)
    neg_completed++;
#if defined(THNN_NEGATIVE_LEAKS_PER_CALL)
  if (neg_leaked())
    neg_say_current_call();
#endif
}

/* ---- the tensors, the driver, the generated calls ---- */

#define TH_GENERIC_FILE "generic/thnn_negative_tensors.c"
#include "THGenerateLongType.h"
#define TH_GENERIC_FILE "generic/thnn_negative_tensors.c"
#include "THGenerateIntType.h"
#define TH_GENERIC_FILE "generic/thnn_negative_tensors.c"
#include "THGenerateFloatTypes.h"

#define TH_GENERIC_FILE "generic/thnn_negative_driver.c"
#include "THGenerateFloatTypes.h"

#define Neg_(NAME) TH_CONCAT_4(thnn_negative_, Real, _, NAME)
#define TH_GENERIC_FILE "thnn_negative_calls.c"
#include "THGenerateFloatTypes.h"

/* THNN_NEGATIVE_ONLY=text runs only the entry points whose test name ("Float Abs_updateOutput")
 * contains text. */
int main(void) {
  neg_install_watch();
  static const harness_table tables[] = {HARNESS_PER_FLOAT_TYPE(thnn_negative)};
  const char *only = getenv("THNN_NEGATIVE_ONLY");
  for (int i = 0; i < (int)(sizeof(tables) / sizeof(tables[0])); i++)
    for (int k = 0; k < tables[i].count; k++)
      if (only == NULL || strstr(tables[i].tests[k].name, only))
        harness_run(&tables[i].tests[k], 1);
  printf("test_thnn_negative: %ld bad calls refused, %ld completed\n", neg_refused,
         neg_completed);
  return harness_finish(__FILE__);
}
