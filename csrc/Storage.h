/* Storage: declarations of the per-dtype storage types (torch_early._C.FloatStorageBase ...),
 * expanded from generic/Storage.h for the seven regular dtypes and Half. */
#ifndef THP_STORAGE_H
#define THP_STORAGE_H

#include "generic/Storage.h"
#include <THGenerateAllTypes.h>

#include "generic/Storage.h"
#include <THGenerateHalfType.h>

#endif
