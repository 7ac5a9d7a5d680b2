/* Driver: expands the generic file named by TH_GENERIC_FILE once, for Char (real = signed char,
 * accreal = long); THGenerateIntTypes.h describes the macros. Char is `signed char` on every
 * platform (plain char is unsigned on ARM), so a CharTensor always holds -128..127. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateCharType.h"
#endif

#define real signed char
#define accreal long
#define Real Char
#define THInf SCHAR_MAX
#define TH_REAL_IS_CHAR
#line 1 TH_GENERIC_FILE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_IS_CHAR

/* A group driver (THGenerateIntTypes.h ...) goes on to the next dtype and ends the expansion itself. */
#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
