/* Driver: expands the generic file named by TH_GENERIC_FILE once for each integer dtype
 * (Byte, Char, Short, Int, Long). For each one it defines
 *   real     the element type            accreal  the type sums and products accumulate in
 *   Real     the name part (THByteTensor) THInf    the largest value of real
 *   TH_REAL_IS_<TYPE>, for the few places that differ per type,
 * then includes the file again and undefines them. Char is `signed char` on every platform (plain
 * char is unsigned on ARM), so a CharTensor always holds -128..127. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateIntTypes.h"
#endif

#define real unsigned char
#define accreal long
#define Real Byte
#define THInf UCHAR_MAX
#define TH_REAL_IS_BYTE
#line 1 TH_GENERIC_FILE
#include TH_GENERIC_FILE
#undef real
#undef accreal
#undef Real
#undef THInf
#undef TH_REAL_IS_BYTE

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

/* THGenerateAllTypes.h goes on to the float types and undefines TH_GENERIC_FILE itself. */
#ifndef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
