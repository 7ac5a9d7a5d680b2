/* The tensor basics of one dtype (included by THTensor.c once per dtype): construction, resizing,
 * views and element access. A tensor is a storage, an offset, and per dimension a size and a
 * stride; views share the storage and only change those numbers. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensor.c"
#else

/* ---- Argument checks, shared by the in-place views and their new* forms (checkDim and
 * checkIndex come from THTensorChecks.h) ---- */

static void THTensor_(checkNDimension)(const THTensor *self, int nDimension) {
  THArgCheck(self->nDimension == nDimension, 1, "expected a %dD tensor, but got a %dD tensor",
             nDimension, self->nDimension);
}

static void THTensor_(checkNarrow)(const THTensor *src, int dim, long first, long size, int argNumber) {
  THTensor_(checkDim)(src, dim, argNumber);
  THArgCheck(first >= 0 && first < src->size[dim], argNumber + 1,
             "start %ld is out of range for dimension %d (of size %ld)", first, dim, src->size[dim]);
  THArgCheck(size > 0 && size <= src->size[dim] - first, argNumber + 2,
             "length %ld is invalid for dimension %d of size %ld starting at %ld (expected 1 to %ld)",
             size, dim, src->size[dim], first, src->size[dim] - first);
}

static void THTensor_(checkSelect)(const THTensor *src, int dim, long index, int argNumber) {
  THArgCheck(src->nDimension > 1, argNumber - 1,
             "cannot select on a %dD tensor: the result needs at least one dimension",
             src->nDimension);
  THTensor_(checkDim)(src, dim, argNumber);
  THTensor_(checkIndex)(src, dim, index, argNumber + 1);
}

static void THTensor_(checkTranspose)(const THTensor *src, int dim1, int dim2, int argNumber) {
  THTensor_(checkDim)(src, dim1, argNumber);
  THTensor_(checkDim)(src, dim2, argNumber + 1);
}

static void THTensor_(checkUnfold)(const THTensor *src, int dim, long size, long step, int argNumber) {
  THArgCheck(src->nDimension > 0, argNumber - 1, "cannot unfold an empty tensor");
  THTensor_(checkDim)(src, dim, argNumber);
  THArgCheck(size > 0 && size <= src->size[dim], argNumber + 1,
             "window size %ld is invalid for dimension %d of size %ld", size, dim, src->size[dim]);
  THArgCheck(step > 0, argNumber + 2, "step must be positive, got %ld", step);
}

/* ---- Access ---- */

THStorage *THTensor_(storage)(const THTensor *self) {
  return self->storage;
}

ptrdiff_t THTensor_(storageOffset)(const THTensor *self) {
  return self->storageOffset;
}

int THTensor_(nDimension)(const THTensor *self) {
  return self->nDimension;
}

long THTensor_(size)(const THTensor *self, int dim) {
  THTensor_(checkDim)(self, dim, 2);
  return self->size[dim];
}

long THTensor_(stride)(const THTensor *self, int dim) {
  THTensor_(checkDim)(self, dim, 2);
  return self->stride[dim];
}

THLongStorage *THTensor_(newSizeOf)(THTensor *self) {
  THLongStorage *size = THLongStorage_newWithSize(self->nDimension);
  for (int d = 0; d < self->nDimension; d++)
    size->data[d] = self->size[d];
  return size;
}

THLongStorage *THTensor_(newStrideOf)(THTensor *self) {
  THLongStorage *stride = THLongStorage_newWithSize(self->nDimension);
  for (int d = 0; d < self->nDimension; d++)
    stride->data[d] = self->stride[d];
  return stride;
}

void THTensor_(checkInStorage)(const THTensor *self) {
  TH_APPLY_CHECK_IN_STORAGE(self);
}

real *THTensor_(data)(const THTensor *self) {
  if (!self->storage)
    return NULL;
  TH_APPLY_CHECK_IN_STORAGE(self);
  return self->storage->data + self->storageOffset;
}

void THTensor_(setFlag)(THTensor *self, const char flag) {
  self->flag |= flag;
}

void THTensor_(clearFlag)(THTensor *self, const char flag) {
  self->flag &= ~flag;
}

/* ---- Resizing: the layout rules every constructor and view goes through ----
 * Sizes end at the first size <= 0; a stride < 0 means "contiguous": the last dimension gets 1,
 * each earlier one size[d+1]*stride[d+1]. */

static int THTensor_(countDims)(int nDimension, const long *size) {
  int n = 0;
  while (n < nDimension && size[n] > 0)
    n++;
  return n;
}

static long THTensor_(strideFor)(int d, int n, const long *size, const long *stride, long nextStride) {
  if (stride && stride[d] >= 0)
    return stride[d];
  return d == n - 1 ? 1 : size[d + 1] * nextStride;
}

/* count *= factor, unless the product, or its size in bytes, would not fit a ptrdiff_t: then 0. */
static int THTensor_(multiplyCount)(ptrdiff_t *count, long factor) {
  return !__builtin_mul_overflow(*count, factor, count) &&
         *count <= PTRDIFF_MAX / (ptrdiff_t)sizeof(real);
}

/* The windows of unfold hold up to size times the elements of src: their count must fit too. */
static void THTensor_(checkUnfoldedCount)(const THTensor *src, int dim, long size, long step) {
  ptrdiff_t count = 1;
  int fits = THTensor_(multiplyCount)(&count, size);
  for (int d = 0; d < src->nDimension; d++)
    fits = fits && THTensor_(multiplyCount)(&count, d == dim ? (src->size[d] - size) / step + 1
                                                             : src->size[d]);
  if (!fits)
    THError("unfolding a tensor of size %s into windows of %ld is too large: the number of "
            "elements, or of bytes, does not fit in 64 bits", THTensor_(sizeDesc)(src).str, size);
}

/* Number of storage elements the layout reaches (from the offset): 1 + sum (size-1)*stride, or 0
 * for no dimensions. Raises an error (allocating nothing) when a stride or the extent overflows,
 * and when the number of elements, or of bytes, does not fit in 64 bits (a ptrdiff_t): the extent
 * does not show them all, since an expanded view (stride 0) reaches one element whatever its
 * sizes, but nElement, and every loop, counts all of them. After this check strideFor cannot
 * overflow either. */
static ptrdiff_t THTensor_(extentOf)(int n, const long *size, const long *stride) {
  ptrdiff_t extent = n > 0 ? 1 : 0, count = 1;
  long st = 1;
  for (int d = n - 1; d >= 0; d--) {
    long reach;
    int overflow = !THTensor_(multiplyCount)(&count, size[d]);
    if (stride && stride[d] >= 0)
      st = stride[d];
    else if (d < n - 1)
      overflow |= __builtin_mul_overflow(size[d + 1], st, &st);
    else
      st = 1;
    overflow |= __builtin_mul_overflow(size[d] - 1, st, &reach);
    overflow |= __builtin_add_overflow(extent, reach, &extent);
    if (overflow)
      THError("a tensor of size %s is too large: its number of elements, of bytes or of storage "
              "elements it spans does not fit in 64 bits", THSizeDesc(size, n).str);
  }
  return extent;
}

/* A view never grows its storage: an error, naming the sizes, unless the storage already holds
 * the elements of the layout (n > 0 dimensions) at storageOffset. */
static void THTensor_(checkViewFits)(const THStorage *storage, ptrdiff_t storageOffset, int n,
                                     const long *size, const long *stride) {
  ptrdiff_t needed;
  if (__builtin_add_overflow(storageOffset, THTensor_(extentOf)(n, size, stride), &needed))
    THError("a tensor of size %s is too large", THSizeDesc(size, n).str);
  if (needed > storage->size)
    THApply_errorOutsideStorage(n, size, storageOffset, needed, storage->size);
}

/* Makes sure storage holds `needed` elements, growing it if allowed (for resizing only). */
static void THTensor_(reserve)(THStorage *storage, ptrdiff_t needed) {
  if (storage->size >= needed)
    return;
  if (!THStorage_(isResizable)(storage))
    THError("the tensor needs %td storage elements but its storage has %td and is not resizable",
            needed, storage->size);
  THStorage_(resize)(storage, needed);
}

/* Whether self already has these sizes and strides; with onlyGivenStrides, strides that the
 * caller left to be computed (NULL, or < 0) are not compared. */
static int THTensor_(hasLayout)(const THTensor *self, int n, const long *size, const long *stride,
                                int onlyGivenStrides) {
  if (self->nDimension != n)
    return 0;
  for (int d = n - 1; d >= 0; d--) {
    if (self->size[d] != size[d])
      return 0;
    if (onlyGivenStrides && !(stride && stride[d] >= 0))
      continue;
    long nextStride = d < n - 1 ? self->stride[d + 1] : 1;
    if (self->stride[d] != THTensor_(strideFor)(d, n, size, stride, nextStride))
      return 0;
  }
  return 1;
}

/* Makes room for n dimensions, keeping the first min(old, n) sizes and strides. The arrays live
 * in the struct's inlineDims up to TH_TENSOR_INLINE_DIMS dimensions, else in one heap block of
 * 2n longs (sizes, then strides). */
static void THTensor_(setDimCount)(THTensor *self, int n) {
  if (n == self->nDimension)
    return;
  int keep = n < self->nDimension ? n : self->nDimension;
  long *oldSize = self->size, *oldStride = self->stride;
  int fitsInline = n <= TH_TENSOR_INLINE_DIMS;
  long *size = fitsInline ? self->inlineDims : THAlloc(sizeof(long) * 2 * n);
  long *stride = fitsInline ? self->inlineDims + TH_TENSOR_INLINE_DIMS : size + n;
  if (size != oldSize) {
    memcpy(size, oldSize, sizeof(long) * keep);
    memcpy(stride, oldStride, sizeof(long) * keep);
    if (oldSize != self->inlineDims)
      THFree(oldSize);
  }
  self->size = size;
  self->stride = stride;
  self->nDimension = n;
}

/* Gives self exactly these sizes and strides, creating or growing its storage to hold them. */
static void THTensor_(setLayout)(THTensor *self, int n, const long *size, const long *stride) {
  if (n > 0) {
    ptrdiff_t needed;
    if (__builtin_add_overflow(self->storageOffset, THTensor_(extentOf)(n, size, stride), &needed))
      THError("a tensor of size %s is too large", THSizeDesc(size, n).str);
    if (self->storage)
      THTensor_(reserve)(self->storage, needed);
    else
      self->storage = THStorage_(newWithSize)(needed);
  }
  if (THTensor_(hasLayout)(self, n, size, stride, 0))
    return;
  THTensor_(setDimCount)(self, n);
  for (int d = n - 1; d >= 0; d--) {
    self->size[d] = size[d];
    self->stride[d] = THTensor_(strideFor)(d, n, size, stride, d < n - 1 ? self->stride[d + 1] : 1);
  }
}

/* Resizing to the sizes a tensor already has changes nothing, not even its strides (unless new
 * strides are given): resizeAs on a transposed result keeps it transposed. */
void THTensor_(resizeNd)(THTensor *self, int nDimension, const long *size, const long *stride) {
  int n = THTensor_(countDims)(nDimension, size);
  if ((self->storage || n == 0) && THTensor_(hasLayout)(self, n, size, stride, 1))
    return;
  THTensor_(setLayout)(self, n, size, stride);
}

void THTensor_(resize)(THTensor *self, THLongStorage *size, THLongStorage *stride) {
  THArgCheck(size != NULL, 2, "a size is required");
  THArgCheck(!stride || stride->size == size->size, 3,
             "got %td strides for %td sizes", stride ? stride->size : 0, size->size);
  THArgCheck(size->size <= INT_MAX, 2, "too many dimensions (%td)", size->size);
  THTensor_(resizeNd)(self, (int)size->size, size->data, stride ? stride->data : NULL);
}

void THTensor_(resizeAs)(THTensor *self, THTensor *src) {
  if (!THTensor_(isSameSizeAs)(self, src))
    THTensor_(resizeNd)(self, src->nDimension, src->size, NULL);
}

void THTensor_(resize1d)(THTensor *self, long size0) {
  long size[1] = {size0};
  THTensor_(resizeNd)(self, 1, size, NULL);
}

void THTensor_(resize2d)(THTensor *self, long size0, long size1) {
  long size[2] = {size0, size1};
  THTensor_(resizeNd)(self, 2, size, NULL);
}

void THTensor_(resize3d)(THTensor *self, long size0, long size1, long size2) {
  long size[3] = {size0, size1, size2};
  THTensor_(resizeNd)(self, 3, size, NULL);
}

void THTensor_(resize4d)(THTensor *self, long size0, long size1, long size2, long size3) {
  long size[4] = {size0, size1, size2, size3};
  THTensor_(resizeNd)(self, 4, size, NULL);
}

void THTensor_(resize5d)(THTensor *self, long size0, long size1, long size2, long size3, long size4) {
  long size[5] = {size0, size1, size2, size3, size4};
  THTensor_(resizeNd)(self, 5, size, NULL);
}

/* ---- Re-pointing ---- */

void THTensor_(setStorageNd)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                             int nDimension, const long *size, const long *stride) {
  THArgCheck(storageOffset >= 0, 3, "storage offset must be non-negative, got %td", storageOffset);
  int n = THTensor_(countDims)(nDimension, size);
  if (storage && n > 0)
    THTensor_(checkViewFits)(storage, storageOffset, n, size, stride);
  if (self->storage != storage) {
    THStorage_(retain)(storage);
    THStorage_(free)(self->storage);
    self->storage = storage;
  }
  self->storageOffset = storageOffset;
  THTensor_(setLayout)(self, n, size, stride);
}

void THTensor_(setStorage)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                           THLongStorage *size, THLongStorage *stride) {
  THArgCheck(!size || !stride || stride->size == size->size, 5, "got %td strides for %td sizes",
             stride ? stride->size : 0, size ? size->size : 0);
  THArgCheck(!size || size->size <= INT_MAX, 4, "too many dimensions (%td)", size->size);
  THTensor_(setStorageNd)(self, storage, storageOffset, size ? (int)size->size : 0,
                          size ? size->data : NULL, stride ? stride->data : NULL);
}

void THTensor_(setStorage1d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                             long size0, long stride0) {
  long size[1] = {size0}, stride[1] = {stride0};
  THTensor_(setStorageNd)(self, storage, storageOffset, 1, size, stride);
}

void THTensor_(setStorage2d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                             long size0, long stride0, long size1, long stride1) {
  long size[2] = {size0, size1}, stride[2] = {stride0, stride1};
  THTensor_(setStorageNd)(self, storage, storageOffset, 2, size, stride);
}

void THTensor_(setStorage3d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                             long size0, long stride0, long size1, long stride1,
                             long size2, long stride2) {
  long size[3] = {size0, size1, size2}, stride[3] = {stride0, stride1, stride2};
  THTensor_(setStorageNd)(self, storage, storageOffset, 3, size, stride);
}

void THTensor_(setStorage4d)(THTensor *self, THStorage *storage, ptrdiff_t storageOffset,
                             long size0, long stride0, long size1, long stride1,
                             long size2, long stride2, long size3, long stride3) {
  long size[4] = {size0, size1, size2, size3}, stride[4] = {stride0, stride1, stride2, stride3};
  THTensor_(setStorageNd)(self, storage, storageOffset, 4, size, stride);
}

void THTensor_(set)(THTensor *self, THTensor *src) {
  if (self != src)
    THTensor_(setStorageNd)(self, src->storage, src->storageOffset, src->nDimension, src->size,
                            src->stride);
}

/* ---- Creating ---- */

THTensor *THTensor_(new)(void) {
  THTensor *self = THAlloc(sizeof(THTensor));
  self->size = self->inlineDims;
  self->stride = self->inlineDims + TH_TENSOR_INLINE_DIMS;
  self->nDimension = 0;
  self->storage = NULL;
  self->storageOffset = 0;
  self->refcount = 1;
  self->flag = TH_TENSOR_REFCOUNTED;
  return self;
}

THTensor *THTensor_(newWithTensor)(THTensor *tensor) {
  THTensor *self = THTensor_(new)();
  THTensor_(set)(self, tensor);
  return self;
}

/* Creating a view can fail (bad offset, storage too small): check the layout before allocating
 * the tensor, so that nothing leaks. */
static THTensor *THTensor_(newWithStorageNd)(THStorage *storage, ptrdiff_t storageOffset, int nDimension,
                                             const long *size, const long *stride) {
  THArgCheck(storageOffset >= 0, 2, "storage offset must be non-negative, got %td", storageOffset);
  int n = THTensor_(countDims)(nDimension, size);
  ptrdiff_t needed = THTensor_(extentOf)(n, size, stride);
  if (storage && n > 0)
    THTensor_(checkViewFits)(storage, storageOffset, n, size, stride);
  /* The storage (the large block) is made before the tensor struct, so that running out of memory
   * leaves nothing allocated behind. */
  THStorage *created = NULL;
  if (!storage && n > 0) {
    ptrdiff_t total;
    if (__builtin_add_overflow(storageOffset, needed, &total))
      THError("a tensor of size %s is too large", THSizeDesc(size, n).str);
    created = storage = THStorage_(newWithSize)(total);
  }
  THTensor *self = THTensor_(new)();
  THTensor_(setStorageNd)(self, storage, storageOffset, n, size, stride);
  THStorage_(free)(created);
  return self;
}

THTensor *THTensor_(newWithStorage)(THStorage *storage, ptrdiff_t storageOffset, THLongStorage *size,
                                    THLongStorage *stride) {
  THArgCheck(!size || !stride || stride->size == size->size, 4, "got %td strides for %td sizes",
             stride ? stride->size : 0, size ? size->size : 0);
  THArgCheck(!size || size->size <= INT_MAX, 3, "too many dimensions (%td)", size->size);
  return THTensor_(newWithStorageNd)(storage, storageOffset, size ? (int)size->size : 0,
                                     size ? size->data : NULL, stride ? stride->data : NULL);
}

THTensor *THTensor_(newWithStorage1d)(THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0) {
  long size[1] = {size0}, stride[1] = {stride0};
  return THTensor_(newWithStorageNd)(storage, storageOffset, 1, size, stride);
}

THTensor *THTensor_(newWithStorage2d)(THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1) {
  long size[2] = {size0, size1}, stride[2] = {stride0, stride1};
  return THTensor_(newWithStorageNd)(storage, storageOffset, 2, size, stride);
}

THTensor *THTensor_(newWithStorage3d)(THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1, long size2, long stride2) {
  long size[3] = {size0, size1, size2}, stride[3] = {stride0, stride1, stride2};
  return THTensor_(newWithStorageNd)(storage, storageOffset, 3, size, stride);
}

THTensor *THTensor_(newWithStorage4d)(THStorage *storage, ptrdiff_t storageOffset, long size0,
                                      long stride0, long size1, long stride1, long size2, long stride2,
                                      long size3, long stride3) {
  long size[4] = {size0, size1, size2, size3}, stride[4] = {stride0, stride1, stride2, stride3};
  return THTensor_(newWithStorageNd)(storage, storageOffset, 4, size, stride);
}

THTensor *THTensor_(newWithSize)(THLongStorage *size, THLongStorage *stride) {
  return THTensor_(newWithStorage)(NULL, 0, size, stride);
}

THTensor *THTensor_(newWithSize1d)(long size0) {
  return THTensor_(newWithStorage1d)(NULL, 0, size0, -1);
}

THTensor *THTensor_(newWithSize2d)(long size0, long size1) {
  return THTensor_(newWithStorage2d)(NULL, 0, size0, -1, size1, -1);
}

THTensor *THTensor_(newWithSize3d)(long size0, long size1, long size2) {
  return THTensor_(newWithStorage3d)(NULL, 0, size0, -1, size1, -1, size2, -1);
}

THTensor *THTensor_(newWithSize4d)(long size0, long size1, long size2, long size3) {
  return THTensor_(newWithStorage4d)(NULL, 0, size0, -1, size1, -1, size2, -1, size3, -1);
}

THTensor *THTensor_(newClone)(THTensor *self) {
  THTensor_(checkInStorage)(self);              /* before the clone exists, so nothing leaks */
  THTensor *clone = THTensor_(new)();
  THTensor_(resizeAs)(clone, self);
  THTensor_(copy)(clone, self);
  return clone;
}

THTensor *THTensor_(newContiguous)(THTensor *self) {
  if (!THTensor_(isContiguous)(self)) {
    return THTensor_(newClone)(self);
  }
  THTensor_(retain)(self);
  return self;
}

THTensor *THTensor_(newSelect)(THTensor *tensor, int dimension, long sliceIndex) {
  THTensor_(checkSelect)(tensor, dimension, sliceIndex, 2);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(select)(self, NULL, dimension, sliceIndex);
  return self;
}

THTensor *THTensor_(newNarrow)(THTensor *tensor, int dimension, long firstIndex, long size) {
  THTensor_(checkNarrow)(tensor, dimension, firstIndex, size, 2);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(narrow)(self, NULL, dimension, firstIndex, size);
  return self;
}

THTensor *THTensor_(newTranspose)(THTensor *tensor, int dimension1, int dimension2) {
  THTensor_(checkTranspose)(tensor, dimension1, dimension2, 2);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(transpose)(self, NULL, dimension1, dimension2);
  return self;
}

THTensor *THTensor_(newUnfold)(THTensor *tensor, int dimension, long size, long step) {
  THTensor_(checkUnfold)(tensor, dimension, size, step, 2);
  THTensor *self = THTensor_(newWithTensor)(tensor);
  THTensor_(unfold)(self, NULL, dimension, size, step);
  return self;
}

/* ---- In-place views ---- */

/* Drops dimension dim from self's arrays (the arrays keep their capacity). */
static void THTensor_(removeDim)(THTensor *self, int dim) {
  for (int d = dim; d < self->nDimension - 1; d++) {
    self->size[d] = self->size[d + 1];
    self->stride[d] = self->stride[d + 1];
  }
  self->nDimension--;
}

void THTensor_(narrow)(THTensor *self, THTensor *src, int dimension, long firstIndex, long size) {
  if (!src)
    src = self;
  THTensor_(checkNarrow)(src, dimension, firstIndex, size, 3);
  THTensor_(set)(self, src);
  self->storageOffset += firstIndex * self->stride[dimension];
  self->size[dimension] = size;
}

void THTensor_(select)(THTensor *self, THTensor *src, int dimension, long sliceIndex) {
  if (!src)
    src = self;
  THTensor_(checkSelect)(src, dimension, sliceIndex, 3);
  THTensor_(set)(self, src);
  self->storageOffset += sliceIndex * self->stride[dimension];
  THTensor_(removeDim)(self, dimension);
}

void THTensor_(transpose)(THTensor *self, THTensor *src, int dimension1, int dimension2) {
  if (!src)
    src = self;
  THTensor_(checkTranspose)(src, dimension1, dimension2, 3);
  THTensor_(set)(self, src);
  long size = self->size[dimension1], stride = self->stride[dimension1];
  self->size[dimension1] = self->size[dimension2];
  self->stride[dimension1] = self->stride[dimension2];
  self->size[dimension2] = size;
  self->stride[dimension2] = stride;
}

void THTensor_(unfold)(THTensor *self, THTensor *src, int dimension, long size, long step) {
  if (!src)
    src = self;
  THTensor_(checkUnfold)(src, dimension, size, step, 3);
  THTensor_(checkUnfoldedCount)(src, dimension, size, step);
  THTensor_(set)(self, src);
  int n = self->nDimension;
  THTensor_(setDimCount)(self, n + 1);
  self->size[n] = size;
  self->stride[n] = self->stride[dimension];
  self->size[dimension] = (self->size[dimension] - size) / step + 1;
  self->stride[dimension] *= step;
}

void THTensor_(squeeze)(THTensor *self, THTensor *src) {
  if (!src)
    src = self;
  THTensor_(set)(self, src);
  int kept = 0;
  for (int d = 0; d < self->nDimension; d++) {
    if (self->size[d] != 1) {
      self->size[kept] = self->size[d];
      self->stride[kept] = self->stride[d];
      kept++;
    }
  }
  if (kept == 0 && self->nDimension > 0) {  /* all ones: keep a single dimension */
    self->size[0] = 1;
    self->stride[0] = 1;
    kept = 1;
  }
  self->nDimension = kept;
}

void THTensor_(squeeze1d)(THTensor *self, THTensor *src, int dimension) {
  if (!src)
    src = self;
  THTensor_(checkDim)(src, dimension, 3);
  THTensor_(set)(self, src);
  if (self->size[dimension] == 1 && self->nDimension > 1)
    THTensor_(removeDim)(self, dimension);
}

void THTensor_(unsqueeze1d)(THTensor *self, THTensor *src, int dimension) {
  if (!src)
    src = self;
  THArgCheck(src->nDimension > 0, 2, "cannot unsqueeze an empty tensor");
  THArgCheck(dimension >= 0 && dimension <= src->nDimension, 3,
             "dimension %d out of range for inserting into a %dD tensor (expected 0 to %d)",
             dimension, src->nDimension, src->nDimension);
  THTensor_(set)(self, src);
  int n = self->nDimension;
  THTensor_(setDimCount)(self, n + 1);
  for (int d = n; d > dimension; d--) {
    self->size[d] = self->size[d - 1];
    self->stride[d] = self->stride[d - 1];
  }
  self->size[dimension] = 1;
  self->stride[dimension] = dimension < n ? self->size[dimension + 1] * self->stride[dimension + 1] : 1;
}

/* ---- Predicates ---- */

int THTensor_(isContiguous)(const THTensor *self) {
  return THApply_isContiguous(self->nDimension, self->size, self->stride);
}

int THTensor_(isSameSizeAs)(const THTensor *self, const THTensor *src) {
  if (self->nDimension != src->nDimension)
    return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != src->size[d])
      return 0;
  return 1;
}

int THTensor_(isSetTo)(const THTensor *self, const THTensor *src) {
  if (!self->storage || self->storage != src->storage || self->storageOffset != src->storageOffset ||
      self->nDimension != src->nDimension)
    return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != src->size[d] || self->stride[d] != src->stride[d])
      return 0;
  return 1;
}

/* The first and one past the last byte that self's elements reach (strides are never negative). */
static void THTensor_(byteExtent)(const THTensor *self, const char **first, const char **end) {
  ptrdiff_t last = 0;
  for (int d = 0; d < self->nDimension; d++)
    last += (self->size[d] - 1) * self->stride[d];
  *first = (const char *)(self->storage->data + self->storageOffset);
  *end = *first + (last + 1) * (ptrdiff_t)sizeof(real);
}

int THTensor_(overlaps)(const THTensor *a, const THTensor *b) {
  if (a->nDimension == 0 || b->nDimension == 0 || !a->storage || !b->storage)
    return 0;
  const char *aFirst, *aEnd, *bFirst, *bEnd;
  THTensor_(byteExtent)(a, &aFirst, &aEnd);
  THTensor_(byteExtent)(b, &bFirst, &bEnd);
  return aFirst < bEnd && bFirst < aEnd;
}

/* Two elements at one storage offset need two dimensions (of size > 1) whose steps can make up
 * for each other: a stride of 0, or, taking the dimensions by increasing stride, a stride no
 * larger than the farthest offset the smaller ones reach together. The element count fits in 63
 * bits, so at most 63 dimensions have a size above 1. */
int THTensor_(elementsMayOverlap)(const THTensor *self) {
  long size[64], stride[64];
  int n = 0;
  for (int d = 0; d < self->nDimension; d++) {
    if (self->size[d] == 1)
      continue;
    if (self->stride[d] == 0 || n == 64)
      return 1;
    int at = n++;                               /* insertion sort by stride */
    for (; at > 0 && stride[at - 1] > self->stride[d]; at--) {
      size[at] = size[at - 1];
      stride[at] = stride[at - 1];
    }
    size[at] = self->size[d];
    stride[at] = self->stride[d];
  }
  ptrdiff_t reach = 0;                          /* farthest offset of the smaller strides */
  for (int i = 0; i < n; i++) {
    if (stride[i] <= reach)
      return 1;
    reach += (size[i] - 1) * stride[i];
  }
  return 0;
}

THTensor *THTensor_(newApartFrom)(THTensor *src, const THTensor *result) {
  THTensor_(checkInStorage)(src);               /* before src is retained or copied */
  THTensor_(checkInStorage)(result);
  int sameView = src == result || THTensor_(isSetTo)(src, result);
  if (!THTensor_(overlaps)(src, result) || (sameView && !THTensor_(elementsMayOverlap)(result))) {
    THTensor_(retain)(src);
    return src;
  }
  return THTensor_(newClone)(src);
}

THTensor *THTensor_(newCopyBeforeResize)(THTensor *operand, THTensor *r_, THTensor *like) {
  if (operand == r_ && !THTensor_(isSameSizeAs)(r_, like))
    return THTensor_(newClone)(operand);
  return NULL;
}

int THTensor_(mustComputeApart)(const THTensor *r_, const THTensor *input, int sameViewIsSafe) {
  if (input == NULL || !THTensor_(overlaps)(r_, input))
    return 0;
  int sameView = r_ == input || THTensor_(isSetTo)(r_, input);
  return !(sameViewIsSafe && sameView && !THTensor_(elementsMayOverlap)(r_));
}

THTensor *THTensor_(resultApartFrom)(THTensor *r_, THTensor *a, THTensor *b, int sameViewIsSafe) {
  THTensor_(checkInStorage)(r_);                /* before anything is allocated */
  if (a)
    THTensor_(checkInStorage)(a);
  if (b)
    THTensor_(checkInStorage)(b);
  if (THTensor_(mustComputeApart)(r_, a, sameViewIsSafe) ||
      THTensor_(mustComputeApart)(r_, b, sameViewIsSafe))
    return THTensor_(new)();
  return r_;
}

void THTensor_(finishResultApart)(THTensor *r_, THTensor *result) {
  if (result == r_)
    return;
  if (r_->storage == NULL) {                    /* no memory that others may view: take result's */
    THTensor_(set)(r_, result);
  } else {
    THTensor_(resizeAs)(r_, result);
    THTensor_(copy)(r_, result);
  }
  THTensor_(free)(result);
}

int THTensor_(isSize)(const THTensor *self, const THLongStorage *dims) {
  if (self->nDimension != dims->size)
    return 0;
  for (int d = 0; d < self->nDimension; d++)
    if (self->size[d] != dims->data[d])
      return 0;
  return 1;
}

ptrdiff_t THTensor_(nElement)(const THTensor *self) {
  return THApply_numel(self->nDimension, self->size);
}

ptrdiff_t THTensor_(numel)(THTensor *t) {
  return THTensor_(nElement)(t);
}

/* ---- Lifetime ---- */

void THTensor_(retain)(THTensor *self) {
  if (self->flag & TH_TENSOR_REFCOUNTED)
    THAtomicIncrementRef(&self->refcount);
}

void THTensor_(free)(THTensor *self) {
  if (!self || !(self->flag & TH_TENSOR_REFCOUNTED))
    return;
  if (!THAtomicDecrementRef(&self->refcount))
    return;
  if (self->size != self->inlineDims)
    THFree(self->size);
  THStorage_(free)(self->storage);
  THFree(self);
}

void THTensor_(freeCopyTo)(THTensor *self, THTensor *dst) {
  if (self != dst)
    THTensor_(copy)(dst, self);
  THTensor_(free)(self);
}

/* ---- Checked element access ---- */

void THTensor_(set1d)(THTensor *tensor, long x0, real value) {
  THTensor_(checkNDimension)(tensor, 1);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkInStorage)(tensor);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0]] = value;
}

real THTensor_(get1d)(const THTensor *tensor, long x0) {
  THTensor_(checkNDimension)(tensor, 1);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkInStorage)(tensor);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0]];
}

void THTensor_(set2d)(THTensor *tensor, long x0, long x1, real value) {
  THTensor_(checkNDimension)(tensor, 2);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkIndex)(tensor, 1, x1, 3);
  THTensor_(checkInStorage)(tensor);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1]] = value;
}

real THTensor_(get2d)(const THTensor *tensor, long x0, long x1) {
  THTensor_(checkNDimension)(tensor, 2);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkIndex)(tensor, 1, x1, 3);
  THTensor_(checkInStorage)(tensor);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1]];
}

void THTensor_(set3d)(THTensor *tensor, long x0, long x1, long x2, real value) {
  THTensor_(checkNDimension)(tensor, 3);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkIndex)(tensor, 1, x1, 3);
  THTensor_(checkIndex)(tensor, 2, x2, 4);
  THTensor_(checkInStorage)(tensor);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                        x2 * tensor->stride[2]] = value;
}

real THTensor_(get3d)(const THTensor *tensor, long x0, long x1, long x2) {
  THTensor_(checkNDimension)(tensor, 3);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkIndex)(tensor, 1, x1, 3);
  THTensor_(checkIndex)(tensor, 2, x2, 4);
  THTensor_(checkInStorage)(tensor);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                               x2 * tensor->stride[2]];
}

void THTensor_(set4d)(THTensor *tensor, long x0, long x1, long x2, long x3, real value) {
  THTensor_(checkNDimension)(tensor, 4);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkIndex)(tensor, 1, x1, 3);
  THTensor_(checkIndex)(tensor, 2, x2, 4);
  THTensor_(checkIndex)(tensor, 3, x3, 5);
  THTensor_(checkInStorage)(tensor);
  tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                        x2 * tensor->stride[2] + x3 * tensor->stride[3]] = value;
}

real THTensor_(get4d)(const THTensor *tensor, long x0, long x1, long x2, long x3) {
  THTensor_(checkNDimension)(tensor, 4);
  THTensor_(checkIndex)(tensor, 0, x0, 2);
  THTensor_(checkIndex)(tensor, 1, x1, 3);
  THTensor_(checkIndex)(tensor, 2, x2, 4);
  THTensor_(checkIndex)(tensor, 3, x3, 5);
  THTensor_(checkInStorage)(tensor);
  return tensor->storage->data[tensor->storageOffset + x0 * tensor->stride[0] + x1 * tensor->stride[1] +
                               x2 * tensor->stride[2] + x3 * tensor->stride[3]];
}

/* ---- Descriptions ---- */

THDescBuff THTensor_(sizeDesc)(const THTensor *tensor) {
  return THSizeDesc(tensor->size, tensor->nDimension);
}

THDescBuff THTensor_(desc)(const THTensor *tensor) {
  THDescBuff buf;
  int length = snprintf(buf.str, sizeof(buf.str), "%s of size %s", TH_CONCAT_STRING_2(Real, Tensor),
                        THTensor_(sizeDesc)(tensor).str);
  if (length >= (int)sizeof(buf.str))
    memcpy(buf.str + sizeof(buf.str) - 4, "...", 4);
  return buf;
}

#endif
