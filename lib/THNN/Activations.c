/* THNN's activations (generic/<Module>.c, one file per module), expanded for Float and Double.
 * On the path of `nn.ReLU()(x)`: Threshold → THNN_FloatThreshold_updateOutput. */
#include "THNN.h"
#include "THTensorApply.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/Abs.c"
#include "THGenerateFloatTypes.h"
