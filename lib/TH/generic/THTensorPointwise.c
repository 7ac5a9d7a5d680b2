/* THTensorPointwise: the element-wise functions of one dtype (included by THTensorPointwise.c once
 * per dtype): neg, abs, sign, clamp, cmax/cmin, and for float types exp, log, sin..., sigmoid,
 * pow, atan2, lerp. Arithmetic (add, div, fmod, addcmul...) is in THTensorArithmetic.c.
 * On the path of `a.exp()`: THPFloatTensor_exp → THFloatTensor_exp → THFloatVector_exp.
 * Each function is one formula in x (an element of t), y (the matching element of src) and the
 * scalars, run by TH_ELEMENTWISE_1/2 (THTensorElementwise.h) after the checks and the resize; exp,
 * sigmoid and tanh run THVector's SIMD kernels instead on contiguous tensors. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorPointwise.c"
#else

/* The libm function for real: expf for float, exp for double. */
#if defined(TH_REAL_IS_FLOAT)
#define TH_MATH(name) name##f
#else
#define TH_MATH(name) name
#endif

/* ---- Limits ---- */

void THTensor_(clamp)(THTensor *r_, THTensor *t, real minValue, real maxValue) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x < minValue ? minValue : (x > maxValue ? maxValue : x));
}

void THTensor_(cmax)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x > y ? x : y);
  THTensor_(free)(srcCopy);
}

void THTensor_(cmin)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x < y ? x : y);
  THTensor_(free)(srcCopy);
}

void THTensor_(cmaxValue)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x > value ? x : value);
}

void THTensor_(cminValue)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x < value ? x : value);
}

/* ---- Signs (neg and abs: signed types; integer negation wraps for the most negative value) ---- */

#if !defined(TH_REAL_IS_BYTE)
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)
void THTensor_(neg)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, -x);
}

void THTensor_(abs)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(fabs)(x));
}
#else
void THTensor_(neg)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, 0UL - (unsigned long)x);
}

void THTensor_(abs)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x < 0 ? (real)(0UL - (unsigned long)x) : x);
}
#endif
#endif

void THTensor_(sign)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, (x > 0) - (x < 0));
}

/* ---- Float and Double ---- */

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)

void THTensor_(acos)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(acos)(x));
}

void THTensor_(asin)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(asin)(x));
}

void THTensor_(atan)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(atan)(x));
}

void THTensor_(ceil)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(ceil)(x));
}

void THTensor_(cos)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(cos)(x));
}

void THTensor_(cosh)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(cosh)(x));
}

void THTensor_(floor)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(floor)(x));
}

void THTensor_(frac)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x - TH_MATH(trunc)(x));
}

void THTensor_(log)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(log)(x));
}

void THTensor_(log1p)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(log1p)(x));
}

void THTensor_(cinv)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, 1 / x);
}

void THTensor_(round)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(round)(x));
}

void THTensor_(rsqrt)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, 1 / TH_MATH(sqrt)(x));
}

void THTensor_(sin)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(sin)(x));
}

void THTensor_(sinh)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(sinh)(x));
}

void THTensor_(sqrt)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(sqrt)(x));
}

void THTensor_(tan)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(tan)(x));
}

void THTensor_(trunc)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(trunc)(x));
}

/* exp, sigmoid and tanh: THVector's kernels on each thread's contiguous share. */

void THTensor_(exp)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous)(r_) && THTensor_(isContiguous)(t)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(exp)(rp + begin, tp + begin, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = TH_MATH(exp)(*t_data););
  }
}

void THTensor_(sigmoid)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous)(r_) && THTensor_(isContiguous)(t)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(sigmoid)(rp + begin, tp + begin, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = 1 / (1 + TH_MATH(exp)(-*t_data)););
  }
}

void THTensor_(tanh)(THTensor *r_, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  if (THTensor_(isContiguous)(r_) && THTensor_(isContiguous)(t)) {
    real *rp = THTensor_(data)(r_), *tp = THTensor_(data)(t);
    TH_PARALLEL_CHUNKS(begin, length, THTensor_(nElement)(t),
                       THVector_(tanh)(rp + begin, tp + begin, length););
  } else {
    TH_TENSOR_APPLY2(real, r_, real, t, *r__data = TH_MATH(tanh)(*t_data););
  }
}

/* ---- Powers and functions of two values ---- */

void THTensor_(pow)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(pow)(x, value));
}

void THTensor_(tpow)(THTensor *r_, real value, THTensor *t) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, TH_MATH(pow)(value, x));
}

void THTensor_(cpow)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, TH_MATH(pow)(x, y));
  THTensor_(free)(srcCopy);
}

void THTensor_(atan2)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, TH_MATH(atan2)(x, y));
  THTensor_(free)(srcCopy);
}

void THTensor_(lerp)(THTensor *r_, THTensor *t, THTensor *src, real weight) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor *srcCopy = THTensor_(newCopyBeforeResize)(src, r_, t);
  src = srcCopy ? srcCopy : src;
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x + weight * (y - x));
  THTensor_(free)(srcCopy);
}

#endif

#undef TH_MATH

#endif
