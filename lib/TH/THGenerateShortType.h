/* Driver: expands the generic file named by TH_GENERIC_FILE once, for Short (real = short,
 * accreal = long); THGenerateIntTypes.h describes the macros. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateShortType.h"
#endif

#define real short
#define accreal long
#define Real Short
#define THInf SHRT_MAX
#define TH_REAL_IS_SHORT
#line 1 TH_GENERIC_FILE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_IS_SHORT

/* A group driver (THGenerateIntTypes.h ...) goes on to the next dtype and ends the expansion itself. */
#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
