/* THStorage: a reference-counted, flat, one-dtype array, the memory under every tensor. The API is
 * written once in generic/THStorage.h and generated for all seven dtypes plus Half:
 * THFloatStorage_new, THByteStorage_resize, THHalfStorage_copyFloat...
 * On the path of `torch_early.FloatStorage(3)`: THPFloatStorage_new → THFloatStorage_newWithSize. */
#ifndef TH_STORAGE_INC
#define TH_STORAGE_INC

#include "THGeneral.h"
#include "THAllocator.h"
#include "THHalf.h"

#define THStorage TH_CONCAT_3(TH, Real, Storage)
#define THStorage_(NAME) TH_CONCAT_4(TH, Real, Storage_, NAME)

/* Storage flags. */
#define TH_STORAGE_REFCOUNTED 1 /* retain/free count references; otherwise free is a no-op */
#define TH_STORAGE_RESIZABLE 2  /* resize is allowed (not for mmap'ed or borrowed memory) */
#define TH_STORAGE_FREEMEM 4    /* the storage owns data and frees it through its allocator */
#define TH_STORAGE_VIEW 8       /* data points into `view`, which this storage keeps alive */
#define TH_STORAGE_SHRUNK 16    /* it has had fewer elements than before (resize, swap): tensors
                                 * made on it may reach past its end (see THTensorApply.h) */

/* Storages of up to this many bytes keep their elements inside the struct (see THStorage). */
#define TH_STORAGE_INLINE_BYTES 32

#include "generic/THStorage.h"
#include "THGenerateAllTypes.h"

#include "generic/THStorage.h"
#include "THGenerateHalfType.h"

#include "generic/THStorageCopy.h"
#include "THGenerateAllTypes.h"

#include "generic/THStorageCopy.h"
#include "THGenerateHalfType.h"

#endif
