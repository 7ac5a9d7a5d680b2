/* THNN's fully connected modules, expanded for Float and Double: Linear (generic/Linear.c, on
 * TH's addmm/addmv/addr), the embedding's LookupTable (generic/LookupTable.c: its backward and
 * renorm) and SparseLinear (generic/SparseLinear.c, Linear on sparse inputs).
 * On the path of a Linear layer: THNN_FloatLinear_updateOutput → THFloatTensor_addmm. */
#include <string.h>

#include "THNN.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/Linear.c"
#include "THGenerateFloatTypes.h"
#include "generic/LookupTable.c"
#include "THGenerateFloatTypes.h"
#include "generic/SparseLinear.c"
#include "THGenerateFloatTypes.h"
