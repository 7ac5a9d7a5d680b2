/* The tensor API, expanded once per dtype by THTensor.h. Dimensions and indices are 0-based.
 * An empty tensor has 0 dimensions (there are no zero-length dimensions); its storage may be NULL.
 * In-place view functions take (self, src, ...): self becomes a view of src; src may be NULL,
 * meaning self. Every dimension and index argument is checked and reported with THArgCheck. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensor.h"
#else

/* size and stride point into one array of longs: for up to TH_TENSOR_INLINE_DIMS dimensions the
 * struct's own inlineDims (so most tensors cost one allocation, not three), beyond that a heap
 * block. Read them through the pointers; only THTensor.c moves them. */
typedef struct THTensor {
  long *size;
  long *stride;
  int nDimension;
  THStorage *storage;
  ptrdiff_t storageOffset;
  int refcount;
  char flag;
  long inlineDims[2 * TH_TENSOR_INLINE_DIMS];
} THTensor;

/* ---- Access ---- */
TH_API THStorage *THTensor_(storage)(const THTensor *self);
TH_API ptrdiff_t THTensor_(storageOffset)(const THTensor *self);
TH_API int THTensor_(nDimension)(const THTensor *self);
TH_API long THTensor_(size)(const THTensor *self, int dim);
TH_API long THTensor_(stride)(const THTensor *self, int dim);
/* New THLongStorages holding copies of the sizes / strides. */
TH_API THLongStorage *THTensor_(newSizeOf)(THTensor *self);
TH_API THLongStorage *THTensor_(newStrideOf)(THTensor *self);
/* An error naming the sizes unless every element of self lies inside its storage, which can have
 * shrunk under it (a storage's resize); see "Elements inside their storage" in THTensorApply.h. */
TH_API void THTensor_(checkInStorage)(const THTensor *self);
/* Address of element (0,...,0); NULL when there is no storage. Checks first that the elements
 * lie inside the storage (checkInStorage): whoever takes the address may read every element. */
TH_API real *THTensor_(data)(const THTensor *self);
TH_API void THTensor_(setFlag)(THTensor *self, const char flag);
TH_API void THTensor_(clearFlag)(THTensor *self, const char flag);

/* ---- Create (each returns a new reference) ---- */
TH_API THTensor *THTensor_(new)(void);
/* A view sharing tensor's storage, sizes and strides. */
TH_API THTensor *THTensor_(newWithTensor)(THTensor *tensor);
/* size_/stride_ may be NULL (empty / contiguous); a negative stride means "contiguous". A view
 * never grows its storage: one that needs more elements than the storage has is an error. */
TH_API THTensor *THTensor_(newWithStorage)(THStorage *storage_, ptrdiff_t storageOffset_,
                                           THLongStorage *size_, THLongStorage *stride_);
TH_API THTensor *THTensor_(newWithStorage1d)(THStorage *storage_, ptrdiff_t storageOffset_,
                                             long size0_, long stride0_);
TH_API THTensor *THTensor_(newWithStorage2d)(THStorage *storage_, ptrdiff_t storageOffset_,
                                             long size0_, long stride0_,
                                             long size1_, long stride1_);
TH_API THTensor *THTensor_(newWithStorage3d)(THStorage *storage_, ptrdiff_t storageOffset_,
                                             long size0_, long stride0_,
                                             long size1_, long stride1_,
                                             long size2_, long stride2_);
TH_API THTensor *THTensor_(newWithStorage4d)(THStorage *storage_, ptrdiff_t storageOffset_,
                                             long size0_, long stride0_,
                                             long size1_, long stride1_,
                                             long size2_, long stride2_,
                                             long size3_, long stride3_);
/* Fresh (uninitialised) storage. */
TH_API THTensor *THTensor_(newWithSize)(THLongStorage *size_, THLongStorage *stride_);
TH_API THTensor *THTensor_(newWithSize1d)(long size0_);
TH_API THTensor *THTensor_(newWithSize2d)(long size0_, long size1_);
TH_API THTensor *THTensor_(newWithSize3d)(long size0_, long size1_, long size2_);
TH_API THTensor *THTensor_(newWithSize4d)(long size0_, long size1_, long size2_, long size3_);
/* A contiguous deep copy. */
TH_API THTensor *THTensor_(newClone)(THTensor *self);
/* self itself (retained) when already contiguous, else a contiguous clone. */
TH_API THTensor *THTensor_(newContiguous)(THTensor *self);
/* A new reference to src, or to a contiguous copy of it when writing result could change src's
 * elements before an operation has read them: they overlap and are not the same view, or they
 * are the same view and its elements overlap each other (elementsMayOverlap: an expanded result
 * is written several times over). */
TH_API THTensor *THTensor_(newApartFrom)(THTensor *src, const THTensor *result);
/* A copy of operand when it is r_ itself and r_ is about to be resized to like's sizes (out= an
 * operand of other sizes: `a.add(b, out=b)` with b expanded): the resize would lay r_ out anew,
 * and the operand with it. NULL otherwise (operand can be read as it is). Element-wise functions
 * of two or more tensors call it before resizing r_, and read the copy where it is not NULL. */
TH_API THTensor *THTensor_(newCopyBeforeResize)(THTensor *operand, THTensor *r_, THTensor *like);
TH_API THTensor *THTensor_(newSelect)(THTensor *tensor, int dimension_, long sliceIndex_);
TH_API THTensor *THTensor_(newNarrow)(THTensor *tensor, int dimension_, long firstIndex_, long size_);
TH_API THTensor *THTensor_(newTranspose)(THTensor *tensor, int dimension1_, int dimension2_);
TH_API THTensor *THTensor_(newUnfold)(THTensor *tensor, int dimension_, long size_, long step_);

/* ---- Resize ----
 * The sizes end at the first size <= 0 (so (3, 0, 5) gives a 1-D tensor of 3); a stride < 0 is
 * computed as contiguous. Same sizes and strides: nothing happens. The storage is created or grown
 * to fit, never shrunk; growing a storage that is not resizable is an error, and so are sizes
 * whose number of elements or of bytes overflows 64 bits (as everywhere a layout is made). */
TH_API void THTensor_(resize)(THTensor *tensor, THLongStorage *size, THLongStorage *stride);
TH_API void THTensor_(resizeAs)(THTensor *tensor, THTensor *src);
/* size/stride are C arrays of nDimension entries; stride may be NULL. */
TH_API void THTensor_(resizeNd)(THTensor *tensor, int nDimension, const long *size, const long *stride);
TH_API void THTensor_(resize1d)(THTensor *tensor, long size0_);
TH_API void THTensor_(resize2d)(THTensor *tensor, long size0_, long size1_);
TH_API void THTensor_(resize3d)(THTensor *tensor, long size0_, long size1_, long size2_);
TH_API void THTensor_(resize4d)(THTensor *tensor, long size0_, long size1_, long size2_, long size3_);
TH_API void THTensor_(resize5d)(THTensor *tensor, long size0_, long size1_, long size2_, long size3_,
                                long size4_);

/* ---- Re-point ----
 * Like the views above, these never grow a storage: the layout must fit in it, else an error
 * (src itself must lie inside its storage, which may have shrunk under it). */
/* self becomes a view with src's storage, offset, sizes and strides. */
TH_API void THTensor_(set)(THTensor *self, THTensor *src);
TH_API void THTensor_(setStorage)(THTensor *self, THStorage *storage_, ptrdiff_t storageOffset_,
                                  THLongStorage *size_, THLongStorage *stride_);
/* size/stride are C arrays of nDimension entries; stride may be NULL. */
TH_API void THTensor_(setStorageNd)(THTensor *self, THStorage *storage_, ptrdiff_t storageOffset_,
                                    int nDimension, const long *size, const long *stride);
TH_API void THTensor_(setStorage1d)(THTensor *self, THStorage *storage_, ptrdiff_t storageOffset_,
                                    long size0_, long stride0_);
TH_API void THTensor_(setStorage2d)(THTensor *self, THStorage *storage_, ptrdiff_t storageOffset_,
                                    long size0_, long stride0_,
                                    long size1_, long stride1_);
TH_API void THTensor_(setStorage3d)(THTensor *self, THStorage *storage_, ptrdiff_t storageOffset_,
                                    long size0_, long stride0_,
                                    long size1_, long stride1_,
                                    long size2_, long stride2_);
TH_API void THTensor_(setStorage4d)(THTensor *self, THStorage *storage_, ptrdiff_t storageOffset_,
                                    long size0_, long stride0_,
                                    long size1_, long stride1_,
                                    long size2_, long stride2_,
                                    long size3_, long stride3_);

/* ---- In-place views (src may be NULL: self) ---- */
/* Keeps size_ (> 0) entries of dimension_ starting at firstIndex_. */
TH_API void THTensor_(narrow)(THTensor *self, THTensor *src, int dimension_, long firstIndex_, long size_);
/* Keeps slice sliceIndex_ of dimension_ and removes that dimension; src needs 2+ dimensions. */
TH_API void THTensor_(select)(THTensor *self, THTensor *src, int dimension_, long sliceIndex_);
TH_API void THTensor_(transpose)(THTensor *self, THTensor *src, int dimension1_, int dimension2_);
/* Adds a last dimension of size size_ holding windows of dimension_, step_ apart. */
TH_API void THTensor_(unfold)(THTensor *self, THTensor *src, int dimension_, long size_, long step_);
/* Removes every size-1 dimension, keeping one if all are. */
TH_API void THTensor_(squeeze)(THTensor *self, THTensor *src);
/* Removes dimension_ if it has size 1 and is not the only one. */
TH_API void THTensor_(squeeze1d)(THTensor *self, THTensor *src, int dimension_);
/* Inserts a size-1 dimension before dimension_ (0..nDimension). */
TH_API void THTensor_(unsqueeze1d)(THTensor *self, THTensor *src, int dimension_);

/* ---- Predicates ---- */
/* Row-major without gaps (size-1 dimensions may have any stride). */
TH_API int THTensor_(isContiguous)(const THTensor *self);
TH_API int THTensor_(isSameSizeAs)(const THTensor *self, const THTensor *src);
/* Same storage, offset, sizes and strides. */
TH_API int THTensor_(isSetTo)(const THTensor *self, const THTensor *src);
/* Whether the elements of a and b share any memory (conservative: views that interleave without
 * sharing an element count too). */
TH_API int THTensor_(overlaps)(const THTensor *a, const THTensor *b);
/* Whether two elements of self may be one element of its storage: a dimension expanded with
 * stride 0, windows of unfold that overlap (conservative: 1 whenever the strides do not prove
 * every element distinct). */
TH_API int THTensor_(elementsMayOverlap)(const THTensor *self);
TH_API int THTensor_(isSize)(const THTensor *self, const THLongStorage *dims);
TH_API ptrdiff_t THTensor_(nElement)(const THTensor *self);
/* nElement under the name of torch.numel. */
TH_API ptrdiff_t THTensor_(numel)(THTensor *t);

/* ---- Results apart from their inputs ----
 * An operation that is not element-wise (a product, a scan, an index, a sort, a reduction) may
 * write an element of its result before it has read every input element that shares its memory:
 * with out= a transposed view of an input, `mm(a, b, out=a.t())`, it would read elements it has
 * already overwritten. Such an operation computes into a fresh tensor instead, and copies that
 * into its result at the end:
 *     THTensor *result = THTensor_(resultApartFrom)(r_, a, b, 0);
 *     ... compute into result ...
 *     THTensor_(finishResultApart)(r_, result);
 * The element-wise operations need none of this: see THTensor_(newApartFrom). */
/* Whether writing r_ could change input before the operation has read it: they share memory,
 * unless (sameViewIsSafe) r_ is the very same view as input and the operation reads each element
 * before it writes the element at the same position (scans, cross, renorm), and r_'s own
 * elements do not overlap each other. A NULL input: 0. */
TH_API int THTensor_(mustComputeApart)(const THTensor *r_, const THTensor *input, int sameViewIsSafe);
/* r_ itself (no new reference), or a new empty tensor when r_ must be computed apart from a or b
 * (either may be NULL). Checks first that r_, a and b lie inside their storages, so that an
 * operation that calls it first raises that error before it has allocated anything. */
TH_API THTensor *THTensor_(resultApartFrom)(THTensor *r_, THTensor *a, THTensor *b, int sameViewIsSafe);
/* When result is not r_: r_ takes its sizes (resizeAs) and its values (copy), and result is freed.
 * An r_ without a storage (a fresh result) becomes a view of result's instead, with no copy. */
TH_API void THTensor_(finishResultApart)(THTensor *r_, THTensor *result);

/* ---- Lifetime ---- */
TH_API void THTensor_(retain)(THTensor *self);
/* NULL is accepted. */
TH_API void THTensor_(free)(THTensor *self);
/* Copies self into dst (unless they are the same tensor), then frees self. */
TH_API void THTensor_(freeCopyTo)(THTensor *self, THTensor *dst);

/* ---- Checked element access (the index, and that the tensor lies inside its storage) ---- */
TH_API void THTensor_(set1d)(THTensor *tensor, long x0, real value);
TH_API void THTensor_(set2d)(THTensor *tensor, long x0, long x1, real value);
TH_API void THTensor_(set3d)(THTensor *tensor, long x0, long x1, long x2, real value);
TH_API void THTensor_(set4d)(THTensor *tensor, long x0, long x1, long x2, long x3, real value);
TH_API real THTensor_(get1d)(const THTensor *tensor, long x0);
TH_API real THTensor_(get2d)(const THTensor *tensor, long x0, long x1);
TH_API real THTensor_(get3d)(const THTensor *tensor, long x0, long x1, long x2);
TH_API real THTensor_(get4d)(const THTensor *tensor, long x0, long x1, long x2, long x3);

/* ---- Descriptions ---- */
/* "FloatTensor of size 2x3" */
TH_API THDescBuff THTensor_(desc)(const THTensor *tensor);
/* "2x3"; "[]" for an empty tensor. */
TH_API THDescBuff THTensor_(sizeDesc)(const THTensor *tensor);

#endif
