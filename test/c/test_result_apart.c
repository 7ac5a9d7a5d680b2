/* Results that share memory with an input (out= a view of an input, in Python): every operation
 * that is not element-wise computes them apart and copies them in (THTensor_(resultApartFrom)), so
 * the answer is the one it gives into a fresh tensor. The cases in generic/result_apart_cases.c
 * are expanded once per dtype by TH's THGenerateAllTypes.h. */
#include <math.h>

#include "harness.h"

#include "layouts.h"

#define Case_(NAME) TH_CONCAT_4(result_apart_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/result_apart_cases.c"
#include "THGenerateAllTypes.h"

HARNESS_MAIN_PER_DTYPE(result_apart)
