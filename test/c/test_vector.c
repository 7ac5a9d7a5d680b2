/* THVector: the contiguous kernels (fill, add, multiply, divide, sum, exp, sigmoid, tanh, the row
 * kernels of the column reductions), called directly on short arrays at every alignment and
 * length, and the SIMD level chosen for this CPU. The tensor operations that call them are
 * tested with their families (test_arithmetic.c, test_pointwise.c, test_reduce.c). */
#include <math.h>
#include <string.h>

#include "harness.h"

TEST(simd_level_is_a_known_name) {
  static const char *known[] = {"avx512f", "avx2", "avx", "sse4.2", "default"};
  const char *level = THVector_simdLevel();
  int found = 0;
  for (int i = 0; i < 5; i++)
    found |= strcmp(level, known[i]) == 0;
  CHECK(found);
  CHECK(strcmp(level, THVector_simdLevel()) == 0);
}

/* The kernels on every length from 0 to 70 and at every start offset within a vector, so each
 * SIMD body, its prologue and its tail run, against the plain expression. */
TEST(vector_kernels_on_every_short_length) {
  float x[80], y[80], z[80];
  long wrong = 0;
  for (int start = 0; start < 8; start++)
    for (ptrdiff_t n = 0; n <= 70; n++) {
      for (int i = 0; i < 80; i++) {
        x[i] = (float)(i % 13) - 6;
        y[i] = (float)(i % 5) + 1;
        z[i] = -99;
      }
      THFloatVector_cadd(z + start, x + start, 3, y + start, n);
      for (int i = 0; i < 80; i++)
        wrong += z[i] != (i >= start && i < start + n ? x[i] + 3 * y[i] : -99);
      THFloatVector_cdiv(z + start, x + start, y + start, n);
      for (int i = start; i < start + n; i++)
        wrong += z[i] != x[i] / y[i];
      THFloatVector_exp(z + start, x + start, n);
      for (int i = start; i < start + n; i++)
        wrong += fabs(z[i] - exp(x[i])) > 2e-7 * exp(x[i]);
      double expected = 0;                      /* 0 for n = 0 */
      for (int i = start; i < start + n; i++)
        expected += x[i];
      wrong += THFloatVector_sum(x + start, n) != expected;
    }
  CHECK_EQ_LONG(wrong, 0);
}

/* The row kernels of column reductions, on 1, 3, 17 and 1000 columns and 1 to 9 rows (whole
 * groups of four rows and every tail), against a column-by-column loop. Ties keep the earlier
 * row; maxRows reports a NaN only when one went by. */
TEST(row_kernels_of_column_reductions) {
  static const ptrdiff_t widths[4] = {1, 3, 17, 1000};
  enum { MAX_ROWS = 9, STRIDE = 1003 };
  float *x = THAlloc(sizeof(float) * MAX_ROWS * STRIDE);
  int *xi = THAlloc(sizeof(int) * MAX_ROWS * STRIDE);
  for (long i = 0; i < MAX_ROWS * STRIDE; i++) {
    x[i] = (float)((i * 7919) % 23) - 11;    /* few distinct values: many ties */
    xi[i] = (int)x[i];
  }
  long wrong = 0;
  for (int w = 0; w < 4; w++)
    for (ptrdiff_t rows = 1; rows <= MAX_ROWS; rows++) {
      ptrdiff_t n = widths[w];
      double acc[1000];
      float best[1000], least[1000];
      int bestInt[1000];
      int32_t at[1000], leastAt[1000], atInt[1000];
      for (ptrdiff_t j = 0; j < n; j++) {
        acc[j] = 0.5;
        best[j] = least[j] = x[j];
        bestInt[j] = xi[j];
        at[j] = leastAt[j] = atInt[j] = 0;
      }
      THFloatVector_sumRows(acc, x, rows, STRIDE, n);
      wrong += THFloatVector_maxRows(best, at, x, 1, rows - 1, STRIDE, n) != 0;
      wrong += THFloatVector_minRows(least, leastAt, x, 1, rows - 1, STRIDE, n) != 0;
      wrong += THIntVector_maxRows(bestInt, atInt, xi, 1, rows - 1, STRIDE, n) != 0;
      for (ptrdiff_t j = 0; j < n; j++) {
        double sum = 0.5;
        long maxAt = 0, minAt = 0;
        for (ptrdiff_t k = 0; k < rows; k++) {
          sum += x[k * STRIDE + j];
          maxAt = x[k * STRIDE + j] > x[maxAt * STRIDE + j] ? k : maxAt;
          minAt = x[k * STRIDE + j] < x[minAt * STRIDE + j] ? k : minAt;
        }
        wrong += acc[j] != sum;
        wrong += at[j] != maxAt || best[j] != x[maxAt * STRIDE + j];
        wrong += leastAt[j] != minAt || least[j] != x[minAt * STRIDE + j];
        wrong += atInt[j] != maxAt || bestInt[j] != xi[maxAt * STRIDE + j];
      }
    }
  CHECK_EQ_LONG(wrong, 0);
  x[5 * STRIDE + 2] = NAN;
  float best[3] = {x[0], x[1], x[2]};
  int32_t at[3] = {0, 0, 0};
  CHECK(THFloatVector_maxRows(best, at, x, 1, 8, STRIDE, 3) == 1);
  THFree(xi);
  THFree(x);
}

/* exp of float is our own polynomial: it must match the C library to float precision over the
 * whole range, and get the edges right. */
TEST(float_exp_matches_the_c_library_everywhere) {
  long n = 400001;
  float *x = THAlloc(sizeof(float) * n), *y = THAlloc(sizeof(float) * n);
  for (long i = 0; i < n; i++)
    x[i] = -105.0f + 195.0f * (float)i / (float)(n - 1);
  THFloatVector_exp(y, x, n);
  long wrong = 0;
  for (long i = 0; i < n; i++) {
    double expected = exp((double)x[i]);
    if ((float)expected > FLT_MAX)
      wrong += !isinf(y[i]);
    else if (expected < FLT_MIN)                         /* denormal results: absolute error */
      wrong += fabs(y[i] - expected) > 1.5e-45;
    else
      wrong += fabs(y[i] - expected) > 1.5e-7 * expected;
  }
  CHECK_EQ_LONG(wrong, 0);
  float edges[6] = {NAN, INFINITY, -INFINITY, 0, 88.7f, 88.73f}, out[6];
  THFloatVector_exp(out, edges, 6);
  CHECK(isnan(out[0]));
  CHECK(isinf(out[1]) && out[1] > 0);
  CHECK(out[2] == 0);
  CHECK(out[3] == 1);
  CHECK(isfinite(out[4]) && out[4] > 3.3e38f);
  CHECK(isinf(out[5]));
  float sigmoidEdges[3] = {-200, 0, 200};
  THFloatVector_sigmoid(out, sigmoidEdges, 3);
  CHECK(out[0] == 0 && out[1] == 0.5f && out[2] == 1);
  THFree(y);
  THFree(x);
}

/* tanh of float is our own (a polynomial near 0, exp beyond): within 3 roundings of the C
 * library's over a dense range, at the switch between the two forms, near 0 (where the relative
 * error counts) and far out; odd, NaN passed through. Double's is the C library's. */
TEST(float_tanh_matches_the_c_library_everywhere) {
  long n = 400001;
  float *x = THAlloc(sizeof(float) * (n + 4)), *y = THAlloc(sizeof(float) * (n + 4));
  for (long i = 0; i < n; i++)
    x[i] = -20.0f + 40.0f * (float)i / (float)(n - 1);
  x[n] = 0.625f;
  x[n + 1] = nextafterf(0.625f, 0);
  x[n + 2] = 1e-30f;
  x[n + 3] = -3e-4f;
  THFloatVector_tanh(y, x, n + 4);
  long wrong = 0;
  for (long i = 0; i < n + 4; i++) {
    double expected = tanh((double)x[i]);
    double ulp = nextafterf((float)fabs(expected), INFINITY) - (float)fabs(expected);
    wrong += fabs(y[i] - expected) > 3 * ulp;
  }
  CHECK_EQ_LONG(wrong, 0);
  float edges[7] = {NAN, INFINITY, -INFINITY, 0.0f, -0.0f, 200, -1e30f}, out[7];
  THFloatVector_tanh(out, edges, 7);
  CHECK(isnan(out[0]));
  CHECK(out[1] == 1 && out[2] == -1 && out[5] == 1 && out[6] == -1);
  CHECK(out[3] == 0 && !signbit(out[3]) && out[4] == 0 && signbit(out[4]));
  double dx[5] = {-3, -0.1, 1e-9, 0.7, 19}, dy[5];
  THDoubleVector_tanh(dy, dx, 5);
  for (int i = 0; i < 5; i++)
    CHECK(dy[i] == tanh(dx[i]));
  THFree(y);
  THFree(x);
}

HARNESS_MAIN(TEST_ENTRY(simd_level_is_a_known_name),
             TEST_ENTRY(vector_kernels_on_every_short_length),
             TEST_ENTRY(row_kernels_of_column_reductions),
             TEST_ENTRY(float_exp_matches_the_c_library_everywhere),
             TEST_ENTRY(float_tanh_matches_the_c_library_everywhere))
