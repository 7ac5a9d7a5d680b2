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
  THArgCheck(dense->nDimension == 2, argNumber + 1, "expected a matrix for mat2, got a %dD tensor",
             dense->nDimension);
  THArgCheck(sparse->size[1] == dense->size[0], argNumber + 1,
             "size mismatch: mat1 is %s and mat2 is %s (mat1's columns must equal mat2's rows)",
             THSTensor_(sizeDesc)(sparse).str, THTensor_(sizeDesc)(dense).str);
}

/* ---- dense + sparse ---- */

void THSTensor_(spcadd)(THTensor *r_, THTensor *t, real value, THSTensor *sparse) {
  int sameSize = t->nDimension == sparse->nDimension;
  for (int d = 0; sameSize && d < t->nDimension; d++)
    sameSize = t->size[d] == sparse->size[d];
  THArgCheck(sameSize, 4, "size mismatch: the dense tensor is %s but the sparse tensor is %s",
             THTensor_(sizeDesc)(t).str, THSTensor_(sizeDesc)(sparse).str);
  if (r_ != t) {
    THTensor_(resizeAs)(r_, t);
    THTensor_(copy)(r_, t);
  }
  ptrdiff_t nnz = sparse->nnz;
  int nDimension = sparse->nDimension;
  const long *idx = THLongTensor_data(sparse->indices);
  const real *values = THTensor_(data)(sparse->values);
  real *data = THTensor_(data)(r_);
  for (ptrdiff_t k = 0; k < nnz; k++) {
    ptrdiff_t offset = 0;
    for (int d = 0; d < nDimension; d++)
      offset += idx[d * nnz + k] * r_->stride[d];
    data[offset] += value * values[k];
  }
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
  THSTensor_(move)(r_, 2, size, indices, values);
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

#endif
