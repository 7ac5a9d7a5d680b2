/* LookupTable: the embedding, a table `weight` of nIndex rows of size dim. Its forward is a row
 * selection (index_select, done by the caller), so THNN has only the backward, which adds each
 * row of gradOutput to the gradient of the row it came from, and `renorm`, which shrinks the rows
 * an input selects to a maximum norm. Indices count from 0. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LookupTable.c"
#else

/* Every index of `indices` (argument argNumber) selects one of nIndex rows. */
static void THNN_(LookupTable_checkIndices)(THIndexTensor *indices, long nIndex, int argNumber) {
  long firstBad = 0;
  int found = 0;
  TH_TENSOR_APPLY(long, indices, if (!found && (*indices_data < 0 || *indices_data >= nIndex)) {
    firstBad = *indices_data;
    found = 1;
  });
  THArgCheck(!found, argNumber, "index %ld is out of range: the table has rows 0 to %ld",
             firstBad, nIndex - 1);
}

void THNN_(LookupTable_accGradParameters)(THNNState *state, THIndexTensor *input,
                                          THTensor *gradOutput, THTensor *gradWeight,
                                          THIntegerTensor *count, THIndexTensor *sorted,
                                          THIndexTensor *indices, bool scaleGradByFreq,
                                          int paddingValue, real scale) {
  /* sorted and indices are the GPU kernel's buffers for sorting the input; the CPU needs none */
  (void)state, (void)sorted, (void)indices;
  THArgCheck(input->nDimension == 1 || input->nDimension == 2, 2, "input should be a 1D or 2D "
             "tensor of indices, but got size %s", THIndexTensor_(sizeDesc)(input).str);
  THArgCheck(gradWeight->nDimension == 2, 4, "gradWeight should be a 2D tensor (rows x dim), "
             "but got size %s", THTensor_(sizeDesc)(gradWeight).str);
  long nIndex = gradWeight->size[0], dim = gradWeight->size[1];
  ptrdiff_t n = THIndexTensor_(nElement)(input);
  /* gradOutput is one row of dim per index: the input's sizes then dim, or already n x dim */
  THArgCheck(THTensor_(nElement)(gradOutput) == n * dim &&
             (n == 0 || gradOutput->size[gradOutput->nDimension - 1] == dim), 3,
             "gradOutput should hold one row of %ld for each of the %td indices (input is %s), "
             "but got size %s", dim, n, THIndexTensor_(sizeDesc)(input).str,
             THTensor_(sizeDesc)(gradOutput).str);
  THNN_(LookupTable_checkIndices)(input, nIndex, 2);
  THNN_(checkApart)(gradWeight, 4, "gradWeight", "gradOutput", gradOutput, NULL);

  THIndexTensor *in = THIndexTensor_(newContiguous)(input);
  THTensor *rows = THTensor_(newContiguous)(gradOutput);
  THIndex_t *index = THIndexTensor_(data)(in);
  THInteger_t *occurrences = NULL;
  if (scaleGradByFreq) {
    /* count[k] becomes how many times row k is selected: its gradient is divided by that */
    THIntegerTensor_(resize1d)(count, nIndex);
    THIntegerTensor_(zero)(count);
    occurrences = THIntegerTensor_(data)(count);
    for (ptrdiff_t i = 0; i < n; i++)
      occurrences[index[i]]++;
  }
  for (ptrdiff_t i = 0; i < n; i++) {
    if (index[i] == paddingValue)
      continue;
    real rowScale = occurrences ? scale / occurrences[index[i]] : scale;
    THTensor *target = THTensor_(newSelect)(gradWeight, 0, index[i]);
    THTensor *source = THTensor_(newWithStorage1d)(rows->storage, rows->storageOffset + i * dim,
                                                   dim, 1);
    THTensor_(cadd)(target, target, rowScale, source);
    THTensor_(free)(target);
    THTensor_(free)(source);
  }
  THIndexTensor_(free)(in);
  THTensor_(free)(rows);
}

/* Each row k that idx selects and whose normType-norm exceeds maxNorm is scaled to that norm
 * (a hair under it: maxNorm / (norm + 1e-7)). A row selected twice is seen twice, which changes
 * nothing the second time: its norm is already under maxNorm. idx is left as it is. */
void THNN_(LookupTable_renorm)(THNNState *state, THIndexTensor *idx, THTensor *weight,
                               real maxNorm, real normType) {
  (void)state;
  THArgCheck(weight->nDimension == 2, 3, "weight should be a 2D tensor (rows x dim), but got "
             "size %s", THTensor_(sizeDesc)(weight).str);
  THArgCheck(idx->nDimension == 1, 2, "idx should be a 1D tensor of indices, but got size %s",
             THIndexTensor_(sizeDesc)(idx).str);
  THArgCheck(normType > 0, 5, "normType should be greater than zero, but got %g",
             (double)normType);
  THArgCheck(maxNorm >= 0, 4, "maxNorm should be at least zero, but got %g", (double)maxNorm);
  THNN_(LookupTable_checkIndices)(idx, weight->size[0], 2);
  for (long i = 0; i < idx->size[0]; i++) {
    THTensor *row = THTensor_(newSelect)(weight, 0, THIndexTensor_(get1d)(idx, i));
    accreal norm = THTensor_(normall)(row, normType);
    if (norm > maxNorm)
      THTensor_(mul)(row, row, (real)(maxNorm / (norm + 1e-7)));
    THTensor_(free)(row);
  }
}

#endif
