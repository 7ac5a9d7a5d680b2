/* Driver: expands the generic file named by TH_GENERIC_FILE for the seven regular dtypes, in the
 * order Byte, Char, Short, Int, Long, Float, Double (Half is separate: THGenerateHalfType.h). */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateAllTypes.h"
#endif

#define TH_GENERATE_MANY_TYPES
#include "THGenerateIntTypes.h"
#include "THGenerateFloatTypes.h"
#undef TH_GENERATE_MANY_TYPES

#undef TH_GENERIC_FILE
