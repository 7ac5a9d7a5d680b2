/* PReLU: LeakyReLU with a learnt slope: output = input where input > 0, else weight * input. With
 * nOutputPlane = 0 one weight is shared by every element; otherwise each of the nOutputPlane
 * channels has its own, the channels being dimension 0 of a 1D input and dimension 1 of any other
 * (batch x channels x any further dimensions, as v0.1.12 had it: a 3D input is a batch of 1-D
 * signals, no longer one image). accGradParameters adds scale * sum(gradOutput * input where
 * input <= 0) to each channel's gradWeight; its gradInput, gradWeightBuf and gradWeightBuf2
 * arguments (the GPU library's scratch space) are not used. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/PReLU.c"
#else

/* The input seen as batch x nOutputPlane x planeSize, after the checks of the sizes (weightArg and
 * planesArg: the C positions of weight and nOutputPlane in the calling entry point). */
static void THNN_(PReLU_shape)(THTensor *input, THTensor *weight, THIndex_t nOutputPlane,
                               int weightArg, int planesArg, long *batch, long *planeSize) {
  int n = input->nDimension;
  THArgCheck(n >= 1, 2, "input should have at least one dimension, but is empty");
  THArgCheck(nOutputPlane >= 0, planesArg, "nOutputPlane should be 0 (one shared weight) or "
             "the number of channels, but got %ld", (long)nOutputPlane);
  long weights = nOutputPlane == 0 ? 1 : (long)nOutputPlane;
  THArgCheck(THTensor_(nElement)(weight) == weights, weightArg, "weight should have %ld "
             "elements, but got size %s", weights, THTensor_(sizeDesc)(weight).str);
  if (nOutputPlane == 0) {
    *batch = 1;
    *planeSize = (long)THTensor_(nElement)(input);
    return;
  }
  int channelDim = n == 1 ? 0 : 1;
  THArgCheck(input->size[channelDim] == nOutputPlane, 2, "input should have %ld channels in "
             "dimension %d, but got size %s", (long)nOutputPlane, channelDim,
             THTensor_(sizeDesc)(input).str);
  *batch = channelDim == 1 ? input->size[0] : 1;
  *planeSize = 1;
  for (int d = 2; d < n; d++)
    *planeSize *= input->size[d];
}

void THNN_(PReLU_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                               THTensor *weight, THIndex_t nOutputPlane) {
  (void)state;
  long batch, planeSize, planes = nOutputPlane == 0 ? 1 : (long)nOutputPlane;
  THNN_(PReLU_shape)(input, weight, nOutputPlane, 4, 5, &batch, &planeSize);
  THNN_(checkApart)(output, 3, "output", "weight", weight, NULL);
  THNN_(checkElementwiseApart)(output, 3, "output", "input", input, NULL);
  THTensor *in = THTensor_(newContiguous)(input), *w = THTensor_(newContiguous)(weight);
  THTensor *out = THNN_(contiguousResult)(output, input);
  const real *x = THTensor_(data)(in), *slope = THTensor_(data)(w);
  real *y = THTensor_(data)(out);
  TH_PARALLEL_LOOP(plane, batch * planes, batch * planes * planeSize,
    real a = slope[plane % planes];
    const real *xp = x + plane * planeSize;
    real *yp = y + plane * planeSize;
    for (long k = 0; k < planeSize; k++)
      yp[k] = xp[k] > 0 ? xp[k] : a * xp[k];
  );
  THTensor_(free)(in);
  THTensor_(free)(w);
  THNN_(copyResultBack)(output, out);
}

void THNN_(PReLU_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                  THTensor *gradInput, THTensor *weight,
                                  THIndex_t nOutputPlane) {
  (void)state;
  long batch, planeSize, planes = nOutputPlane == 0 ? 1 : (long)nOutputPlane;
  THNN_(PReLU_shape)(input, weight, nOutputPlane, 5, 6, &batch, &planeSize);
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkApart)(gradInput, 4, "gradInput", "weight", weight, NULL);
  THNN_(checkElementwiseApart)(gradInput, 4, "gradInput", "input", input, "gradOutput",
                               gradOutput, NULL);
  THTensor *in = THTensor_(newContiguous)(input), *w = THTensor_(newContiguous)(weight);
  THTensor *g = THTensor_(newContiguous)(gradOutput);
  THTensor *gradIn = THNN_(contiguousResult)(gradInput, input);
  const real *x = THTensor_(data)(in), *slope = THTensor_(data)(w), *gp = THTensor_(data)(g);
  real *gi = THTensor_(data)(gradIn);
  TH_PARALLEL_LOOP(plane, batch * planes, batch * planes * planeSize,
    real a = slope[plane % planes];
    ptrdiff_t first = plane * planeSize;
    for (long k = first; k < first + planeSize; k++)
      gi[k] = x[k] > 0 ? gp[k] : a * gp[k];
  );
  THTensor_(free)(in);
  THTensor_(free)(w);
  THTensor_(free)(g);
  THNN_(copyResultBack)(gradInput, gradIn);
}

void THNN_(PReLU_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                    THTensor *gradInput, THTensor *weight, THTensor *gradWeight,
                                    THTensor *gradWeightBuf, THTensor *gradWeightBuf2,
                                    THIndex_t nOutputPlane, real scale) {
  (void)state, (void)gradInput, (void)gradWeightBuf, (void)gradWeightBuf2;
  long batch, planeSize, planes = nOutputPlane == 0 ? 1 : (long)nOutputPlane;
  THNN_(PReLU_shape)(input, weight, nOutputPlane, 5, 9, &batch, &planeSize);
  THNN_(checkSameNumel)(input, gradOutput, 3, "gradOutput");
  THNN_(checkSameNumel)(weight, gradWeight, 6, "gradWeight");
  THTensor *in = THTensor_(newContiguous)(input), *g = THTensor_(newContiguous)(gradOutput);
  const real *x = THTensor_(data)(in), *gp = THTensor_(data)(g);
  accreal *sums = THAlloc(sizeof(accreal) * planes);
  for (long channel = 0; channel < planes; channel++) {
    sums[channel] = 0;
    for (long b = 0; b < batch; b++) {
      ptrdiff_t first = (b * planes + channel) * planeSize;
      for (long k = first; k < first + planeSize; k++)
        sums[channel] += x[k] > 0 ? 0 : x[k] * gp[k];
    }
  }
  /* gradWeight may have any layout: channel c is its element number c in row-major order */
  long channel = 0;
  TH_TENSOR_APPLY(real, gradWeight, *gradWeight_data += (real)(scale * sums[channel++]););
  THFree(sums);
  THTensor_(free)(in);
  THTensor_(free)(g);
}

#endif
