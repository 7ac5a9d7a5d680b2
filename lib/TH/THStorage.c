/* THStorage: the storage functions of every dtype, made by expanding generic/THStorage.c and
 * generic/THStorageCopy.c for the seven regular dtypes and Half.
 * On the path of `torch_early.FloatStorage(3)`: THPFloatStorage_new → THFloatStorage_newWithSize. */
#include "THStorage.h"
#include "THAtomic.h"

#include <pthread.h>

/* Guards every storage's list of views: a view may be freed on any thread. */
static pthread_mutex_t THStorage_viewsLock = PTHREAD_MUTEX_INITIALIZER;

#include "generic/THStorage.c"
#include "THGenerateAllTypes.h"

#include "generic/THStorage.c"
#include "THGenerateHalfType.h"

#include "generic/THStorageCopy.c"
#include "THGenerateAllTypes.h"

#include "generic/THStorageCopy.c"
#include "THGenerateHalfType.h"
