/* THTensorArithmetic: element-wise arithmetic of one dtype (included by THTensorArithmetic.c once
 * per dtype): add, sub, mul, div with a number (add...) or a tensor (cadd...), the remainders
 * fmod and remainder, addcmul and addcdiv. The functions of one element (exp, abs, clamp, pow...)
 * are in THTensorPointwise.c.
 * On the path of `a.add(b)`: THPFloatTensor_add → THFloatTensor_cadd → THFloatVector_cadd.
 * Every function checks its arguments first, then resizes its result (which may be the same
 * tensor as an input). Contiguous operands take a THVector kernel on each thread's share, or a
 * flat loop (TH_ELEMENTWISE_*); other layouts take the strided apply macros. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorArithmetic.c"
#else

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
#define TH_ARITHMETIC_IS_INTEGRAL 0
#else
#define TH_ARITHMETIC_IS_INTEGRAL 1
#endif

/* The libm function for real: fmodf for float, fmod for double. */
#if defined(TH_REAL_IS_FLOAT)
#define TH_MATH(name) name##f
#else
#define TH_MATH(name) name
#endif

static int THTensor_(allContiguous)(THTensor *a, THTensor *b, THTensor *c) {
  return THTensor_(isContiguous)(a) && THTensor_(isContiguous)(b) &&
         (c == NULL || THTensor_(isContiguous)(c));
}

/* ---- Integer division ----
 * Quotient and remainder that cannot trap: the most negative value divided by -1 overflows (and
 * kills the process on x86), so dividing by -1 is a wrapping negation, like other integer
 * overflows, and leaves no remainder. A zero divisor is an error, checked before anything is
 * written; for floating types it gives inf or nan, as in IEEE arithmetic. */

#if TH_ARITHMETIC_IS_INTEGRAL
static inline real THTensor_(quotient)(real x, real y) {
  return y == -1 ? (real)(0UL - (unsigned long)x) : (real)(x / y);
}

static inline real THTensor_(truncatedRemainder)(real x, real y) {
  return y == -1 ? 0 : (real)(x % y);
}

/* 1 if any element of t is zero. */
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

/* -value, wrapping for integers (the negation of the most negative value is itself), so that
 * t - value can run as t + (-value): the same result in every dtype, unsigned ones included. */
static inline real THTensor_(negate)(real value) {
#if TH_ARITHMETIC_IS_INTEGRAL
  return (real)(0UL - (unsigned long)value);
#else
  return -value;
#endif
}

/* ---- With a number: r = t op value ---- */

void THTensor_(add)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(allContiguous)(r_, t, NULL)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(adds)(rp + begin, tp + begin, value, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = *t_data + value;);
  }
}

void THTensor_(sub)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(allContiguous)(r_, t, NULL)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    real negated = THTensor_(negate)(value);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(adds)(rp + begin, tp + begin, negated, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = *t_data - value;);
  }
}

void THTensor_(mul)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(allContiguous)(r_, t, NULL)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(muls)(rp + begin, tp + begin, value, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = *t_data * value;);
  }
}

void THTensor_(div)(THTensor *r_, THTensor *t, real value) {
  THTensor_(checkDivisor)(value);
  THTensor_(resizeAs)(r_, t);
#if TH_ARITHMETIC_IS_INTEGRAL
  TH_ELEMENTWISE_1(real, THTensor_(quotient)(x, value));
#else
  if (THTensor_(allContiguous)(r_, t, NULL)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(divs)(rp + begin, tp + begin, value, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = *t_data / value;);
  }
#endif
}

/* r = t mod value: fmod keeps the sign of the dividend (C's fmod and %), remainder the sign of
 * the divisor (Python's %). */
void THTensor_(fmod)(THTensor *r_, THTensor *t, real value) {
  THTensor_(checkDivisor)(value);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, THTensor_(truncatedRemainder)(x, value));
}

void THTensor_(remainder)(THTensor *r_, THTensor *t, real value) {
  THTensor_(checkDivisor)(value);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, THTensor_(flooredRemainder)(x, value));
}

/* ---- With a tensor: r = t + value*src, t - value*src, t*src, t/src ---- */

void THTensor_(cadd)(THTensor *r_, THTensor *t, real value, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 4);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(allContiguous)(r_, t, src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cadd)(rp + begin, tp + begin, value, sp + begin, length););
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = *t_data + value * *src_data;);
  }
  THTensor_(free)(srcCopy);
}

void THTensor_(csub)(THTensor *r_, THTensor *t, real value, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 4);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(allContiguous)(r_, t, src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
    real negated = THTensor_(negate)(value);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cadd)(rp + begin, tp + begin, negated, sp + begin, length););
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = *t_data - value * *src_data;);
  }
  THTensor_(free)(srcCopy);
}

void THTensor_(cmul)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(allContiguous)(r_, t, src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cmul)(rp + begin, tp + begin, sp + begin, length););
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = *t_data * *src_data;);
  }
  THTensor_(free)(srcCopy);
}

/* ---- Division by a tensor ----
 * cdiv, cfmod and cremainder check every divisor before writing anything, then read t and src from
 * copies where writing r_ could change them (THTensor_(newApartFrom)): where they share memory
 * with r_ under another layout, or where r_'s own elements overlap each other (x.expand(4, 3)
 * written row after row). Otherwise writing r_ would change elements not read yet, and
 * x.div_(x.t()) could meet a zero divisor that the check never saw (an integer division by zero
 * kills the process). Each has an Apart function that computes r_ once
 * no operand shares memory with it that way. */

static void THTensor_(divideReadingApart)(THTensor *r_, THTensor *t, THTensor *src,
                                          void (*divideApart)(THTensor *, THTensor *, THTensor *)) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(checkDivisors)(src);
  THTensor_(checkInStorage)(t);                 /* before the first operand is retained */
  /* a divisor that is r_ itself would lose its checked values to the resize */
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  THTensor_(resizeAs)(r_, t);
  THTensor *dividend = THTensor_(newApartFrom)(t, r_);
  THTensor *divisor = THTensor_(newApartFrom)(srcCopy ? srcCopy : src, r_);
  divideApart(r_, dividend, divisor);
  THTensor_(free)(dividend);
  THTensor_(free)(divisor);
  THTensor_(free)(srcCopy);
}

static void THTensor_(cdivApart)(THTensor *r_, THTensor *t, THTensor *src) {
#if TH_ARITHMETIC_IS_INTEGRAL
  TH_ELEMENTWISE_2(real, THTensor_(quotient)(x, y));
#else
  if (THTensor_(allContiguous)(r_, t, src)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(cdiv)(rp + begin, tp + begin, sp + begin, length););
  } else {
    TH_TENSOR_APPLY3(real, r_, real, t, real, src, *r__data = *t_data / *src_data;);
  }
#endif
}

static void THTensor_(cfmodApart)(THTensor *r_, THTensor *t, THTensor *src) {
  TH_ELEMENTWISE_2(real, THTensor_(truncatedRemainder)(x, y));
}

static void THTensor_(cremainderApart)(THTensor *r_, THTensor *t, THTensor *src) {
  TH_ELEMENTWISE_2(real, THTensor_(flooredRemainder)(x, y));
}

void THTensor_(cdiv)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(divideReadingApart)(r_, t, src, THTensor_(cdivApart));
}

void THTensor_(cfmod)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(divideReadingApart)(r_, t, src, THTensor_(cfmodApart));
}

void THTensor_(cremainder)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(divideReadingApart)(r_, t, src, THTensor_(cremainderApart));
}

/* ---- addcmul and addcdiv: r = t + value * src1 * src2, t + value * src1 / src2 ----
 * Four operands are more than the apply macros walk together, so the general case first copies t
 * into r_ and then updates r_ from src1 and src2. When r_ is not t but shares memory with src1 or
 * src2, that copy would overwrite them, and when r_ is t but its elements overlap each other (an
 * expanded tensor), t would change as r_ is written: the result is then made in a fresh tensor.
 * When r_ is t, src1 and src2 are read from copies where writing r_ could change them (as the
 * divisors of cdiv are: THTensor_(newApartFrom)). Each has an Update function that adds its term to r_, which already
 * holds t or is t. */

static void THTensor_(addcmulUpdate)(THTensor *r_, THTensor *t, real value, THTensor *a1,
                                     THTensor *a2) {
  if (THTensor_(allContiguous)(r_, t, a1) && THTensor_(isContiguous)(a2)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    real *p1 = THTensor_(data)(a1), *p2 = THTensor_(data)(a2);
    TH_PARALLEL_FOR(i, THTensor_(nElement)(t), rp[i] = (real)(tp[i] + value * p1[i] * p2[i]););
  } else {
    if (r_ != t)
      THTensor_(copy)(r_, t);
    TH_TENSOR_APPLY3(real, r_, real, a1, real, a2,
                     *r__data = (real)(*r__data + value * *a1_data * *a2_data););
  }
}

static void THTensor_(addcdivUpdate)(THTensor *r_, THTensor *t, real value, THTensor *a1,
                                     THTensor *a2) {
  if (THTensor_(allContiguous)(r_, t, a1) && THTensor_(isContiguous)(a2)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    real *p1 = THTensor_(data)(a1), *p2 = THTensor_(data)(a2);
    TH_PARALLEL_FOR(i, THTensor_(nElement)(t),
                    rp[i] = (real)(tp[i] + THTensor_(quotient)((real)(value * p1[i]), p2[i])););
  } else {
    if (r_ != t)
      THTensor_(copy)(r_, t);
    TH_TENSOR_APPLY3(real, r_, real, a1, real, a2,
                     *r__data = (real)(*r__data +
                                       THTensor_(quotient)((real)(value * *a1_data), *a2_data)););
  }
}

static void THTensor_(addcReadingApart)(THTensor *r_, THTensor *t, real value, THTensor *src1,
                                        THTensor *src2,
                                        void (*update)(THTensor *, THTensor *, real, THTensor *,
                                                       THTensor *)) {
  THTensor_(checkInStorage)(t);                 /* before any operand is retained or copied */
  THTensor_(checkInStorage)(src1);
  THTensor_(checkInStorage)(src2);
  THTensor *copy1 = THTensor_(newCopyBeforeResize)(src1, r_, t);
  THTensor *copy2 = THTensor_(newCopyBeforeResize)(src2, r_, t);
  THTensor *kept1 = copy1 ? copy1 : src1, *kept2 = copy2 ? copy2 : src2;
  THTensor_(resizeAs)(r_, t);
  /* Into a fresh result when the copy of t would overwrite src1 or src2, or when r_ is t and its
   * elements overlap each other (t's values would change as r_ is written over them). */
  int intoFresh = r_ == t ? THTensor_(elementsMayOverlap)(r_)
                          : THTensor_(overlaps)(r_, kept1) || THTensor_(overlaps)(r_, kept2);
  if (intoFresh) {
    THTensor *result = THTensor_(new)();
    THTensor_(addcReadingApart)(result, t, value, kept1, kept2, update);
    THTensor_(copy)(r_, result);
    THTensor_(free)(result);
  } else {
    THTensor *a1 = THTensor_(newApartFrom)(kept1, r_), *a2 = THTensor_(newApartFrom)(kept2, r_);
    update(r_, t, value, a1, a2);
    THTensor_(free)(a1);
    THTensor_(free)(a2);
  }
  THTensor_(free)(copy1);
  THTensor_(free)(copy2);
}

void THTensor_(addcmul)(THTensor *r_, THTensor *t, real value, THTensor *src1, THTensor *src2) {
  THTensor_(checkSameNumel)(t, src1, 4);
  THTensor_(checkSameNumel)(t, src2, 5);
  THTensor_(addcReadingApart)(r_, t, value, src1, src2, THTensor_(addcmulUpdate));
}

void THTensor_(addcdiv)(THTensor *r_, THTensor *t, real value, THTensor *src1, THTensor *src2) {
  THTensor_(checkSameNumel)(t, src1, 4);
  THTensor_(checkSameNumel)(t, src2, 5);
  THTensor_(checkDivisors)(src2);
  THTensor_(addcReadingApart)(r_, t, value, src1, src2, THTensor_(addcdivUpdate));
}

#undef TH_MATH
#undef TH_ARITHMETIC_IS_INTEGRAL

#endif
