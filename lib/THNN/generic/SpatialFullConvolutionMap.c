/* SpatialFullConvolutionMap: the transposed convolution of SpatialConvolutionMap, through the
 * same connection table (weight nConnections x kH x kW, connTable nConnections x 2: input plane,
 * output plane, from 0; bias nOutputPlane). Each input pixel (h, w) of a connected plane adds
 * itself times the kernel to the output window at (h*dH, w*dW): the output is
 * ((H-1)*dH + kH) x ((W-1)*dW + kW). Runs on the bodies in generic/SpatialConvolutionMap.c
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
  THNN_(ConvolutionMap_updateOutput)(input, output, weight, bias, connTable, nInputPlane,
                                     nOutputPlane, dW, dH, true);
}

void THNN_(SpatialFullConvolutionMap_updateGradInput)(THNNState *state, THTensor *input,
                                                      THTensor *gradOutput, THTensor *gradInput,
                                                      THTensor *weight, THTensor *bias,
                                                      THTensor *connTable, int nInputPlane,
                                                      int nOutputPlane, int dW, int dH) {
  (void)state, (void)bias;
  THNN_(ConvolutionMap_updateGradInput)(input, gradOutput, gradInput, weight, connTable,
                                        nInputPlane, nOutputPlane, dW, dH, true);
}

void THNN_(SpatialFullConvolutionMap_accGradParameters)(THNNState *state, THTensor *input,
                                                        THTensor *gradOutput,
                                                        THTensor *gradWeight, THTensor *gradBias,
                                                        THTensor *connTable, int nInputPlane,
                                                        int nOutputPlane, int dW, int dH,
                                                        real scale) {
  (void)state;
  THNN_(ConvolutionMap_accGradParameters)(input, gradOutput, gradWeight, gradBias, connTable,
                                          nInputPlane, nOutputPlane, dW, dH, scale, true);
}

#endif
