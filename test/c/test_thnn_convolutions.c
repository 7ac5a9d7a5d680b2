/* THNN's other convolutions (lib/THNN/Spatial.c and Volumetric.c), for Float and Double: the
 * dilated, full (transposed), local and connection-table 2-D convolutions and the four 3-D ones.
 * The cases in generic/thnn_convolutions_cases.c compare each forward with a direct convolution
 * written as loops, each backward and parameter gradient with central differences, batches with
 * their images one by one, strided inputs with contiguous ones; every size check raises a TH
 * error. The cases in generic/thnn_convolutions_parallel_cases.c compare the unfolding ones on two
 * threads with one, and check that their workspace holds one image's columns per thread. */
#include <math.h>

#include "harness.h"
#include "THNN.h"

/* The modules under test (one kind per THNN module). */
enum {
  KIND_DILATED, KIND_FULL, KIND_LOCAL, KIND_MAP, KIND_FULL_MAP,
  KIND_VOLUMETRIC_MM, KIND_VOLUMETRIC, KIND_VOLUMETRIC_DILATED, KIND_VOLUMETRIC_FULL,
  KIND_COUNT
};

#define Case_(NAME) TH_CONCAT_4(thnn_convolutions_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_convolutions_cases.c"
#include "THGenerateFloatTypes.h"
#define TH_GENERIC_FILE "generic/thnn_convolutions_parallel_cases.c"
#include "THGenerateFloatTypes.h"

HARNESS_MAIN_TABLES(HARNESS_PER_FLOAT_TYPE(thnn_convolutions),
                    HARNESS_TABLE(thnn_convolutions_Float_parallelTests),
                    HARNESS_TABLE(thnn_convolutions_Double_parallelTests))
