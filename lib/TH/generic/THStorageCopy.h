/* Copies into a storage, from raw memory or from a storage of any dtype (the element counts must
 * be equal). Expanded once per dtype by THStorage.h. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THStorageCopy.h"
#else

/* Copies self->size elements from src. */
TH_API void THStorage_(rawCopy)(THStorage *self, real *src);
TH_API void THStorage_(copy)(THStorage *self, THStorage *src);
TH_API void THStorage_(copyByte)(THStorage *self, THByteStorage *src);
TH_API void THStorage_(copyChar)(THStorage *self, THCharStorage *src);
TH_API void THStorage_(copyShort)(THStorage *self, THShortStorage *src);
TH_API void THStorage_(copyInt)(THStorage *self, THIntStorage *src);
TH_API void THStorage_(copyLong)(THStorage *self, THLongStorage *src);
TH_API void THStorage_(copyFloat)(THStorage *self, THFloatStorage *src);
TH_API void THStorage_(copyDouble)(THStorage *self, THDoubleStorage *src);
TH_API void THStorage_(copyHalf)(THStorage *self, THHalfStorage *src);

#endif
