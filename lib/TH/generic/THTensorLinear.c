/* BLAS-level tensor ops of one dtype (included by THTensorLinear.c once per dtype): dot, the
 * matrix and vector products, cross. Each op checks its operands, settles the result's layout,
 * and hands THBlas matrices in a layout BLAS accepts: unit stride in one dimension and a leading
 * dimension of at least max(1, rows); any other operand (narrowed with a step, expanded with
 * stride 0) goes as a contiguous copy.
 * On the path of `a.mm(b)`: THPFloatTensor_mm → THFloatTensor_mm → addmm → THFloatBlas_gemm. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorLinear.c"
#else

/* ---- Layouts ----
 * BLAS is column-major: an m x n matrix is (pointer, ld) with element (i, j) at p[i + j*ld]. A
 * tensor whose rows are unit-stride is the transpose of a column-major matrix, so it is passed
 * with 't'. Size-1 dimensions may have any stride and do not constrain the layout. */

/* Column-major as it is: unit stride down a column, columns ld >= rows apart. */
static int THTensor_(isColumnMajor)(const THTensor *m, long *ld) {
  long rows = m->size[0], cols = m->size[1], minLd = rows > 1 ? rows : 1;
  if ((m->stride[0] == 1 || rows == 1) && (cols == 1 || m->stride[1] >= minLd)) {
    *ld = cols == 1 ? minLd : m->stride[1];
    return 1;
  }
  return 0;
}

/* Row-major: its transpose is column-major. */
static int THTensor_(isRowMajor)(const THTensor *m, long *ld) {
  long rows = m->size[0], cols = m->size[1], minLd = cols > 1 ? cols : 1;
  if ((m->stride[1] == 1 || cols == 1) && (rows == 1 || m->stride[0] >= minLd)) {
    *ld = rows == 1 ? minLd : m->stride[0];
    return 1;
  }
  return 0;
}

/* A matrix operand: the tensor itself with 'n' or 't', or else a contiguous copy (returned in
 * *copy for the caller to free) with 't'. */
static real *THTensor_(matrixOperand)(THTensor *m, char *trans, long *ld, THTensor **copy) {
  *copy = NULL;
  if (THTensor_(isColumnMajor)(m, ld)) {
    *trans = 'n';
    return THTensor_(data)(m);
  }
  if (!THTensor_(isRowMajor)(m, ld)) {
    *copy = THTensor_(newContiguous)(m);
    m = *copy;
    THTensor_(isRowMajor)(m, ld);
  }
  *trans = 't';
  return THTensor_(data)(m);
}

/* A vector operand: its elements and their distance; a stride-0 (expanded) vector, which BLAS
 * rejects, goes as a contiguous copy returned in *copy. */
static real *THTensor_(vectorOperand)(THTensor *v, long *inc, THTensor **copy) {
  *copy = NULL;
  if (v->size[0] > 1 && v->stride[0] == 0) {
    *copy = THTensor_(newContiguous)(v);
    v = *copy;
  }
  *inc = v->size[0] > 1 ? v->stride[0] : 1;
  return THTensor_(data)(v);
}

/* When the result shares memory with a factor of the product (r_ is m1, or out= is m1.t()), BLAS
 * would overwrite what it reads: each op then runs into a fresh tensor, which is copied into r_
 * at the end (THTensor_(resultApartFrom), in THTensor.h). The added tensor t needs no such care:
 * it is copied into r_ before the product starts, and THTensor_(copy) handles shared memory. */

/* The operands of an op are checked to lie inside their storages before any temporary is made,
 * so that an error leaves nothing allocated. */
static void THTensor_(checkOperands)(THTensor *t, THTensor *a, THTensor *b) {
  THTensor_(checkInStorage)(t);
  THTensor_(checkInStorage)(a);
  THTensor_(checkInStorage)(b);
}

/* r_ holds t, or zeros when beta is 0 (so nothing unset is ever read): the start of every op. */
static void THTensor_(startFrom)(THTensor *r_, real beta, THTensor *t) {
  if (r_ != t) {
    THTensor_(resizeAs)(r_, t);
    if (beta != 0)
      THTensor_(copy)(r_, t);
  }
  if (beta == 0)
    THTensor_(zero)(r_);
}

/* ---- Inner product ----
 * dot, the first of the products (BLAS level 1), takes its own loop rather than THBlas_(dot): like
 * sum it accumulates in accreal, in shares whose result does not depend on the threads that run
 * them. */

/* Kept out of line: inlined into dot, GCC 12 spilled the upper half of each float vector to the
 * stack on its way to double, and the whole product took a third longer. */
static __attribute__((noinline)) accreal THTensor_(dotContiguous)(const real *tp, const real *sp,
                                                                  ptrdiff_t n) {
  accreal sum = 0;
#pragma omp simd reduction(+ : sum)
  for (ptrdiff_t i = 0; i < n; i++)
    sum += (accreal)tp[i] * sp[i];
  return sum;
}

/* In shares combined in order when long, as the whole kernels of sum and prod (THTensorReduce.c):
 * the result has the same bits whatever number of threads runs the shares. */
static accreal THTensor_(dotWhole)(const real *tp, const real *sp, ptrdiff_t n) {
  if (n <= TH_OMP_OVERHEAD_THRESHOLD)
    return THTensor_(dotContiguous)(tp, sp, n);
  ptrdiff_t shares = THGetNumThreads();
  accreal *partial = THAlloc(sizeof(accreal) * shares), sum = 0;
  TH_PARALLEL_LOOP(s, shares, n,
                   ptrdiff_t begin, length;
                   THParallel_shareOf(n, shares, s, &begin, &length);
                   partial[s] = THTensor_(dotContiguous)(tp + begin, sp + begin, length););
  for (ptrdiff_t s = 0; s < shares; s++)
    sum += partial[s];
  THFree(partial);
  return sum;
}

accreal THTensor_(dot)(THTensor *t, THTensor *src) {
  THTensor_(checkSameNumel)(t, src, 2);
  accreal sum = 0;
  if (THTensor_(isContiguous)(t) && THTensor_(isContiguous)(src)) {
    sum = THTensor_(dotWhole)(THTensor_(data)(t), THTensor_(data)(src), THTensor_(nElement)(t));
  } else {
    TH_TENSOR_APPLY2(real, t, real, src, sum += (accreal)*t_data * *src_data;);
  }
  return sum;
}

/* ---- Matrix times matrix ---- */

/* c = beta*c + alpha*(a @ b) for a column-major c. */
static void THTensor_(gemmInto)(THTensor *c, real beta, real alpha, THTensor *a, THTensor *b) {
  char transa, transb;
  long lda, ldb, ldc = 0;
  THTensor *copyA, *copyB;
  THAssert(THTensor_(isColumnMajor)(c, &ldc));
  real *pa = THTensor_(matrixOperand)(a, &transa, &lda, &copyA);
  real *pb = THTensor_(matrixOperand)(b, &transb, &ldb, &copyB);
  THBlas_(gemm)(transa, transb, c->size[0], c->size[1], a->size[1], alpha, pa, lda, pb, ldb, beta,
                THTensor_(data)(c), ldc);
  THTensor_(free)(copyA);
  THTensor_(free)(copyB);
}

static void THTensor_(checkMatrixProduct)(THTensor *m1, THTensor *m2, int argNumber) {
  THArgCheck(m1->nDimension == 2, argNumber, "expected a matrix for mat1, got a %dD tensor",
             m1->nDimension);
  THArgCheck(m2->nDimension == 2, argNumber + 1, "expected a matrix for mat2, got a %dD tensor",
             m2->nDimension);
  THArgCheck(m1->size[1] == m2->size[0], argNumber + 1,
             "size mismatch: mat1 is %s and mat2 is %s (mat1's columns must equal mat2's rows)",
             THTensor_(sizeDesc)(m1).str, THTensor_(sizeDesc)(m2).str);
}

void THTensor_(addmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *m1, THTensor *m2) {
  THTensor_(checkMatrixProduct)(m1, m2, 5);
  THArgCheck(t->nDimension == 2 && t->size[0] == m1->size[0] && t->size[1] == m2->size[1], 3,
             "expected the added matrix to be %ldx%ld (mat1's rows x mat2's columns), got size %s",
             m1->size[0], m2->size[1], THTensor_(sizeDesc)(t).str);
  THTensor_(checkOperands)(t, m1, m2);
  THTensor *result = THTensor_(resultApartFrom)(r_, m1, m2, 0);
  if (result != r_) {
    THTensor_(addmm)(result, beta, t, alpha, m1, m2);
    THTensor_(finishResultApart)(r_, result);
    return;
  }

  if (r_ != t) {
    THTensor_(resizeAs)(r_, t);
    if (beta != 0)
      THTensor_(copy)(r_, t);
  }
  long ld;
  if (THTensor_(isColumnMajor)(r_, &ld)) {
    THTensor_(gemmInto)(r_, beta, alpha, m1, m2);
  } else if (THTensor_(isRowMajor)(r_, &ld)) {     /* r' = m2' @ m1', and r' is column-major */
    THTensor *rT = THTensor_(newTranspose)(r_, 0, 1);
    THTensor *m1T = THTensor_(newTranspose)(m1, 0, 1);
    THTensor *m2T = THTensor_(newTranspose)(m2, 0, 1);
    THTensor_(gemmInto)(rT, beta, alpha, m2T, m1T);
    THTensor_(free)(rT);
    THTensor_(free)(m1T);
    THTensor_(free)(m2T);
  } else {                                         /* work in a column-major copy of r_ */
    THTensor *buffer = THTensor_(newWithSize2d)(r_->size[1], r_->size[0]);
    THTensor *work = THTensor_(newTranspose)(buffer, 0, 1);
    if (beta != 0)
      THTensor_(copy)(work, r_);
    THTensor_(gemmInto)(work, beta, alpha, m1, m2);
    THTensor_(copy)(r_, work);
    THTensor_(free)(work);
    THTensor_(free)(buffer);
  }
}

void THTensor_(mm)(THTensor *r_, THTensor *m1, THTensor *m2) {
  THTensor_(checkMatrixProduct)(m1, m2, 2);
  THTensor *result = THTensor_(resultApartFrom)(r_, m1, m2, 0);
  if (result != r_) {
    THTensor_(mm)(result, m1, m2);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(resize2d)(r_, m1->size[0], m2->size[1]);
  THTensor_(addmm)(r_, 0, r_, 1, m1, m2);
}

/* ---- Matrix times vector ---- */

static void THTensor_(checkMatrixVector)(THTensor *mat, THTensor *vec, int argNumber) {
  THArgCheck(mat->nDimension == 2, argNumber, "expected a matrix for mat, got a %dD tensor",
             mat->nDimension);
  THArgCheck(vec->nDimension == 1, argNumber + 1, "expected a vector for vec, got a %dD tensor",
             vec->nDimension);
  THArgCheck(mat->size[1] == vec->size[0], argNumber + 1,
             "size mismatch: mat is %s and vec is %s (mat's columns must equal vec's size)",
             THTensor_(sizeDesc)(mat).str, THTensor_(sizeDesc)(vec).str);
}

/* y = beta*y + alpha*(mat @ x) for a y with a non-zero stride. */
static void THTensor_(gemvInto)(THTensor *y, real beta, real alpha, THTensor *mat, THTensor *x) {
  char trans;
  long ld, incx, incy = y->size[0] > 1 ? y->stride[0] : 1;
  THTensor *copyMat, *copyX;
  real *pm = THTensor_(matrixOperand)(mat, &trans, &ld, &copyMat);
  real *px = THTensor_(vectorOperand)(x, &incx, &copyX);
  if (trans == 'n')
    THBlas_(gemv)('n', mat->size[0], mat->size[1], alpha, pm, ld, px, incx, beta,
                  THTensor_(data)(y), incy);
  else                                             /* pm is mat', column-major */
    THBlas_(gemv)('t', mat->size[1], mat->size[0], alpha, pm, ld, px, incx, beta,
                  THTensor_(data)(y), incy);
  THTensor_(free)(copyMat);
  THTensor_(free)(copyX);
}

void THTensor_(addmv)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *mat, THTensor *vec) {
  THTensor_(checkMatrixVector)(mat, vec, 5);
  THArgCheck(t->nDimension == 1 && t->size[0] == mat->size[0], 3,
             "expected the added vector to have size %ld (mat's rows), got size %s", mat->size[0],
             THTensor_(sizeDesc)(t).str);
  THTensor_(checkOperands)(t, mat, vec);
  THTensor *result = THTensor_(resultApartFrom)(r_, mat, vec, 0);
  if (result != r_) {
    THTensor_(addmv)(result, beta, t, alpha, mat, vec);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(startFrom)(r_, beta, t);
  if (r_->size[0] > 1 && r_->stride[0] == 0) {     /* an expanded result: work in a copy */
    THTensor *work = THTensor_(newContiguous)(r_);
    THTensor_(gemvInto)(work, beta, alpha, mat, vec);
    THTensor_(copy)(r_, work);
    THTensor_(free)(work);
  } else {
    THTensor_(gemvInto)(r_, beta, alpha, mat, vec);
  }
}

void THTensor_(mv)(THTensor *r_, THTensor *mat, THTensor *vec) {
  THTensor_(checkMatrixVector)(mat, vec, 2);
  THTensor *result = THTensor_(resultApartFrom)(r_, mat, vec, 0);
  if (result != r_) {
    THTensor_(mv)(result, mat, vec);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(resize1d)(r_, mat->size[0]);
  THTensor_(addmv)(r_, 0, r_, 1, mat, vec);
}

/* ---- Outer product ---- */

static void THTensor_(checkVectors)(THTensor *vec1, THTensor *vec2, int argNumber) {
  THArgCheck(vec1->nDimension == 1, argNumber, "expected a vector for vec1, got a %dD tensor",
             vec1->nDimension);
  THArgCheck(vec2->nDimension == 1, argNumber + 1, "expected a vector for vec2, got a %dD tensor",
             vec2->nDimension);
}

/* a += alpha*(x outer y) for a column-major a. */
static void THTensor_(gerInto)(THTensor *a, real alpha, THTensor *x, THTensor *y) {
  long ld, incx, incy;
  THTensor *copyX, *copyY;
  THAssert(THTensor_(isColumnMajor)(a, &ld));
  real *px = THTensor_(vectorOperand)(x, &incx, &copyX);
  real *py = THTensor_(vectorOperand)(y, &incy, &copyY);
  THBlas_(ger)(a->size[0], a->size[1], alpha, px, incx, py, incy, THTensor_(data)(a), ld);
  THTensor_(free)(copyX);
  THTensor_(free)(copyY);
}

void THTensor_(addr)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *vec1, THTensor *vec2) {
  THTensor_(checkVectors)(vec1, vec2, 5);
  THArgCheck(t->nDimension == 2 && t->size[0] == vec1->size[0] && t->size[1] == vec2->size[0], 3,
             "expected the added matrix to be %ldx%ld (vec1's size x vec2's size), got size %s",
             vec1->size[0], vec2->size[0], THTensor_(sizeDesc)(t).str);
  THTensor_(checkOperands)(t, vec1, vec2);
  THTensor *result = THTensor_(resultApartFrom)(r_, vec1, vec2, 0);
  if (result != r_) {
    THTensor_(addr)(result, beta, t, alpha, vec1, vec2);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(startFrom)(r_, beta, t);
  if (beta != 0 && beta != 1)
    THTensor_(mul)(r_, r_, beta);                  /* ger only accumulates */
  long ld;
  if (THTensor_(isColumnMajor)(r_, &ld)) {
    THTensor_(gerInto)(r_, alpha, vec1, vec2);
  } else if (THTensor_(isRowMajor)(r_, &ld)) {     /* r' += alpha * (vec2 outer vec1) */
    THTensor *rT = THTensor_(newTranspose)(r_, 0, 1);
    THTensor_(gerInto)(rT, alpha, vec2, vec1);
    THTensor_(free)(rT);
  } else {
    THTensor *buffer = THTensor_(newWithSize2d)(r_->size[1], r_->size[0]);
    THTensor *work = THTensor_(newTranspose)(buffer, 0, 1);
    THTensor_(copy)(work, r_);
    THTensor_(gerInto)(work, alpha, vec1, vec2);
    THTensor_(copy)(r_, work);
    THTensor_(free)(work);
    THTensor_(free)(buffer);
  }
}

void THTensor_(ger)(THTensor *r_, THTensor *vec1, THTensor *vec2) {
  THTensor_(checkVectors)(vec1, vec2, 2);
  THTensor *result = THTensor_(resultApartFrom)(r_, vec1, vec2, 0);
  if (result != r_) {
    THTensor_(ger)(result, vec1, vec2);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(resize2d)(r_, vec1->size[0], vec2->size[0]);
  THTensor_(addr)(r_, 0, r_, 1, vec1, vec2);
}

/* ---- Batches of matrices ---- */

static void THTensor_(checkBatches)(THTensor *b1, THTensor *b2, int argNumber) {
  THArgCheck(b1->nDimension == 3, argNumber, "expected a 3D tensor for batch1, got a %dD tensor",
             b1->nDimension);
  THArgCheck(b2->nDimension == 3, argNumber + 1, "expected a 3D tensor for batch2, got a %dD tensor",
             b2->nDimension);
  THArgCheck(b1->size[0] == b2->size[0], argNumber + 1,
             "batch sizes differ: batch1 is %s and batch2 is %s", THTensor_(sizeDesc)(b1).str,
             THTensor_(sizeDesc)(b2).str);
  THArgCheck(b1->size[2] == b2->size[1], argNumber + 1,
             "size mismatch: batch1 is %s and batch2 is %s (batch1's columns must equal batch2's rows)",
             THTensor_(sizeDesc)(b1).str, THTensor_(sizeDesc)(b2).str);
}

void THTensor_(addbmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *b1, THTensor *b2) {
  THTensor_(checkBatches)(b1, b2, 5);
  THArgCheck(t->nDimension == 2 && t->size[0] == b1->size[1] && t->size[1] == b2->size[2], 3,
             "expected the added matrix to be %ldx%ld (batch1's rows x batch2's columns), got size %s",
             b1->size[1], b2->size[2], THTensor_(sizeDesc)(t).str);
  THTensor_(checkOperands)(t, b1, b2);
  THTensor *result = THTensor_(resultApartFrom)(r_, b1, b2, 0);
  if (result != r_) {
    THTensor_(addbmm)(result, beta, t, alpha, b1, b2);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(startFrom)(r_, beta, t);
  THTensor *m1 = THTensor_(new)(), *m2 = THTensor_(new)();
  for (long b = 0; b < b1->size[0]; b++) {
    THTensor_(select)(m1, b1, 0, b);
    THTensor_(select)(m2, b2, 0, b);
    THTensor_(addmm)(r_, b == 0 ? beta : 1, r_, alpha, m1, m2);
  }
  THTensor_(free)(m1);
  THTensor_(free)(m2);
}

void THTensor_(baddbmm)(THTensor *r_, real beta, THTensor *t, real alpha, THTensor *b1, THTensor *b2) {
  THTensor_(checkBatches)(b1, b2, 5);
  THArgCheck(t->nDimension == 3 && t->size[0] == b1->size[0] && t->size[1] == b1->size[1] &&
             t->size[2] == b2->size[2], 3,
             "expected the added tensor to be %ldx%ldx%ld (batch x batch1's rows x batch2's "
             "columns), got size %s", b1->size[0], b1->size[1], b2->size[2],
             THTensor_(sizeDesc)(t).str);
  THTensor_(checkOperands)(t, b1, b2);
  THTensor *result = THTensor_(resultApartFrom)(r_, b1, b2, 0);
  if (result != r_) {
    THTensor_(baddbmm)(result, beta, t, alpha, b1, b2);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(startFrom)(r_, beta, t);
  THTensor *r = THTensor_(new)(), *m1 = THTensor_(new)(), *m2 = THTensor_(new)();
  for (long b = 0; b < b1->size[0]; b++) {
    THTensor_(select)(r, r_, 0, b);
    THTensor_(select)(m1, b1, 0, b);
    THTensor_(select)(m2, b2, 0, b);
    THTensor_(addmm)(r, beta, r, alpha, m1, m2);
  }
  THTensor_(free)(r);
  THTensor_(free)(m1);
  THTensor_(free)(m2);
}

void THTensor_(bmm)(THTensor *r_, THTensor *b1, THTensor *b2) {
  THTensor_(checkBatches)(b1, b2, 2);
  THTensor *result = THTensor_(resultApartFrom)(r_, b1, b2, 0);
  if (result != r_) {
    THTensor_(bmm)(result, b1, b2);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(resize3d)(r_, b1->size[0], b1->size[1], b2->size[2]);
  THTensor_(baddbmm)(r_, 0, r_, 1, b1, b2);
}

/* ---- Cross product ---- */

void THTensor_(cross)(THTensor *r_, THTensor *a, THTensor *b, int dimension) {
  THArgCheck(THTensor_(isSameSizeAs)(a, b), 3,
             "inconsistent tensor sizes: input is %s and other is %s", THTensor_(sizeDesc)(a).str,
             THTensor_(sizeDesc)(b).str);
  if (dimension < 0) {
    for (int d = 0; d < a->nDimension && dimension < 0; d++)
      if (a->size[d] == 3)
        dimension = d;
    THArgCheck(dimension >= 0, 4, "no dimension of size 3 in a tensor of size %s",
               THTensor_(sizeDesc)(a).str);
  }
  THTensor_(checkDim)(a, dimension, 4);
  THArgCheck(a->size[dimension] == 3, 4, "dimension %d does not have size 3 (tensor of size %s)",
             dimension, THTensor_(sizeDesc)(a).str);
  /* Each slice's three values are read before any is written, so r_ may be the same view as a
   * or b; in another layout, slices of r_ would overwrite slices of a or b not read yet. */
  THTensor *result = THTensor_(resultApartFrom)(r_, a, b, 1);
  THTensor_(resizeAs)(result, a);
  TH_TENSOR_DIM_APPLY3(real, a, real, b, real, result, dimension,
    real a0 = a_data[0], a1 = a_data[a_stride], a2 = a_data[2 * a_stride];
    real b0 = b_data[0], b1 = b_data[b_stride], b2 = b_data[2 * b_stride];
    result_data[0] = a1 * b2 - a2 * b1;
    result_data[result_stride] = a2 * b0 - a0 * b2;
    result_data[2 * result_stride] = a0 * b1 - a1 * b0;);
  THTensor_(finishResultApart)(r_, result);
}

#endif
