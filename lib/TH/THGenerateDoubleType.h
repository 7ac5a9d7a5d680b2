/* Driver: expands the generic file named by TH_GENERIC_FILE once, for Double (real = double,
 * accreal = double); THGenerateIntTypes.h describes the macros. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateDoubleType.h"
#endif

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

/* A group driver (THGenerateIntTypes.h ...) goes on to the next dtype and ends the expansion itself. */
#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
