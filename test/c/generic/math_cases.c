/* The THTensorMath cases for one dtype (expanded by test_math.c through THGenerateAllTypes.h).
 * Values are small integers, so every result is exact in every dtype and the expected values are
 * computed with the same C arithmetic, converted to real the same way. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/math_cases.c"
#else

#include "layouts.c"

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define CASE_IS_INTEGRAL 0
#else
#define CASE_IS_INTEGRAL 1
#endif

/* A rows x cols tensor in the given layout whose element (i, j) is value(i*cols + j), where
 * value(k) = (start + k) % modulus. Memory around a view holds 99. */
static THTensor *Case_(make)(enum layout layout, long rows, long cols, long start, long modulus) {
  THTensor *t = Case_(inLayout)(layout, rows, cols);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THTensor_(set2d)(t, i, j, (real)((start + i * cols + j) % modulus));
  return t;
}

static double Case_(at)(THTensor *t, long i, long j) {
  return (double)THTensor_(get2d)(t, i, j);
}

/* How many elements of t's whole storage equal value. */
static long Case_(countInStorage)(THTensor *t, real value) {
  long count = 0;
  for (ptrdiff_t k = 0; k < t->storage->size; k++)
    count += t->storage->data[k] == value;
  return count;
}

TEST(Case_(fill_and_zero_touch_only_the_view)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(make)((enum layout)layout, 3, 4, 0, 50);
    THTensor_(fill)(t, 7);
    CHECK_EQ_LONG(Case_(countInStorage)(t, 7), 12);
    THTensor_(zero)(t);
    CHECK_EQ_LONG(Case_(countInStorage)(t, 0), 12);
    CHECK_EQ_LONG(Case_(countInStorage)(t, 99), t->storage->size - 12);
    THTensor_(free)(t);
  }
  THTensor *big = THTensor_(newWithSize1d)(250000);
  THTensor_(fill)(big, 3);
  CHECK_EQ_LONG(Case_(countInStorage)(big, 3), 250000);
  THTensor_(free)(big);
}

/* r = op(t, value) on every layout, into a new tensor and in place. */
#define CASE_SCALAR_OP(fn, value, OP)                                                   \
  for (int layout = 0; layout < LAYOUTS; layout++) {                                    \
    THTensor *t = Case_(make)((enum layout)layout, 3, 4, 1, 60);                        \
    THTensor *r = THTensor_(new)();                                                     \
    THTensor_(fn)(r, t, value);                                                         \
    CHECK(THTensor_(isSameSizeAs)(r, t));                                               \
    for (long i = 0; i < 3; i++)                                                        \
      for (long j = 0; j < 4; j++) {                                                    \
        real x = (real)((1 + i * 4 + j) % 60);                                          \
        CHECK_NEAR(Case_(at)(r, i, j), (double)(real)(x OP (real)(value)), 0);          \
      }                                                                                 \
    THTensor_(fn)(t, t, value);                                                         \
    CHECK_NEAR(Case_(at)(t, 2, 3), Case_(at)(r, 2, 3), 0);                              \
    CHECK_EQ_LONG(Case_(countInStorage)(t, 99), t->storage->size - 12);                 \
    THTensor_(free)(r);                                                                 \
    THTensor_(free)(t);                                                                 \
  }

TEST(Case_(scalar_add_sub_mul_div)) {
  CASE_SCALAR_OP(add, 3, +)
  CASE_SCALAR_OP(sub, 2, -)
  CASE_SCALAR_OP(mul, 3, *)
  CASE_SCALAR_OP(div, 2, /)
}

TEST(Case_(scalar_ops_on_one_element)) {
  THTensor *t = THTensor_(newWithSize1d)(1), *r = THTensor_(new)();
  THTensor_(fill)(t, 5);
  THTensor_(add)(r, t, 2);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 7, 0);
  THTensor_(mul)(r, r, 2);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 14, 0);
  THTensor_(free)(r);
  THTensor_(free)(t);
}

TEST(Case_(large_contiguous_ops_agree_with_small_ones)) {
  long n = 300007;
  THTensor *t = THTensor_(newWithSize1d)(n), *s = THTensor_(newWithSize1d)(n), *r = THTensor_(new)();
  for (long k = 0; k < n; k++) {
    THTensor_(data)(t)[k] = (real)(k % 7);
    THTensor_(data)(s)[k] = (real)(1 + k % 5);
  }
  THTensor_(cadd)(r, t, 2, s);
  long wrong = 0;
  for (long k = 0; k < n; k++)
    wrong += THTensor_(data)(r)[k] != (real)(k % 7 + 2 * (1 + k % 5));
  CHECK_EQ_LONG(wrong, 0);
  THTensor_(cmul)(r, t, s);
  THTensor_(add)(r, r, 1);
  wrong = 0;
  for (long k = 0; k < n; k++)
    wrong += THTensor_(data)(r)[k] != (real)((k % 7) * (1 + k % 5) + 1);
  CHECK_EQ_LONG(wrong, 0);
  THTensor_(free)(r);
  THTensor_(free)(s);
  THTensor_(free)(t);
}

/* x = x / x': the divisors are a transposed view of the result, written during the loop. With
 * x = 2 1 / 4 2 the second element becomes 1/4 (0 for integers), then divides the third. */
TEST(Case_(cdiv_by_a_view_of_the_result)) {
  THTensor *x = THTensor_(newWithSize2d)(2, 2);
  THTensor_(set2d)(x, 0, 0, 2);
  THTensor_(set2d)(x, 0, 1, 1);
  THTensor_(set2d)(x, 1, 0, 4);
  THTensor_(set2d)(x, 1, 1, 2);
  THTensor *xt = THTensor_(newTranspose)(x, 0, 1);
  THTensor_(cdiv)(x, x, xt);
  CHECK_NEAR(THTensor_(get2d)(x, 0, 0), 1, 0);
  CHECK_NEAR(THTensor_(get2d)(x, 0, 1), (real)1 / (real)4, 0);
  CHECK_NEAR(THTensor_(get2d)(x, 1, 0), 4, 0);
  CHECK_NEAR(THTensor_(get2d)(x, 1, 1), 1, 0);
  THTensor_(free)(xt);
  THTensor_(free)(x);
}

TEST(Case_(division_by_zero)) {
  THTensor *t = Case_(make)(CONTIGUOUS, 2, 2, 1, 10), *zeros = Case_(make)(CONTIGUOUS, 2, 2, 0, 2);
  THTensor *r = Case_(make)(CONTIGUOUS, 2, 2, 5, 10);
#if CASE_IS_INTEGRAL
  EXPECT_TH_ERROR(THTensor_(div)(r, t, 0), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
  EXPECT_TH_ERROR(THTensor_(cdiv)(r, t, zeros), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
  CHECK_NEAR(Case_(at)(r, 1, 1), 8, 0);          /* untouched */
#else
  THTensor_(div)(r, t, 0);
  CHECK(isinf(Case_(at)(r, 0, 0)));
  THTensor_(cdiv)(r, t, zeros);
  CHECK(isinf(Case_(at)(r, 0, 0)));               /* 1 / 0 */
  CHECK_NEAR(Case_(at)(r, 0, 1), 2, 0);           /* 2 / 1 */
#endif
  THTensor_(free)(r);
  THTensor_(free)(zeros);
  THTensor_(free)(t);
}

#if defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
TEST(Case_(most_negative_divided_by_minus_one_wraps)) {
  real most_negative = sizeof(real) == sizeof(int) ? (real)INT_MIN : (real)LONG_MIN;
  THTensor *t = THTensor_(newWithSize1d)(2), *d = THTensor_(newWithSize1d)(2), *r = THTensor_(new)();
  THTensor_(set1d)(t, 0, most_negative);
  THTensor_(set1d)(t, 1, 6);
  THTensor_(fill)(d, -1);
  THTensor_(div)(r, t, -1);
  CHECK(THTensor_(get1d)(r, 0) == most_negative);
  CHECK_EQ_LONG(THTensor_(get1d)(r, 1), -6);
  THTensor_(cdiv)(r, t, d);
  CHECK(THTensor_(get1d)(r, 0) == most_negative);
  THTensor_(free)(r);
  THTensor_(free)(d);
  THTensor_(free)(t);
}
#endif

/* r = t op src for all layouts of r, t and src, and with src of another shape (4x3 for 3x4). */
#define CASE_BINARY_OP(CALL, OP)                                                        \
  for (int lt = 0; lt < LAYOUTS; lt++)                                                  \
    for (int ls = 0; ls < LAYOUTS; ls++)                                                \
      for (int lr = 0; lr <= LAYOUTS; lr++) {                                           \
        THTensor *t = Case_(make)((enum layout)lt, 3, 4, 2, 9);                         \
        THTensor *src = Case_(make)((enum layout)ls, ls % 2 ? 4 : 3, ls % 2 ? 3 : 4, 1, 4); \
        THTensor *r = lr == LAYOUTS ? t : Case_(make)((enum layout)lr, 3, 4, 0, 5);     \
        if (lr == LAYOUTS)                                                              \
          THTensor_(retain)(t);                                                         \
        CALL;                                                                           \
        long wrong = 0;                                                                 \
        for (long k = 0; k < 12; k++) {                                                 \
          real x = (real)((2 + k) % 9), y = (real)((1 + k) % 4 + 1);                    \
          wrong += Case_(at)(r, k / 4, k % 4) != (double)(real)(OP);                    \
        }                                                                               \
        CHECK_EQ_LONG(wrong, 0);                                                        \
        THTensor_(free)(r);                                                             \
        THTensor_(free)(src);                                                           \
        THTensor_(free)(t);                                                             \
      }

TEST(Case_(cadd_csub_cmul_cdiv_on_every_layout)) {
  /* src holds (1+k)%4 as made, plus one, so that it never divides by zero */
#define CASE_SHIFTED_SRC THTensor_(add)(src, src, 1)
  CASE_BINARY_OP((CASE_SHIFTED_SRC, THTensor_(cadd)(r, t, 3, src)), x + 3 * y)
  CASE_BINARY_OP((CASE_SHIFTED_SRC, THTensor_(csub)(r, t, 2, src)), x - 2 * y)
  CASE_BINARY_OP((CASE_SHIFTED_SRC, THTensor_(cmul)(r, t, src)), x * y)
  CASE_BINARY_OP((CASE_SHIFTED_SRC, THTensor_(cdiv)(r, t, src)), x / y)
#undef CASE_SHIFTED_SRC
}

TEST(Case_(element_wise_ops_check_sizes_before_writing)) {
  THTensor *t = Case_(make)(CONTIGUOUS, 3, 4, 0, 10), *src = THTensor_(newWithSize1d)(5);
  THTensor *r = Case_(make)(TRANSPOSED, 2, 2, 1, 10);
  THTensor_(fill)(src, 1);
  EXPECT_TH_ERROR(THTensor_(cadd)(r, t, 1, src),
                  "inconsistent tensor size: expected 12 elements (size 3x4) but got 5 (size 5)");
  EXPECT_TH_ERROR(THTensor_(csub)(r, t, 1, src), "invalid argument 4:");
  EXPECT_TH_ERROR(THTensor_(cmul)(r, t, src), "invalid argument 3: inconsistent tensor size");
  EXPECT_TH_ERROR(THTensor_(cdiv)(r, t, src), "inconsistent tensor size");
  EXPECT_TH_ERROR(THTensor_(dot)(t, src), "inconsistent tensor size");
  CHECK_EQ_LONG(r->size[0], 2);                   /* r was neither resized nor written */
  CHECK_NEAR(Case_(at)(r, 1, 1), 4, 0);
  THTensor_(free)(r);
  THTensor_(free)(src);
  THTensor_(free)(t);
}

TEST(Case_(sumall_prodall_and_dot)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(make)((enum layout)layout, 3, 4, 1, 13);    /* 1..12 */
    THTensor *p = Case_(make)((enum layout)layout, 2, 3, 1, 13);    /* 1..6 */
    THTensor *u = Case_(make)((enum layout)(LAYOUTS - 1 - layout), 4, 3, 0, 3);
    CHECK_EQ_LONG(THTensor_(sumall)(t), 78);
    CHECK_EQ_LONG(THTensor_(prodall)(p), 720);
    accreal expected = 0;
    for (long k = 0; k < 12; k++)
      expected += (accreal)(1 + k) * (k % 3);
    CHECK_EQ_LONG(THTensor_(dot)(t, u), expected);
    THTensor_(free)(u);
    THTensor_(free)(p);
    THTensor_(free)(t);
  }
  THTensor *empty = THTensor_(new)();
  CHECK_EQ_LONG(THTensor_(sumall)(empty), 0);
  CHECK_EQ_LONG(THTensor_(prodall)(empty), 1);
  CHECK_EQ_LONG(THTensor_(dot)(empty, empty), 0);
  CHECK_EQ_LONG(THTensor_(numel)(empty), 0);
  THTensor *big = THTensor_(newWithSize2d)(2, 150001);
  THTensor_(fill)(big, 1);
  CHECK_EQ_LONG(THTensor_(sumall)(big), 300002);
  CHECK_EQ_LONG(THTensor_(prodall)(big), 1);
  CHECK_EQ_LONG(THTensor_(dot)(big, big), 300002);
  CHECK_EQ_LONG(THTensor_(numel)(big), 300002);
  THTensor_(free)(big);
  THTensor_(free)(empty);
}

/* r = reduce(t, dim) compared with the sum or product of each slice, read with get3d. */
static void Case_(checkReduction)(THTensor *t, int dim, int isProd) {
  THTensor *r = THTensor_(new)();
  if (isProd)
    THTensor_(prod)(r, t, dim);
  else
    THTensor_(sum)(r, t, dim);
  CHECK_EQ_LONG(r->nDimension, 3);
  long wrong = 0;
  for (int d = 0; d < 3; d++)
    wrong += r->size[d] != (d == dim ? 1 : t->size[d]);
  for (long i = 0; i < r->size[0]; i++)
    for (long j = 0; j < r->size[1]; j++)
      for (long k = 0; k < r->size[2]; k++) {
        accreal acc = isProd ? 1 : 0;
        for (long m = 0; m < t->size[dim]; m++) {
          real x = THTensor_(get3d)(t, dim == 0 ? m : i, dim == 1 ? m : j, dim == 2 ? m : k);
          acc = isProd ? acc * x : acc + x;
        }
        wrong += THTensor_(get3d)(r, i, j, k) != (real)acc;
      }
  CHECK_EQ_LONG(wrong, 0);
  THTensor_(free)(r);
}

/* A d0 x d1 x d2 tensor holding 1 + k % 3 (k its row-major position); permuted: stored with its
 * dimensions reversed, then transposed back. */
static THTensor *Case_(make3d)(long d0, long d1, long d2, int permuted) {
  THTensor *t;
  if (permuted) {
    THTensor *base = THTensor_(newWithSize3d)(d2, d1, d0);
    t = THTensor_(newTranspose)(base, 0, 2);
    THTensor_(free)(base);
  } else {
    t = THTensor_(newWithSize3d)(d0, d1, d2);
  }
  long k = 0;
  for (long i = 0; i < d0; i++)
    for (long j = 0; j < d1; j++)
      for (long l = 0; l < d2; l++, k++)
        THTensor_(set3d)(t, i, j, l, (real)(1 + k % 3));
  return t;
}

TEST(Case_(sum_and_prod_along_each_dimension)) {
  for (int permuted = 0; permuted < 2; permuted++) {
    THTensor *t = Case_(make3d)(2, 3, 4, permuted);
    THTensor *wide = Case_(make3d)(3, 7, 600, permuted);   /* more columns than one block */
    for (int dim = 0; dim < 3; dim++) {
      Case_(checkReduction)(t, dim, 0);
      Case_(checkReduction)(t, dim, 1);
      Case_(checkReduction)(wide, dim, 0);
    }
    THTensor_(free)(wide);
    THTensor_(free)(t);
  }
  THTensor *longRow = Case_(make3d)(1, 1, 300000, 0);       /* one long slice: parallel */
  Case_(checkReduction)(longRow, 2, 0);
  THTensor_(free)(longRow);
}

TEST(Case_(sum_keeps_the_dimension_and_may_replace_its_input)) {
  THTensor *v = Case_(make)(CONTIGUOUS, 1, 5, 1, 10), *r = THTensor_(new)();
  THTensor_(select)(v, NULL, 0, 0);                          /* 1-D: 1 2 3 4 5 */
  THTensor_(sum)(r, v, 0);
  CHECK_EQ_LONG(r->nDimension, 1);
  CHECK_EQ_LONG(r->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(r, 0), 15, 0);
  THTensor_(prod)(v, v, 0);
  CHECK_EQ_LONG(v->size[0], 1);
  CHECK_NEAR(THTensor_(get1d)(v, 0), (double)(real)120, 0);
  THTensor *t = Case_(make)(TRANSPOSED, 2, 3, 0, 10);
  THTensor_(sum)(t, t, 1);
  CHECK_NEAR(Case_(at)(t, 1, 0), 12, 0);
  EXPECT_TH_ERROR(THTensor_(sum)(r, t, 2), "dimension 2 out of range of 2D tensor");
  EXPECT_TH_ERROR(THTensor_(prod)(r, t, -1), "dimension -1 out of range");
  THTensor_(free)(t);
  THTensor_(free)(r);
  THTensor_(free)(v);
}

/* addmm against a triple loop: all layouts of mat1, mat2 and the result (or the result being t),
 * with beta 0, 1, 2 and alpha 1, 2. */
static void Case_(checkAddmm)(long n, long k, long m, int l1, int l2, int lr, real beta, real alpha) {
  THTensor *m1 = Case_(make)((enum layout)l1, n, k, 0, 3);
  THTensor *m2 = Case_(make)((enum layout)l2, k, m, 1, 3);
  THTensor *t = Case_(make)(CONTIGUOUS, n, m, 2, 5);
  THTensor *r = lr == LAYOUTS ? t : Case_(make)((enum layout)lr, n, m, 0, 7);
  if (lr == LAYOUTS)
    THTensor_(retain)(t);
  accreal *expected = THAlloc(sizeof(accreal) * n * m);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      accreal acc = 0;
      for (long l = 0; l < k; l++)
        acc += (accreal)THTensor_(get2d)(m1, i, l) * THTensor_(get2d)(m2, l, j);
      expected[i * m + j] = beta * (accreal)THTensor_(get2d)(t, i, j) + alpha * acc;
    }
  THTensor_(addmm)(r, beta, t, alpha, m1, m2);
  long wrong = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      wrong += THTensor_(get2d)(r, i, j) != (real)expected[i * m + j];
  CHECK_EQ_LONG(wrong, 0);
  THFree(expected);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THTensor_(free)(m2);
  THTensor_(free)(m1);
}

TEST(Case_(addmm_matches_a_triple_loop)) {
  static const real betas[3] = {0, 1, 2}, alphas[2] = {1, 2};
  for (int l1 = 0; l1 < LAYOUTS; l1++)
    for (int l2 = 0; l2 < LAYOUTS; l2++)
      for (int lr = 0; lr <= LAYOUTS; lr++)
        for (int b = 0; b < 3; b++)
          for (int a = 0; a < 2; a++)
            Case_(checkAddmm)(3, 4, 5, l1, l2, lr, betas[b], alphas[a]);
  Case_(checkAddmm)(1, 4, 5, CONTIGUOUS, TRANSPOSED, CONTIGUOUS, 1, 1);   /* degenerate shapes */
  Case_(checkAddmm)(3, 1, 5, TRANSPOSED, CONTIGUOUS, TRANSPOSED, 1, 1);
  Case_(checkAddmm)(3, 4, 1, CONTIGUOUS, CONTIGUOUS, CONTIGUOUS, 1, 2);
  Case_(checkAddmm)(1, 1, 1, STRIDED, STRIDED, STRIDED, 2, 2);
  Case_(checkAddmm)(40, 9, 50, CONTIGUOUS, TRANSPOSED, CONTIGUOUS, 1, 1); /* parallel reference */
  Case_(checkAddmm)(40, 9, 50, TRANSPOSED, CONTIGUOUS, NARROWED, 2, 1);
}

TEST(Case_(addmm_checks_its_operands)) {
  THTensor *m1 = Case_(make)(CONTIGUOUS, 3, 4, 0, 3), *m2 = Case_(make)(CONTIGUOUS, 3, 5, 0, 3);
  THTensor *t = Case_(make)(CONTIGUOUS, 3, 5, 0, 3), *r = THTensor_(new)();
  THTensor *v = THTensor_(newWithSize1d)(4);
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, t, 1, v, m2), "expected a matrix for mat1, got a 1D tensor");
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, t, 1, m1, v), "expected a matrix for mat2");
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, t, 1, m1, m2), "size mismatch: mat1 is 3x4 and mat2 is 3x5");
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, m1, 1, t, m1), "size mismatch");
  THTensor *m2ok = Case_(make)(CONTIGUOUS, 4, 5, 0, 3);
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, m1, 1, m1, m2ok), "expected the added matrix to be 3x5");
  CHECK_EQ_LONG(r->nDimension, 0);
  THTensor_(free)(m2ok);
  THTensor_(free)(v);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THTensor_(free)(m2);
  THTensor_(free)(m1);
}

/* A 3x4 ByteTensor mask whose element k is 1 when k % 3 == 0: picks k = 0, 3, 6, 9. */
static THByteTensor *Case_(everyThirdMask)(void) {
  THByteTensor *mask = THByteTensor_newWithSize2d(3, 4);
  for (long k = 0; k < 12; k++)
    THByteTensor_set2d(mask, k / 4, k % 4, k % 3 == 0);
  return mask;
}

TEST(Case_(masked_fill_copy_and_select_follow_row_major_order)) {
  THByteTensor *mask = Case_(everyThirdMask)();
  for (int layout = CONTIGUOUS; layout <= STRIDED; layout++) {
    THTensor *t = Case_(make)((enum layout)layout, 3, 4, 0, 100);
    THTensor *picked = THTensor_(new)();
    THTensor_(maskedSelect)(picked, t, mask);
    CHECK_EQ_LONG(picked->nDimension, 1);
    CHECK_EQ_LONG(picked->size[0], 4);
    for (long i = 0; i < 4; i++)
      CHECK_NEAR((double)THTensor_(get1d)(picked, i), (double)(real)(3 * i), 0);

    THTensor_(maskedFill)(t, mask, 7);
    for (long k = 0; k < 12; k++)
      CHECK_NEAR(Case_(at)(t, k / 4, k % 4), k % 3 == 0 ? 7 : (double)(real)k, 0);

    THTensor *src = Case_(make)(TRANSPOSED, 2, 3, 50, 100); /* row-major values 50..55 */
    THTensor_(maskedCopy)(t, mask, src);
    for (long k = 0, next = 50; k < 12; k++)
      CHECK_NEAR(Case_(at)(t, k / 4, k % 4), k % 3 == 0 ? (double)(real)next++ : (double)(real)k, 0);
    THTensor_(free)(src);
    THTensor_(free)(picked);
    THTensor_(free)(t);
  }
  THByteTensor_free(mask);
}

TEST(Case_(masked_select_of_nothing_is_empty)) {
  THTensor *t = Case_(make)(CONTIGUOUS, 2, 3, 0, 10), *r = THTensor_(newWithSize1d)(5);
  THByteTensor *mask = THByteTensor_newWithSize2d(2, 3);
  THByteTensor_fill(mask, 0);
  THTensor_(maskedSelect)(r, t, mask);
  CHECK_EQ_LONG(r->nDimension, 0);
  THByteTensor_free(mask);
  THTensor_(free)(r);
  THTensor_(free)(t);
}

TEST(Case_(masked_ops_check_before_writing)) {
  THTensor *t = Case_(make)(CONTIGUOUS, 3, 4, 0, 100), *r = THTensor_(new)();
  THByteTensor *small = THByteTensor_newWithSize1d(5), *bad = Case_(everyThirdMask)();
  THByteTensor *mask = Case_(everyThirdMask)();
  THByteTensor_fill(small, 1);
  THByteTensor_set2d(bad, 2, 3, 2);
  THTensor *tooFew = THTensor_(newWithSize1d)(3);
  THTensor_(fill)(tooFew, 1);
  EXPECT_TH_ERROR(THTensor_(maskedFill)(t, small, 1),
                  "the mask has 5 elements (size 5) but the tensor has 12 (size 3x4)");
  EXPECT_TH_ERROR(THTensor_(maskedFill)(t, bad, 1), "the mask may only contain 0s and 1s");
  EXPECT_TH_ERROR(THTensor_(maskedCopy)(t, mask, tooFew),
                  "the mask picks 4 elements but the source has only 3 (size 3)");
  EXPECT_TH_ERROR(THTensor_(maskedSelect)(r, t, small), "invalid argument 3:");
  for (long k = 0; k < 12; k++)                     /* nothing was written */
    CHECK_NEAR(Case_(at)(t, k / 4, k % 4), (double)(real)k, 0);
  CHECK_EQ_LONG(r->nDimension, 0);
  THTensor_(free)(tooFew);
  THByteTensor_free(mask);
  THByteTensor_free(bad);
  THByteTensor_free(small);
  THTensor_(free)(r);
  THTensor_(free)(t);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(fill_and_zero_touch_only_the_view)),
  TEST_ENTRY(Case_(scalar_add_sub_mul_div)),
  TEST_ENTRY(Case_(scalar_ops_on_one_element)),
  TEST_ENTRY(Case_(large_contiguous_ops_agree_with_small_ones)),
  TEST_ENTRY(Case_(cdiv_by_a_view_of_the_result)),
  TEST_ENTRY(Case_(division_by_zero)),
#if defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
  TEST_ENTRY(Case_(most_negative_divided_by_minus_one_wraps)),
#endif
  TEST_ENTRY(Case_(cadd_csub_cmul_cdiv_on_every_layout)),
  TEST_ENTRY(Case_(element_wise_ops_check_sizes_before_writing)),
  TEST_ENTRY(Case_(sumall_prodall_and_dot)),
  TEST_ENTRY(Case_(sum_and_prod_along_each_dimension)),
  TEST_ENTRY(Case_(sum_keeps_the_dimension_and_may_replace_its_input)),
  TEST_ENTRY(Case_(addmm_matches_a_triple_loop)),
  TEST_ENTRY(Case_(addmm_checks_its_operands)),
  TEST_ENTRY(Case_(masked_fill_copy_and_select_follow_row_major_order)),
  TEST_ENTRY(Case_(masked_select_of_nothing_is_empty)),
  TEST_ENTRY(Case_(masked_ops_check_before_writing)),
};

#undef CASE_SCALAR_OP
#undef CASE_BINARY_OP
#undef CASE_IS_INTEGRAL

#endif
