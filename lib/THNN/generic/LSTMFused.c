/* LSTMFused: the element-wise part of one LSTM step, after the two matrix products (the era's
 * THCUNN kernel of the same name, on the CPU). input = x*W_ih^T and hidden = h*W_hh^T are
 * batch x 4H gate pre-activations in the order i, f, g, o (generic/RecurrentFused.h); with the
 * optional biases (4H each) added,
 *     i, f, o = sigmoid(...), g = tanh(...), cy = f*cx + i*g, hy = o*tanh(cy).
 * What the backward needs is left in `input`: its pre-activations are replaced by the activated
 * gates i, f, g, o (the era's convention), which updateGradInput takes as `storage`, with cx and
 * cy; tanh(cy) is computed again there. One pass over each batch row, rows in parallel. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/LSTMFused.c"
#else

/* One batch row: gates (4H, pre-activations in, activated gates out), hidden (4H), the biases
 * (4H or NULL), cx, hy, cy (H). */
static void THNN_(LSTMFused_forwardRow)(real *gates, const real *hidden, const real *bias1,
                                        const real *bias2, const real *cx, real *hy, real *cy,
                                        long H) {
  for (long j = 0; j < 4 * H; j++)
    gates[j] += hidden[j];
  THNN_(addBias)(gates, bias1, 4 * H);
  THNN_(addBias)(gates, bias2, 4 * H);
  real *i = gates, *f = gates + H, *g = gates + 2 * H, *o = gates + 3 * H;
  THVector_(sigmoid)(i, i, 2 * H);        /* i and f, one run */
  THVector_(tanh)(g, g, H);
  THVector_(sigmoid)(o, o, H);
  for (long j = 0; j < H; j++)
    cy[j] = f[j] * cx[j] + i[j] * g[j];
  THVector_(tanh)(hy, cy, H);
  for (long j = 0; j < H; j++)
    hy[j] *= o[j];
}

void THNN_(LSTMFused_updateOutput)(THNNState *state, THTensor *input, THTensor *hidden,
                                   THTensor *bias1, THTensor *bias2, THTensor *cx, THTensor *hy,
                                   THTensor *cy) {
  (void)state;
  THNN_(checkRecurrentState)(cx, 6, "cx");
  long batch = cx->size[0], H = cx->size[1];
  THNN_(checkRecurrentRows)(input, 2, "input", batch, 4 * H, "4*hidden, hidden as in cx");
  THNN_(checkRecurrentRows)(hidden, 3, "hidden", batch, 4 * H, "4*hidden, hidden as in cx");
  THNN_(checkRecurrentBias)(bias1, 4, "bias1", 4 * H);
  THNN_(checkRecurrentBias)(bias2, 5, "bias2", 4 * H);
  /* input is written too: the activated gates replace its pre-activations */
  THNN_(checkApart)(input, 2, "input", "hidden", hidden, "bias1", bias1, "bias2", bias2, "cx",
                    cx, NULL);
  THNN_(checkApart)(hy, 7, "hy", "input", input, "hidden", hidden, "bias1", bias1, "bias2",
                    bias2, "cx", cx, "cy", cy, NULL);
  THNN_(checkApart)(cy, 8, "cy", "input", input, "hidden", hidden, "bias1", bias1, "bias2",
                    bias2, "cx", cx, NULL);
  THNN_(checkRecurrentMemory)((THTensor *[]){input, hidden, bias1, bias2, cx, hy, cy}, 7);
  /* the outputs take their sizes first: a resize that fails leaves nothing allocated */
  THTensor_(resizeAs)(hy, cx);
  THTensor_(resizeAs)(cy, cx);

  THTensor *gates = THNN_(readContiguous)(input);
  THTensor *hiddenC = THNN_(readContiguous)(hidden), *cxC = THNN_(readContiguous)(cx);
  THTensor *bias1C = THNN_(readContiguous)(bias1), *bias2C = THNN_(readContiguous)(bias2);
  THTensor *hyC = THNN_(contiguousResult)(hy, cx), *cyC = THNN_(contiguousResult)(cy, cx);
  real *gatesData = THTensor_(data)(gates), *hiddenData = THTensor_(data)(hiddenC);
  real *cxData = THTensor_(data)(cxC), *hyData = THTensor_(data)(hyC);
  real *cyData = THTensor_(data)(cyC);
  const real *b1 = THNN_(dataOrNull)(bias1C), *b2 = THNN_(dataOrNull)(bias2C);
  TH_PARALLEL_LOOP(row, batch, THNN_(recurrentWork)(batch, 4 * H),
    THNN_(LSTMFused_forwardRow)(gatesData + row * 4 * H, hiddenData + row * 4 * H, b1, b2,
                                cxData + row * H, hyData + row * H, cyData + row * H, H););
  if (gates != input)
    THTensor_(copy)(input, gates);
  THNN_(copyResultBack)(hy, hyC);
  THNN_(copyResultBack)(cy, cyC);
  THTensor_(free)(gates);
  THTensor_(free)(hiddenC);
  THTensor_(free)(cxC);
  THNN_(freeRead)(bias1C);
  THNN_(freeRead)(bias2C);
}

/* One batch row of the backward: the activated gates (4H), cx, cy, the gradients of hy and cy
 * (H) in; the gradients of the 4H pre-activations and of cx out. gradCx holds tanh(cy) until
 * each of its elements is replaced by the gradient. */
static void THNN_(LSTMFused_backwardRow)(const real *gates, const real *cx, const real *cy,
                                         const real *gradHy, const real *gradCy, real *gradGates,
                                         real *gradCx, long H) {
  const real *i = gates, *f = gates + H, *g = gates + 2 * H, *o = gates + 3 * H;
  real *gradI = gradGates, *gradF = gradGates + H, *gradG = gradGates + 2 * H,
       *gradO = gradGates + 3 * H;
  THVector_(tanh)(gradCx, cy, H);
  for (long j = 0; j < H; j++) {
    real tanhCy = gradCx[j];
    /* cy's gradient gathers its own and, through hy = o*tanh(cy), hy's */
    real gradCell = gradCy[j] + gradHy[j] * o[j] * (1 - tanhCy * tanhCy);
    gradI[j] = gradCell * g[j] * i[j] * (1 - i[j]);
    gradF[j] = gradCell * cx[j] * f[j] * (1 - f[j]);
    gradG[j] = gradCell * i[j] * (1 - g[j] * g[j]);
    gradO[j] = gradHy[j] * tanhCy * o[j] * (1 - o[j]);
    gradCx[j] = gradCell * f[j];
  }
}

void THNN_(LSTMFused_updateGradInput)(THNNState *state, THTensor *storage, THTensor *gradInGates,
                                      THTensor *cx, THTensor *cy, THTensor *gradOutput,
                                      THTensor *gradOutputCell, THTensor *gradInputCx) {
  (void)state;
  THNN_(checkRecurrentState)(cx, 4, "cx");
  long batch = cx->size[0], H = cx->size[1];
  THNN_(checkRecurrentRows)(storage, 2, "storage", batch, 4 * H,
                            "4*hidden: the activated gates, hidden as in cx");
  THNN_(checkSameSize)(cx, cy, 5, "cy");
  THNN_(checkSameSize)(cx, gradOutput, 6, "gradOutput");
  THNN_(checkSameSize)(cx, gradOutputCell, 7, "gradOutputCell");
  THNN_(checkApart)(gradInGates, 3, "gradInGates", "storage", storage, "cx", cx, "cy", cy,
                    "gradOutput", gradOutput, "gradOutputCell", gradOutputCell, "gradInputCx",
                    gradInputCx, NULL);
  THNN_(checkApart)(gradInputCx, 8, "gradInputCx", "storage", storage, "cx", cx, "cy", cy,
                    "gradOutput", gradOutput, "gradOutputCell", gradOutputCell, NULL);
  THNN_(checkRecurrentMemory)((THTensor *[]){storage, gradInGates, cx, cy, gradOutput,
                                             gradOutputCell, gradInputCx}, 7);
  THTensor_(resizeAs)(gradInGates, storage);
  THTensor_(resizeAs)(gradInputCx, cx);

  THTensor *storageC = THNN_(readContiguous)(storage), *cxC = THNN_(readContiguous)(cx);
  THTensor *cyC = THNN_(readContiguous)(cy), *gradHyC = THNN_(readContiguous)(gradOutput);
  THTensor *gradCyC = THNN_(readContiguous)(gradOutputCell);
  THTensor *gradGatesC = THNN_(contiguousResult)(gradInGates, storage);
  THTensor *gradCxC = THNN_(contiguousResult)(gradInputCx, cx);
  real *gates = THTensor_(data)(storageC), *cxData = THTensor_(data)(cxC);
  real *cyData = THTensor_(data)(cyC), *gradHy = THTensor_(data)(gradHyC);
  real *gradCy = THTensor_(data)(gradCyC), *gradGates = THTensor_(data)(gradGatesC);
  real *gradCx = THTensor_(data)(gradCxC);
  TH_PARALLEL_LOOP(row, batch, THNN_(recurrentWork)(batch, 4 * H),
    THNN_(LSTMFused_backwardRow)(gates + row * 4 * H, cxData + row * H, cyData + row * H,
                                 gradHy + row * H, gradCy + row * H, gradGates + row * 4 * H,
                                 gradCx + row * H, H););
  THNN_(copyResultBack)(gradInGates, gradGatesC);
  THNN_(copyResultBack)(gradInputCx, gradCxC);
  THTensor_(free)(storageC);
  THTensor_(free)(cxC);
  THTensor_(free)(cyC);
  THTensor_(free)(gradHyC);
  THTensor_(free)(gradCyC);
}

#endif
