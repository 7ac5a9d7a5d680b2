/* The THTensorArithmetic cases for one dtype (expanded by test_arithmetic.c through
 * THGenerateAllTypes.h): add, sub, mul, div with a number and with a tensor, fmod and remainder,
 * addcmul and addcdiv, on every layout, into a new tensor and in place, and their errors. Values
 * are small integers (or, for the remainders, steps of 0.25 and 0.75), so every result is exact
 * or compared to the dtype's precision with the C library's answer. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/arithmetic_cases.c"
#else

#include "layouts.c"

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define CASE_IS_INTEGRAL 0
#else
#define CASE_IS_INTEGRAL 1
#endif

/* ---- With a number and with a tensor ---- */

/* r = op(t, value) on every layout, into a new tensor and in place. */
#define CASE_SCALAR_OP(fn, value, OP)                                                   \
  for (int layout = 0; layout < LAYOUTS; layout++) {                                    \
    THTensor *t = Case_(cycling)((enum layout)layout, 3, 4, 1, 60);                        \
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
  THTensor *t = Case_(cycling)(CONTIGUOUS, 2, 2, 1, 10), *zeros = Case_(cycling)(CONTIGUOUS, 2, 2, 0, 2);
  THTensor *r = Case_(cycling)(CONTIGUOUS, 2, 2, 5, 10);
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
        THTensor *t = Case_(cycling)((enum layout)lt, 3, 4, 2, 9);                         \
        THTensor *src = Case_(cycling)((enum layout)ls, ls % 2 ? 4 : 3, ls % 2 ? 3 : 4, 1, 4); \
        THTensor *r = lr == LAYOUTS ? t : Case_(cycling)((enum layout)lr, 3, 4, 0, 5);     \
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

TEST(Case_(tensor_operands_need_as_many_elements)) {
  THTensor *t = Case_(cycling)(CONTIGUOUS, 3, 4, 0, 10), *src = THTensor_(newWithSize1d)(5);
  THTensor *r = Case_(cycling)(TRANSPOSED, 2, 2, 1, 10);
  THTensor_(fill)(src, 1);
  EXPECT_TH_ERROR(THTensor_(cadd)(r, t, 1, src),
                  "inconsistent tensor size: expected 12 elements (size 3x4) but got 5 (size 5)");
  EXPECT_TH_ERROR(THTensor_(csub)(r, t, 1, src), "invalid argument 4:");
  EXPECT_TH_ERROR(THTensor_(cmul)(r, t, src), "invalid argument 3: inconsistent tensor size");
  EXPECT_TH_ERROR(THTensor_(cdiv)(r, t, src), "inconsistent tensor size");
  EXPECT_TH_ERROR(THTensor_(cfmod)(r, t, src), "invalid argument 3");
  EXPECT_TH_ERROR(THTensor_(cremainder)(r, t, src), "invalid argument 3");
  EXPECT_TH_ERROR(THTensor_(addcmul)(r, t, 1, src, t), "invalid argument 4");
  EXPECT_TH_ERROR(THTensor_(addcdiv)(r, t, 1, t, src), "invalid argument 5");
  CHECK_EQ_LONG(r->size[0], 2);                   /* r was neither resized nor written */
  CHECK_NEAR(Case_(at)(r, 1, 1), 4, 0);
  THTensor_(free)(r);
  THTensor_(free)(src);
  THTensor_(free)(t);
}

/* ---- Division by zero ---- */

#if !CASE_IS_INTEGRAL
TEST(Case_(float_division_by_zero_gives_nan_or_inf)) {
  THTensor *t = Case_(progression)(CONTIGUOUS, 1, 1), *zeros = Case_(progression)(CONTIGUOUS, 0, 0);
  THTensor *r = THTensor_(new)();
  THTensor_(fmod)(r, t, 0);
  CHECK(isnan(Case_(element)(r, 0)));
  THTensor_(cremainder)(r, t, zeros);
  CHECK(isnan(Case_(element)(r, 5)));
  THTensor_(addcdiv)(r, t, 1, t, zeros);
  CHECK(isinf(Case_(element)(r, 0)));
  THTensor_(free)(r);
  THTensor_(free)(zeros);
  THTensor_(free)(t);
}
#endif

/* ---- Remainders ---- */

static double Case_(truncatedRef)(double x, double y) {
  return fmod(x, y);
}

static double Case_(flooredRef)(double x, double y) {
  return x - floor(x / y) * y;
}

TEST(Case_(fmod_and_remainder_signs)) {
  /* dividends -6.. step 1 (0.. for Byte), divisors 3 and -3, and a tensor of divisors 1..4 */
  double offset = CASE_IS_INTEGRAL ? (((real)-1 < 0) ? -6 : 0) : -3.5, step = CASE_IS_INTEGRAL ? 1 : 0.75;
  double divisors[2] = {3, ((real)-1 < 0) ? -3 : 4};
  for (int lt = 0; lt < LAYOUTS; lt++)
    for (int ls = 0; ls < LAYOUTS; ls++) {
      THTensor *t = Case_(progression)((enum layout)lt, offset, step);
      THTensor *src = Case_(progression)((enum layout)ls, 1, 0.25 + CASE_IS_INTEGRAL * 0.75);
      THTensor *r = THTensor_(new)();
      long wrong = 0;
      for (int d = 0; d < 2; d++) {
        THTensor_(fmod)(r, t, (real)divisors[d]);
        for (long k = 0; k < 12; k++)
          wrong += Case_(element)(r, k) != Case_(truncatedRef)(Case_(input)(offset, step, k), divisors[d]);
        THTensor_(remainder)(r, t, (real)divisors[d]);
        for (long k = 0; k < 12; k++)
          wrong += Case_(element)(r, k) != Case_(flooredRef)(Case_(input)(offset, step, k), divisors[d]);
      }
      double srcStep = 0.25 + CASE_IS_INTEGRAL * 0.75;
      THTensor_(cfmod)(r, t, src);
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(r, k) != Case_(truncatedRef)(Case_(input)(offset, step, k), Case_(input)(1, srcStep, k));
      THTensor_(cremainder)(t, t, src);           /* in place */
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(t, k) != Case_(flooredRef)(Case_(input)(offset, step, k), Case_(input)(1, srcStep, k));
      CHECK_EQ_LONG(wrong, 0);
      THTensor_(free)(r);
      THTensor_(free)(src);
      THTensor_(free)(t);
    }
}

#if CASE_IS_INTEGRAL
TEST(Case_(integer_division_by_zero_is_an_error_and_writes_nothing)) {
  THTensor *t = Case_(progression)(CONTIGUOUS, 1, 1), *zeros = Case_(progression)(NARROWED, 0, 0);
  THTensor *r = Case_(progression)(CONTIGUOUS, 5, 0);
  THTensor_(set2d)(zeros, 2, 3, 1);
  EXPECT_TH_ERROR(THTensor_(fmod)(r, t, 0), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
  EXPECT_TH_ERROR(THTensor_(remainder)(r, t, 0), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
  EXPECT_TH_ERROR(THTensor_(cfmod)(r, t, zeros), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
  EXPECT_TH_ERROR(THTensor_(cremainder)(r, t, zeros), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
  EXPECT_TH_ERROR(THTensor_(addcdiv)(r, t, 1, t, zeros), "integer division by zero");
  CHECK(THLastErrorKind() == TH_ERROR_ZERO_DIVISION);
  CHECK_EQ_LONG(Case_(countInStorage)(r, 5), 12);
  THTensor_(free)(r);
  THTensor_(free)(zeros);
  THTensor_(free)(t);
}
#endif

/* A 2x2 matrix with the given elements (row-major) and its transpose, a view of the same memory. */
static THTensor *Case_(square)(double a, double b, double c, double d, THTensor **transposed) {
  THTensor *x = THTensor_(newWithSize2d)(2, 2);
  THTensor_(set2d)(x, 0, 0, (real)a);
  THTensor_(set2d)(x, 0, 1, (real)b);
  THTensor_(set2d)(x, 1, 0, (real)c);
  THTensor_(set2d)(x, 1, 1, (real)d);
  *transposed = THTensor_(newTranspose)(x, 0, 1);
  return x;
}

static long Case_(differsFrom)(THTensor *x, double a, double b, double c, double d) {
  return (THTensor_(get2d)(x, 0, 0) != (real)a) + (THTensor_(get2d)(x, 0, 1) != (real)b) +
         (THTensor_(get2d)(x, 1, 0) != (real)c) + (THTensor_(get2d)(x, 1, 1) != (real)d);
}

/* x = x op x': the divisors are a transposed view of the result, so the loop writes divisors it
 * has not read yet. The answers are those of the values before the call, and a zero written during
 * the loop never becomes a divisor (for integers that would kill the process). */
TEST(Case_(divisors_that_share_memory_with_the_result)) {
  THTensor *xt, *x = Case_(square)(3, 6, 3, 5, &xt);       /* x % x' = 0 0 / 3 0 */
  THTensor_(cremainder)(x, x, xt);
  long wrong = Case_(differsFrom)(x, 0, 0, 3, 0);
  THTensor_(free)(xt);
  THTensor_(free)(x);
  x = Case_(square)(3, 6, 3, 5, &xt);
  THTensor_(cfmod)(x, x, xt);
  wrong += Case_(differsFrom)(x, 0, 0, 3, 0);
  THTensor_(free)(xt);
  THTensor_(free)(x);
  x = Case_(square)(3, 6, 3, 5, &xt);                     /* out= x, dividend apart: 7 % x' */
  THTensor *sevens = THTensor_(newWithSize2d)(2, 2);
  THTensor_(fill)(sevens, 7);
  THTensor_(cremainder)(x, sevens, xt);
  wrong += Case_(differsFrom)(x, 1, 1, 1, 2);
  THTensor_(free)(sevens);
  THTensor_(free)(xt);
  THTensor_(free)(x);
  /* x + y / x' with y = 0 1 / 0 0: the second element becomes 0 (-1 + 1; 255 + 1 for Byte) and
   * is then the divisor of the third */
  THTensor *y = THTensor_(newWithSize2d)(2, 2);
  THTensor_(zero)(y);
  THTensor_(set2d)(y, 0, 1, 1);
  x = Case_(square)(1, (real)-1, 1, 1, &xt);
  THTensor_(addcdiv)(x, x, 1, y, xt);
  wrong += Case_(differsFrom)(x, 1, 0, 1, 1);
  CHECK_EQ_LONG(wrong, 0);
  THTensor_(free)(y);
  THTensor_(free)(xt);
  THTensor_(free)(x);
}

/* x = x op x where x's elements overlap each other: a row expanded with stride 0
 * (IntTensor(1, 3).fill_(5).expand(4, 3)) or overlapping unfold windows (IntTensor(5).fill_(3)
 * .unfold(0, 2, 1)). The first element written (0, for a remainder) is read again further on: as
 * a divisor it would kill the process. Every element is computed from the values before the call. */
static THTensor *Case_(overlapping)(int windows, real value) {
  THTensor *t = windows ? THTensor_(newWithSize1d)(5) : THTensor_(newWithSize2d)(1, 3);
  THTensor_(fill)(t, value);
  THTensor *view = windows ? THTensor_(newUnfold)(t, 0, 2, 1)
                           : THTensor_(newWithStorage2d)(t->storage, 0, 4, 0, 3, 1);
  THTensor_(free)(t);
  return view;
}

TEST(Case_(division_by_a_result_whose_elements_overlap)) {
  for (int windows = 0; windows < 2; windows++) {
    THTensor *x = Case_(overlapping)(windows, 5);
    THTensor_(cremainder)(x, x, x);
    CHECK_EQ_LONG(Case_(countInStorage)(x, 0), x->storage->size);
    THTensor_(free)(x);
    x = Case_(overlapping)(windows, 3);
    THTensor_(cfmod)(x, x, x);
    CHECK_EQ_LONG(Case_(countInStorage)(x, 0), x->storage->size);
    THTensor_(free)(x);
    x = Case_(overlapping)(windows, 3);
    THTensor_(cdiv)(x, x, x);
    CHECK_EQ_LONG(Case_(countInStorage)(x, 1), x->storage->size);
    THTensor_(free)(x);
  }
  /* IntTensor([[2]]).expand(3, 1).addcdiv_(value, [[4], [4], [4]], itself), with value 1 rather
   * than the reproducer's -1, which Byte cannot hold: each write is 2 + 4 / 2, from the values
   * before the call, not 4 + 4 / 4 from the value written last */
  THTensor *two = THTensor_(newWithSize2d)(1, 1), *fours = THTensor_(newWithSize2d)(3, 1);
  THTensor_(fill)(two, 2);
  THTensor_(fill)(fours, 4);
  THTensor *a = THTensor_(newWithStorage2d)(two->storage, 0, 3, 0, 1, 1);
  THTensor_(addcdiv)(a, a, 1, fours, a);          /* 2 + 4 / 2 = 4, in every dtype */
  CHECK_NEAR(THTensor_(get2d)(two, 0, 0), 4, 0);
  THTensor_(addcmul)(a, a, 1, fours, a);          /* 4 + 4 * 4 = 20 */
  CHECK_NEAR(THTensor_(get2d)(two, 0, 0), 20, 0);
  THTensor_(free)(a);
  THTensor_(free)(fours);
  THTensor_(free)(two);
}

/* ---- addcmul and addcdiv ---- */

TEST(Case_(addcmul_and_addcdiv_on_every_layout)) {
  for (int l1 = 0; l1 < LAYOUTS; l1++)
    for (int l2 = 0; l2 < LAYOUTS; l2++) {
      THTensor *t = Case_(progression)(CONTIGUOUS, 1, 1), *s1 = Case_(progression)((enum layout)l1, 2, 1);
      THTensor *s2 = Case_(progression)((enum layout)l2, 1, 1), *r = Case_(progression)((enum layout)l2, 0, 0);
      long wrong = 0;
      THTensor_(addcmul)(r, t, 2, s1, s2);
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(r, k) != (double)(real)((1 + k) + 2 * (2 + k) * (1 + k));
      THTensor_(addcdiv)(r, t, 3, s1, s2);
      for (long k = 0; k < 12; k++) {
        double quotient = CASE_IS_INTEGRAL ? (double)((3 * (2 + k)) / (1 + k))
                                           : (double)(real)(3 * (2 + k)) / (double)(1 + k);
        wrong += !Case_(close)(Case_(element)(r, k), (1 + k) + quotient);
      }
      THTensor_(addcmul)(s1, t, 1, s1, s2);       /* the result is one of the factors */
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(s1, k) != (double)(real)((1 + k) + (2 + k) * (1 + k));
      THTensor_(addcmul)(t, t, 1, s2, s2);        /* in place */
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(t, k) != (double)(real)((1 + k) + (1 + k) * (1 + k));
      CHECK_EQ_LONG(wrong, 0);
      THTensor_(free)(r);
      THTensor_(free)(s2);
      THTensor_(free)(s1);
      THTensor_(free)(t);
    }
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(scalar_add_sub_mul_div)),
  TEST_ENTRY(Case_(scalar_ops_on_one_element)),
  TEST_ENTRY(Case_(large_contiguous_ops_agree_with_small_ones)),
  TEST_ENTRY(Case_(cdiv_by_a_view_of_the_result)),
  TEST_ENTRY(Case_(division_by_zero)),
#if defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
  TEST_ENTRY(Case_(most_negative_divided_by_minus_one_wraps)),
#endif
  TEST_ENTRY(Case_(cadd_csub_cmul_cdiv_on_every_layout)),
  TEST_ENTRY(Case_(tensor_operands_need_as_many_elements)),
#if !CASE_IS_INTEGRAL
  TEST_ENTRY(Case_(float_division_by_zero_gives_nan_or_inf)),
#endif
  TEST_ENTRY(Case_(fmod_and_remainder_signs)),
#if CASE_IS_INTEGRAL
  TEST_ENTRY(Case_(integer_division_by_zero_is_an_error_and_writes_nothing)),
#endif
  TEST_ENTRY(Case_(divisors_that_share_memory_with_the_result)),
  TEST_ENTRY(Case_(division_by_a_result_whose_elements_overlap)),
  TEST_ENTRY(Case_(addcmul_and_addcdiv_on_every_layout)),
};

#undef CASE_SCALAR_OP
#undef CASE_BINARY_OP
#undef CASE_IS_INTEGRAL

#endif
