/* Linear: output = weight * input + bias for one sample (1-D input of inputSize), or for each row
 * of a batch (2-D input, nframe x inputSize): output = input * weight^T + addBuffer * bias^T, where
 * addBuffer is a column of nframe ones that the kernel keeps filled. weight is
 * outputSize x inputSize, bias has outputSize elements. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Linear.c"
#else

/* The checks every entry point shares: input (argument 2) against weight (at weightArg). */
static void THNN_(Linear_checkInput)(THTensor *input, THTensor *weight, int weightArg) {
  THArgCheck(weight->nDimension == 2, weightArg, "weight should be a 2D tensor, but got size %s",
             THTensor_(sizeDesc)(weight).str);
  THNN_(checkDims)(input, 2, "input", 1, 2);
  long inputSize = input->size[input->nDimension - 1];
  THArgCheck(inputSize == weight->size[1], 2, "input should have %ld features (weight is %s), "
             "but got size %s", weight->size[1], THTensor_(sizeDesc)(weight).str,
             THTensor_(sizeDesc)(input).str);
}

/* gradOutput (argument 3) has the size of the output for this input. */
static void THNN_(Linear_checkGradOutput)(THTensor *input, THTensor *gradOutput,
                                          THTensor *weight) {
  long sizes[2] = {input->size[0], weight->size[0]};
  if (input->nDimension == 1)
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 1, sizes + 1);
  else
    THNN_(checkSizes)(gradOutput, 3, "gradOutput", 2, sizes);
}

/* addBuffer becomes nframe ones. */
static void THNN_(Linear_fillOnes)(THTensor *addBuffer, long nframe) {
  THTensor_(resize1d)(addBuffer, nframe);
  THTensor_(fill)(addBuffer, 1);
}

void THNN_(Linear_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                THTensor *weight, THTensor *bias, THTensor *addBuffer) {
  (void)state;
  THNN_(Linear_checkInput)(input, weight, 4);
  THNN_(checkVector)(bias, weight->size[0], 5, "bias");
  THNN_(checkApart)(output, 3, "output", "input", input, "weight", weight, "bias", bias,
                    "addBuffer", addBuffer, NULL);
  THNN_(checkApart)(addBuffer, 6, "addBuffer", "input", input, "weight", weight, "bias", bias,
                    NULL);
  THTensor *weightT = THTensor_(newTranspose)(weight, 0, 1);
  if (input->nDimension == 1) {
    THTensor_(resize1d)(output, weight->size[0]);
    THTensor_(addmv)(output, 1, bias, 1, weight, input);
  } else {
    long nframe = input->size[0];
    THTensor_(resize2d)(output, nframe, weight->size[0]);
    THTensor_(addmm)(output, 0, output, 1, input, weightT);
    THNN_(Linear_fillOnes)(addBuffer, nframe);
    THTensor_(addr)(output, 1, output, 1, addBuffer, bias);
  }
  THTensor_(free)(weightT);
}

void THNN_(Linear_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                   THTensor *gradInput, THTensor *weight) {
  (void)state;
  THNN_(Linear_checkInput)(input, weight, 5);
  THNN_(Linear_checkGradOutput)(input, gradOutput, weight);
  THNN_(checkApart)(gradInput, 4, "gradInput", "gradOutput", gradOutput, "weight", weight, NULL);
  THTensor_(resizeAs)(gradInput, input);
  if (input->nDimension == 1) {
    THTensor *weightT = THTensor_(newTranspose)(weight, 0, 1);
    THTensor_(addmv)(gradInput, 0, gradInput, 1, weightT, gradOutput);
    THTensor_(free)(weightT);
  } else {
    THTensor_(addmm)(gradInput, 0, gradInput, 1, gradOutput, weight);
  }
}

void THNN_(Linear_accGradParameters)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                     THTensor *gradInput, THTensor *weight, THTensor *bias,
                                     THTensor *gradWeight, THTensor *gradBias,
                                     THTensor *addBuffer, real scale) {
  (void)state, (void)gradInput, (void)bias;
  THNN_(Linear_checkInput)(input, weight, 5);
  THNN_(Linear_checkGradOutput)(input, gradOutput, weight);
  THNN_(checkSameSize)(weight, gradWeight, 7, "gradWeight");
  THNN_(checkVector)(gradBias, weight->size[0], 8, "gradBias");
  THNN_(checkApart)(gradWeight, 7, "gradWeight", "input", input, "gradOutput", gradOutput, NULL);
  THNN_(checkApart)(gradBias, 8, "gradBias", "gradOutput", gradOutput, "addBuffer", addBuffer,
                    NULL);
  THNN_(checkApart)(addBuffer, 9, "addBuffer", "input", input, "gradOutput", gradOutput,
                    "gradWeight", gradWeight, "gradBias", gradBias, NULL);
  if (input->nDimension == 1) {
    THTensor_(addr)(gradWeight, 1, gradWeight, scale, gradOutput, input);
    THTensor_(cadd)(gradBias, gradBias, scale, gradOutput);
  } else {
    THTensor *gradOutputT = THTensor_(newTranspose)(gradOutput, 0, 1);
    THTensor_(addmm)(gradWeight, 1, gradWeight, scale, gradOutputT, input);
    THNN_(Linear_fillOnes)(addBuffer, input->size[0]);
    THTensor_(addmv)(gradBias, 1, gradBias, scale, gradOutputT, addBuffer);
    THTensor_(free)(gradOutputT);
  }
}

#endif
