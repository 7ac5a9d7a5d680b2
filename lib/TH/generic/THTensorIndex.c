/* THTensorIndex: indexing and joining: index_select/copy/add/fill, gather, scatter, cat.
 * Included by THTensorIndex.c once per dtype. Every function checks its dimension, the ranks and
 * sizes, and every index value (THIndexCheck, an IndexError in Python) before it writes anything.
 * Contiguous operands are treated as outer x size[dim] x inner blocks and copied row by row (in
 * parallel when large); other layouts go through narrowed views or TH_TENSOR_DIM_APPLY. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THTensorIndex.c"
#else

/* ---- Checks ---- */

static void THTensor_(checkDim)(const THTensor *t, int dim, int argNumber) {
  THArgCheck(dim >= 0 && dim < t->nDimension, argNumber, "dimension %d out of range of %dD tensor",
             dim, t->nDimension);
}

/* Every value of index lies in [0, size): otherwise an IndexError naming the first one outside. */
static void THTensor_(checkIndexValues)(THLongTensor *index, long size, int dim, int argNumber) {
  long bad = 0;
  int found = 0;
  TH_TENSOR_APPLY(long, index,
                  if (!found && (*index_data < 0 || *index_data >= size)) {
                    found = 1;
                    bad = *index_data;
                  });
  THIndexCheck(!found, argNumber, "index %ld is out of range for dimension %d (of size %ld)", bad,
               dim, size);
}

static void THTensor_(checkIndexVector)(THLongTensor *index, int argNumber) {
  THArgCheck(index->nDimension == 1, argNumber, "expected a 1-D index, got a tensor of size %s",
             THLongTensor_sizeDesc(index).str);
}

/* The contiguous layout around dim: outer blocks of size[dim] rows of inner elements. */
static void THTensor_(splitAt)(const THTensor *t, int dim, long *outer, long *inner) {
  *outer = 1;
  *inner = 1;
  for (int d = 0; d < dim; d++)
    *outer *= t->size[d];
  for (int d = dim + 1; d < t->nDimension; d++)
    *inner *= t->size[d];
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
    THTensor_(splitAt)(src, dim, &outer, &inner);
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
  THTensor_(checkIndexValues)(index, src->size[dim], dim, 4);
  if ((void *)r_ == (void *)src || (void *)r_ == (void *)index) {
    THTensor *result = THTensor_(new)();   /* r_ is an input: work aside, then re-point r_ */
    THTensor_(indexSelect)(result, src, dim, index);
    THTensor_(set)(r_, result);
    THTensor_(free)(result);
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
    THTensor_(splitAt)(tensor, dim, &outer, &inner);
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
  THTensor_(checkIndexValues)(index, tensor->size[dim], dim, 3);
  THLongTensor *positions = THLongTensor_newContiguous(index);
  THTensor_(indexWriteRows)(tensor, dim, THLongTensor_data(positions),
                            THLongTensor_nElement(positions), src, add);
  THLongTensor_free(positions);
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
  THTensor_(checkIndexValues)(index, tensor->size[dim], dim, 3);
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
  THDimApply_checkSizes(dim, t->nDimension, t->size, index->nDimension, index->size);
}

void THTensor_(gather)(THTensor *r_, THTensor *src, int dim, THLongTensor *index) {
  THTensor_(checkDim)(src, dim, 3);
  THTensor_(checkSameRankIndex)(src, dim, index, 4);
  THTensor_(checkIndexValues)(index, src->size[dim], dim, 4);
  if ((void *)r_ == (void *)src || (void *)r_ == (void *)index) {
    THTensor *result = THTensor_(new)();
    THTensor_(gather)(result, src, dim, index);
    THTensor_(set)(r_, result);
    THTensor_(free)(result);
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
  THDimApply_checkSizes(dim, tensor->nDimension, tensor->size, src->nDimension, src->size);
  THArgCheck(src->size[dim] >= index->size[dim], 4,
             "the index has %ld entries along dimension %d but the source only %ld (size %s)",
             index->size[dim], dim, src->size[dim], THTensor_(sizeDesc)(src).str);
  THTensor_(checkIndexValues)(index, tensor->size[dim], dim, 3);
  TH_TENSOR_DIM_APPLY3(real, tensor, real, src, long, index, dim,
                       for (long i = 0; i < index_size; i++)
                         tensor_data[index_data[i * index_stride] * tensor_stride] = src_data[i * src_stride];);
}

void THTensor_(scatterFill)(THTensor *tensor, int dim, THLongTensor *index, real value) {
  THTensor_(checkDim)(tensor, dim, 2);
  THTensor_(checkSameRankIndex)(tensor, dim, index, 3);
  THTensor_(checkIndexValues)(index, tensor->size[dim], dim, 3);
  TH_TENSOR_DIM_APPLY2(real, tensor, long, index, dim,
                       for (long i = 0; i < index_size; i++)
                         tensor_data[index_data[i * index_stride] * tensor_stride] = value;);
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
  THTensor_(splitAt)(r_, dim, &outer, &inner);
  ptrdiff_t rowLength = r_->size[dim] * inner;
  ptrdiff_t *offset = THAlloc(sizeof(ptrdiff_t) * (numInputs + 1));
  offset[0] = 0;
  for (int k = 0; k < numInputs; k++)
    offset[k + 1] = offset[k] + (inputs[k]->nDimension ? inputs[k]->size[dim] * inner : 0);
  real *rp = THTensor_(data)(r_);
  /* Piece p is the block p / numInputs of input p % numInputs; the pieces differ in length, so
   * the threads take them one by one (dynamic schedule). */
  TH_PARALLEL_REGION((double)outer * rowLength,
                     _Pragma("omp for schedule(dynamic)")
                     for (ptrdiff_t p = 0; p < (ptrdiff_t)outer * numInputs; p++) {
                       ptrdiff_t o = p / numInputs, k = p % numInputs;
                       ptrdiff_t length = offset[k + 1] - offset[k];
                       if (length > 0)
                         memcpy(rp + o * rowLength + offset[k], THTensor_(data)(inputs[k]) + o * length,
                                sizeof(real) * length);
                     });
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
  for (int k = 0; k < numInputs; k++) {
    if (r_->storage != NULL && inputs[k]->storage == r_->storage) {
      THTensor *result = THTensor_(new)();   /* r_ shares memory with an input: work aside */
      THTensor_(catArray)(result, inputs, numInputs, dim);
      THTensor_(set)(r_, result);
      THTensor_(free)(result);
      return;
    }
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
