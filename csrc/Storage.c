/* Storage: compiles generic/Storage.c once per dtype, giving the eight storage base types. */
#include "THP.h"
#include "ByteOrder.h"

#include "generic/Storage.c"
#include <THGenerateAllTypes.h>

#include "generic/Storage.c"
#include <THGenerateHalfType.h>
