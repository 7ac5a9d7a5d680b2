/* MultiLabelMarginCriterion (nn.MultiLabelMarginLoss), the multi-label hinge loss: input is one
 * vector of dim class scores (1D) or a batch of them (2D: frames x dim), target of the same size
 * lists each vector's classes, in [0, dim), up to its first negative entry (the rest is not read).
 * isTarget (a buffer of input's size) receives 1 at the listed classes, 0 elsewhere. Each vector
 * adds max(0, 1 - (input[c] - input[j])) / dim for every listed class c and every class j not
 * listed; sizeAverage divides by the number of vectors. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/MultiLabelMarginCriterion.c"
#else

/* The checks of both entry points; the input seen as frames x dim. */
static void THNN_(MultiLabelMarginCriterion_shape)(THTensor *input, THIndexTensor *target,
                                                   long *frames, long *dim) {
  THNN_(checkDims)(input, 2, "input", 1, 2);
  *frames = input->nDimension == 1 ? 1 : input->size[0];
  *dim = input->size[input->nDimension - 1];
  THArgCheck(THIndexTensor_(nElement)(target) == THTensor_(nElement)(input), 3, "target should "
             "have the size of input (%s), but got size %s", THTensor_(sizeDesc)(input).str,
             THIndexTensor_(sizeDesc)(target).str);
  /* every class listed before a vector's first negative entry is in range */
  long position = 0, firstBad = 0, rowLength = *dim;
  int ended = 0, found = 0;
  TH_TENSOR_APPLY(long, target,
    if (position % rowLength == 0)
      ended = 0;
    if (!ended && !found) {
      if (*target_data < 0)
        ended = 1;
      else if (*target_data >= rowLength)
        firstBad = *target_data, found = 1;
    }
    position++;
  );
  THArgCheck(!found, 3, "target %ld is out of range: class indices go from 0 to %ld", firstBad,
             *dim - 1);
}

/* Marks the classes listed in labels (up to the first negative one) in isTarget, both of dim. */
static void THNN_(MultiLabelMarginCriterion_mark)(const long *labels, real *isTarget, long dim) {
  for (long j = 0; j < dim; j++)
    isTarget[j] = 0;
  for (long k = 0; k < dim && labels[k] >= 0; k++)
    isTarget[labels[k]] = 1;
}

void THNN_(MultiLabelMarginCriterion_updateOutput)(THNNState *state, THTensor *input,
                                                   THIndexTensor *target, THTensor *output,
                                                   THTensor *isTarget, bool sizeAverage) {
  (void)state;
  long frames, dim;
  THNN_(MultiLabelMarginCriterion_shape)(input, target, &frames, &dim);
  THNN_(checkApart)(isTarget, 5, "isTarget", "input", input, NULL);
  THIndexTensor *t = THIndexTensor_(newContiguous)(target);
  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *marks = THNN_(contiguousResult)(isTarget, input);
  accreal loss = 0;
  for (long i = 0; i < frames; i++) {
    const long *labels = THIndexTensor_(data)(t) + i * dim;
    const real *x = THTensor_(data)(in) + i * dim;
    real *listed = THTensor_(data)(marks) + i * dim;
    THNN_(MultiLabelMarginCriterion_mark)(labels, listed, dim);
    for (long k = 0; k < dim && labels[k] >= 0; k++) {
      for (long j = 0; j < dim; j++) {
        accreal z = 1 - (x[labels[k]] - x[j]);
        if (!listed[j] && z > 0)
          loss += z;
      }
    }
  }
  THIndexTensor_(free)(t);
  THTensor_(free)(in);
  THNN_(copyResultBack)(isTarget, marks);
  THNN_(setLoss)(output, loss / dim, sizeAverage ? frames : 1);
}

void THNN_(MultiLabelMarginCriterion_updateGradInput)(THNNState *state, THTensor *input,
                                                      THIndexTensor *target, THTensor *gradInput,
                                                      THTensor *isTarget, bool sizeAverage) {
  (void)state;
  long frames, dim;
  THNN_(MultiLabelMarginCriterion_shape)(input, target, &frames, &dim);
  THNN_(checkApart)(gradInput, 4, "gradInput", "input", input, "isTarget", isTarget, NULL);
  THNN_(checkApart)(isTarget, 5, "isTarget", "input", input, NULL);
  THIndexTensor *t = THIndexTensor_(newContiguous)(target);
  THTensor *in = THTensor_(newContiguous)(input);
  THTensor *marks = THNN_(contiguousResult)(isTarget, input);
  THTensor *gradIn = THNN_(contiguousResult)(gradInput, input);
  THTensor_(zero)(gradIn);
  accreal norm = (accreal)dim * (sizeAverage ? frames : 1);
  for (long i = 0; i < frames; i++) {
    const long *labels = THIndexTensor_(data)(t) + i * dim;
    const real *x = THTensor_(data)(in) + i * dim;
    real *listed = THTensor_(data)(marks) + i * dim;
    real *gi = THTensor_(data)(gradIn) + i * dim;
    THNN_(MultiLabelMarginCriterion_mark)(labels, listed, dim);
    for (long k = 0; k < dim && labels[k] >= 0; k++) {
      for (long j = 0; j < dim; j++) {
        if (!listed[j] && 1 - (x[labels[k]] - x[j]) > 0) {
          gi[labels[k]] -= (real)(1 / norm);
          gi[j] += (real)(1 / norm);
        }
      }
    }
  }
  THIndexTensor_(free)(t);
  THTensor_(free)(in);
  THNN_(copyResultBack)(isTarget, marks);
  THNN_(copyResultBack)(gradInput, gradIn);
}

#endif
