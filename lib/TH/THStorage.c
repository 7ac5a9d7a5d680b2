/* THStorage: the storage functions of every dtype, made by expanding generic/THStorage.c and
 * generic/THStorageCopy.c for the seven regular dtypes and Half.
 * On the path of `torch_early.FloatStorage(3)`: THPFloatStorage_new → THFloatStorage_newWithSize. */
#include "THStorage.h"
#include "THAtomic.h"

#include "generic/THStorage.c"
#include "THGenerateAllTypes.h"

#include "generic/THStorage.c"
#include "THGenerateHalfType.h"

#include "generic/THStorageCopy.c"
#include "THGenerateAllTypes.h"

#include "generic/THStorageCopy.c"
#include "THGenerateHalfType.h"
