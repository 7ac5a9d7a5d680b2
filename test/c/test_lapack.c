/* THTensorLapack, for Float and Double: the cases in generic/lapack_cases.c are expanded by TH's
 * THGenerateFloatTypes.h, giving tests named lapack_Float_gesv_..., lapack_Double_.... Built
 * without LAPACK (run.py --no-blas), only the check that every function says so runs. */
#include <math.h>

#include "harness.h"

#define Case_(NAME) TH_CONCAT_4(lapack_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/lapack_cases.c"
#include "THGenerateFloatTypes.h"

#ifdef USE_LAPACK
HARNESS_MAIN_TABLES(HARNESS_TABLE(lapack_Float_tests), HARNESS_TABLE(lapack_Double_tests))
#else
HARNESS_MAIN_TABLES(HARNESS_TABLE(lapack_Float_testsWithoutLapack),
                    HARNESS_TABLE(lapack_Double_testsWithoutLapack))
#endif
