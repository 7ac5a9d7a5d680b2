/* THNN's criteria (generic/<Module>.c, one file per loss), expanded for Float and Double. Each
 * updateOutput writes the loss into a 1-element output; each updateGradInput writes the gradient of
 * that loss with respect to input (gradOutput is the caller's to multiply in).
 * On the path of `nn.NLLLoss()(x, t)`: ClassNLLCriterion →
 * THNN_FloatClassNLLCriterion_updateOutput.
 * <tgmath.h> makes exp, log, log1p... the float functions on float arguments. */
#include <tgmath.h>

#include "THNN.h"
#include "THNNElementwise.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

#include "generic/AbsCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/BCECriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/ClassNLLCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/SpatialClassNLLCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/DistKLDivCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/L1Cost.c"
#include "THGenerateFloatTypes.h"
#include "generic/MarginCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/SoftMarginCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/MSECriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/MultiLabelMarginCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/MultiMarginCriterion.c"
#include "THGenerateFloatTypes.h"
#include "generic/SmoothL1Criterion.c"
#include "THGenerateFloatTypes.h"
