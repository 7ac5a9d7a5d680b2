/* Driver: expands the generic file named by TH_GENERIC_FILE for Float and Double, through
 * THGenerateFloatType.h and THGenerateDoubleType.h (THGenerateIntTypes.h describes the macros). */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateFloatTypes.h"
#endif

#ifndef TH_GENERATE_MANY_TYPES /* on our own, not inside THGenerateAllTypes.h */
#define TH_GENERATE_MANY_TYPES
#define TH_GENERATE_FLOAT_TYPES_ALONE
#endif

#include "THGenerateFloatType.h"
#include "THGenerateDoubleType.h"

#ifdef TH_GENERATE_FLOAT_TYPES_ALONE
#undef TH_GENERATE_FLOAT_TYPES_ALONE
#undef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
