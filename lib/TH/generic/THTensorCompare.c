/* THTensorCompare: the comparisons of one dtype (included by THTensorCompare.c once per dtype):
 * lt, le, gt, ge, ne, eq against a number or a tensor, equal, and the logical ops on masks.
 * On the path of `a.lt(b)` → THPFloatTensor_lt → THFloatTensor_ltTensor.
 * Each comparison comes in four forms: with a number (ltValue) or a tensor (ltTensor), giving a
 * ByteTensor of 0s and 1s, or (the forms ending in T) a tensor of t's own type. Every form checks
 * sizes first, gives the result t's shape, then runs TH_ELEMENTWISE_1/2 (THTensorElementwise.h):
 * a flat, vectorised loop over contiguous operands, the strided apply macros otherwise. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorCompare.c"
#else

/* ---- lt: less than ---- */

void THTensor_(ltValue)(THByteTensor *r_, THTensor *t, real value) {
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_1(unsigned char, x < value);
}

void THTensor_(ltValueT)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x < value);
}

void THTensor_(ltTensor)(THByteTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_2(unsigned char, x < y);
}

void THTensor_(ltTensorT)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x < y);
}

/* ---- le: at most ---- */

void THTensor_(leValue)(THByteTensor *r_, THTensor *t, real value) {
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_1(unsigned char, x <= value);
}

void THTensor_(leValueT)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x <= value);
}

void THTensor_(leTensor)(THByteTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_2(unsigned char, x <= y);
}

void THTensor_(leTensorT)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x <= y);
}

/* ---- gt: greater than ---- */

void THTensor_(gtValue)(THByteTensor *r_, THTensor *t, real value) {
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_1(unsigned char, x > value);
}

void THTensor_(gtValueT)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x > value);
}

void THTensor_(gtTensor)(THByteTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_2(unsigned char, x > y);
}

void THTensor_(gtTensorT)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x > y);
}

/* ---- ge: at least ---- */

void THTensor_(geValue)(THByteTensor *r_, THTensor *t, real value) {
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_1(unsigned char, x >= value);
}

void THTensor_(geValueT)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x >= value);
}

void THTensor_(geTensor)(THByteTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_2(unsigned char, x >= y);
}

void THTensor_(geTensorT)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x >= y);
}

/* ---- ne: not equal to ---- */

void THTensor_(neValue)(THByteTensor *r_, THTensor *t, real value) {
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_1(unsigned char, x != value);
}

void THTensor_(neValueT)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x != value);
}

void THTensor_(neTensor)(THByteTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_2(unsigned char, x != y);
}

void THTensor_(neTensorT)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x != y);
}

/* ---- eq: equal to ---- */

void THTensor_(eqValue)(THByteTensor *r_, THTensor *t, real value) {
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_1(unsigned char, x == value);
}

void THTensor_(eqValueT)(THTensor *r_, THTensor *t, real value) {
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_1(real, x == value);
}

void THTensor_(eqTensor)(THByteTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THByteTensor_resizeNd(r_, t->nDimension, t->size, NULL);
  TH_ELEMENTWISE_2(unsigned char, x == y);
}

void THTensor_(eqTensorT)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, x == y);
}

/* ---- Equality of whole tensors ---- */

int THTensor_(equal)(THTensor *a, THTensor *b) {
  if (!THTensor_(isSameSizeAs)(a, b))
    return 0;
  int equal = 1;
  TH_TENSOR_APPLY2(real, a, real, b, equal &= *a_data == *b_data;);
  return equal;
}

/* ---- Logical ops on ByteTensor masks (nonzero is true) ---- */

#if defined(TH_REAL_IS_BYTE)

void THTensor_(logicalAnd)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, (x != 0) & (y != 0));
}

void THTensor_(logicalOr)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, (x != 0) | (y != 0));
}

void THTensor_(logicalXor)(THTensor *r_, THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 3);
  THTensor_(resizeAs)(r_, t);
  TH_ELEMENTWISE_2(real, (x != 0) ^ (y != 0));
}

void THTensor_(logicalNot)(THTensor *r_, THTensor *t) {
  THTensor_(eqValueT)(r_, t, 0);
}

#endif

#endif
