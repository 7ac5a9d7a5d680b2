/* Copies into a storage of one dtype (included by THStorage.c once per dtype): from raw memory,
 * from the same dtype, and converting from every other dtype. Half converts through float. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THStorageCopy.c"
#else

/* The conversion of one source value (of any non-Half dtype) to real. */
#ifdef TH_REAL_IS_HALF
#define TH_STORAGE_TO_REAL(x) TH_float2half((float)(x))
#else
#define TH_STORAGE_TO_REAL(x) ((real)(x))
#endif

static void THStorage_(checkCopySize)(THStorage *self, ptrdiff_t srcSize) {
  THArgCheck(self->size == srcSize, 2,
             "inconsistent storage size: cannot copy %td elements into a storage of %td elements",
             srcSize, self->size);
}

void THStorage_(rawCopy)(THStorage *self, real *src) {
  if (self->size > 0 && self->data != src)
    memmove(self->data, src, (size_t)self->size * sizeof(real));
}

void THStorage_(copy)(THStorage *self, THStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  THStorage_(rawCopy)(self, src->data);
}

void THStorage_(copyByte)(THStorage *self, THByteStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = TH_STORAGE_TO_REAL(src->data[i]);
}

void THStorage_(copyChar)(THStorage *self, THCharStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = TH_STORAGE_TO_REAL(src->data[i]);
}

void THStorage_(copyShort)(THStorage *self, THShortStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = TH_STORAGE_TO_REAL(src->data[i]);
}

void THStorage_(copyInt)(THStorage *self, THIntStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = TH_STORAGE_TO_REAL(src->data[i]);
}

void THStorage_(copyLong)(THStorage *self, THLongStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = TH_STORAGE_TO_REAL(src->data[i]);
}

void THStorage_(copyFloat)(THStorage *self, THFloatStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = TH_STORAGE_TO_REAL(src->data[i]);
}

void THStorage_(copyDouble)(THStorage *self, THDoubleStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = TH_STORAGE_TO_REAL(src->data[i]);
}

void THStorage_(copyHalf)(THStorage *self, THHalfStorage *src) {
  THStorage_(checkCopySize)(self, src->size);
#ifdef TH_REAL_IS_HALF
  THStorage_(rawCopy)(self, src->data);
#else
  for (ptrdiff_t i = 0; i < self->size; i++)
    self->data[i] = (real)TH_half2float(src->data[i]);
#endif
}

#undef TH_STORAGE_TO_REAL

#endif
