/* Driver: expands the generic file named by TH_GENERIC_FILE once, for Float (real = float,
 * accreal = double); THGenerateIntTypes.h describes the macros. Sums of floats accumulate in double. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateFloatType.h"
#endif

#define real float
#define accreal double
#define Real Float
#define THInf FLT_MAX
#define TH_REAL_IS_FLOAT
#line 1 TH_GENERIC_FILE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_IS_FLOAT

/* A group driver (THGenerateIntTypes.h ...) goes on to the next dtype and ends the expansion itself. */
#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
