/* Driver: expands the generic file named by TH_GENERIC_FILE once, for Int (real = int,
 * accreal = long); THGenerateIntTypes.h describes the macros. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateIntType.h"
#endif

#define real int
#define accreal long
#define Real Int
#define THInf INT_MAX
#define TH_REAL_IS_INT
#line 1 TH_GENERIC_FILE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_IS_INT

/* A group driver (THGenerateIntTypes.h ...) goes on to the next dtype and ends the expansion itself. */
#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
