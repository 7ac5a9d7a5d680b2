/* Sparse-with-dense math of one dtype (included by THSTensorMath.c once per dtype). Every loop
 * visits each entry of the sparse operand once: adding a sparse tensor costs O(nnz), and a
 * sparse n x k matrix times a dense k x m one O(nnz * m), never O(n * k * m) (plus, when the
 * sparse matrix is not contiguous yet, sorting its entries: a radix sort per dimension).
 * The products work on a contiguous (sorted) copy of the sparse matrix, which has the entries of
 * each row together. On the path of `torch_early.mm(sparse, dense)`:
 * THSPFloatTensor_stateless_mm → THSFloatTensor_spmm → accumulateProduct. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THSTensorMath.c"
#else

/* ---- Argument checks ---- */

static void THSTensor_(checkProduct)(const THSTensor *sparse, const THTensor *dense,
                                     int argNumber) {
  THArgCheck(sparse->nDimension == 2, argNumber,
             "expected a sparse matrix for mat1, got a %dD sparse tensor", sparse->nDimension);
  THArgCheck(sparse->nDimensionI == 2, argNumber,
             "expected a sparse matrix for mat1, got a hybrid sparse tensor of size %s whose "
             "last dimension is dense", THSTensor_(sizeDesc)(sparse).str);
  THArgCheck(dense->nDimension == 2, argNumber + 1, "expected a matrix for mat2, got a %dD tensor",
             dense->nDimension);
  THArgCheck(sparse->size[1] == dense->size[0], argNumber + 1,
             "size mismatch: mat1 is %s and mat2 is %s (mat1's columns must equal mat2's rows)",
             THSTensor_(sizeDesc)(sparse).str, THTensor_(sizeDesc)(dense).str);
}

/* The number of elements of one value: the product of the dense sizes (1 when there are none). */
static ptrdiff_t THSTensor_(valueBlock)(const THSTensor *self) {
  ptrdiff_t block = 1;
  for (int d = self->nDimensionI; d < self->nDimension; d++)
    block *= self->size[d];
  return block;
}

static int THSTensor_(sameSizes)(const THSTensor *a, const THSTensor *b) {
  if (a->nDimension != b->nDimension)
    return 0;
  for (int d = 0; d < a->nDimension; d++)
    if (a->size[d] != b->size[d])
      return 0;
  return 1;
}

static void THSTensor_(checkDenseSize)(const THTensor *dense, const THSTensor *sparse,
                                       int argNumber) {
  int sameSize = dense->nDimension == sparse->nDimension;
  for (int d = 0; sameSize && d < dense->nDimension; d++)
    sameSize = dense->size[d] == sparse->size[d];
  THArgCheck(sameSize, argNumber,
             "size mismatch: the dense tensor is %s but the sparse tensor is %s",
             THTensor_(sizeDesc)(dense).str, THSTensor_(sizeDesc)(sparse).str);
}

/* The offset in a dense tensor of the start of entry k's value: its sparse indices times the
 * dense tensor's strides. */
static ptrdiff_t THSTensor_(entryOffset)(const THSTensor *sparse, ptrdiff_t k,
                                         const THTensor *dense) {
  const long *idx = THLongTensor_data(sparse->indices);
  ptrdiff_t offset = 0;
  for (int d = 0; d < sparse->nDimensionI; d++)
    offset += idx[d * sparse->nnz + k] * dense->stride[d];
  return offset;
}

/* Visits the elements of one value's block in a dense tensor of `nDimension` dimensions with
 * these sizes and strides (the dense dimensions), and the block's contiguous copy in row-major
 * order: to[...] += scale * from[...] when `gather` is 0, from[...] = to[...] when it is 1. */
static void THSTensor_(visitBlock)(real *to, const long *size, const long *stride, int nDimension,
                                   real *from, real scale, int gather) {
  if (nDimension == 0) {
    if (gather)
      *from = *to;
    else
      *to += scale * *from;
    return;
  }
  ptrdiff_t inner = 1;
  for (int d = 1; d < nDimension; d++)
    inner *= size[d];
  for (long i = 0; i < size[0]; i++)
    THSTensor_(visitBlock)(to + i * stride[0], size + 1, stride + 1, nDimension - 1,
                           from + i * inner, scale, gather);
}

/* ---- dense + sparse ---- */

void THSTensor_(spcadd)(THTensor *r_, THTensor *t, real value, THSTensor *sparse) {
  THSTensor_(checkDenseSize)(t, sparse, 4);
  if (r_ != t) {
    THTensor_(resizeAs)(r_, t);
    THTensor_(copy)(r_, t);
  }
  ptrdiff_t nnz = sparse->nnz, block = THSTensor_(valueBlock)(sparse);
  int nI = sparse->nDimensionI;
  real *values = THTensor_(data)(sparse->values);
  real *data = THTensor_(data)(r_);
  for (ptrdiff_t k = 0; k < nnz; k++)
    THSTensor_(visitBlock)(data + THSTensor_(entryOffset)(sparse, k, r_), r_->size + nI,
                           r_->stride + nI, r_->nDimension - nI, values + k * block, value, 0);
}

void THSTensor_(sparseMask)(THSTensor *r_, THTensor *t, THSTensor *mask) {
  THSTensor_(checkDenseSize)(t, mask, 3);
  THTensor_(checkInStorage)(t);
  int nI = mask->nDimensionI;
  THLongTensor *indices = THLongTensor_newClone(mask->indices);
  THTensor *values = THTensor_(new)();
  if (mask->nnz > 0) {
    THTensor_(resizeAs)(values, mask->values);
    ptrdiff_t block = THSTensor_(valueBlock)(mask);
    real *to = THTensor_(data)(values), *data = THTensor_(data)(t);
    for (ptrdiff_t k = 0; k < mask->nnz; k++)
      THSTensor_(visitBlock)(data + THSTensor_(entryOffset)(mask, k, t), t->size + nI,
                             t->stride + nI, t->nDimension - nI, to + k * block, 0, 1);
  }
  int contiguous = mask->contiguous;
  THSTensor_(move)(r_, nI, mask->nDimension, mask->size, indices, values);
  r_->contiguous = contiguous;
}

/* ---- sparse with numbers ---- */

/* r_ becomes a deep copy of t, unless it is t. */
static void THSTensor_(copyInto)(THSTensor *r_, THSTensor *t) {
  if (r_ == t)
    return;
  int contiguous = t->contiguous;
  THSTensor_(move)(r_, t->nDimensionI, t->nDimension, t->size,
                   THLongTensor_newClone(t->indices), THTensor_(newClone)(t->values));
  r_->contiguous = contiguous;
}

void THSTensor_(mul)(THSTensor *r_, THSTensor *t, real value) {
  THSTensor_(copyInto)(r_, t);
  if (r_->nnz > 0)
    THTensor_(mul)(r_->values, r_->values, value);
}

void THSTensor_(div)(THSTensor *r_, THSTensor *t, real value) {
  THSTensor_(copyInto)(r_, t);
  if (r_->nnz > 0)
    THTensor_(div)(r_->values, r_->values, value);
}

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE)  /* as TH's own pow */
void THSTensor_(pow)(THSTensor *r_, THSTensor *t, real value) {
  THArgCheck(value != 0, 3, "cannot raise a sparse tensor to the power 0: the result (all ones) "
             "is not sparse");
  /* Repeated positions add up first: (a + b)^p is not a^p + b^p. */
  THSTensor *coalesced = THSTensor_(newContiguous)(t);
  THSTensor_(copyInto)(r_, coalesced);
  THSTensor_(free)(coalesced);
  if (r_->nnz > 0)
    THTensor_(pow)(r_->values, r_->values, value);
}
#endif

/* ---- sparse with sparse ---- */

static void THSTensor_(checkSameSparse)(const THSTensor *t, const THSTensor *src, int argNumber) {
  THArgCheck(THSTensor_(sameSizes)(t, src), argNumber,
             "size mismatch: the sparse tensors are %s and %s", THSTensor_(sizeDesc)(t).str,
             THSTensor_(sizeDesc)(src).str);
  THArgCheck(t->nnz == 0 || src->nnz == 0 || t->nDimensionI == src->nDimensionI, argNumber,
             "the sparse tensors of size %s have %d and %d sparse dimensions",
             THSTensor_(sizeDesc)(t).str, t->nDimensionI, src->nDimensionI);
}

void THSTensor_(cadd)(THSTensor *r_, THSTensor *t, real value, THSTensor *src) {
  THSTensor_(checkSameSparse)(t, src, 4);
  if (src->nnz == 0) {
    THSTensor_(copyInto)(r_, t);
    return;
  }
  THTensor *scaled = THTensor_(new)();
  THTensor_(mul)(scaled, src->values, value);
  if (t->nnz == 0) {
    THSTensor_(move)(r_, src->nDimensionI, src->nDimension, src->size,
                     THLongTensor_newClone(src->indices), scaled);
  } else {
    /* Both lists of entries side by side, then coalesced. */
    THLongTensor *indices = THLongTensor_new();
    THTensor *values = THTensor_(new)();
    THLongTensor_cat(indices, t->indices, src->indices, 1);
    THTensor_(cat)(values, t->values, scaled, 0);
    THTensor_(free)(scaled);
    THSTensor_(move)(r_, src->nDimensionI, src->nDimension, src->size, indices, values);
  }
  THSTensor_(contiguous)(r_);
}

void THSTensor_(csub)(THSTensor *r_, THSTensor *t, real value, THSTensor *src) {
  THSTensor_(cadd)(r_, t, -value, src);
}

/* <0, 0 or >0 as column a of the index block idxA (nnzA columns) comes before, at the same
 * position as, or after column b of idxB, both of nI rows. */
static int THSTensor_(compareAcross)(const long *idxA, ptrdiff_t nnzA, ptrdiff_t a,
                                     const long *idxB, ptrdiff_t nnzB, ptrdiff_t b, int nI) {
  for (int d = 0; d < nI; d++) {
    long x = idxA[d * nnzA + a], y = idxB[d * nnzB + b];
    if (x != y)
      return x < y ? -1 : 1;
  }
  return 0;
}

void THSTensor_(cmul)(THSTensor *r_, THSTensor *t, THSTensor *src) {
  THSTensor_(checkSameSparse)(t, src, 3);
  THSTensor *a = THSTensor_(newContiguous)(t), *b = THSTensor_(newContiguous)(src);
  int nI = a->nnz > 0 ? a->nDimensionI : b->nDimensionI;
  THLongTensor *indices = THLongTensor_new();
  THTensor *values = THTensor_(new)();
  /* Both are sorted: walk them together, keeping the positions both have. */
  ptrdiff_t both = 0, i = 0, j = 0;
  const long *idxA = THLongTensor_data(a->indices), *idxB = THLongTensor_data(b->indices);
  while (i < a->nnz && j < b->nnz) {
    int order = THSTensor_(compareAcross)(idxA, a->nnz, i, idxB, b->nnz, j, nI);
    both += order == 0;
    i += order <= 0;
    j += order >= 0;
  }
  if (both > 0) {
    ptrdiff_t block = THSTensor_(valueBlock)(a);
    THLongStorage *valueSize = THTensor_(newSizeOf)(a->values);
    valueSize->data[0] = both;
    THTensor_(resize)(values, valueSize, NULL);
    THLongStorage_free(valueSize);
    THLongTensor_resize2d(indices, nI, both);
    long *out = THLongTensor_data(indices);
    real *outValues = THTensor_(data)(values);
    const real *valuesA = THTensor_(data)(a->values), *valuesB = THTensor_(data)(b->values);
    ptrdiff_t k = 0;
    for (i = 0, j = 0; i < a->nnz && j < b->nnz;) {
      int order = THSTensor_(compareAcross)(idxA, a->nnz, i, idxB, b->nnz, j, nI);
      if (order == 0) {
        for (int d = 0; d < nI; d++)
          out[d * both + k] = idxA[d * a->nnz + i];
        for (ptrdiff_t e = 0; e < block; e++)
          outValues[k * block + e] = valuesA[i * block + e] * valuesB[j * block + e];
        k++;
      }
      i += order <= 0;
      j += order >= 0;
    }
  }
  int nDimension = a->nDimension;
  long *size = THAlloc(sizeof(long) * (nDimension > 0 ? nDimension : 1));
  for (int d = 0; d < nDimension; d++)
    size[d] = a->size[d];
  THSTensor_(free)(a);
  THSTensor_(free)(b);
  THSTensor_(move)(r_, nI, nDimension, size, indices, values);
  THFree(size);
  r_->contiguous = 1;
}

/* ---- sparse @ dense ---- */

/* The entries of a contiguous sparse matrix come row by row: run r is the entries
 * (*runStart)[r] .. (*runStart)[r + 1] - 1, all of one row. Returns the number of runs; the array
 * is new (THFree it). */
static ptrdiff_t THSTensor_(rowRuns)(const THSTensor *matrix, long **runStart) {
  ptrdiff_t nnz = matrix->nnz, runs = 0;
  const long *rowOf = THLongTensor_data(matrix->indices);
  for (ptrdiff_t k = 0; k < nnz; k++)
    runs += k == 0 || rowOf[k] != rowOf[k - 1];
  long *start = THAlloc(sizeof(long) * (runs + 1));
  runs = 0;
  for (ptrdiff_t k = 0; k < nnz; k++)
    if (k == 0 || rowOf[k] != rowOf[k - 1])
      start[runs++] = k;
  start[runs] = nnz;
  *runStart = start;
  return runs;
}

/* row (m values) += alpha * (count entries of one row of a sparse matrix, given by their columns
 * and values) @ dense. */
static void THSTensor_(accumulateRow)(real *row, long m, real alpha, const long *columns,
                                      const real *values, ptrdiff_t count, const THTensor *dense) {
  const real *denseData = THTensor_(data)(dense);
  long rowStride = dense->stride[0], columnStride = dense->stride[1];
  for (ptrdiff_t e = 0; e < count; e++) {
    real scale = alpha * values[e];
    const real *denseRow = denseData + columns[e] * rowStride;
    if (columnStride == 1)
      for (long j = 0; j < m; j++)
        row[j] += scale * denseRow[j];
    else
      for (long j = 0; j < m; j++)
        row[j] += scale * denseRow[j * columnStride];
  }
}

/* out (a contiguous n x m matrix) += alpha * (sparse @ dense). The product goes row by row over a
 * contiguous copy of sparse (sorted, so each row's entries are together); rows are independent,
 * so they are shared among the OpenMP threads once the work (nnz * m) pays for waking them, 16
 * rows at a time to whichever thread is free: rows differ in their number of entries, and a
 * thread the system puts aside (a busy machine) then leaves its rows to the others. The region
 * is TH's (THParallel.h), so a machine found busy runs it on fewer threads. */
static void THSTensor_(accumulateProduct)(THTensor *out, real alpha, THSTensor *sparse,
                                          const THTensor *dense) {
  if (sparse->nnz == 0)
    return;
  THSTensor *sorted = THSTensor_(newContiguous)(sparse);
  long *runStart;
  ptrdiff_t runs = THSTensor_(rowRuns)(sorted, &runStart);
  long m = out->size[1];
  const long *rowOf = THLongTensor_data(sorted->indices), *columnOf = rowOf + sorted->nnz;
  const real *values = THTensor_(data)(sorted->values);
  real *outData = THTensor_(data)(out);
  TH_PARALLEL_REGION((double)sorted->nnz * (double)m,
    _Pragma("omp for schedule(dynamic, 16)")
    for (ptrdiff_t r = 0; r < runs; r++) {
      long first = runStart[r];
      THSTensor_(accumulateRow)(outData + rowOf[first] * m, m, alpha, columnOf + first,
                                values + first, runStart[r + 1] - first, dense);
    });
  THFree(runStart);
  THSTensor_(free)(sorted);
}

/* r_ = beta * t + alpha * (sparse @ dense), where t NULL means zeros; the sizes are checked. The
 * rows are accumulated in place, so they must not overlap, and `dense` must not be overwritten
 * while it is read: r_ itself is the target when it is a contiguous n x m matrix other than
 * `dense`; otherwise a new matrix is, which is then copied into r_. */
static void THSTensor_(addProduct)(THTensor *r_, real beta, THTensor *t, real alpha,
                                   THSTensor *sparse, THTensor *dense) {
  long n = sparse->size[0], m = dense->size[1];
  THTensor *out = r_ == dense ? THTensor_(new)() : r_;
  if (out != t)
    THTensor_(resize2d)(out, n, m);
  if (!THTensor_(isContiguous)(out)) {  /* r_ was a non-contiguous n x m matrix */
    out = THTensor_(new)();
    THTensor_(resize2d)(out, n, m);
  }
  if (t == NULL || beta == 0) {
    THTensor_(zero)(out);
  } else {
    if (out != t)
      THTensor_(copy)(out, t);
    if (beta != 1)
      THTensor_(mul)(out, out, beta);
  }
  THSTensor_(accumulateProduct)(out, alpha, sparse, dense);
  if (out != r_) {
    THTensor_(resizeAs)(r_, out);
    THTensor_(copy)(r_, out);
    THTensor_(free)(out);
  }
}

void THSTensor_(spaddmm)(THTensor *r_, real beta, THTensor *t, real alpha, THSTensor *sparse,
                         THTensor *dense) {
  THSTensor_(checkProduct)(sparse, dense, 5);
  THArgCheck(t->nDimension == 2 && t->size[0] == sparse->size[0] && t->size[1] == dense->size[1],
             3, "expected the added matrix to be %ldx%ld (mat1's rows x mat2's columns), got "
             "size %s", sparse->size[0], dense->size[1], THTensor_(sizeDesc)(t).str);
  THSTensor_(addProduct)(r_, beta, t, alpha, sparse, dense);
}

void THSTensor_(spmm)(THTensor *r_, THSTensor *sparse, THTensor *dense) {
  THSTensor_(checkProduct)(sparse, dense, 2);
  THSTensor_(addProduct)(r_, 0, NULL, 1, sparse, dense);
}

/* ---- sparse results ---- */

/* r_ = beta * t + alpha * (sparse @ dense) as a sparse matrix, t NULL meaning none; the sizes are
 * checked. Row i of the product is zero unless row i of `sparse` has entries, and then it is a full
 * row of m values: one entry per column. Those rows, and t's entries times beta, are put side by
 * side and coalesced. Everything is read before r_ changes, so r_ may be t or sparse. */
static void THSTensor_(sparseProduct)(THSTensor *r_, real beta, THSTensor *t, real alpha,
                                      THSTensor *sparse, THTensor *dense) {
  long size[2] = {sparse->size[0], dense->size[1]};
  long m = size[1];
  ptrdiff_t fromT = (t != NULL && beta != 0) ? t->nnz : 0;
  THArgCheck(fromT == 0 || t->nDimensionI == 2, 3, "expected a sparse matrix to add, got a "
             "hybrid sparse tensor of size %s whose last dimension is dense",
             THSTensor_(sizeDesc)(t).str);
  THSTensor *sorted = THSTensor_(newContiguous)(sparse);
  long *runStart;
  ptrdiff_t runs = THSTensor_(rowRuns)(sorted, &runStart);
  ptrdiff_t nnz;
  if (__builtin_mul_overflow(runs, (ptrdiff_t)m, &nnz) ||
      __builtin_add_overflow(nnz, fromT, &nnz)) {
    THFree(runStart);
    THSTensor_(free)(sorted);
    THError("the product of a sparse %s matrix and a dense %s one has too many entries",
            THSTensor_(sizeDesc)(sparse).str, THTensor_(sizeDesc)(dense).str);
  }
  THLongTensor *indices = THLongTensor_new();
  THTensor *values = THTensor_(new)();
  if (nnz > 0) {
    THLongTensor_resize2d(indices, 2, nnz);
    THTensor_(resize1d)(values, nnz);
  }
  long *rowOut = THLongTensor_data(indices), *columnOut = rowOut + nnz;
  real *valueOut = THTensor_(data)(values);

  /* First t's entries, scaled... */
  const long *tIdx = fromT ? THLongTensor_data(t->indices) : NULL;
  const real *tValues = fromT ? THTensor_(data)(t->values) : NULL;
  for (ptrdiff_t k = 0; k < fromT; k++) {
    rowOut[k] = tIdx[k];
    columnOut[k] = tIdx[fromT + k];
    valueOut[k] = beta * tValues[k];
  }
  /* ... then a full row of the product for each row of `sparse` that has entries. */
  const long *rowOf = THLongTensor_data(sorted->indices), *columnOf = rowOf + sorted->nnz;
  const real *sparseValues = THTensor_(data)(sorted->values);
  for (ptrdiff_t r = 0; r < runs; r++) {
    long first = runStart[r];
    ptrdiff_t at = fromT + r * m;
    for (long j = 0; j < m; j++) {
      rowOut[at + j] = rowOf[first];
      columnOut[at + j] = j;
      valueOut[at + j] = 0;
    }
    THSTensor_(accumulateRow)(valueOut + at, m, alpha, columnOf + first, sparseValues + first,
                              runStart[r + 1] - first, dense);
  }
  THFree(runStart);
  THSTensor_(free)(sorted);
  THSTensor_(move)(r_, 2, 2, size, indices, values);
  THSTensor_(contiguous)(r_);
}

void THSTensor_(sspaddmm)(THSTensor *r_, real beta, THSTensor *t, real alpha, THSTensor *sparse,
                          THTensor *dense) {
  THSTensor_(checkProduct)(sparse, dense, 5);
  THArgCheck(t->nDimension == 2 && t->size[0] == sparse->size[0] && t->size[1] == dense->size[1],
             3, "expected the added sparse matrix to be %ldx%ld (mat1's rows x mat2's columns), "
             "got size %s", sparse->size[0], dense->size[1], THSTensor_(sizeDesc)(t).str);
  THSTensor_(sparseProduct)(r_, beta, t, alpha, sparse, dense);
}

void THSTensor_(sspmm)(THSTensor *r_, THSTensor *sparse, THTensor *dense) {
  THSTensor_(checkProduct)(sparse, dense, 2);
  THSTensor_(sparseProduct)(r_, 0, NULL, 1, sparse, dense);
}

/* ---- hybrid sparse result ---- */

void THSTensor_(hspmm)(THSTensor *r_, real alpha, THSTensor *sparse, THTensor *dense) {
  THSTensor_(checkProduct)(sparse, dense, 3);
  long size[2] = {sparse->size[0], dense->size[1]};
  long m = size[1];
  THSTensor *sorted = THSTensor_(newContiguous)(sparse);
  long *runStart;
  ptrdiff_t runs = THSTensor_(rowRuns)(sorted, &runStart);
  THLongTensor *indices = THLongTensor_new();
  THTensor *values = THTensor_(new)();
  if (runs > 0) {
    THLongTensor_resize2d(indices, 1, runs);
    THTensor_(resize2d)(values, runs, m);
    THTensor_(zero)(values);
  }
  /* Entry r is row rowOf[runStart[r]] of the product: a full row of m values. */
  long *rowOut = THLongTensor_data(indices);
  real *valueOut = THTensor_(data)(values);
  const long *rowOf = THLongTensor_data(sorted->indices), *columnOf = rowOf + sorted->nnz;
  const real *sparseValues = THTensor_(data)(sorted->values);
  for (ptrdiff_t r = 0; r < runs; r++) {
    long first = runStart[r];
    rowOut[r] = rowOf[first];
    THSTensor_(accumulateRow)(valueOut + r * m, m, alpha, columnOf + first, sparseValues + first,
                              runStart[r + 1] - first, dense);
  }
  THFree(runStart);
  THSTensor_(free)(sorted);
  THSTensor_(move)(r_, 1, 2, size, indices, values);
  r_->contiguous = 1;
}

#endif
