/* THNN's fused recurrent cells (generic/LSTMFused.c, generic/GRUFused.c, with their shared
 * checks in generic/RecurrentFused.h), expanded for Float and Double.
 * On the path of `nn.LSTM(10, 20)(x)`: each time step's element-wise part is
 * THNN_FloatLSTMFused_updateOutput (torch_early/nn/_functions/rnn.py). */
#include "THNN.h"
#include "THParallel.h"
#include "THVector.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/RecurrentFused.h"
#include "THGenerateFloatTypes.h"

#include "generic/LSTMFused.c"
#include "THGenerateFloatTypes.h"

#include "generic/GRUFused.c"
#include "THGenerateFloatTypes.h"
