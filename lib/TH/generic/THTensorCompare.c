/* THTensorCompare: comparisons of one dtype (included by THTensorCompare.c once per dtype).
 * On the path of `a.lt(b)` → THPFloatTensor_lt → THFloatTensor_ltTensor. Sizes are checked first;
 * contiguous operands take a flat (parallel when long) loop, others the strided apply macros. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCompare.c"
#else

static void THTensor_(checkComparable)(THTensor *t, THTensor *src) {
  ptrdiff_t n = THTensor_(nElement)(t), srcN = THTensor_(nElement)(src);
  THArgCheck(n == srcN, 3,
             "inconsistent tensor size: expected %td elements (size %s) but got %td (size %s)", n,
             THTensor_(sizeDesc)(t).str, srcN, THTensor_(sizeDesc)(src).str);
}

/* The four forms of one comparison. RESULT/RESULT_REAL is the result's tensor type and element
 * type; every form resizes the result to t's shape, then writes (t OP value) or (t OP src). */
#define TH_COMPARE_FORMS(NAME, OP)                                                            \
  TH_COMPARE_WITH_VALUE(NAME##Value, THByteTensor, unsigned char, TH_COMPARE_BYTE_, OP)           \
  TH_COMPARE_WITH_VALUE(NAME##ValueT, THTensor, real, THTensor_, OP)                           \
  TH_COMPARE_WITH_TENSOR(NAME##Tensor, THByteTensor, unsigned char, TH_COMPARE_BYTE_, OP)         \
  TH_COMPARE_WITH_TENSOR(NAME##TensorT, THTensor, real, THTensor_, OP)

/* RESULT_ names the result type's functions: THTensor_ or TH_COMPARE_BYTE_. */
#define TH_COMPARE_BYTE_(NAME) THByteTensor_##NAME

#define TH_COMPARE_WITH_VALUE(FN, RESULT, RESULT_REAL, RESULT_, OP)                            \
  void THTensor_(FN)(RESULT *r_, THTensor *t, real value) {                                    \
    RESULT_(resizeNd)(r_, t->nDimension, t->size, NULL);                   \
    if (RESULT_(isContiguous)(r_) && THTensor_(isContiguous)(t)) {         \
      RESULT_REAL *rp = RESULT_(data)(r_);                                 \
      const real *tp = THTensor_(data)(t);                                                     \
      TH_PARALLEL_FOR(i, THTensor_(nElement)(t), rp[i] = (RESULT_REAL)(tp[i] OP value););     \
    } else {                                                                                   \
      TH_TENSOR_APPLY2(RESULT_REAL, r_, real, t, *r__data = (RESULT_REAL)(*t_data OP value);); \
    }                                                                                          \
  }

#define TH_COMPARE_WITH_TENSOR(FN, RESULT, RESULT_REAL, RESULT_, OP)                           \
  void THTensor_(FN)(RESULT *r_, THTensor *t, THTensor *src) {                                 \
    THTensor_(checkComparable)(t, src);                                                        \
    RESULT_(resizeNd)(r_, t->nDimension, t->size, NULL);                   \
    if (RESULT_(isContiguous)(r_) && THTensor_(isContiguous)(t) &&         \
        THTensor_(isContiguous)(src)) {                                                        \
      RESULT_REAL *rp = RESULT_(data)(r_);                                 \
      const real *tp = THTensor_(data)(t), *sp = THTensor_(data)(src);                         \
      TH_PARALLEL_FOR(i, THTensor_(nElement)(t), rp[i] = (RESULT_REAL)(tp[i] OP sp[i]););     \
    } else {                                                                                   \
      TH_TENSOR_APPLY3(RESULT_REAL, r_, real, t, real, src,                                    \
                       *r__data = (RESULT_REAL)(*t_data OP *src_data););                       \
    }                                                                                          \
  }

TH_COMPARE_FORMS(lt, <)
TH_COMPARE_FORMS(le, <=)
TH_COMPARE_FORMS(gt, >)
TH_COMPARE_FORMS(ge, >=)
TH_COMPARE_FORMS(ne, !=)
TH_COMPARE_FORMS(eq, ==)

#undef TH_COMPARE_FORMS
#undef TH_COMPARE_BYTE_
#undef TH_COMPARE_WITH_VALUE
#undef TH_COMPARE_WITH_TENSOR

int THTensor_(equal)(THTensor *a, THTensor *b) {
  if (!THTensor_(isSameSizeAs)(a, b))
    return 0;
  int equal = 1;
  TH_TENSOR_APPLY2(real, a, real, b, equal &= *a_data == *b_data;);
  return equal;
}

#if defined(TH_REAL_IS_BYTE)

#define TH_LOGICAL_BINARY(NAME, EXPR)                                                          \
  void THTensor_(NAME)(THTensor *r_, THTensor *a, THTensor *b) {                               \
    THTensor_(checkComparable)(a, b);                                                          \
    THTensor_(resizeAs)(r_, a);                                                                \
    if (THTensor_(isContiguous)(r_) && THTensor_(isContiguous)(a) && THTensor_(isContiguous)(b)) { \
      real *rp = THTensor_(data)(r_);                                                          \
      const real *ap = THTensor_(data)(a), *bp = THTensor_(data)(b);                           \
      TH_PARALLEL_FOR(i, THTensor_(nElement)(a), real x = ap[i] != 0; real y = bp[i] != 0;    \
                      rp[i] = (EXPR););                                                        \
    } else {                                                                                   \
      TH_TENSOR_APPLY3(real, r_, real, a, real, b,                                             \
                       real x = *a_data != 0; real y = *b_data != 0; *r__data = (EXPR););     \
    }                                                                                          \
  }

TH_LOGICAL_BINARY(logicalAnd, x & y)
TH_LOGICAL_BINARY(logicalOr, x | y)
TH_LOGICAL_BINARY(logicalXor, x ^ y)

#undef TH_LOGICAL_BINARY

void THTensor_(logicalNot)(THTensor *r_, THTensor *a) {
  THTensor_(eqValueT)(r_, a, 0);
}

#endif

#endif
