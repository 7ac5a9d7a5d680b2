/* The THNN LSTMFused and GRUFused cases for one float type (expanded by test_thnn_recurrent.c
 * through THGenerateFloatTypes.h). Gates are batch x (gates * hidden), each gate's hidden
 * elements contiguous, in the order i, f, g, o (LSTM) or r, z, n (GRU). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_recurrent_cases.c"
#else

#include "thnn_helpers.c"

static const long Case_(batches)[2] = {1, 3}, Case_(hiddens)[3] = {1, 5, 17};

static double Case_(sigmoid)(double x) {
  return 1 / (1 + exp(-x));
}

/* The element-wise tolerance of a forward against the equations in double. */
static double Case_(tolerance)(void) {
#if defined(TH_REAL_IS_FLOAT)
  return 2e-6;
#else
  return 1e-13;
#endif
}

/* Element j of an optional bias (0 without one). */
static double Case_(biasAt)(THTensor *bias, long j) {
  return bias ? THTensor_(data)(bias)[j] : 0;
}

/* ---- LSTM ---- */

/* The operands of one LSTM step: gate pre-activations, cell state, optional biases. */
typedef struct {
  THTensor *hidden, *cx, *bias1, *bias2;
  THTensor *scratch;           /* the forward's copy of the input, which it overwrites */
  THTensor *cy;                /* written by the forward */
} Case_(Lstm);

static Case_(Lstm) Case_(newLstm)(long batch, long H, bool withBias) {
  Case_(Lstm) m;
  m.hidden = Case_(valuesOf)(2, (long[]){batch, 4 * H}, 11);
  m.cx = Case_(valuesOf)(2, (long[]){batch, H}, 23);
  m.bias1 = withBias ? Case_(valuesOf)(1, (long[]){4 * H}, 31) : NULL;
  m.bias2 = withBias ? Case_(valuesOf)(1, (long[]){4 * H}, 47) : NULL;
  m.scratch = THTensor_(new)();
  m.cy = THTensor_(new)();
  return m;
}

static void Case_(freeLstm)(Case_(Lstm) m) {
  THTensor *tensors[] = {m.hidden, m.cx, m.bias1, m.bias2, m.scratch, m.cy};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    if (tensors[k])
      THTensor_(free)(tensors[k]);
}

/* output = hy next to cy (batch x 2H), from a copy of input (the kernel overwrites its input). */
static void Case_(lstmForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Lstm) *m = context;
  long batch = m->cx->size[0], H = m->cx->size[1];
  THTensor_(resizeAs)(m->scratch, input);
  THTensor_(copy)(m->scratch, input);
  THTensor *hy = THTensor_(new)();
  THNN_(LSTMFused_updateOutput)(NULL, m->scratch, m->hidden, m->bias1, m->bias2, m->cx, hy,
                                m->cy);
  THTensor_(resize2d)(output, batch, 2 * H);
  THTensor *left = THTensor_(newNarrow)(output, 1, 0, H);
  THTensor *right = THTensor_(newNarrow)(output, 1, H, H);
  THTensor_(copy)(left, hy);
  THTensor_(copy)(right, m->cy);
  THTensor_(free)(left);
  THTensor_(free)(right);
  THTensor_(free)(hy);
}

/* The LSTM equations for element (b, j), in double: the activated gates and cy, hy. */
static void Case_(lstmReference)(THTensor *input, Case_(Lstm) *m, long b, long j, double gates[4],
                                 double *cy, double *hy) {
  long H = m->cx->size[1];
  for (int k = 0; k < 4; k++) {
    long column = k * H + j;
    double pre = THTensor_(get2d)(input, b, column) + THTensor_(get2d)(m->hidden, b, column) +
                 Case_(biasAt)(m->bias1, column) + Case_(biasAt)(m->bias2, column);
    gates[k] = k == 2 ? tanh(pre) : Case_(sigmoid)(pre);
  }
  *cy = gates[1] * THTensor_(get2d)(m->cx, b, j) + gates[0] * gates[2];
  *hy = gates[3] * tanh(*cy);
}

static void Case_(checkLstmForward)(long batch, long H, bool withBias) {
  Case_(Lstm) m = Case_(newLstm)(batch, H, withBias);
  THTensor *input = Case_(valuesOf)(2, (long[]){batch, 4 * H}, 5);
  THTensor *storage = THTensor_(newClone)(input), *hy = THTensor_(new)(), *cy = THTensor_(new)();
  THNN_(LSTMFused_updateOutput)(NULL, storage, m.hidden, m.bias1, m.bias2, m.cx, hy, cy);
  CHECK(THTensor_(isSameSizeAs)(hy, m.cx) && THTensor_(isSameSizeAs)(cy, m.cx));
  double worst = 0;
  for (long b = 0; b < batch; b++)
    for (long j = 0; j < H; j++) {
      double gates[4], cyExpected, hyExpected;
      Case_(lstmReference)(input, &m, b, j, gates, &cyExpected, &hyExpected);
      worst = fmax(worst, fabs(THTensor_(get2d)(cy, b, j) - cyExpected));
      worst = fmax(worst, fabs(THTensor_(get2d)(hy, b, j) - hyExpected));
      for (int k = 0; k < 4; k++)      /* the activated gates, left for the backward */
        worst = fmax(worst, fabs(THTensor_(get2d)(storage, b, k * H + j) - gates[k]));
    }
  CHECK(worst < Case_(tolerance)());
  THTensor_(free)(input);
  THTensor_(free)(storage);
  THTensor_(free)(hy);
  THTensor_(free)(cy);
  Case_(freeLstm)(m);
}

TEST(Case_(lstm_forward_follows_the_gate_equations)) {
  for (int b = 0; b < 2; b++)
    for (int h = 0; h < 3; h++)
      for (int withBias = 0; withBias < 2; withBias++)
        Case_(checkLstmForward)(Case_(batches)[b], Case_(hiddens)[h], withBias);
}

/* The gradients of the pre-activations (input's and hidden's are the same) and of cx against
 * central differences of hy and cy together. */
static void Case_(checkLstmBackward)(long batch, long H) {
  Case_(Lstm) m = Case_(newLstm)(batch, H, true);
  THTensor *input = Case_(valuesOf)(2, (long[]){batch, 4 * H}, 5);
  THTensor *output = THTensor_(new)();
  Case_(lstmForward)(input, output, &m);
  THTensor *storage = THTensor_(newClone)(m.scratch), *cy = THTensor_(newClone)(m.cy);
  THTensor *gradOutput = Case_(valuesOf)(2, (long[]){batch, 2 * H}, 59);
  THTensor *gradHyView = THTensor_(newNarrow)(gradOutput, 1, 0, H);
  THTensor *gradHy = THTensor_(newContiguous)(gradHyView);
  THTensor *gradCy = THTensor_(newNarrow)(gradOutput, 1, H, H);   /* read strided */
  THTensor *gradGates = THTensor_(new)(), *gradCx = THTensor_(new)();
  THNN_(LSTMFused_updateGradInput)(NULL, storage, gradGates, m.cx, cy, gradHy, gradCy, gradCx);
  CHECK(Case_(gradientError)(Case_(lstmForward), &m, input, gradOutput, gradGates) < 1e-7);
  CHECK(Case_(gradientErrorOf)(Case_(lstmForward), &m, input, m.hidden, gradOutput,
                               gradGates) < 1e-7);
  CHECK(Case_(gradientErrorOf)(Case_(lstmForward), &m, input, m.cx, gradOutput, gradCx) < 1e-7);
  THTensor *tensors[] = {input, output, storage, cy, gradOutput, gradHyView, gradHy, gradCy,
                         gradGates, gradCx};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
  Case_(freeLstm)(m);
}

TEST(Case_(lstm_backward_matches_central_differences)) {
  for (int b = 0; b < 2; b++)
    for (int h = 0; h < 3; h++)
      Case_(checkLstmBackward)(Case_(batches)[b], Case_(hiddens)[h]);
}

/* ---- GRU ---- */

typedef struct {
  THTensor *hidden, *hx, *bias1, *bias2, *storage;
} Case_(Gru);

static Case_(Gru) Case_(newGru)(long batch, long H, bool withBias) {
  Case_(Gru) m;
  m.hidden = Case_(valuesOf)(2, (long[]){batch, 3 * H}, 13);
  m.hx = Case_(valuesOf)(2, (long[]){batch, H}, 29);
  m.bias1 = withBias ? Case_(valuesOf)(1, (long[]){3 * H}, 37) : NULL;
  m.bias2 = withBias ? Case_(valuesOf)(1, (long[]){3 * H}, 41) : NULL;
  m.storage = THTensor_(new)();
  return m;
}

static void Case_(freeGru)(Case_(Gru) m) {
  THTensor *tensors[] = {m.hidden, m.hx, m.bias1, m.bias2, m.storage};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    if (tensors[k])
      THTensor_(free)(tensors[k]);
}

static void Case_(gruForward)(THTensor *input, THTensor *output, void *context) {
  Case_(Gru) *m = context;
  THNN_(GRUFused_updateOutput)(NULL, input, m->hidden, m->bias1, m->bias2, m->hx, output,
                               m->storage);
}

static void Case_(checkGruForward)(long batch, long H, bool withBias) {
  Case_(Gru) m = Case_(newGru)(batch, H, withBias);
  THTensor *input = Case_(valuesOf)(2, (long[]){batch, 3 * H}, 7);
  THTensor *before = THTensor_(newClone)(input), *hy = THTensor_(new)();
  Case_(gruForward)(input, hy, &m);
  CHECK(THTensor_(isSameSizeAs)(hy, m.hx));
  CHECK(m.storage->nDimension == 2 && m.storage->size[0] == batch &&
        m.storage->size[1] == 5 * H);
  double worst = Case_(maxDifference)(input, before);   /* the input is only read */
  for (long b = 0; b < batch; b++)
    for (long j = 0; j < H; j++) {
      double pre[3], hidden[3];
      for (int k = 0; k < 3; k++) {
        pre[k] = THTensor_(get2d)(input, b, k * H + j) + Case_(biasAt)(m.bias1, k * H + j);
        hidden[k] = THTensor_(get2d)(m.hidden, b, k * H + j) + Case_(biasAt)(m.bias2, k * H + j);
      }
      double r = Case_(sigmoid)(pre[0] + hidden[0]), z = Case_(sigmoid)(pre[1] + hidden[1]);
      double n = tanh(pre[2] + r * hidden[2]), hx = THTensor_(get2d)(m.hx, b, j);
      double kept[5] = {r, z, n, hx, hidden[2]};
      worst = fmax(worst, fabs(THTensor_(get2d)(hy, b, j) - ((1 - z) * n + z * hx)));
      for (int k = 0; k < 5; k++)
        worst = fmax(worst, fabs(THTensor_(get2d)(m.storage, b, k * H + j) - kept[k]));
    }
  CHECK(worst < Case_(tolerance)());
  THTensor_(free)(input);
  THTensor_(free)(before);
  THTensor_(free)(hy);
  Case_(freeGru)(m);
}

TEST(Case_(gru_forward_follows_the_gate_equations)) {
  for (int b = 0; b < 2; b++)
    for (int h = 0; h < 3; h++)
      for (int withBias = 0; withBias < 2; withBias++)
        Case_(checkGruForward)(Case_(batches)[b], Case_(hiddens)[h], withBias);
}

static void Case_(checkGruBackward)(long batch, long H) {
  Case_(Gru) m = Case_(newGru)(batch, H, true);
  THTensor *input = Case_(valuesOf)(2, (long[]){batch, 3 * H}, 7), *hy = THTensor_(new)();
  Case_(gruForward)(input, hy, &m);
  THTensor *storage = THTensor_(newClone)(m.storage);
  THTensor *gradHy = Case_(valuesOf)(2, (long[]){batch, H}, 61);
  THTensor *gradInput = THTensor_(new)(), *gradHidden = THTensor_(new)();
  THTensor *gradHx = THTensor_(new)();
  THNN_(GRUFused_updateGradInput)(NULL, gradInput, gradHidden, gradHy, gradHx, storage);
  CHECK(Case_(gradientError)(Case_(gruForward), &m, input, gradHy, gradInput) < 1e-7);
  CHECK(Case_(gradientErrorOf)(Case_(gruForward), &m, input, m.hidden, gradHy, gradHidden) <
        1e-7);
  CHECK(Case_(gradientErrorOf)(Case_(gruForward), &m, input, m.hx, gradHy, gradHx) < 1e-7);
  THTensor *tensors[] = {input, hy, storage, gradHy, gradInput, gradHidden, gradHx};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
  Case_(freeGru)(m);
}

TEST(Case_(gru_backward_matches_central_differences)) {
  for (int b = 0; b < 2; b++)
    for (int h = 0; h < 3; h++)
      Case_(checkGruBackward)(Case_(batches)[b], Case_(hiddens)[h]);
}

/* ---- Layouts and errors ---- */

/* Transposed operands (read through copies, written back into the caller's views) give the
 * results of contiguous ones, exactly. */
TEST(Case_(transposed_operands_give_the_same_results)) {
  long batch = 3, H = 5;
  Case_(Lstm) m = Case_(newLstm)(batch, H, false);
  THTensor *input = Case_(valuesOf)(2, (long[]){batch, 4 * H}, 5);
  THTensor *storage = THTensor_(newClone)(input), *hy = THTensor_(new)(), *cy = THTensor_(new)();
  THNN_(LSTMFused_updateOutput)(NULL, storage, m.hidden, NULL, NULL, m.cx, hy, cy);
  THTensor *base = Case_(valuesOf)(2, (long[]){4 * H, batch}, 1);
  THTensor *strided = THTensor_(newTranspose)(base, 0, 1);
  THTensor_(copy)(strided, input);
  THTensor *hyBase = THTensor_(newWithSize2d)(H, batch);
  THTensor *hyStrided = THTensor_(newTranspose)(hyBase, 0, 1), *cy2 = THTensor_(new)();
  THNN_(LSTMFused_updateOutput)(NULL, strided, m.hidden, NULL, NULL, m.cx, hyStrided, cy2);
  CHECK(Case_(maxDifference)(strided, storage) == 0);
  CHECK(Case_(maxDifference)(hyStrided, hy) == 0);
  CHECK(Case_(maxDifference)(cy2, cy) == 0);
  THTensor *tensors[] = {input, storage, hy, cy, base, strided, hyBase, hyStrided, cy2};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
  Case_(freeLstm)(m);
}

TEST(Case_(sizes_and_aliasing_are_checked)) {
  THTensor *g8 = Case_(valuesOf)(2, (long[]){2, 8}, 1), *g9 = Case_(valuesOf)(2, (long[]){2, 9}, 1);
  THTensor *g6 = Case_(valuesOf)(2, (long[]){2, 6}, 1), *s2 = Case_(valuesOf)(2, (long[]){2, 2}, 1);
  THTensor *v7 = Case_(valuesOf)(1, (long[]){7}, 1), *v4 = Case_(valuesOf)(1, (long[]){4}, 1);
  THTensor *s23 = Case_(valuesOf)(2, (long[]){2, 3}, 1);
  THTensor *g10 = Case_(valuesOf)(2, (long[]){2, 10}, 1);
  THTensor *h8 = Case_(valuesOf)(2, (long[]){2, 8}, 2);
  THTensor *out1 = THTensor_(new)(), *out2 = THTensor_(new)(), *out3 = THTensor_(new)();
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g9, g8, NULL, NULL, s2, out1, out2),
                  "input should be of size 2x8 (batch x 4*hidden, hidden as in cx), but got "
                  "size 2x9");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g8, g8, NULL, NULL, v4, out1, out2),
                  "cx should be a 2-D batch x hidden tensor, but got size 4");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g8, g6, NULL, NULL, s2, out1, out2),
                  "hidden should be of size 2x8");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g8, g9, NULL, NULL, s2, out1, out2),
                  "hidden should be of size 2x8");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g8, g8, v7, NULL, s2, out1, out2),
                  "bias1 should have 8 elements (one per gate element), but got size 7");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g8, g8, NULL, NULL, s2, out1, out2),
                  "input should not share memory with hidden");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g8, h8, NULL, NULL, s2, out1, s2),
                  "cy should not share memory with cx");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, g8, h8, NULL, NULL, s2, out1, out1),
                  "hy should not share memory with cy");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateGradInput)(NULL, g8, out1, s2, s23, s2, s2, out2),
                  "cy should be of size 2x2, but got size 2x3");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateGradInput)(NULL, g6, out1, s2, s2, s2, s2, out2),
                  "storage should be of size 2x8");
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateGradInput)(NULL, g8, out1, s2, s2, s2, s2, s2),
                  "gradInputCx should not share memory with cx");
  EXPECT_TH_ERROR(THNN_(GRUFused_updateOutput)(NULL, g8, g6, NULL, NULL, s2, out1, out2),
                  "input should be of size 2x6 (batch x 3*hidden, hidden as in hx), but got "
                  "size 2x8");
  EXPECT_TH_ERROR(THNN_(GRUFused_updateOutput)(NULL, g6, g6, NULL, v7, s2, out1, out2),
                  "bias2 should have 6 elements");
  EXPECT_TH_ERROR(THNN_(GRUFused_updateOutput)(NULL, g6, g6, NULL, NULL, s2, out1, g6),
                  "storage should not share memory with input");
  EXPECT_TH_ERROR(THNN_(GRUFused_updateGradInput)(NULL, out1, out2, s2, out3, g8),
                  "storage should be of size 2x10 (batch x 5*hidden: r, z, n, hx, h_n, hidden "
                  "as in gradOutput), but got size 2x8");
  EXPECT_TH_ERROR(THNN_(GRUFused_updateGradInput)(NULL, out1, out1, s2, out3, g10),
                  "gradInInput should not share memory with gradInHidden");
  EXPECT_TH_ERROR(THNN_(GRUFused_updateGradInput)(NULL, out1, out2, v4, out3, g8),
                  "gradOutput should be a 2-D batch x hidden tensor, but got size 4");
  THTensor *tensors[] = {g8, g9, g6, s2, v7, v4, s23, g10, h8, out1, out2,
                         out3};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
}

/* A tensor whose storage shrank under it is refused before anything is allocated or written. */
TEST(Case_(tensors_outside_their_storage_are_refused)) {
  THTensor *input = Case_(valuesOf)(2, (long[]){2, 8}, 1);
  THTensor *hidden = Case_(valuesOf)(2, (long[]){2, 8}, 2);
  THTensor *state = Case_(valuesOf)(2, (long[]){2, 2}, 3), *out1 = THTensor_(new)();
  THTensor *out2 = THTensor_(new)();
  THStorage_(resize)(state->storage, 1);
  EXPECT_TH_ERROR(THNN_(LSTMFused_updateOutput)(NULL, input, hidden, NULL, NULL, state, out1,
                                                out2),
                  "storage elements, but its storage has 1");
  THTensor *gru = THTensor_(newNarrow)(input, 1, 0, 6);
  THTensor *gruHidden = THTensor_(newNarrow)(hidden, 1, 0, 6);
  EXPECT_TH_ERROR(THNN_(GRUFused_updateOutput)(NULL, gru, gruHidden, NULL, NULL, state, out1,
                                               out2),
                  "storage elements, but its storage has 1");
  CHECK(out1->nDimension == 0 && out2->nDimension == 0);
  THTensor *tensors[] = {input, hidden, state, out1, out2, gru, gruHidden};
  for (size_t k = 0; k < sizeof(tensors) / sizeof(tensors[0]); k++)
    THTensor_(free)(tensors[k]);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(lstm_forward_follows_the_gate_equations)),
  TEST_ENTRY(Case_(lstm_backward_matches_central_differences)),
  TEST_ENTRY(Case_(gru_forward_follows_the_gate_equations)),
  TEST_ENTRY(Case_(gru_backward_matches_central_differences)),
  TEST_ENTRY(Case_(transposed_operands_give_the_same_results)),
  TEST_ENTRY(Case_(sizes_and_aliasing_are_checked)),
  TEST_ENTRY(Case_(tensors_outside_their_storage_are_refused)),
};

#endif
