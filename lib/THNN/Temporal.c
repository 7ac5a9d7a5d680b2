/* THNN's 1-D modules over sequences (frames x features), expanded for Float and Double: the
 * temporal convolution, pooling and subsampling, one generic file each. */
#include "THNN.h"

#include "generic/THNNChecks.h"
#include "THGenerateFloatTypes.h"

/* the temporal modules */
