/* Driver: expands the generic file named by TH_GENERIC_FILE once for each integer dtype (Byte, Char,
 * Short, Int, Long), through the one-dtype drivers THGenerate<Name>Type.h. For each dtype they define
 *   real     the element type            accreal  the type sums and products accumulate in
 *   Real     the name part (THByteTensor) THInf    the largest value of real
 *   TH_REAL_IS_<TYPE>, for the few places that differ per type,
 * then include the file again and undefine them. */
#ifndef TH_GENERIC_FILE
#error "define TH_GENERIC_FILE before including THGenerateIntTypes.h"
#endif

#ifndef TH_GENERATE_MANY_TYPES /* on our own, not inside THGenerateAllTypes.h */
#define TH_GENERATE_MANY_TYPES
#define TH_GENERATE_INT_TYPES_ALONE
#endif

#include "THGenerateByteType.h"
#include "THGenerateCharType.h"
#include "THGenerateShortType.h"
#include "THGenerateIntType.h"
#include "THGenerateLongType.h"

#ifdef TH_GENERATE_INT_TYPES_ALONE
#undef TH_GENERATE_INT_TYPES_ALONE
#undef TH_GENERATE_MANY_TYPES
#undef TH_GENERIC_FILE
#endif
