/* THTensorPointwise: element-wise math: unary functions (exp, log, sigmoid, ...), pow, fmod, remainder, clamp, lerp, atan2, addcmul/addcdiv, cmax/cmin, sign, neg, abs, reciprocal.
 * Included by THTensorPointwise.c once per dtype. Each operation is one formula in x (an element
 * of t), y (the matching element of src) and the scalars; the macros below turn a formula into
 * the whole function: checks first, then resize, then a flat parallel loop when every operand is
 * contiguous, else the strided apply. exp and sigmoid run THVector's SIMD kernels instead. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorPointwise.c"
#else

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define TH_POINTWISE_IS_INTEGRAL 0
#else
#define TH_POINTWISE_IS_INTEGRAL 1
#endif

/* The libm function for real: expf for float, exp for double. */
#if defined(TH_REAL_IS_FLOAT)
#define TH_MATH(name) name##f
#else
#define TH_MATH(name) name
#endif

static void THTensor_(checkSameNumel)(THTensor *t, THTensor *src, int argNumber) {
  ptrdiff_t n = THTensor_(nElement)(t), srcN = THTensor_(nElement)(src);
  THArgCheck(n == srcN, argNumber,
             "inconsistent tensor size: expected %td elements (size %s) but got %td (size %s)", n,
             THTensor_(sizeDesc)(t).str, srcN, THTensor_(sizeDesc)(src).str);
}

static int THTensor_(allContiguous)(THTensor *a, THTensor *b, THTensor *c) {
  return THTensor_(isContiguous)(a) && THTensor_(isContiguous)(b) &&
         (c == NULL || THTensor_(isContiguous)(c));
}

/* r_ = FORMULA(x) for each element x of t. */
#define TH_POINTWISE_APPLY1(...)                                                          \
  THTensor_(resizeAs)(r_, t);                                                             \
  if (THTensor_(allContiguous)(r_, t, NULL)) {                                            \
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);                             \
    TH_PARALLEL_FOR(i, THTensor_(nElement)(t), real x = tp[i]; rp[i] = (__VA_ARGS__););   \
  } else {                                                                                \
    TH_TENSOR_APPLY2(real, r_, real, t, real x = *t_data; *r__data = (__VA_ARGS__););     \
  }

/* r_ = FORMULA(x, y) for each element x of t and y of src. */
#define TH_POINTWISE_APPLY2(...)                                                          \
  THTensor_(resizeAs)(r_, t);                                                             \
  if (THTensor_(allContiguous)(r_, t, src)) {                                             \
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src); \
    TH_PARALLEL_FOR(i, THTensor_(nElement)(t), real x = tp[i]; real y = sp[i];            \
                    rp[i] = (__VA_ARGS__););                                              \
  } else {                                                                                \
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, real x = *t_data; real y = *src_data;  \
                     *r__data = (__VA_ARGS__););                                          \
  }

#define TH_POINTWISE_UNARY(NAME, ...)                                                     \
  void THTensor_(NAME)(THTensor *r_, THTensor *t) {                                       \
    TH_POINTWISE_APPLY1(__VA_ARGS__)                                                      \
  }

#define TH_POINTWISE_WITH_VALUE(NAME, ...)                                                \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, real value) {                           \
    TH_POINTWISE_APPLY1(__VA_ARGS__)                                                      \
  }

#define TH_POINTWISE_WITH_TENSOR(NAME, ...)                                               \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, THTensor *src) {                        \
    THTensor_(checkSameNumel)(t, src, 3);                                                 \
    TH_POINTWISE_APPLY2(__VA_ARGS__)                                                      \
  }

/* ---- Integer division helpers ---- */

/* Quotient and remainder that cannot trap: the most negative value divided by -1 overflows (and
 * kills the process on x86), so dividing by -1 is a wrapping negation and leaves no remainder. */
#if TH_POINTWISE_IS_INTEGRAL
static inline real THTensor_(quotient)(real x, real y) {
  return y == -1 ? (real)(0UL - (unsigned long)x) : (real)(x / y);
}

static inline real THTensor_(truncatedRemainder)(real x, real y) {
  return y == -1 ? 0 : (real)(x % y);
}

/* 1 if any element of t is zero: integer division checks this before writing anything. */
static int THTensor_(containsZero)(THTensor *t) {
  int found = 0;
  TH_TENSOR_APPLY(real, t, found |= (*t_data == 0););
  return found;
}

static void THTensor_(checkDivisor)(real value) {
  if (value == 0)
    THZeroDivisionError("integer division by zero");
}

static void THTensor_(checkDivisors)(THTensor *src) {
  if (THTensor_(containsZero)(src))
    THZeroDivisionError("integer division by zero");
}
#else
static inline real THTensor_(quotient)(real x, real y) {
  return x / y;
}

static inline real THTensor_(truncatedRemainder)(real x, real y) {
  return TH_MATH(fmod)(x, y);
}

/* Floating-point division by zero gives inf or nan, as in IEEE arithmetic. */
static void THTensor_(checkDivisor)(real value) {
  (void)value;
}

static void THTensor_(checkDivisors)(THTensor *src) {
  (void)src;
}
#endif

/* The remainder with the sign of the divisor, as Python's %: the truncated one, moved by one
 * divisor when the signs differ. */
static inline real THTensor_(flooredRemainder)(real x, real y) {
  real m = THTensor_(truncatedRemainder)(x, y);
  return (m != 0 && ((m < 0) != (y < 0))) ? (real)(m + y) : m;
}

/* ---- fmod and remainder ---- */

void THTensor_(fmod)(THTensor *r_, THTensor *t, real value) {
  THTensor_(checkDivisor)(value);
  TH_POINTWISE_APPLY1(THTensor_(truncatedRemainder)(x, value))
}

void THTensor_(remainder)(THTensor *r_, THTensor *t, real value) {
  THTensor_(checkDivisor)(value);
  TH_POINTWISE_APPLY1(THTensor_(flooredRemainder)(x, value))
}

/* The element-wise forms check every divisor before writing anything, then read the operands
 * from copies where they share memory with r_ under another layout: writing r_ would otherwise
 * change elements not read yet, and x.remainder_(x.t()) could meet a zero divisor that the check
 * never saw (an integer division by zero kills the process). */
#define TH_POINTWISE_DIVISION(NAME, ...)                                                  \
  static void THTensor_(NAME##Apart)(THTensor *r_, THTensor *t, THTensor *src) {          \
    TH_POINTWISE_APPLY2(__VA_ARGS__)                                                      \
  }                                                                                       \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, THTensor *src) {                        \
    THTensor_(checkSameNumel)(t, src, 3);                                                 \
    THTensor_(checkDivisors)(src);                                                        \
    THTensor_(resizeAs)(r_, t);                                                           \
    THTensor *dividend = THTensor_(newApartFrom)(t, r_);                                  \
    THTensor *divisor = THTensor_(newApartFrom)(src, r_);                                 \
    THTensor_(NAME##Apart)(r_, dividend, divisor);                                        \
    THTensor_(free)(dividend);                                                            \
    THTensor_(free)(divisor);                                                             \
  }

TH_POINTWISE_DIVISION(cfmod, THTensor_(truncatedRemainder)(x, y))
TH_POINTWISE_DIVISION(cremainder, THTensor_(flooredRemainder)(x, y))
#undef TH_POINTWISE_DIVISION

/* ---- Limits ---- */

void THTensor_(clamp)(THTensor *r_, THTensor *t, real minValue, real maxValue) {
  TH_POINTWISE_APPLY1(x < minValue ? minValue : (x > maxValue ? maxValue : x))
}

TH_POINTWISE_WITH_TENSOR(cmax, x > y ? x : y)
TH_POINTWISE_WITH_TENSOR(cmin, x < y ? x : y)
TH_POINTWISE_WITH_VALUE(cmaxValue, x > value ? x : value)
TH_POINTWISE_WITH_VALUE(cminValue, x < value ? x : value)

/* ---- addcmul and addcdiv ----
 * Four operands are more than the apply macros walk together, so the general case first copies t
 * into r_ and then updates r_ from src1 and src2. When r_ is not t but shares memory with src1 or
 * src2, that copy would overwrite them: the result is then made in a fresh tensor. When r_ is t,
 * src1 and src2 are read from copies where they share memory with it under another layout (as
 * the divisors of addcdiv must be: see TH_POINTWISE_DIVISION). */

#define TH_POINTWISE_ADDC(NAME, ...)                                                            \
  void THTensor_(NAME)(THTensor *r_, THTensor *t, real value, THTensor *src1, THTensor *src2) { \
    THTensor_(checkSameNumel)(t, src1, 4);                                                      \
    THTensor_(checkSameNumel)(t, src2, 5);                                                      \
    TH_POINTWISE_ADDC_CHECK;                                                                    \
    THTensor_(resizeAs)(r_, t);                                                                 \
    if (r_ != t && (THTensor_(overlaps)(r_, src1) || THTensor_(overlaps)(r_, src2))) {          \
      THTensor *result = THTensor_(new)();                                                      \
      THTensor_(NAME)(result, t, value, src1, src2);                                            \
      THTensor_(copy)(r_, result);                                                              \
      THTensor_(free)(result);                                                                  \
      return;                                                                                   \
    }                                                                                           \
    THTensor *a1 = THTensor_(newApartFrom)(src1, r_), *a2 = THTensor_(newApartFrom)(src2, r_);  \
    if (THTensor_(allContiguous)(r_, t, a1) && THTensor_(isContiguous)(a2)) {                   \
      real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);                                 \
      real *p1 = THTensor_(data)(a1), *p2 = THTensor_(data)(a2);                                \
      TH_PARALLEL_FOR(i, THTensor_(nElement)(t), real y = p1[i]; real z = p2[i];                \
                      rp[i] = (real)(tp[i] + (__VA_ARGS__)););                                  \
    } else {                                                                                    \
      if (r_ != t)                                                                              \
        THTensor_(copy)(r_, t);                                                                 \
      TH_TENSOR_APPLY3(real, r_, real, a1, real, a2, real y = *a1_data;                         \
                       real z = *a2_data; *r__data = (real)(*r__data + (__VA_ARGS__)););        \
    }                                                                                           \
    THTensor_(free)(a1);                                                                        \
    THTensor_(free)(a2);                                                                        \
  }

#define TH_POINTWISE_ADDC_CHECK (void)0
TH_POINTWISE_ADDC(addcmul, value * y * z)
#undef TH_POINTWISE_ADDC_CHECK
#define TH_POINTWISE_ADDC_CHECK THTensor_(checkDivisors)(src2)
TH_POINTWISE_ADDC(addcdiv, THTensor_(quotient)((real)(value * y), z))
#undef TH_POINTWISE_ADDC_CHECK
#undef TH_POINTWISE_ADDC

/* ---- Signed types (sign: every type; 0 or 1 for Byte) ---- */

#if !defined(TH_REAL_IS_BYTE)
#if TH_POINTWISE_IS_INTEGRAL
TH_POINTWISE_UNARY(neg, (real)(0UL - (unsigned long)x))
TH_POINTWISE_UNARY(abs, x < 0 ? (real)(0UL - (unsigned long)x) : x)
#else
TH_POINTWISE_UNARY(neg, -x)
TH_POINTWISE_UNARY(abs, TH_MATH(fabs)(x))
#endif
#endif
TH_POINTWISE_UNARY(sign, (real)((x > 0) - (x < 0)))

/* ---- Float and Double ---- */

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
TH_POINTWISE_UNARY(acos, TH_MATH(acos)(x))
TH_POINTWISE_UNARY(asin, TH_MATH(asin)(x))
TH_POINTWISE_UNARY(atan, TH_MATH(atan)(x))
TH_POINTWISE_UNARY(ceil, TH_MATH(ceil)(x))
TH_POINTWISE_UNARY(cos, TH_MATH(cos)(x))
TH_POINTWISE_UNARY(cosh, TH_MATH(cosh)(x))
TH_POINTWISE_UNARY(floor, TH_MATH(floor)(x))
TH_POINTWISE_UNARY(frac, x - TH_MATH(trunc)(x))
TH_POINTWISE_UNARY(log, TH_MATH(log)(x))
TH_POINTWISE_UNARY(log1p, TH_MATH(log1p)(x))
TH_POINTWISE_UNARY(cinv, 1 / x)
TH_POINTWISE_UNARY(round, TH_MATH(round)(x))
TH_POINTWISE_UNARY(rsqrt, 1 / TH_MATH(sqrt)(x))
TH_POINTWISE_UNARY(sin, TH_MATH(sin)(x))
TH_POINTWISE_UNARY(sinh, TH_MATH(sinh)(x))
TH_POINTWISE_UNARY(sqrt, TH_MATH(sqrt)(x))
TH_POINTWISE_UNARY(tan, TH_MATH(tan)(x))
TH_POINTWISE_UNARY(tanh, TH_MATH(tanh)(x))
TH_POINTWISE_UNARY(trunc, TH_MATH(trunc)(x))

/* exp and sigmoid: THVector's kernels on each thread's contiguous share. */
#define TH_POINTWISE_VECTOR(NAME, ...)                                                       \
  void THTensor_(NAME)(THTensor *r_, THTensor *t) {                                          \
    THTensor_(resizeAs)(r_, t);                                                              \
    if (THTensor_(allContiguous)(r_, t, NULL)) {                                             \
      real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);                              \
      TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),                              \
                         THVector_(NAME)(rp + begin, tp + begin, length););                  \
    } else {                                                                                 \
      TH_TENSOR_APPLY2(real, r_, real, t, real x = *t_data; *r__data = (__VA_ARGS__););      \
    }                                                                                        \
  }

TH_POINTWISE_VECTOR(exp, TH_MATH(exp)(x))
TH_POINTWISE_VECTOR(sigmoid, 1 / (1 + TH_MATH(exp)(-x)))
#undef TH_POINTWISE_VECTOR

TH_POINTWISE_WITH_VALUE(pow, TH_MATH(pow)(x, value))
TH_POINTWISE_WITH_TENSOR(cpow, TH_MATH(pow)(x, y))

void THTensor_(tpow)(THTensor *r_, real value, THTensor *t) {
  TH_POINTWISE_APPLY1(TH_MATH(pow)(value, x))
}

void THTensor_(atan2)(THTensor *r_, THTensor *a, THTensor *b) {
  THTensor *t = a, *src = b;
  THTensor_(checkSameNumel)(t, src, 3);
  TH_POINTWISE_APPLY2(TH_MATH(atan2)(x, y))
}

void THTensor_(lerp)(THTensor *r_, THTensor *a, THTensor *b, real weight) {
  THTensor *t = a, *src = b;
  THTensor_(checkSameNumel)(t, src, 3);
  TH_POINTWISE_APPLY2(x + weight * (y - x))
}
#endif

#undef TH_POINTWISE_UNARY
#undef TH_POINTWISE_WITH_VALUE
#undef TH_POINTWISE_WITH_TENSOR
#undef TH_POINTWISE_APPLY1
#undef TH_POINTWISE_APPLY2
#undef TH_MATH
#undef TH_POINTWISE_IS_INTEGRAL

#endif
