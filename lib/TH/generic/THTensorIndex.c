/* THTensorIndex: indexing, masking and joining of one dtype (included by THTensorIndex.c once per
 * dtype): index_select/copy/add/fill, gather, scatter, maskedFill/Copy/Select, nonzero, cat.
 * On the path of `a.index_select(0, i)` → THPFloatTensor_index_select → THFloatTensor_indexSelect.
 * Every function checks its dimension, the ranks and sizes, and every index value (THIndexCheck,
 * an IndexError in Python) or mask value before it writes anything.
 * Contiguous operands are treated as outer x size[dim] x inner blocks and copied row by row (in
 * parallel when large); other layouts go through narrowed views or TH_TENSOR_DIM_APPLY. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorIndex.c"
#else

/* ---- Checks (checkDim and checkIndex come from THTensorChecks.h) ---- */

/* Every value of index lies in [0, t->size[dim]): otherwise an IndexError naming the first one
 * outside. (0 is always inside: TH has no dimensions of size 0.) */
static void THTensor_(checkIndexValues)(THLongTensor *index, THTensor *t, int dim, int argNumber) {
  long size = t->size[dim], firstOutside = 0;
  int found = 0;
  TH_TENSOR_APPLY(long, index,
                  if (!found && (*index_data < 0 || *index_data >= size)) {
                    found = 1;
                    firstOutside = *index_data;
                  });
  THTensor_(checkIndex)(t, dim, firstOutside, argNumber);
}

static void THTensor_(checkIndexVector)(THLongTensor *index, int argNumber) {
  THArgCheck(index->nDimension == 1, argNumber, "expected a 1-D index, got a tensor of size %s",
             THLongTensor_sizeDesc(index).str);
}

/* ---- index_select ---- */

static inline void THTensor_(copyRow)(real *to, const real *from, long n) {
  for (long j = 0; j < n; j++)
    to[j] = from[j];
}

static void THTensor_(indexSelectRows)(THTensor *r_, THTensor *src, int dim, const long *index,
                                       long n) {
  if (THTensor_(isContiguous)(r_) && THTensor_(isContiguous)(src)) {
    long outer, inner, srcRows = src->size[dim];
    THDimApply_split(src->nDimension, src->size, dim, &outer, &inner);
    real *rp = THTensor_(data)(r_);
    const real *sp = THTensor_(data)(src);
    if (outer == 1) {             /* dim 0: a plain loop over the rows, the common case */
      TH_PARALLEL_LOOP(i, n, (double)n * inner,
                       THTensor_(copyRow)(rp + i * inner, sp + index[i] * inner, inner););
    } else {                      /* row k of the result: row index[k % n] of block k / n */
      TH_PARALLEL_LOOP(k, outer * n, (double)outer * n * inner,
                       long o = k / n, i = k % n;
                       THTensor_(copyRow)(rp + k * inner, sp + (o * srcRows + index[i]) * inner, inner););
    }
  } else {
    THTensor *to = THTensor_(new)(), *from = THTensor_(new)();
    for (long i = 0; i < n; i++) {
      THTensor_(narrow)(to, r_, dim, i, 1);
      THTensor_(narrow)(from, src, dim, index[i], 1);
      THTensor_(copy)(to, from);
    }
    THTensor_(free)(to);
    THTensor_(free)(from);
  }
}

void THTensor_(indexSelect)(THTensor *r_, THTensor *src, int dim, THLongTensor *index) {
  THTensor_(checkDim)(src, dim, 3);
  THTensor_(checkIndexVector)(index, 4);
  THTensor_(checkIndexValues)(index, src, dim, 4);
  THTensor *result = (void *)r_ == (void *)index ? THTensor_(new)()
                                                 : THTensor_(resultApartFrom)(r_, src, NULL, 0);
  if (result != r_) {                      /* r_ shares memory with an input: compute apart */
    THTensor_(indexSelect)(result, src, dim, index);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THLongTensor *positions = THLongTensor_newContiguous(index);
  long n = THLongTensor_nElement(positions);
  THLongStorage *size = THTensor_(newSizeOf)(src);
  size->data[dim] = n;
  THTensor_(resize)(r_, size, NULL);
  THLongStorage_free(size);
  THTensor_(indexSelectRows)(r_, src, dim, THLongTensor_data(positions), n);
  THLongTensor_free(positions);
}

/* ---- index_copy_, index_add_, index_fill_ ---- */

/* src has tensor's sizes except at dim, where it has n (the index's length). */
static void THTensor_(checkIndexSource)(THTensor *tensor, int dim, long n, THTensor *src) {
  int same = src->nDimension == tensor->nDimension && src->size[dim] == n;
  for (int d = 0; same && d < tensor->nDimension; d++)
    same = d == dim || src->size[d] == tensor->size[d];
  THArgCheck(same, 4,
             "expected a source of size %s except %ld at dimension %d (the index's length), "
             "got size %s", THTensor_(sizeDesc)(tensor).str, n, dim,
             THTensor_(sizeDesc)(src).str);
}

/* Slice index[i] of tensor along dim ← slice i of src, copied or (add) added, for i in order. */
static void THTensor_(indexWriteRows)(THTensor *tensor, int dim, const long *index, long n,
                                      THTensor *src, int add) {
  if (THTensor_(isContiguous)(tensor) && THTensor_(isContiguous)(src)) {
    long outer, inner, rows = tensor->size[dim];
    THDimApply_split(tensor->nDimension, tensor->size, dim, &outer, &inner);
    real *tp = THTensor_(data)(tensor);
    const real *sp = THTensor_(data)(src);
    /* Blocks are disjoint, so they go in parallel; within one, rows go in index order, so a
     * repeated index sees every write. */
    TH_PARALLEL_LOOP(o, outer, (double)outer * n * inner, {
      for (long i = 0; i < n; i++) {
        real *to = tp + (o * rows + index[i]) * inner;
        const real *from = sp + (o * n + i) * inner;
        if (!add)
          for (long j = 0; j < inner; j++)
            to[j] = from[j];
        else
          for (long j = 0; j < inner; j++)
            to[j] += from[j];
      }
    });
  } else {
    THTensor *to = THTensor_(new)(), *from = THTensor_(new)();
    for (long i = 0; i < n; i++) {
      THTensor_(narrow)(to, tensor, dim, index[i], 1);
      THTensor_(narrow)(from, src, dim, i, 1);
      if (!add)
        THTensor_(copy)(to, from);
      else
        THTensor_(cadd)(to, to, 1, from);
    }
    THTensor_(free)(to);
    THTensor_(free)(from);
  }
}

static void THTensor_(indexWrite)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src,
                                  int add) {
  THTensor_(checkDim)(tensor, dim, 2);
  THTensor_(checkIndexVector)(index, 3);
  THTensor_(checkIndexSource)(tensor, dim, THLongTensor_nElement(index), src);
  THTensor_(checkIndexValues)(index, tensor, dim, 3);
  THTensor_(checkInStorage)(tensor);           /* before the copies below exist */
  THTensor_(checkInStorage)(src);
  THTensor *source = THTensor_(mustComputeApart)(tensor, src, 0) ? THTensor_(newClone)(src) : src;
  THLongTensor *positions = THLongTensor_newContiguous(index);
  THTensor_(indexWriteRows)(tensor, dim, THLongTensor_data(positions),
                            THLongTensor_nElement(positions), source, add);
  THLongTensor_free(positions);
  if (source != src)
    THTensor_(free)(source);
}

void THTensor_(indexCopy)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THTensor_(indexWrite)(tensor, dim, index, src, 0);
}

void THTensor_(indexAdd)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THTensor_(indexWrite)(tensor, dim, index, src, 1);
}

void THTensor_(indexFill)(THTensor *tensor, int dim, THLongTensor *index, real value) {
  THTensor_(checkDim)(tensor, dim, 2);
  THTensor_(checkIndexVector)(index, 3);
  THTensor_(checkIndexValues)(index, tensor, dim, 3);
  THLongTensor *positions = THLongTensor_newContiguous(index);
  const long *ip = THLongTensor_data(positions);
  THTensor *slice = THTensor_(new)();
  for (long i = 0; i < THLongTensor_nElement(positions); i++) {
    THTensor_(narrow)(slice, tensor, dim, ip[i], 1);
    THTensor_(fill)(slice, value);
  }
  THTensor_(free)(slice);
  THLongTensor_free(positions);
}

/* ---- gather, scatter_ ---- */

/* index has the rank of t and its sizes except at dim. */
static void THTensor_(checkSameRankIndex)(THTensor *t, int dim, THLongTensor *index, int argNumber) {
  THArgCheck(index->nDimension == t->nDimension, argNumber,
             "expected an index with as many dimensions as the tensor (%d), got size %s",
             t->nDimension, THLongTensor_sizeDesc(index).str);
  THArgCheck(THDimApply_sameSizesExcept(dim, t->nDimension, t->size, index->nDimension,
                                        index->size), argNumber,
             "inconsistent tensor size: the index (size %s) must match the tensor (size %s) in "
             "every dimension except %d", THLongTensor_sizeDesc(index).str,
             THTensor_(sizeDesc)(t).str, dim);
}

void THTensor_(gather)(THTensor *r_, THTensor *src, int dim, THLongTensor *index) {
  THTensor_(checkDim)(src, dim, 3);
  THTensor_(checkSameRankIndex)(src, dim, index, 4);
  THTensor_(checkIndexValues)(index, src, dim, 4);
  THTensor *result = (void *)r_ == (void *)index ? THTensor_(new)()
                                                 : THTensor_(resultApartFrom)(r_, src, NULL, 0);
  if (result != r_) {                      /* r_ shares memory with an input: compute apart */
    THTensor_(gather)(result, src, dim, index);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THTensor_(resizeNd)(r_, index->nDimension, index->size, NULL);
  TH_TENSOR_DIM_APPLY3(real, r_, real, src, long, index, dim,
                       for (long i = 0; i < index_size; i++)
                         r__data[i * r__stride] = src_data[index_data[i * index_stride] * src_stride];);
}

void THTensor_(scatter)(THTensor *tensor, int dim, THLongTensor *index, THTensor *src) {
  THTensor_(checkDim)(tensor, dim, 2);
  THTensor_(checkSameRankIndex)(tensor, dim, index, 3);
  THArgCheck(src->nDimension == tensor->nDimension, 4,
             "expected a source with as many dimensions as the tensor (%d), got size %s",
             tensor->nDimension, THTensor_(sizeDesc)(src).str);
  THArgCheck(THDimApply_sameSizesExcept(dim, tensor->nDimension, tensor->size, src->nDimension,
                                        src->size), 4,
             "inconsistent tensor size: the source (size %s) must match the tensor (size %s) in "
             "every dimension except %d", THTensor_(sizeDesc)(src).str,
             THTensor_(sizeDesc)(tensor).str, dim);
  THArgCheck(src->size[dim] >= index->size[dim], 4,
             "the index has %ld entries along dimension %d but the source only %ld (size %s)",
             index->size[dim], dim, src->size[dim], THTensor_(sizeDesc)(src).str);
  THTensor_(checkIndexValues)(index, tensor, dim, 3);
  THTensor_(checkInStorage)(tensor);           /* before the copy below exists */
  THTensor *source = THTensor_(mustComputeApart)(tensor, src, 0) ? THTensor_(newClone)(src) : src;
  TH_TENSOR_DIM_APPLY3(real, tensor, real, source, long, index, dim,
                       for (long i = 0; i < index_size; i++)
                         tensor_data[index_data[i * index_stride] * tensor_stride] =
                             source_data[i * source_stride];);
  if (source != src)
    THTensor_(free)(source);
}

void THTensor_(scatterFill)(THTensor *tensor, int dim, THLongTensor *index, real value) {
  THTensor_(checkDim)(tensor, dim, 2);
  THTensor_(checkSameRankIndex)(tensor, dim, index, 3);
  THTensor_(checkIndexValues)(index, tensor, dim, 3);
  TH_TENSOR_DIM_APPLY2(real, tensor, long, index, dim,
                       for (long i = 0; i < index_size; i++)
                         tensor_data[index_data[i * index_stride] * tensor_stride] = value;);
}

/* ---- Masks: maskedFill, maskedCopy, maskedSelect ---- */

/* Checks the mask against the tensor and counts its 1s; an error before anything is written. */
static ptrdiff_t THTensor_(countMask)(THTensor *tensor, THByteTensor *mask, int maskArg) {
  ptrdiff_t n = THTensor_(nElement)(tensor), maskN = THByteTensor_nElement(mask);
  THArgCheck(n == maskN, maskArg,
             "the mask has %td elements (size %s) but the tensor has %td (size %s)", maskN,
             THByteTensor_sizeDesc(mask).str, n, THTensor_(sizeDesc)(tensor).str);
  ptrdiff_t picked = 0;
  int bad = 0;
  TH_TENSOR_APPLY(unsigned char, mask, picked += (*mask_data == 1); bad |= (*mask_data > 1););
  THArgCheck(!bad, maskArg, "the mask may only contain 0s and 1s");
  return picked;
}

void THTensor_(maskedFill)(THTensor *tensor, THByteTensor *mask, real value) {
  THTensor_(countMask)(tensor, mask, 2);
  TH_TENSOR_APPLY2(real, tensor, unsigned char, mask,
                   if (*mask_data) *tensor_data = value;);
}

void THTensor_(maskedCopy)(THTensor *tensor, THByteTensor *mask, THTensor *src) {
  ptrdiff_t picked = THTensor_(countMask)(tensor, mask, 2);
  ptrdiff_t available = THTensor_(nElement)(src);
  THArgCheck(available >= picked, 3,
             "the mask picks %td elements but the source has only %td (size %s)", picked,
             available, THTensor_(sizeDesc)(src).str);
  if (picked == 0)
    return;
  THTensor_(checkInStorage)(tensor);           /* before the copy below exists */
  /* src is read from a contiguous copy when it is not contiguous, or shares memory with tensor. */
  THTensor *source = THTensor_(mustComputeApart)(tensor, src, 0) ? THTensor_(newClone)(src)
                                                                  : THTensor_(newContiguous)(src);
  const real *next = THTensor_(data)(source);
  TH_TENSOR_APPLY2(real, tensor, unsigned char, mask,
                   if (*mask_data) *tensor_data = *next++;);
  THTensor_(free)(source);
}

void THTensor_(maskedSelect)(THTensor *r_, THTensor *src, THByteTensor *mask) {
  ptrdiff_t picked = THTensor_(countMask)(src, mask, 3);
  if (picked == 0) {
    THTensor_(resizeNd)(r_, 0, NULL, NULL);
    return;
  }
  /* r_ may share memory with src: gather into a fresh tensor first, then copy it into r_. */
  THTensor_(checkInStorage)(src);              /* before the fresh tensor exists */
  THTensor *result = THTensor_(newWithSize1d)(picked);
  real *out = THTensor_(data)(result);
  TH_TENSOR_APPLY2(real, src, unsigned char, mask,
                   if (*mask_data) *out++ = *src_data;);
  THTensor_(finishResultApart)(r_, result);
}

/* ---- nonzero: the subscripts of the nonzero elements, one row each, in row-major order ---- */

void THTensor_(nonzero)(THLongTensor *subscript, THTensor *t) {
  if ((void *)subscript == (void *)t) {
    THLongTensor *result = THLongTensor_new();
    THTensor_(nonzero)(result, t);
    THLongTensor_set(subscript, result);
    THLongTensor_free(result);
    return;
  }
  ptrdiff_t count = 0;
  TH_TENSOR_APPLY(real, t, count += *t_data != 0;);
  if (count == 0) {
    THLongTensor_resizeNd(subscript, 0, NULL, NULL);
    return;
  }
  int nDimension = t->nDimension;
  THLongTensor_resize2d(subscript, count, nDimension);
  long *out = THLongTensor_data(subscript);
  const long *size = t->size;
  ptrdiff_t position = 0;                   /* row-major position of the current element */
  TH_TENSOR_APPLY(real, t,
                  if (*t_data != 0) {
                    ptrdiff_t rest = position;
                    for (int d = nDimension - 1; d >= 0; d--) {
                      out[d] = rest % size[d];
                      rest /= size[d];
                    }
                    out += nDimension;
                  }
                  position++;);
}

/* ---- cat ---- */

/* The non-empty inputs agree with the first of them, inputs[first], everywhere but at dim;
 * returns the total size along dim. */
static long THTensor_(checkCatInputs)(THTensor **inputs, int numInputs, int first, int dim) {
  THTensor *reference = inputs[first];
  long total = 0;
  for (int k = 0; k < numInputs; k++) {
    THTensor *t = inputs[k];
    if (t->nDimension == 0)
      continue;
    int same = t->nDimension == reference->nDimension;
    for (int d = 0; same && d < t->nDimension; d++)
      same = d == dim || t->size[d] == reference->size[d];
    THArgCheck(same, 2,
               "inconsistent tensor sizes in cat: tensor %d has size %s but tensor %d has size %s; "
               "they must match in every dimension except %d", k, THTensor_(sizeDesc)(t).str,
               first, THTensor_(sizeDesc)(reference).str, dim);
    total += t->size[dim];
  }
  return total;
}

/* Every input and r_ contiguous: each output block of outer is the inputs' blocks end to end. */
static void THTensor_(catContiguous)(THTensor *r_, THTensor **inputs, int numInputs, int dim) {
  long outer, inner;
  THDimApply_split(r_->nDimension, r_->size, dim, &outer, &inner);
  ptrdiff_t rowLength = r_->size[dim] * inner;
  /* Every input is checked, and its elements taken, before anything is allocated or copied (the
   * parallel region must not raise). */
  for (int k = 0; k < numInputs; k++)
    THTensor_(checkInStorage)(inputs[k]);
  ptrdiff_t *offset = THAlloc(sizeof(ptrdiff_t) * (numInputs + 1));
  const real **from = THAlloc(sizeof(real *) * numInputs);
  offset[0] = 0;
  for (int k = 0; k < numInputs; k++) {
    offset[k + 1] = offset[k] + (inputs[k]->nDimension ? inputs[k]->size[dim] * inner : 0);
    from[k] = THTensor_(data)(inputs[k]);
  }
  real *rp = THTensor_(data)(r_);
  /* Piece p is the block p / numInputs of input p % numInputs; the pieces differ in length, so
   * the threads take them one by one (dynamic schedule). */
  TH_PARALLEL_REGION((double)outer * rowLength,
                     _Pragma("omp for schedule(dynamic)")
                     for (ptrdiff_t p = 0; p < (ptrdiff_t)outer * numInputs; p++) {
                       ptrdiff_t o = p / numInputs, k = p % numInputs;
                       ptrdiff_t length = offset[k + 1] - offset[k];
                       if (length > 0)
                         memcpy(rp + o * rowLength + offset[k], from[k] + o * length,
                                sizeof(real) * length);
                     });
  THFree(from);
  THFree(offset);
}

static void THTensor_(catStrided)(THTensor *r_, THTensor **inputs, int numInputs, int dim) {
  THTensor *part = THTensor_(new)();
  long start = 0;
  for (int k = 0; k < numInputs; k++) {
    if (inputs[k]->nDimension == 0)
      continue;
    THTensor_(narrow)(part, r_, dim, start, inputs[k]->size[dim]);
    THTensor_(copy)(part, inputs[k]);
    start += inputs[k]->size[dim];
  }
  THTensor_(free)(part);
}

void THTensor_(catArray)(THTensor *r_, THTensor **inputs, int numInputs, int dim) {
  THArgCheck(numInputs > 0, 3, "expected at least one tensor to concatenate, got %d", numInputs);
  int first = 0;
  while (first < numInputs && inputs[first]->nDimension == 0)
    first++;
  if (first == numInputs) {                /* nothing but empty tensors: an empty result */
    THTensor_(resizeNd)(r_, 0, NULL, NULL);
    return;
  }
  THTensor *reference = inputs[first];
  THTensor_(checkDim)(reference, dim, 4);
  long total = THTensor_(checkCatInputs)(inputs, numInputs, first, dim);
  int apart = 0;
  for (int k = 0; k < numInputs; k++) {
    THTensor_(checkInStorage)(inputs[k]);
    apart |= THTensor_(mustComputeApart)(r_, inputs[k], 0);
  }
  if (apart) {                             /* r_ shares memory with an input: compute apart */
    THTensor *result = THTensor_(new)();
    THTensor_(catArray)(result, inputs, numInputs, dim);
    THTensor_(finishResultApart)(r_, result);
    return;
  }
  THLongStorage *size = THTensor_(newSizeOf)(reference);
  size->data[dim] = total;
  THTensor_(resize)(r_, size, NULL);
  THLongStorage_free(size);

  int contiguous = THTensor_(isContiguous)(r_);
  for (int k = 0; contiguous && k < numInputs; k++)
    contiguous = THTensor_(isContiguous)(inputs[k]);
  if (contiguous)
    THTensor_(catContiguous)(r_, inputs, numInputs, dim);
  else
    THTensor_(catStrided)(r_, inputs, numInputs, dim);
}

void THTensor_(cat)(THTensor *r_, THTensor *ta, THTensor *tb, int dim) {
  THTensor *inputs[2] = {ta, tb};
  THTensor_(catArray)(r_, inputs, 2, dim);
}

#endif
