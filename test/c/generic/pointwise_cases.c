/* The THTensorPointwise cases for one dtype (expanded by test_pointwise.c through
 * THGenerateAllTypes.h): the functions of one element and the limits clamp, cmax, cmin.
 * Operands are 3x4 tensors whose element k (in row-major order) is offset + step * k; every
 * result is compared with the C library's answer for that element, computed in double and
 * converted to real, exactly for integer dtypes and to the dtype's precision for floating ones. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/pointwise_cases.c"
#else

#include "layouts.c"

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define CASE_IS_INTEGRAL 0
#else
#define CASE_IS_INTEGRAL 1
#endif

/* ---- Functions of one tensor (Byte has sign only) ---- */

typedef struct Case_(Unary) {
  const char *name;
  void (*op)(THTensor *r_, THTensor *t);
  double (*reference)(double x);
  double offset, step;
} Case_(Unary);

/* Runs each op on every layout into a new tensor and in place, and compares every element. */
static void Case_(checkUnary)(const Case_(Unary) *cases, int count) {
  for (int c = 0; c < count; c++) {
    const Case_(Unary) *u = &cases[c];
    long wrong = 0;
    for (int layout = 0; layout < LAYOUTS; layout++) {
      THTensor *t = Case_(progression)((enum layout)layout, u->offset, u->step), *r = THTensor_(new)();
      u->op(r, t);
      wrong += !THTensor_(isSameSizeAs)(r, t);
      for (long k = 0; k < 12; k++)
        wrong += !Case_(close)(Case_(element)(r, k), u->reference(Case_(input)(u->offset, u->step, k)));
      u->op(t, t);
      for (long k = 0; k < 12; k++)
        wrong += !Case_(close)(Case_(element)(t, k), Case_(element)(r, k));
      wrong += Case_(countInStorage)(t, 99) != t->storage->size - 12;   /* only the view moved */
      THTensor_(free)(r);
      THTensor_(free)(t);
    }
    harness_check(wrong == 0, u->name, __FILE__, __LINE__);
  }
}

static double Case_(signRef)(double x) { return (x > 0) - (x < 0); }

#if defined(TH_REAL_IS_BYTE)
TEST(Case_(sign_of_bytes_is_0_or_1)) {
  static const Case_(Unary) cases[] = {{"sign", THTensor_(sign), Case_(signRef), 0, 1}};
  Case_(checkUnary)(cases, 1);
}
#else
static double Case_(negRef)(double x) { return -x; }

TEST(Case_(neg_abs_and_sign)) {
  static const Case_(Unary) cases[] = {
    {"neg", THTensor_(neg), Case_(negRef), -6, 1},
    {"abs", THTensor_(abs), fabs, -6, 1},
    {"sign", THTensor_(sign), Case_(signRef), -6, 1},
  };
  Case_(checkUnary)(cases, 3);
}
#endif

#if defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
TEST(Case_(negating_the_most_negative_value_wraps)) {
  real most_negative = sizeof(real) == sizeof(int) ? (real)INT_MIN : (real)LONG_MIN;
  THTensor *t = THTensor_(newWithSize1d)(1), *r = THTensor_(new)();
  THTensor_(fill)(t, most_negative);
  THTensor_(neg)(r, t);
  CHECK(THTensor_(get1d)(r, 0) == most_negative);
  THTensor_(abs)(r, t);
  CHECK(THTensor_(get1d)(r, 0) == most_negative);
  THTensor_(fmod)(r, t, -1);                   /* x % -1 traps in C for this x */
  CHECK(THTensor_(get1d)(r, 0) == 0);
  THTensor_(remainder)(r, t, -1);
  CHECK(THTensor_(get1d)(r, 0) == 0);
  THTensor_(free)(r);
  THTensor_(free)(t);
}
#endif

#if !CASE_IS_INTEGRAL
static double Case_(fracRef)(double x) { return x - trunc(x); }
static double Case_(cinvRef)(double x) { return 1 / x; }
static double Case_(rsqrtRef)(double x) { return 1 / sqrt(x); }
static double Case_(sigmoidRef)(double x) { return 1 / (1 + exp(-x)); }

TEST(Case_(float_functions_on_every_layout)) {
  static const Case_(Unary) cases[] = {
    {"acos", THTensor_(acos), acos, -0.9, 0.15},
    {"asin", THTensor_(asin), asin, -0.9, 0.15},
    {"atan", THTensor_(atan), atan, -3, 0.55},
    {"ceil", THTensor_(ceil), ceil, -2.75, 0.5},
    {"cos", THTensor_(cos), cos, -3, 0.55},
    {"cosh", THTensor_(cosh), cosh, -3, 0.55},
    {"exp", THTensor_(exp), exp, -3, 0.55},
    {"floor", THTensor_(floor), floor, -2.75, 0.5},
    {"frac", THTensor_(frac), Case_(fracRef), -2.75, 0.5},
    {"log", THTensor_(log), log, 0.25, 0.75},
    {"log1p", THTensor_(log1p), log1p, -0.5, 0.25},
    {"cinv", THTensor_(cinv), Case_(cinvRef), -2.75, 0.5},
    {"round", THTensor_(round), round, -2.5, 0.5},        /* halfway cases away from zero */
    {"rsqrt", THTensor_(rsqrt), Case_(rsqrtRef), 0.25, 0.75},
    {"sigmoid", THTensor_(sigmoid), Case_(sigmoidRef), -6, 1.1},
    {"sin", THTensor_(sin), sin, -3, 0.55},
    {"sinh", THTensor_(sinh), sinh, -3, 0.55},
    {"sqrt", THTensor_(sqrt), sqrt, 0, 0.75},
    {"tan", THTensor_(tan), tan, -1.5, 0.27},
    {"tanh", THTensor_(tanh), tanh, -3, 0.55},
    {"trunc", THTensor_(trunc), trunc, -2.75, 0.5},
    {"neg", THTensor_(neg), Case_(negRef), -2.75, 0.5},
    {"abs", THTensor_(abs), fabs, -2.75, 0.5},
    {"sign", THTensor_(sign), Case_(signRef), -2.75, 0.5},
  };
  Case_(checkUnary)(cases, (int)(sizeof(cases) / sizeof(cases[0])));
}

/* Long contiguous operands take the SIMD kernels on several threads; long strided ones the
 * apply loop. Both must agree with the C library. */
TEST(Case_(exp_and_sigmoid_of_long_tensors)) {
  long n = 300007;
  THTensor *t = THTensor_(newWithSize1d)(n), *r = THTensor_(new)();
  for (long k = 0; k < n; k++)
    THTensor_(data)(t)[k] = (real)(-20 + 40.0 * k / n);
  THTensor *strided = THTensor_(newWithStorage1d)(t->storage, 0, n / 2, 2);
  long wrong = 0;
  THTensor_(exp)(r, t);
  for (long k = 0; k < n; k++)
    wrong += !Case_(close)(THTensor_(data)(r)[k], exp((double)THTensor_(data)(t)[k]));
  THTensor_(sigmoid)(r, t);
  for (long k = 0; k < n; k++)
    wrong += !Case_(close)(THTensor_(data)(r)[k],
                           Case_(sigmoidRef)((double)THTensor_(data)(t)[k]));
  THTensor_(exp)(r, strided);
  for (long k = 0; k < n / 2; k++)
    wrong += !Case_(close)(THTensor_(data)(r)[k], exp((double)THTensor_(data)(t)[2 * k]));
  CHECK_EQ_LONG(wrong, 0);
  THTensor_(free)(strided);
  THTensor_(free)(r);
  THTensor_(free)(t);
}

TEST(Case_(powers_atan2_and_lerp)) {
  for (int lt = 0; lt < LAYOUTS; lt++)
    for (int ls = 0; ls < LAYOUTS; ls++) {
      THTensor *t = Case_(progression)((enum layout)lt, 0.25, 0.5), *src = Case_(progression)((enum layout)ls, -2, 0.4);
      THTensor *r = THTensor_(new)();
      long wrong = 0;
      THTensor_(pow)(r, t, 2.5);
      for (long k = 0; k < 12; k++)
        wrong += !Case_(close)(Case_(element)(r, k), pow(Case_(input)(0.25, 0.5, k), (double)(real)2.5));
      THTensor_(tpow)(r, 2, src);
      for (long k = 0; k < 12; k++)
        wrong += !Case_(close)(Case_(element)(r, k), pow(2, Case_(input)(-2, 0.4, k)));
      THTensor_(cpow)(r, t, src);
      for (long k = 0; k < 12; k++)
        wrong += !Case_(close)(Case_(element)(r, k), pow(Case_(input)(0.25, 0.5, k), Case_(input)(-2, 0.4, k)));
      THTensor_(atan2)(r, src, t);
      for (long k = 0; k < 12; k++)
        wrong += !Case_(close)(Case_(element)(r, k), atan2(Case_(input)(-2, 0.4, k), Case_(input)(0.25, 0.5, k)));
      THTensor_(lerp)(r, t, src, 0.25);
      for (long k = 0; k < 12; k++) {
        double a = Case_(input)(0.25, 0.5, k), b = Case_(input)(-2, 0.4, k);
        wrong += !Case_(close)(Case_(element)(r, k), a + 0.25 * (b - a));
      }
      THTensor_(cpow)(t, t, src);                /* in place */
      for (long k = 0; k < 12; k++)
        wrong += !Case_(close)(Case_(element)(t, k), pow(Case_(input)(0.25, 0.5, k), Case_(input)(-2, 0.4, k)));
      CHECK_EQ_LONG(wrong, 0);
      THTensor_(free)(r);
      THTensor_(free)(src);
      THTensor_(free)(t);
    }
}

#endif

/* ---- Limits ---- */

TEST(Case_(clamp_cmax_and_cmin)) {
  for (int lt = 0; lt < LAYOUTS; lt++)
    for (int ls = 0; ls < LAYOUTS; ls++) {
      THTensor *t = Case_(progression)((enum layout)lt, 0, 1), *src = Case_(progression)((enum layout)ls, 11, -1);
      THTensor *r = THTensor_(new)();
      long wrong = 0;
      THTensor_(clamp)(r, t, 3, 8);
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(r, k) != (k < 3 ? 3 : k > 8 ? 8 : k);
      THTensor_(cmaxValue)(r, t, 5);
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(r, k) != (k > 5 ? k : 5);
      THTensor_(cminValue)(r, t, 5);
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(r, k) != (k < 5 ? k : 5);
      THTensor_(cmax)(r, t, src);
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(r, k) != (k > 11 - k ? k : 11 - k);
      THTensor_(cmin)(t, t, src);                 /* in place */
      for (long k = 0; k < 12; k++)
        wrong += Case_(element)(t, k) != (k < 11 - k ? k : 11 - k);
      CHECK_EQ_LONG(wrong, 0);
      THTensor_(free)(r);
      THTensor_(free)(src);
      THTensor_(free)(t);
    }
}

/* ---- Sizes are checked before anything is written ---- */

TEST(Case_(tensor_operands_need_as_many_elements)) {
  THTensor *t = Case_(progression)(CONTIGUOUS, 1, 1), *src = THTensor_(newWithSize1d)(5);
  THTensor *r = Case_(progression)(TRANSPOSED, 7, 0);
  THTensor_(fill)(src, 1);
  EXPECT_TH_ERROR(THTensor_(cmax)(r, t, src),
                  "invalid argument 3: inconsistent tensor size: expected 12 elements (size 3x4) "
                  "but got 5 (size 5)");
  EXPECT_TH_ERROR(THTensor_(cmin)(r, t, src), "inconsistent tensor size");
#if !CASE_IS_INTEGRAL
  EXPECT_TH_ERROR(THTensor_(cpow)(r, t, src), "invalid argument 3");
  EXPECT_TH_ERROR(THTensor_(atan2)(r, t, src), "invalid argument 3");
  EXPECT_TH_ERROR(THTensor_(lerp)(r, t, src, 0.5), "invalid argument 3");
#endif
  CHECK_EQ_LONG(r->size[0], 3);                   /* r was neither resized nor written */
  CHECK_EQ_LONG(Case_(countInStorage)(r, 7), 12);
  THTensor_(free)(r);
  THTensor_(free)(src);
  THTensor_(free)(t);
}

static const harness_test Case_(tests)[] = {
#if defined(TH_REAL_IS_BYTE)
  TEST_ENTRY(Case_(sign_of_bytes_is_0_or_1)),
#else
  TEST_ENTRY(Case_(neg_abs_and_sign)),
#endif
#if defined(TH_REAL_IS_INT) || defined(TH_REAL_IS_LONG)
  TEST_ENTRY(Case_(negating_the_most_negative_value_wraps)),
#endif
#if !CASE_IS_INTEGRAL
  TEST_ENTRY(Case_(float_functions_on_every_layout)),
  TEST_ENTRY(Case_(exp_and_sigmoid_of_long_tensors)),
  TEST_ENTRY(Case_(powers_atan2_and_lerp)),
#endif
  TEST_ENTRY(Case_(clamp_cmax_and_cmin)),
  TEST_ENTRY(Case_(tensor_operands_need_as_many_elements)),
};

#undef CASE_IS_INTEGRAL

#endif
