/* THBlas: each routine against the obvious loop, with strides, transposes and degenerate leading
 * dimensions, for Float and Double (the linked BLAS when built with one) and Int and Long (always
 * the reference loops). Matrices are column-major: a(i, j) = a[i + j*lda]. */
#include "harness.h"

/* test_<Type>: every routine for one dtype; values are small integers, so results are exact. */
#define DEFINE_BLAS_TEST(Type, real)                                                        \
  TEST(blas_##Type) {                                                                       \
    real x[12], y[12], a[60], b[60], c[60], expected[60];                                   \
    for (int i = 0; i < 12; i++) {                                                          \
      x[i] = (real)(i % 5);                                                                 \
      y[i] = (real)(3 - i % 4);                                                             \
    }                                                                                       \
    /* level 1, stride 2 in x and 3 in y over 4 elements */                                 \
    CHECK_NEAR(TH##Type##Blas_dot(4, x, 2, y, 3), 0 * 3 + 2 * 0 + 4 * 1 + 1 * 2, 0);      \
    TH##Type##Blas_axpy(4, 2, x, 2, y, 3);               /* y[0,3,6,9] += 2 x[0,2,4,6] */   \
    CHECK_NEAR(y[3], 0 + 2 * 2, 0);                                                         \
    CHECK_NEAR(y[9], 2 + 2 * 1, 0);                                                         \
    CHECK_NEAR(y[1], 2, 0);                                                                 \
    TH##Type##Blas_scal(3, 3, x, 4);                     /* x[0,4,8] *= 3 */                \
    CHECK_NEAR(x[4], 12, 0);                                                                \
    CHECK_NEAR(x[5], 0, 0);                                                                 \
    TH##Type##Blas_copy(2, x, 4, y, 1);                                                     \
    CHECK_NEAR(y[1], 12, 0);                                                                \
    TH##Type##Blas_swap(2, x + 1, 1, y + 10, 1);         /* x[1,2] = 1,2 <-> y[10,11] = 1,0 */ \
    CHECK_NEAR(x[2], 0, 0);                                                                 \
    CHECK_NEAR(y[11], 2, 0);                                                                \
    CHECK_NEAR(TH##Type##Blas_dot(1, x + 4, 7, x + 4, 99), 144, 0);  /* n = 1: strides unused */ \
                                                                                            \
    /* gemv: a is 4x3 with lda 5 */                                                         \
    for (int k = 0; k < 60; k++)                                                            \
      a[k] = (real)(k % 7 - 3);                                                             \
    real v[4] = {1, 2, -1, 1}, w[4] = {5, 5, 5, 5};                                         \
    TH##Type##Blas_gemv('n', 4, 3, 2, a, 5, v, 1, 1, w, 1);   /* w = w + 2 a v[0..3) */    \
    for (int i = 0; i < 4; i++)                                                             \
      CHECK_NEAR(w[i], 5 + 2 * (a[i] * 1 + a[i + 5] * 2 + a[i + 10] * -1), 0);              \
    real z[3] = {9, 9, 9};                                                                  \
    TH##Type##Blas_gemv('t', 4, 3, 1, a, 5, v, 1, 0, z, 1);   /* z = a' v, ignoring z */    \
    for (int j = 0; j < 3; j++)                                                             \
      CHECK_NEAR(z[j], a[5 * j] - a[5 * j + 2] + 2 * a[5 * j + 1] + a[5 * j + 3], 0);       \
                                                                                            \
    /* ger: a(0..4, 0..3) += 1 * v u' */                                                    \
    real u[3] = {1, 0, 2};                                                                  \
    real before = a[1 + 2 * 5];                                                             \
    TH##Type##Blas_ger(4, 3, 1, v, 1, u, 1, a, 5);                                          \
    CHECK_NEAR(a[1 + 2 * 5], before + v[1] * u[2], 0);                                      \
                                                                                            \
    /* gemm, all four transpose combinations: c (4x5, ldc 6) = 2 op(a) op(b) + beta c */   \
    for (int ta = 0; ta < 2; ta++)                                                          \
      for (int tb = 0; tb < 2; tb++)                                                        \
        for (int beta = 0; beta < 2; beta++) {                                              \
          for (int k = 0; k < 60; k++) {                                                    \
            a[k] = (real)(k % 5 - 2);                                                       \
            b[k] = (real)(k % 3);                                                           \
            c[k] = (real)(k % 4);                                                           \
          }                                                                                 \
          for (int i = 0; i < 4; i++)                                                       \
            for (int j = 0; j < 5; j++) {                                                   \
              real sum = 0;                                                                 \
              for (int l = 0; l < 3; l++)                                                   \
                sum += (ta ? a[l + i * 7] : a[i + l * 7]) * (tb ? b[j + l * 8] : b[l + j * 8]); \
              expected[i + j * 6] = 2 * sum + beta * c[i + j * 6];                          \
            }                                                                               \
          TH##Type##Blas_gemm(ta ? 't' : 'n', tb ? 'T' : 'N', 4, 5, 3, 2, a, 7, b, 8,       \
                              (real)beta, c, 6);                                            \
          long wrong = 0;                                                                   \
          for (int i = 0; i < 4; i++)                                                       \
            for (int j = 0; j < 5; j++)                                                     \
              wrong += c[i + j * 6] != expected[i + j * 6];                                 \
          CHECK_EQ_LONG(wrong, 0);                                                          \
        }                                                                                   \
                                                                                            \
    /* a single column: ldc, lda and ldb below the row counts are normalised */             \
    real col[3] = {1, 2, 3}, one[1] = {2}, out[3] = {0, 0, 0};                              \
    TH##Type##Blas_gemm('n', 'n', 3, 1, 1, 1, col, 1, one, 1, 0, out, 1);                   \
    CHECK_NEAR(out[2], 6, 0);                                                               \
  }

DEFINE_BLAS_TEST(Float, float)
DEFINE_BLAS_TEST(Double, double)
DEFINE_BLAS_TEST(Int, int)
DEFINE_BLAS_TEST(Long, long)
DEFINE_BLAS_TEST(Short, short)

TEST(reference_gemm_in_parallel) {
  long m = 70, n = 90, k = 60;
  long *a = THAlloc(sizeof(long) * m * k), *b = THAlloc(sizeof(long) * k * n);
  long *c = THAlloc(sizeof(long) * m * n);
  for (long i = 0; i < m * k; i++)
    a[i] = i % 5 - 2;
  for (long i = 0; i < k * n; i++)
    b[i] = i % 3;
  THLongBlas_gemm('t', 'n', m, n, k, 1, a, k, b, k, 0, c, m);  /* a stored k x m */
  long wrong = 0;
  for (long i = 0; i < m; i++)
    for (long j = 0; j < n; j++) {
      long sum = 0;
      for (long l = 0; l < k; l++)
        sum += a[l + i * k] * b[l + j * k];
      wrong += c[i + j * m] != sum;
    }
  CHECK_EQ_LONG(wrong, 0);
  THFree(a);
  THFree(b);
  THFree(c);
}

/* c (m x n, lda = rows of a as stored, ...) = alpha op(a) op(b) + beta c with values from a
 * formula, for the sharing test below. */
static void fillGemmOperands(float *a, float *b, float *c, long m, long n, long k) {
  for (long i = 0; i < m * k; i++)
    a[i] = (float)((i * 7) % 11) / 8 - 0.5f;
  for (long i = 0; i < k * n; i++)
    b[i] = (float)((i * 5) % 13) / 16 - 0.25f;
  for (long i = 0; i < m * n; i++)
    c[i] = (float)(i % 3);
}

/* A product large enough to be shared out across TH's threads (by rows when C is tall, by
 * columns when it is wide, sides not multiples of the block) equals the same product on one
 * thread, for every transpose, with and without beta; and a product called from the threads of
 * another parallel region runs whole there. */
TEST(gemm_shared_across_threads_equals_one_thread) {
  THBlas_init();
  long shapes[][3] = {{333, 90, 70}, {90, 333, 70}, {17, 400, 300}, {400, 33, 129}};
  const char *trans = "nt";
  double worst = 0;
  for (int s = 0; s < 4; s++)
    for (int ta = 0; ta < 2; ta++)
      for (int tb = 0; tb < 2; tb++)
        for (int withBeta = 0; withBeta < 2; withBeta++) {
          long m = shapes[s][0], n = shapes[s][1], k = shapes[s][2];
          float *a = THAlloc(sizeof(float) * m * k), *b = THAlloc(sizeof(float) * k * n);
          float *one = THAlloc(sizeof(float) * m * n), *shared = THAlloc(sizeof(float) * m * n);
          float *inRegion = THAlloc(sizeof(float) * m * n * 2);
          fillGemmOperands(a, b, one, m, n, k);
          memcpy(shared, one, sizeof(float) * m * n);
          memcpy(inRegion, one, sizeof(float) * m * n);
          memcpy(inRegion + m * n, one, sizeof(float) * m * n);
          long lda = ta ? k : m, ldb = tb ? n : k;
          float beta = withBeta ? 0.5f : 0;
          THSetNumThreads(1);
          THFloatBlas_gemm(trans[ta], trans[tb], m, n, k, 1.5f, a, lda, b, ldb, beta, one, m);
          THSetNumThreads(2);
          THFloatBlas_gemm(trans[ta], trans[tb], m, n, k, 1.5f, a, lda, b, ldb, beta, shared, m);
#pragma omp parallel for num_threads(2)
          for (int me = 0; me < 2; me++)
            THFloatBlas_gemm(trans[ta], trans[tb], m, n, k, 1.5f, a, lda, b, ldb, beta,
                             inRegion + me * m * n, m);
          for (long i = 0; i < m * n; i++) {
            double scale = fabs(one[i]) + 1;
            worst = fmax(worst, fabs(shared[i] - one[i]) / scale);
            worst = fmax(worst, fabs(inRegion[i] - one[i]) / scale);
            worst = fmax(worst, fabs(inRegion[m * n + i] - one[i]) / scale);
          }
          THFree(a), THFree(b), THFree(one), THFree(shared), THFree(inRegion);
        }
  CHECK_NEAR(worst, 0, 1e-5);
}

HARNESS_MAIN(TEST_ENTRY(blas_Float),
             TEST_ENTRY(blas_Double),
             TEST_ENTRY(blas_Int),
             TEST_ENTRY(blas_Long),
             TEST_ENTRY(blas_Short),
             TEST_ENTRY(reference_gemm_in_parallel),
             TEST_ENTRY(gemm_shared_across_threads_equals_one_thread))
