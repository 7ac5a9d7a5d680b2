/* lib/THS, for every dtype: sparse tensors made from indices and values, coalesced (contiguous),
 * transposed and turned dense, and their math with dense tensors (spcadd, spaddmm, spmm,
 * sspaddmm, sspmm), each against a dense reference; and the errors of bad arguments. The cases in
 * generic/sparse_cases.c are expanded once per dtype by TH's THGenerateAllTypes.h, giving tests
 * named sparse_Float_..., sparse_Byte_... */
#include "harness.h"
#include "THS.h"

#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(sparse_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/sparse_cases.c"
#include "THGenerateAllTypes.h"

HARNESS_MAIN_PER_DTYPE(sparse)
