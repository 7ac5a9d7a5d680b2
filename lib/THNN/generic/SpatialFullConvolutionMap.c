/* SpatialFullConvolutionMap: the transposed convolution of SpatialConvolutionMap, through the
 * same connection table (weight nConnections x kH x kW, connTable nConnections x 2: input plane,
 * output plane, from 0; bias nOutputPlane). Each input pixel (h, w) of a connected plane adds
 * itself times the kernel to the output window at (h*dH, w*dW): the output is
 * ((H-1)*dH + kH) x ((W-1)*dW + kW). Runs on the window loops of generic/SpatialConvolutionMap.c
 * with the output as the "big" plane. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SpatialFullConvolutionMap.c"
#else

void THNN_(SpatialFullConvolutionMap_updateOutput)(THNNState *state, THTensor *input,
                                                   THTensor *output, THTensor *weight,
                                                   THTensor *bias, THTensor *connTable,
                                                   int nInputPlane, int nOutputPlane, int dW,
                                                   int dH) {
  (void)state;
  THNN_(MapSizes) s = THNN_(ConvolutionMap_check)(input, weight, 4, "weight", connTable, 6,
                                                  nInputPlane, nOutputPlane, dW, dH, true);
  THNN_(checkVector)(bias, s.nOutputPlane, 5, "bias");
  if (input->nDimension == 4)
    THTensor_(resize4d)(output, s.batch, s.nOutputPlane, s.outputHeight, s.outputWidth);
  else
    THTensor_(resize3d)(output, s.nOutputPlane, s.outputHeight, s.outputWidth);
  long *links = THNN_(ConvolutionMap_connections)(connTable, s.nConnections);
  input = THTensor_(newContiguous)(input);
  weight = THTensor_(newContiguous)(weight);
  THTensor *out = THTensor_(newContiguous)(output);
  real *in_data = THTensor_(data)(input), *out_data = THTensor_(data)(out);
  real *weight_data = THTensor_(data)(weight);
  long inPlane = s.inputHeight * s.inputWidth, outPlane = s.outputHeight * s.outputWidth;
  long kernelSize = (long)s.kH * s.kW;
  TH_PARALLEL_LOOP(n, s.batch * s.nOutputPlane,
                   (double)s.batch * s.nConnections * inPlane * kernelSize, {
    long t = n / s.nOutputPlane, o = n % s.nOutputPlane;
    real *plane = out_data + n * outPlane;
    THVector_(fill)(plane, THTensor_(get1d)(bias, o), outPlane);
    for (long k = 0; k < s.nConnections; k++)
      if (links[2 * k + 1] == o)
        THNN_(ConvolutionMap_addFullConv)(
            plane, in_data + (t * s.nInputPlane + links[2 * k]) * inPlane,
            weight_data + k * kernelSize, s.inputHeight, s.inputWidth, s.outputWidth, s);
  });
  THFree(links);
  THTensor_(free)(input);
  THTensor_(free)(weight);
  THTensor_(freeCopyTo)(out, output);
}

void THNN_(SpatialFullConvolutionMap_updateGradInput)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradInput,
                                                      THTensor *weight, THTensor *bias,
                                                      THTensor *connTable, int nInputPlane,
                                                      int nOutputPlane, int dW, int dH) {
  (void)state, (void)bias;
  THNN_(MapSizes) s = THNN_(ConvolutionMap_check)(input, weight, 5, "weight", connTable, 7,
                                                  nInputPlane, nOutputPlane, dW, dH, true);
  THNN_(ConvolutionMap_checkGradOutput)(input, gradOutput, s);
  THTensor_(resizeAs)(gradInput, input);
  long *links = THNN_(ConvolutionMap_connections)(connTable, s.nConnections);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  weight = THTensor_(newContiguous)(weight);
  THTensor *gradIn = THTensor_(newContiguous)(gradInput);
  real *go_data = THTensor_(data)(gradOutput), *gi_data = THTensor_(data)(gradIn);
  real *weight_data = THTensor_(data)(weight);
  long inPlane = s.inputHeight * s.inputWidth, outPlane = s.outputHeight * s.outputWidth;
  long kernelSize = (long)s.kH * s.kW;
  TH_PARALLEL_LOOP(n, s.batch * s.nInputPlane,
                   (double)s.batch * s.nConnections * inPlane * kernelSize, {
    long t = n / s.nInputPlane, i = n % s.nInputPlane;
    real *plane = gi_data + n * inPlane;
    memset(plane, 0, sizeof(real) * inPlane);
    for (long k = 0; k < s.nConnections; k++)
      if (links[2 * k] == i)
        THNN_(ConvolutionMap_addValidXCorr)(
            plane, go_data + (t * s.nOutputPlane + links[2 * k + 1]) * outPlane,
            weight_data + k * kernelSize, s.inputHeight, s.inputWidth, s.outputWidth, s);
  });
  THFree(links);
  THTensor_(free)(gradOutput);
  THTensor_(free)(weight);
  THTensor_(freeCopyTo)(gradIn, gradInput);
}

void THNN_(SpatialFullConvolutionMap_accGradParameters)(THNNState *state, THTensor *input,
                                                        THTensor *gradOutput,
                                                        THTensor *gradWeight, THTensor *gradBias,
                                                        THTensor *connTable, int nInputPlane,
                                                        int nOutputPlane, int dW, int dH,
                                                        real scale) {
  (void)state;
  THNN_(MapSizes) s = THNN_(ConvolutionMap_check)(input, gradWeight, 4, "gradWeight", connTable,
                                                  6, nInputPlane, nOutputPlane, dW, dH, true);
  THNN_(ConvolutionMap_checkGradOutput)(input, gradOutput, s);
  THNN_(checkVector)(gradBias, s.nOutputPlane, 5, "gradBias");
  long *links = THNN_(ConvolutionMap_connections)(connTable, s.nConnections);
  input = THTensor_(newContiguous)(input);
  gradOutput = THTensor_(newContiguous)(gradOutput);
  THTensor *gradW = THTensor_(newContiguous)(gradWeight);
  real *in_data = THTensor_(data)(input), *go_data = THTensor_(data)(gradOutput);
  real *gw_data = THTensor_(data)(gradW);
  long inPlane = s.inputHeight * s.inputWidth, outPlane = s.outputHeight * s.outputWidth;
  long kernelSize = (long)s.kH * s.kW;
  TH_PARALLEL_LOOP(k, s.nConnections, (double)s.batch * s.nConnections * inPlane * kernelSize, {
    for (long t = 0; t < s.batch; t++)
      THNN_(ConvolutionMap_addKernelGradient)(
          gw_data + k * kernelSize, in_data + (t * s.nInputPlane + links[2 * k]) * inPlane,
          go_data + (t * s.nOutputPlane + links[2 * k + 1]) * outPlane, s.inputHeight,
          s.inputWidth, s.outputWidth, s, scale);
  });
  THNN_(ConvolutionMap_addBiasGradient)(gradBias, go_data, s, scale);
  THFree(links);
  THTensor_(free)(input);
  THTensor_(free)(gradOutput);
  THTensor_(freeCopyTo)(gradW, gradWeight);
}

#endif
