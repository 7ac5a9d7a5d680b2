/* Driver: expands the generic file named by TH_GENERIC_FILE for Float and Double (the macros it
 * defines are described in THGenerateIntTypes.h). Sums of floats accumulate in double. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateFloatTypes.h"
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

#define real double
#define accreal double
#define Real Double
#define THInf DBL_MAX
#define TH_REAL_IS_DOUBLE
#line 1 TH_GENERIC_FILE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_IS_DOUBLE

#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
