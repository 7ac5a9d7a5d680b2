/* The sparse tensor API, expanded once per dtype by THSTensor.h (THSFloatTensor_new, ...).
 * A sparse tensor of sizes s0 x ... x s(n-1) is hybrid: its first nDimensionI dimensions are
 * sparse and the other nDimensionV = n - nDimensionI are dense. It holds nnz entries: entry k is
 * at the position given by column k of `indices` (nDimensionI x nnz) in the sparse dimensions, and
 * its value values[k] is a dense block of the sizes of the dense dimensions (a single number when
 * there are none); every other element is zero. The same position may appear more than once, and
 * then the values add up. Dimensions and indices are 0-based; every argument is checked with
 * THArgCheck (THIndexCheck for an index out of range). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THSTensor.h"
#else

/* indices and values are private to the tensor and contiguous: they are copied in when the tensor
 * is made and copied out by newIndices, so every index stays within the sizes and `contiguous`
 * stays true to them. When nnz is 0 both are empty (TH has no zero-length dimensions). */
typedef struct THSTensor {
  long *size;            /* nDimension sizes, each at least 1: the sparse ones, then the dense */
  int nDimension;
  int nDimensionI;       /* sparse dimensions (rows of indices); the rest are dense */
  ptrdiff_t nnz;         /* number of entries (index columns) */
  THLongTensor *indices; /* nDimensionI x nnz */
  THTensor *values;      /* nnz x (the sizes of the dense dimensions) */
  int contiguous;        /* 1 when the index columns are sorted (row-major order) and distinct */
  int refcount;
} THSTensor;

/* ---- Access ---- */
TH_API int THSTensor_(nDimension)(const THSTensor *self);
/* The number of sparse dimensions (rows of indices) and of dense ones (dimensions of a value). */
TH_API int THSTensor_(nDimensionI)(const THSTensor *self);
TH_API int THSTensor_(nDimensionV)(const THSTensor *self);
TH_API long THSTensor_(size)(const THSTensor *self, int dim);
TH_API ptrdiff_t THSTensor_(nnz)(const THSTensor *self);
/* A new THLongStorage holding a copy of the sizes. */
TH_API THLongStorage *THSTensor_(newSizeOf)(const THSTensor *self);
/* A copy of the indices (nDimensionI x nnz; empty when nnz is 0). */
TH_API THLongTensor *THSTensor_(newIndices)(const THSTensor *self);
/* A view of the values (nnz x dense sizes; empty when nnz is 0): writing into it changes the tensor, until
 * contiguous() replaces the values (when the entries were not in order yet). */
TH_API THTensor *THSTensor_(newValues)(const THSTensor *self);
TH_API int THSTensor_(isContiguous)(const THSTensor *self);

/* ---- Create (each returns a new reference) ---- */
/* No dimensions, no entries. */
TH_API THSTensor *THSTensor_(new)(void);
/* All zeros: the given sizes (each at least 1, all sparse dimensions), no entries. */
TH_API THSTensor *THSTensor_(newWithSize)(THLongStorage *size);
/* The entries given by indices (nI x nnz, every index >= 0) and values (nnz x dense sizes),
 * copied; the nI sparse sizes are the largest index of each dimension plus one, the dense sizes
 * those of a value. Two empty tensors give the empty sparse tensor. */
TH_API THSTensor *THSTensor_(newWithTensor)(THLongTensor *indices, THTensor *values);
/* The same with the sizes given: nI sparse sizes, every index below its dimension's size, then
 * the sizes of a value. Empty indices and values give all zeros of that size. */
TH_API THSTensor *THSTensor_(newWithTensorAndSize)(THLongTensor *indices, THTensor *values,
                                                   THLongStorage *size);
/* A deep copy. */
TH_API THSTensor *THSTensor_(newClone)(THSTensor *self);
/* self itself (retained) when it is contiguous, else a contiguous (coalesced) deep copy. */
TH_API THSTensor *THSTensor_(newContiguous)(THSTensor *self);
/* A deep copy with dimensions dim1 and dim2 (both sparse) swapped. */
TH_API THSTensor *THSTensor_(newTranspose)(THSTensor *self, int dim1, int dim2);

/* ---- Convert and rearrange ---- */
/* A new dense tensor of the same sizes (duplicates added up; empty for the empty sparse tensor). */
TH_API THTensor *THSTensor_(toDense)(THSTensor *self);
/* Swaps the sparse dimensions dim1 and dim2 in place: their sizes and their rows of indices. (A
 * dense dimension cannot be swapped: that would rearrange every value.) */
TH_API void THSTensor_(transpose)(THSTensor *self, int dim1, int dim2);
/* Sorts the entries by position (row-major order: one stable radix sort per dimension, O(nnz)
 * each) and adds up the values of repeated positions, in place; afterwards isContiguous is true. */
TH_API void THSTensor_(contiguous)(THSTensor *self);
/* Removes every entry (all zeros), keeping the sizes and which dimensions are sparse. */
TH_API void THSTensor_(zero)(THSTensor *self);

/* ---- For the math that builds sparse results ---- */
/* self becomes a tensor of the given sizes (the first nDimensionI sparse) holding indices and
 * values, whose references it takes over (nothing is copied or checked: the caller made them
 * valid for those sizes, contiguous). */
TH_API void THSTensor_(move)(THSTensor *self, int nDimensionI, int nDimension, const long *size,
                             THLongTensor *indices, THTensor *values);

/* ---- Lifetime ---- */
TH_API void THSTensor_(retain)(THSTensor *self);
/* NULL is accepted. */
TH_API void THSTensor_(free)(THSTensor *self);

/* ---- Descriptions ---- */
/* "3x4"; "[]" for no dimensions. */
TH_API THDescBuff THSTensor_(sizeDesc)(const THSTensor *self);

#endif
