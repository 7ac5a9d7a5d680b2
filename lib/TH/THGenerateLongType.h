/* Driver: expands the generic file named by TH_GENERIC_FILE once, for Long (real = long,
 * accreal = long); THGenerateIntTypes.h describes the macros. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateLongType.h"
#endif

#define real long
#define accreal long
#define Real Long
#define THInf LONG_MAX
#define TH_REAL_IS_LONG
#line 1 TH_GENERIC_FILE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_IS_LONG

/* A group driver (THGenerateIntTypes.h ...) goes on to the next dtype and ends the expansion itself. */
#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
