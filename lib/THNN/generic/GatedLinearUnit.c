/* GatedLinear (the gated linear unit, added by v0.1.10): the input is cut in two halves a and b
 * along dimension dim (counted from 0; its size must be even), and output = a * sigmoid(b), half
 * the input's size along dim. The backward: gradient of a = gradOutput * sigmoid(b), of b =
 * gradOutput * a * sigmoid(b) * (1 - sigmoid(b)). On TH's own sigmoid, cmul and addcmul. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/GatedLinearUnit.c"
#else

/* dim (at dimArg) is a dimension of input (argument 2), along which its size is even; the two
 * halves become new views of input. */
static void THNN_(GatedLinear_halves)(THTensor *input, int dim, int dimArg, THTensor **a,
                                      THTensor **b) {
  THArgCheck(dim >= 0 && dim < input->nDimension, dimArg, "dim should be a dimension of the "
             "input (0 to %d), but got %d (input is %s)", input->nDimension - 1, dim,
             THTensor_(sizeDesc)(input).str);
  long half = input->size[dim] / 2;
  THArgCheck(input->size[dim] % 2 == 0, 2, "input should have an even size along dim %d to be "
             "cut in halves, but got size %s", dim, THTensor_(sizeDesc)(input).str);
  *a = THTensor_(newNarrow)(input, dim, 0, half);
  *b = THTensor_(newNarrow)(input, dim, half, half);
}

void THNN_(GatedLinear_updateOutput)(THNNState *state, THTensor *input, THTensor *output,
                                     int dim) {
  (void)state;
  THNN_(checkApart)(output, 3, "output", "input", input, NULL);
  THTensor *a, *b;
  THNN_(GatedLinear_halves)(input, dim, 4, &a, &b);
  THTensor *gate = THTensor_(new)();
  THTensor_(sigmoid)(gate, b);
  THTensor_(resizeAs)(output, a);
  THTensor_(cmul)(output, a, gate);
  THTensor_(free)(a);
  THTensor_(free)(b);
  THTensor_(free)(gate);
}

void THNN_(GatedLinear_updateGradInput)(THNNState *state, THTensor *input, THTensor *gradOutput,
                                        THTensor *gradInput, int dim) {
  (void)state;
  THNN_(checkApart)(gradInput, 4, "gradInput", "input", input, "gradOutput", gradOutput, NULL);
  THTensor *a, *b;
  THNN_(GatedLinear_halves)(input, dim, 5, &a, &b);
  THDescBuff halfSize = THTensor_(sizeDesc)(a);   /* for the message, after a is freed */
  THArgCheckWithCleanup(THTensor_(isSameSizeAs)(a, gradOutput),
                        THTensor_(free)(a); THTensor_(free)(b);, 3,
                        "gradOutput should be of size %s, but got size %s", halfSize.str,
                        THTensor_(sizeDesc)(gradOutput).str);
  THTensor *gate = THTensor_(new)();
  THTensor_(sigmoid)(gate, b);
  THTensor_(resizeAs)(gradInput, input);
  THTensor *gradA = THTensor_(newNarrow)(gradInput, dim, 0, a->size[dim]);
  THTensor *gradB = THTensor_(newNarrow)(gradInput, dim, a->size[dim], a->size[dim]);
  THTensor_(cmul)(gradA, gradOutput, gate);
  /* gradB = gradA * a * (1 - gate), with gradA = gradOutput * gate */
  THTensor *oneMinusGate = THTensor_(new)();
  THTensor_(resizeAs)(oneMinusGate, gate);
  THTensor_(fill)(oneMinusGate, 1);
  THTensor_(cadd)(oneMinusGate, oneMinusGate, -1, gate);
  THTensor_(cmul)(gradB, gradA, a);
  THTensor_(cmul)(gradB, gradB, oneMinusGate);
  THTensor_(free)(a);
  THTensor_(free)(b);
  THTensor_(free)(gate);
  THTensor_(free)(gradA);
  THTensor_(free)(gradB);
  THTensor_(free)(oneMinusGate);
}

#endif
