/* GRUFused: the element-wise part of one GRU step, after the two matrix products (the era's
 * THCUNN kernel of the same name, on the CPU). input = x*W_ih^T and hidden = h*W_hh^T are
 * batch x 3H gate pre-activations in the order r, z, n (generic/RecurrentFused.h); with the
 * optional biases b1 (of input) and b2 (of hidden), 3H each,
 *     r = sigmoid(i_r + b1_r + h_r + b2_r), z = sigmoid(i_z + b1_z + h_z + b2_z),
 *     n = tanh(i_n + b1_n + r * (h_n + b2_n)),  hy = (1 - z)*n + z*hx, computed as n + z*(hx - n).
 * `storage` (batch x 5H) keeps what the backward needs, per row: r, z, n, hx, h_n + b2_n. The
 * backward gives the gradients of both sets of pre-activations (they differ only in the n part,
 * whose hidden share is multiplied by r) and hy's direct share of hx's gradient (z times hy's;
 * the caller adds what flows back through hidden = hx*W_hh^T). Rows in parallel. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/GRUFused.c"
#else

/* One batch row: input and hidden (3H), the biases (3H or NULL), hx (H) in; hy (H) and the
 * row's storage (5H) out. */
static void THNN_(GRUFused_forwardRow)(const real *input, const real *hidden, const real *bias1,
                                       const real *bias2, const real *hx, real *hy, real *store,
                                       long H) {
  real *r = store, *z = store + H, *n = store + 2 * H, *hxKept = store + 3 * H,
       *hiddenN = store + 4 * H;
  for (long j = 0; j < 2 * H; j++)           /* r and z: both products and both biases */
    r[j] = input[j] + hidden[j];
  THNN_(addBias)(r, bias1, 2 * H);
  THNN_(addBias)(r, bias2, 2 * H);
  THVector_(sigmoid)(r, r, 2 * H);
  for (long j = 0; j < H; j++) {
    hiddenN[j] = hidden[2 * H + j] + (bias2 ? bias2[2 * H + j] : 0);
    n[j] = input[2 * H + j] + (bias1 ? bias1[2 * H + j] : 0) + r[j] * hiddenN[j];
  }
  THVector_(tanh)(n, n, H);
  for (long j = 0; j < H; j++) {
    hxKept[j] = hx[j];
    hy[j] = n[j] + z[j] * (hx[j] - n[j]);
  }
}

void THNN_(GRUFused_updateOutput)(THNNState *state, THTensor *input, THTensor *hidden,
                                  THTensor *bias1, THTensor *bias2, THTensor *hx, THTensor *hy,
                                  THTensor *storage) {
  (void)state;
  THNN_(checkRecurrentState)(hx, 6, "hx");
  long batch = hx->size[0], H = hx->size[1];
  THNN_(checkRecurrentRows)(input, 2, "input", batch, 3 * H, "3*hidden, hidden as in hx");
  THNN_(checkRecurrentRows)(hidden, 3, "hidden", batch, 3 * H, "3*hidden, hidden as in hx");
  THNN_(checkRecurrentBias)(bias1, 4, "bias1", 3 * H);
  THNN_(checkRecurrentBias)(bias2, 5, "bias2", 3 * H);
  THNN_(checkApart)(hy, 7, "hy", "input", input, "hidden", hidden, "bias1", bias1, "bias2",
                    bias2, "hx", hx, "storage", storage, NULL);
  THNN_(checkApart)(storage, 8, "storage", "input", input, "hidden", hidden, "bias1", bias1,
                    "bias2", bias2, "hx", hx, NULL);
  THNN_(checkRecurrentMemory)((THTensor *[]){input, hidden, bias1, bias2, hx, hy, storage}, 7);
  /* the outputs take their sizes first: a resize that fails leaves nothing allocated; storage
   * is filled through its data pointer, so it is laid out anew, contiguous */
  THTensor_(resizeAs)(hy, hx);
  long storageSize[2] = {batch, 5 * H};
  THNN_(resizeBuffer)(storage, 2, storageSize);

  THTensor *inputC = THNN_(readContiguous)(input), *hiddenC = THNN_(readContiguous)(hidden);
  THTensor *hxC = THNN_(readContiguous)(hx);
  THTensor *bias1C = THNN_(readContiguous)(bias1), *bias2C = THNN_(readContiguous)(bias2);
  THTensor *hyC = THNN_(contiguousResult)(hy, hx);
  real *inputData = THTensor_(data)(inputC), *hiddenData = THTensor_(data)(hiddenC);
  real *hxData = THTensor_(data)(hxC), *hyData = THTensor_(data)(hyC);
  real *store = THTensor_(data)(storage);
  const real *b1 = THNN_(dataOrNull)(bias1C), *b2 = THNN_(dataOrNull)(bias2C);
  TH_PARALLEL_LOOP(row, batch, THNN_(recurrentWork)(batch, 3 * H),
    THNN_(GRUFused_forwardRow)(inputData + row * 3 * H, hiddenData + row * 3 * H, b1, b2,
                               hxData + row * H, hyData + row * H, store + row * 5 * H, H););
  THNN_(copyResultBack)(hy, hyC);
  THTensor_(free)(inputC);
  THTensor_(free)(hiddenC);
  THTensor_(free)(hxC);
  THNN_(freeRead)(bias1C);
  THNN_(freeRead)(bias2C);
}

/* One batch row of the backward: hy's gradient (H) and the row's storage (5H) in; the gradients
 * of the input's and the hidden's pre-activations (3H each) and hx's direct share (H) out. */
static void THNN_(GRUFused_backwardRow)(const real *gradHy, const real *store, real *gradInput,
                                        real *gradHidden, real *gradHx, long H) {
  const real *r = store, *z = store + H, *n = store + 2 * H, *hx = store + 3 * H,
             *hiddenN = store + 4 * H;
  for (long j = 0; j < H; j++) {
    real grad = gradHy[j];
    real gradN = grad * (1 - z[j]) * (1 - n[j] * n[j]);
    real gradZ = grad * (hx[j] - n[j]) * z[j] * (1 - z[j]);
    real gradR = gradN * hiddenN[j] * r[j] * (1 - r[j]);
    gradInput[j] = gradR;
    gradInput[H + j] = gradZ;
    gradInput[2 * H + j] = gradN;
    gradHidden[j] = gradR;
    gradHidden[H + j] = gradZ;
    gradHidden[2 * H + j] = gradN * r[j];
    gradHx[j] = grad * z[j];
  }
}

void THNN_(GRUFused_updateGradInput)(THNNState *state, THTensor *gradInInput,
                                     THTensor *gradInHidden, THTensor *gradOutput,
                                     THTensor *gradInputHx, THTensor *storage) {
  (void)state;
  THNN_(checkRecurrentState)(gradOutput, 4, "gradOutput");
  long batch = gradOutput->size[0], H = gradOutput->size[1];
  THNN_(checkRecurrentRows)(storage, 6, "storage", batch, 5 * H,
                            "5*hidden: r, z, n, hx, h_n, hidden as in gradOutput");
  THNN_(checkApart)(gradInInput, 2, "gradInInput", "gradInHidden", gradInHidden, "gradOutput",
                    gradOutput, "gradInputHx", gradInputHx, "storage", storage, NULL);
  THNN_(checkApart)(gradInHidden, 3, "gradInHidden", "gradOutput", gradOutput, "gradInputHx",
                    gradInputHx, "storage", storage, NULL);
  THNN_(checkApart)(gradInputHx, 5, "gradInputHx", "gradOutput", gradOutput, "storage", storage,
                    NULL);
  THNN_(checkRecurrentMemory)((THTensor *[]){gradInInput, gradInHidden, gradOutput,
                                             gradInputHx, storage}, 5);
  THTensor_(resize2d)(gradInInput, batch, 3 * H);
  THTensor_(resize2d)(gradInHidden, batch, 3 * H);
  THTensor_(resizeAs)(gradInputHx, gradOutput);

  THTensor *gradHyC = THNN_(readContiguous)(gradOutput);
  THTensor *storageC = THNN_(readContiguous)(storage);
  THTensor *gradInputC = THNN_(contiguousResult)(gradInInput, gradInInput);
  THTensor *gradHiddenC = THNN_(contiguousResult)(gradInHidden, gradInHidden);
  THTensor *gradHxC = THNN_(contiguousResult)(gradInputHx, gradOutput);
  real *gradHy = THTensor_(data)(gradHyC), *store = THTensor_(data)(storageC);
  real *gradInput = THTensor_(data)(gradInputC), *gradHidden = THTensor_(data)(gradHiddenC);
  real *gradHx = THTensor_(data)(gradHxC);
  TH_PARALLEL_LOOP(row, batch, THNN_(recurrentWork)(batch, 3 * H),
    THNN_(GRUFused_backwardRow)(gradHy + row * H, store + row * 5 * H, gradInput + row * 3 * H,
                                gradHidden + row * 3 * H, gradHx + row * H, H););
  THNN_(copyResultBack)(gradInInput, gradInputC);
  THNN_(copyResultBack)(gradInHidden, gradHiddenC);
  THNN_(copyResultBack)(gradInputHx, gradHxC);
  THTensor_(free)(gradHyC);
  THTensor_(free)(storageC);
}

#endif
