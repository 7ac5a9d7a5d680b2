/* THTensorIndex: indexing, masking and joining: index_select/copy/add/fill, gather, scatter,
 * maskedFill/Copy/Select, nonzero, cat. Declarations, expanded per dtype by THTensor.h. Indices
 * are LongTensors of 0-based positions; every one is checked (THIndexCheck) before anything is
 * written. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorIndex.h"
#else

/* ---- Whole slices picked by a 1-D index along dim ---- */
/* r = the slices index[0], index[1], ... of src along dim (r's size at dim is index's length). */
TH_API void THTensor_(indexSelect)(THTensor *r_, THTensor *src, int dim, THLongTensor *index);
/* Slice index[i] of tensor along dim becomes slice i of src (src has tensor's sizes except at
 * dim, where it has index's length); a repeated index keeps the last write. */
TH_API void THTensor_(indexCopy)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src);
/* Like indexCopy, adding instead of overwriting (a repeated index adds every time). */
TH_API void THTensor_(indexAdd)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src);
TH_API void THTensor_(indexFill)(THTensor *tensor, int dim, THLongTensor *index, real value);

/* ---- Single elements picked along dim by an index of the same rank ----
 * index has the rank of the tensor indexed and its sizes in every dimension except dim. */
/* r has index's sizes; for dim 0, r[i][j] = src[index[i][j]][j]. */
TH_API void THTensor_(gather)(THTensor *r_, THTensor *src, int dim, THLongTensor *index);
/* For dim 0, tensor[index[i][j]][j] = src[i][j]; src has index's sizes except at dim, where it
 * may be longer. */
TH_API void THTensor_(scatter)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src);
TH_API void THTensor_(scatterFill)(THTensor *tensor, int dim, THLongTensor *index, real value);

/* ---- Masks: mask is a ByteTensor with as many elements as the tensor; its 1s pick elements in
 * row-major order, its 0s skip them; any other value is an error. ---- */
TH_API void THTensor_(maskedFill)(THTensor *tensor, THByteTensor *mask, real value);
/* Writes the picked elements of tensor from src's elements, taken in order. */
TH_API void THTensor_(maskedCopy)(THTensor *tensor, THByteTensor *mask, THTensor *src);
/* r = the picked elements of src, as a 1-D tensor (empty when nothing is picked). */
TH_API void THTensor_(maskedSelect)(THTensor *r_, THTensor *src, THByteTensor *mask);

/* The subscripts of t's nonzero elements, in row-major order: an N x nDimension LongTensor (empty
 * when N is 0). */
TH_API void THTensor_(nonzero)(THLongTensor *subscript, THTensor *t);

/* ---- Joining ---- */
/* r = the inputs laid end to end along dim; they must match in every other dimension. Empty
 * (0-dimensional) inputs contribute nothing. r may be one of the inputs. */
TH_API void THTensor_(catArray)(THTensor *r_, THTensor **inputs, int numInputs, int dim);
TH_API void THTensor_(cat)(THTensor *r_, THTensor *ta, THTensor *tb, int dim);

#endif
