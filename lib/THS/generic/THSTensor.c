/* The sparse tensor basics of one dtype (included by THSTensor.c once per dtype): making a sparse
 * tensor from indices and values, coalescing it (contiguous), transposing it, and turning it into
 * a dense tensor. Index column k of a tensor of nI sparse dimensions is indices[0][k], ...,
 * indices[nI-1][k]; in the contiguous index block that is idx[d * nnz + k]. Value k is row k of
 * the contiguous values: `block` elements from values + k * block, block being the product of the
 * dense sizes (1 when there are none). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THSTensor.c"
#else

/* ---- Access ---- */

static void THSTensor_(checkDim)(const THSTensor *self, int dim, int argNumber) {
  THArgCheck(dim >= 0 && dim < self->nDimension, argNumber,
             "dimension %d out of range of %dD sparse tensor", dim, self->nDimension);
}

int THSTensor_(nDimension)(const THSTensor *self) {
  return self->nDimension;
}

int THSTensor_(nDimensionI)(const THSTensor *self) {
  return self->nDimensionI;
}

int THSTensor_(nDimensionV)(const THSTensor *self) {
  return self->nDimension - self->nDimensionI;
}

long THSTensor_(size)(const THSTensor *self, int dim) {
  THSTensor_(checkDim)(self, dim, 2);
  return self->size[dim];
}

ptrdiff_t THSTensor_(nnz)(const THSTensor *self) {
  return self->nnz;
}

THLongStorage *THSTensor_(newSizeOf)(const THSTensor *self) {
  THLongStorage *size = THLongStorage_newWithSize(self->nDimension);
  for (int d = 0; d < self->nDimension; d++)
    size->data[d] = self->size[d];
  return size;
}

THLongTensor *THSTensor_(newIndices)(const THSTensor *self) {
  return THLongTensor_newClone(self->indices);
}

THTensor *THSTensor_(newValues)(const THSTensor *self) {
  return THTensor_(newWithTensor)(self->values);
}

int THSTensor_(isContiguous)(const THSTensor *self) {
  return self->contiguous;
}

THDescBuff THSTensor_(sizeDesc)(const THSTensor *self) {
  return THSizeDesc(self->size, self->nDimension);
}

/* ---- Argument checks ---- */

/* indices (nI x nnz) and values (nnz x dense sizes) agree; returns nnz, 0 when both are empty. */
static ptrdiff_t THSTensor_(checkParts)(const THLongTensor *indices, const THTensor *values) {
  if (indices->nDimension == 0 && values->nDimension == 0)
    return 0;
  THArgCheck(indices->nDimension == 2, 1,
             "indices must be a 2D tensor of nDimensionI x nnz, but got a %dD tensor of size %s",
             indices->nDimension, THSizeDesc(indices->size, indices->nDimension).str);
  THArgCheck(indices->size[0] <= INT_MAX, 1, "indices have too many rows (%ld dimensions)",
             indices->size[0]);
  THArgCheck(values->nDimension >= 1, 2,
             "values must be a tensor of nnz values (nnz x dense sizes), but got an empty tensor");
  THArgCheck(values->size[0] == indices->size[1], 2,
             "indices has %ld columns (one per value) but values has %ld values (size %s)",
             indices->size[1], values->size[0],
             THSizeDesc(values->size, values->nDimension).str);
  return indices->size[1];
}

/* Positive sizes whose dense equivalent has a number of elements, and of bytes, that fits in
 * 64 bits (a ptrdiff_t), as every dense tensor must: coalescing numbers the elements that way. */
static void THSTensor_(checkSizes)(const THLongStorage *size, int argNumber) {
  THArgCheck(size->size <= INT_MAX, argNumber, "too many dimensions (%td)", size->size);
  ptrdiff_t count = 1;
  for (ptrdiff_t d = 0; d < size->size; d++) {
    THArgCheck(size->data[d] > 0, argNumber, "sizes must be positive, got size %s",
               THSizeDesc(size->data, (int)size->size).str);
    THArgCheck(!__builtin_mul_overflow(count, size->data[d], &count) &&
                   count <= PTRDIFF_MAX / (ptrdiff_t)sizeof(real), argNumber,
               "a sparse tensor of size %s is too large: its number of elements, or of bytes, "
               "does not fit in 64 bits", THSizeDesc(size->data, (int)size->size).str);
  }
}

/* Index d of column k of a (possibly strided) n x nnz indices tensor. */
static long THSTensor_(indexAt)(const THLongTensor *indices, int d, ptrdiff_t k) {
  return THLongTensor_data(indices)[d * indices->stride[0] + k * indices->stride[1]];
}

/* ---- Create ---- */

static void THSTensor_(setSize)(THSTensor *self, int nDimension, const long *size) {
  self->size = THRealloc(self->size, sizeof(long) * nDimension);
  for (int d = 0; d < nDimension; d++)
    self->size[d] = size[d];
  self->nDimension = nDimension;
}

THSTensor *THSTensor_(new)(void) {
  THSTensor *self = THAlloc(sizeof(THSTensor));
  self->size = NULL;
  self->nDimension = 0;
  self->nDimensionI = 0;
  self->nnz = 0;
  self->indices = THLongTensor_new();
  self->values = THTensor_(new)();
  self->contiguous = 1;
  self->refcount = 1;
  return self;
}

THSTensor *THSTensor_(newWithSize)(THLongStorage *size) {
  THSTensor_(checkSizes)(size, 1);
  THSTensor *self = THSTensor_(new)();
  THSTensor_(setSize)(self, (int)size->size, size->data);
  self->nDimensionI = self->nDimension;
  return self;
}

THSTensor *THSTensor_(newWithTensorAndSize)(THLongTensor *indices, THTensor *values,
                                            THLongStorage *size) {
  ptrdiff_t nnz = THSTensor_(checkParts)(indices, values);
  THSTensor_(checkSizes)(size, 3);
  int nDimensionI = (int)size->size;
  if (nnz > 0) {
    nDimensionI = (int)indices->size[0];
    int nDimensionV = values->nDimension - 1;
    THArgCheck(size->size == nDimensionI + nDimensionV, 3,
               "got %td sizes (size %s) for indices of %d dimensions and values of %d", size->size,
               THSizeDesc(size->data, (int)size->size).str, nDimensionI, nDimensionV);
    for (int d = 0; d < nDimensionV; d++)
      THArgCheck(size->data[nDimensionI + d] == values->size[d + 1], 3,
                 "size %s does not end with the size of a value, %s (values are %s)",
                 THSizeDesc(size->data, (int)size->size).str,
                 THSizeDesc(values->size + 1, nDimensionV).str,
                 THSizeDesc(values->size, values->nDimension).str);
    for (int d = 0; d < nDimensionI; d++)
      for (ptrdiff_t k = 0; k < nnz; k++) {
        long index = THSTensor_(indexAt)(indices, d, k);
        THIndexCheck(index >= 0 && index < size->data[d], 1,
                     "index %ld (column %td of indices) is out of range for dimension %d of "
                     "size %ld", index, k, d, size->data[d]);
      }
  }
  THSTensor *self = THSTensor_(new)();
  THSTensor_(setSize)(self, (int)size->size, size->data);
  self->nDimensionI = nDimensionI;
  if (nnz > 0)
    THSTensor_(move)(self, nDimensionI, self->nDimension, self->size,
                     THLongTensor_newClone(indices), THTensor_(newClone)(values));
  return self;
}

THSTensor *THSTensor_(newWithTensor)(THLongTensor *indices, THTensor *values) {
  ptrdiff_t nnz = THSTensor_(checkParts)(indices, values);
  if (nnz == 0)
    return THSTensor_(new)();
  int nDimensionI = (int)indices->size[0], nDimensionV = values->nDimension - 1;
  for (int d = 0; d < nDimensionI; d++)
    for (ptrdiff_t k = 0; k < nnz; k++) {
      long index = THSTensor_(indexAt)(indices, d, k);
      THIndexCheck(index >= 0 && index < LONG_MAX, 1,
                   "index %ld (column %td of indices) is out of range for dimension %d", index, k,
                   d);
    }
  /* Each sparse size is the largest index of its dimension plus one; the dense sizes are a
   * value's. */
  THLongStorage *size = THLongStorage_newWithSize(nDimensionI + nDimensionV);
  for (int d = 0; d < nDimensionV; d++)
    size->data[nDimensionI + d] = values->size[d + 1];
  for (int d = 0; d < nDimensionI; d++) {
    long largest = 0;
    for (ptrdiff_t k = 0; k < nnz; k++) {
      long index = THSTensor_(indexAt)(indices, d, k);
      largest = index > largest ? index : largest;
    }
    size->data[d] = largest + 1;
  }
  THSTensor *self = THSTensor_(newWithTensorAndSize)(indices, values, size);
  THLongStorage_free(size);
  return self;
}

THSTensor *THSTensor_(newClone)(THSTensor *self) {
  THSTensor *clone = THSTensor_(new)();
  THSTensor_(setSize)(clone, self->nDimension, self->size);
  clone->nDimensionI = self->nDimensionI;
  if (self->nnz > 0)
    THSTensor_(move)(clone, self->nDimensionI, self->nDimension, self->size,
                     THLongTensor_newClone(self->indices), THTensor_(newClone)(self->values));
  clone->contiguous = self->contiguous;
  return clone;
}

THSTensor *THSTensor_(newContiguous)(THSTensor *self) {
  if (self->contiguous) {
    THSTensor_(retain)(self);
    return self;
  }
  THSTensor *copy = THSTensor_(newClone)(self);
  THSTensor_(contiguous)(copy);
  return copy;
}

THSTensor *THSTensor_(newTranspose)(THSTensor *self, int dim1, int dim2) {
  THSTensor_(checkDim)(self, dim1, 2);
  THSTensor_(checkDim)(self, dim2, 3);
  THSTensor *transposed = THSTensor_(newClone)(self);
  THSTensor_(transpose)(transposed, dim1, dim2);
  return transposed;
}

void THSTensor_(move)(THSTensor *self, int nDimensionI, int nDimension, const long *size,
                      THLongTensor *indices, THTensor *values) {
  if (self->size != size)
    THSTensor_(setSize)(self, nDimension, size);
  self->nDimensionI = nDimensionI;
  THLongTensor_free(self->indices);
  THTensor_(free)(self->values);
  self->indices = indices;
  self->values = values;
  self->nnz = values->nDimension >= 1 ? values->size[0] : 0;
  self->contiguous = self->nnz < 2;
}

/* ---- Convert and rearrange ---- */

THTensor *THSTensor_(toDense)(THSTensor *self) {
  THLongTensor_checkInStorage(self->indices);   /* before the dense tensor exists */
  THTensor_(checkInStorage)(self->values);
  THTensor *dense = THTensor_(new)();
  if (self->nDimension == 0)
    return dense;
  THTensor_(resizeNd)(dense, self->nDimension, self->size, NULL);
  THTensor_(zero)(dense);
  THSTensor_(spcadd)(dense, dense, 1, self);
  return dense;
}

void THSTensor_(transpose)(THSTensor *self, int dim1, int dim2) {
  THSTensor_(checkDim)(self, dim1, 2);
  THSTensor_(checkDim)(self, dim2, 3);
  if (dim1 == dim2)
    return;
  THArgCheck(dim1 < self->nDimensionI && dim2 < self->nDimensionI, dim1 < self->nDimensionI ? 3 : 2,
             "cannot transpose dimensions %d and %d of a sparse tensor of size %s: only its %d "
             "sparse dimensions can be transposed, not its dense ones", dim1, dim2,
             THSTensor_(sizeDesc)(self).str, self->nDimensionI);
  long *idx = THLongTensor_data(self->indices);
  ptrdiff_t nnz = self->nnz;
  for (ptrdiff_t k = 0; k < nnz; k++) {
    long index = idx[dim1 * nnz + k];
    idx[dim1 * nnz + k] = idx[dim2 * nnz + k];
    idx[dim2 * nnz + k] = index;
  }
  long size = self->size[dim1];
  self->size[dim1] = self->size[dim2];
  self->size[dim2] = size;
  self->contiguous = nnz < 2;
}

/* <0, 0 or >0 as column a comes before, at the same position as, or after column b in row-major
 * order. */
static int THSTensor_(compareColumns)(const long *idx, ptrdiff_t nnz, int nDimension, long a,
                                      long b) {
  for (int d = 0; d < nDimension; d++) {
    long x = idx[d * nnz + a], y = idx[d * nnz + b];
    if (x != y)
      return x < y ? -1 : 1;
  }
  return 0;
}

/* The column numbers in row-major order of their positions: sorted by the last index, then by
 * each earlier one in turn, as a card sorter does; each pass is TH's stable radix sort, O(nnz),
 * so that columns with equal indices keep the order of the pass before. Returns a new LongTensor
 * of nnz column numbers. */
static THLongTensor *THSTensor_(sortedColumns)(const THSTensor *self) {
  ptrdiff_t nnz = self->nnz;
  const long *idx = THLongTensor_data(self->indices);
  THLongTensor *order = THLongTensor_newWithSize1d(nnz), *next = THLongTensor_newWithSize1d(nnz);
  THLongTensor *keys = THLongTensor_newWithSize1d(nnz);
  THLongTensor *sortedKeys = THLongTensor_new(), *permutation = THLongTensor_new();
  for (ptrdiff_t k = 0; k < nnz; k++)
    THLongTensor_data(order)[k] = k;
  for (int d = self->nDimensionI - 1; d >= 0; d--) {
    long *key = THLongTensor_data(keys), *column = THLongTensor_data(order);
    for (ptrdiff_t k = 0; k < nnz; k++)
      key[k] = idx[d * nnz + column[k]];
    THLongTensor_sort(sortedKeys, permutation, keys, 0, 0);
    const long *from = THLongTensor_data(permutation);
    long *to = THLongTensor_data(next);
    for (ptrdiff_t k = 0; k < nnz; k++)
      to[k] = column[from[k]];
    THLongTensor *swap = order;
    order = next;
    next = swap;
  }
  THLongTensor_free(next);
  THLongTensor_free(keys);
  THLongTensor_free(sortedKeys);
  THLongTensor_free(permutation);
  return order;
}

/* The number of elements of one value: the product of the dense sizes. */
static ptrdiff_t THSTensor_(blockSize)(const THSTensor *self) {
  ptrdiff_t block = 1;
  for (int d = self->nDimensionI; d < self->nDimension; d++)
    block *= self->size[d];
  return block;
}

void THSTensor_(contiguous)(THSTensor *self) {
  ptrdiff_t nnz = self->nnz;
  int nDimension = self->nDimensionI;
  if (self->contiguous)
    return;
  THTensor_(checkInStorage)(self->values);      /* before the new parts below exist */
  const long *idx = THLongTensor_data(self->indices);
  ptrdiff_t k = 1;
  while (k < nnz && THSTensor_(compareColumns)(idx, nnz, nDimension, k - 1, k) < 0)
    k++;
  if (k >= nnz) {  /* already sorted, without repeats */
    self->contiguous = 1;
    return;
  }

  THLongTensor *order = THSTensor_(sortedColumns)(self);
  const long *sorted = THLongTensor_data(order);

  ptrdiff_t distinct = 1;
  for (k = 1; k < nnz; k++)
    distinct += THSTensor_(compareColumns)(idx, nnz, nDimension, sorted[k - 1], sorted[k]) != 0;
  THLongTensor *indices = THLongTensor_newWithSize2d(nDimension, distinct);
  THLongStorage *valueSize = THTensor_(newSizeOf)(self->values);
  valueSize->data[0] = distinct;
  THTensor *values = THTensor_(newWithSize)(valueSize, NULL);
  THLongStorage_free(valueSize);
  ptrdiff_t block = THSTensor_(blockSize)(self);
  long *newIdx = THLongTensor_data(indices);
  real *newValues = THTensor_(data)(values);
  const real *oldValues = THTensor_(data)(self->values);
  ptrdiff_t out = -1;
  for (k = 0; k < nnz; k++) {
    long column = sorted[k];
    const real *from = oldValues + column * block;
    if (k == 0 || THSTensor_(compareColumns)(idx, nnz, nDimension, sorted[k - 1], column) != 0) {
      out++;
      for (int d = 0; d < nDimension; d++)
        newIdx[d * distinct + out] = idx[d * nnz + column];
      for (ptrdiff_t e = 0; e < block; e++)
        newValues[out * block + e] = from[e];
    } else {
      for (ptrdiff_t e = 0; e < block; e++)
        newValues[out * block + e] += from[e];
    }
  }
  THLongTensor_free(order);
  THSTensor_(move)(self, nDimension, self->nDimension, self->size, indices, values);
  self->contiguous = 1;
}

void THSTensor_(zero)(THSTensor *self) {
  THSTensor_(move)(self, self->nDimensionI, self->nDimension, self->size, THLongTensor_new(),
                   THTensor_(new)());
}

/* ---- Lifetime ---- */

void THSTensor_(retain)(THSTensor *self) {
  THAtomicIncrementRef(&self->refcount);
}

void THSTensor_(free)(THSTensor *self) {
  if (!self || !THAtomicDecrementRef(&self->refcount))
    return;
  THFree(self->size);
  THLongTensor_free(self->indices);
  THTensor_(free)(self->values);
  THFree(self);
}

#endif
