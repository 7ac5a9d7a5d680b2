/* The C test harness: a test is a `TEST(name)` function listed in the file's HARNESS_MAIN (or in
 * a table that HARNESS_MAIN_TABLES or HARNESS_MAIN_PER_DTYPE runs); it runs
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

/* A static table of tests, as a HARNESS_MAIN_TABLES entry. */
typedef struct harness_table {
  const harness_test *tests;
  int count;
} harness_table;
#define HARNESS_TABLE(table) { table, (int)(sizeof(table) / sizeof(table[0])) }

/* The per-dtype programs: a case file written once in terms of real, with
 * `#define Case_(NAME) TH_CONCAT_4(prefix_, Real, _, NAME)`, expanded by TH's THGenerateAllTypes.h
 * and ending with a table Case_(tests), gives the tables prefix_Byte_tests ... prefix_Double_tests;
 * HARNESS_PER_DTYPE(prefix) is the seven as HARNESS_MAIN_TABLES entries. */
#define HARNESS_PER_DTYPE(prefix)                                                \
  HARNESS_TABLE(prefix##_Byte_tests), HARNESS_TABLE(prefix##_Char_tests),        \
  HARNESS_TABLE(prefix##_Short_tests), HARNESS_TABLE(prefix##_Int_tests),        \
  HARNESS_TABLE(prefix##_Long_tests), HARNESS_TABLE(prefix##_Float_tests),       \
  HARNESS_TABLE(prefix##_Double_tests)

/* The same for a case file expanded by THGenerateFloatTypes.h (THNN's, LAPACK's): Float, Double. */
#define HARNESS_PER_FLOAT_TYPE(prefix)                                           \
  HARNESS_TABLE(prefix##_Float_tests), HARNESS_TABLE(prefix##_Double_tests)

/* int main(void) running the listed tables in order, then printing the summary line. */
#define HARNESS_MAIN_TABLES(...)                                                 \
  int main(void) {                                                               \
    static const harness_table tables[] = {__VA_ARGS__};                         \
    for (int i = 0; i < (int)(sizeof(tables) / sizeof(tables[0])); i++)          \
      harness_run(tables[i].tests, tables[i].count);                             \
    return harness_finish(__FILE__);                                             \
  }

/* The main of a program made of one per-dtype case file. */
#define HARNESS_MAIN_PER_DTYPE(prefix) HARNESS_MAIN_TABLES(HARNESS_PER_DTYPE(prefix))

extern sigjmp_buf harness_expect_jump;

void harness_check(int ok, const char *text, const char *file, int line);
void harness_check_eq_long(long a, long b, const char *textA, const char *textB, const char *file,
                           int line);
void harness_check_near(double a, double b, double tol, const char *textA, const char *textB,
                        const char *file, int line);
void harness_expect_begin(void);
void harness_expect_missing(const char *stmt, const char *file, int line);
void harness_expect_raised(const char *substring, const char *stmt, const char *file, int line);
/* Runs fn(arg) with the error handlers pointed at harness_expect_jump: 1 when it raised a TH
 * error (its message is harness_last_error()), 0 when it completed. Either is fine: for calls
 * that may be refused. */
int harness_try(void (*fn)(void *), void *arg);
/* Reports a failure of the current test, with a message of the caller's. */
void harness_fail_message(const char *file, int line, const char *what);
/* (Re)installs the harness's thread-local TH error handlers; done before every test. */
void harness_install_handlers(void);
/* The message of the last TH error caught by EXPECT_TH_ERROR. */
const char *harness_last_error(void);
/* Runs a table of tests (a program may run several tables), then prints the summary line and
 * returns the exit status. */
void harness_run(const harness_test *tests, int count);
int harness_finish(const char *file);

#endif
