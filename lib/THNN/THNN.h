/* THNN: the neural-network kernels, pure C over TH, for Float and Double. Every module has
 * THNN_(<Module>_updateOutput), usually THNN_(<Module>_updateGradInput), and, when it has
 * parameters, THNN_(<Module>_accGradParameters); THNN_(Abs_updateOutput) becomes
 * THNN_FloatAbs_updateOutput and THNN_DoubleAbs_updateOutput. The declarations, in the era's
 * argument order, are in generic/THNN.h; the bindings of torch_early._thnn are generated from it. */
#ifndef THNN_H
#define THNN_H

#include <stdbool.h>

#include "TH.h"

#define THNN_(NAME) TH_CONCAT_3(THNN_, Real, NAME)

/* Indices (pooling positions, class targets, lookup rows) are LongTensors. */
#define THIndexTensor THLongTensor
#define THIndexTensor_(NAME) THLongTensor_##NAME
typedef long THIndex_t;

/* Counts (LookupTable's occurrences of each row) are IntTensors. */
#define THIntegerTensor THIntTensor
#define THIntegerTensor_(NAME) THIntTensor_##NAME
typedef int THInteger_t;

/* The first argument of every entry point: unused on the CPU (callers pass NULL); the GPU
 * library of the era passed its state there, and the bindings keep the slot. */
typedef void THNNState;

#include "generic/THNN.h"
#include "THGenerateFloatTypes.h"

#endif
