/* The storage API, expanded once per dtype by THStorage.h (see THGenerateAllTypes.h for the
 * macros real/Real). Sizes are in elements; elementSize gives bytes per element. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/THStorage.h"
#else

/* A storage of the default allocator holding at most TH_STORAGE_INLINE_BYTES keeps its elements
 * in inlineData (data then points there), so a tiny tensor costs one allocation less. Always
 * reach the elements through `data`. */
typedef struct THStorage {
  real *data;
  ptrdiff_t size;
  int refcount;
  char flag;
  THAllocator *allocator;
  void *allocatorContext;
  struct THStorage *view;      /* for a VIEW: the storage whose memory it points into */
  struct THStorage *firstView; /* the views of this storage, linked through their nextView */
  struct THStorage *nextView;
  int pinCount;                /* raw pointers into data handed out and not yet given back */
  real inlineData[TH_STORAGE_INLINE_BYTES / sizeof(real)];
} THStorage;

/* Unchecked element access, for loops that already know the index is in range. */
#define TH_STORAGE_GET(storage, idx) ((storage)->data[(idx)])
#define TH_STORAGE_SET(storage, idx, value) ((storage)->data[(idx)] = (value))

TH_API real *THStorage_(data)(const THStorage *self);
TH_API ptrdiff_t THStorage_(size)(const THStorage *self);
TH_API size_t THStorage_(elementSize)(void);

/* Bounds-checked access (0-based). */
TH_API void THStorage_(set)(THStorage *self, ptrdiff_t idx, real value);
TH_API real THStorage_(get)(const THStorage *self, ptrdiff_t idx);

/* Constructors: refcount 1, flags REFCOUNTED | RESIZABLE | FREEMEM. Contents are uninitialised
 * except for newWithSize1..4, which hold the values given. */
TH_API THStorage *THStorage_(new)(void);
TH_API THStorage *THStorage_(newWithSize)(ptrdiff_t size);
TH_API THStorage *THStorage_(newWithSize1)(real v0);
TH_API THStorage *THStorage_(newWithSize2)(real v0, real v1);
TH_API THStorage *THStorage_(newWithSize3)(real v0, real v1, real v2);
TH_API THStorage *THStorage_(newWithSize4)(real v0, real v1, real v2, real v3);
/* Maps a file (or shared memory, by flags; see THAllocator.h). size <= 0: the whole file. Not
 * resizable. */
TH_API THStorage *THStorage_(newWithMapping)(const char *filename, ptrdiff_t size, int flags);
/* Takes ownership of data, which must come from THAlloc. */
TH_API THStorage *THStorage_(newWithData)(real *data, ptrdiff_t size);
TH_API THStorage *THStorage_(newWithAllocator)(ptrdiff_t size, THAllocator *allocator,
                                               void *allocatorContext);
/* Takes ownership of data, which allocator->free(allocatorContext, data) releases. */
TH_API THStorage *THStorage_(newWithDataAndAllocator)(real *data, ptrdiff_t size,
                                                      THAllocator *allocator, void *allocatorContext);

TH_API void THStorage_(setFlag)(THStorage *self, const char flag);
TH_API void THStorage_(clearFlag)(THStorage *self, const char flag);
TH_API void THStorage_(retain)(THStorage *self);
/* Drops one reference; the last one frees the data (if FREEMEM), the parent (if VIEW) and the
 * struct. NULL is accepted. */
TH_API void THStorage_(free)(THStorage *self);

/* Whether resize may move the memory: the RESIZABLE flag is set, no view points into it and no
 * raw pointer handed out by pin is still held. */
TH_API int THStorage_(isResizable)(const THStorage *self);
/* pin records a raw pointer into the memory handed out (a Python buffer export), unpin its
 * return: while pinned, the memory stays where it is (no resize, no swap into shared memory). */
TH_API void THStorage_(pin)(THStorage *self);
TH_API void THStorage_(unpin)(THStorage *self);

/* Changes the number of elements, keeping the first min(old, new); an error unless
 * isResizable. */
TH_API void THStorage_(resize)(THStorage *self, ptrdiff_t size);
TH_API void THStorage_(fill)(THStorage *self, real value);
/* Exchanges everything but the refcounts, the pins and the view links, so every holder of either pointer
 * sees the other's memory (used to move a storage into shared memory in place). The views of
 * `self`, and theirs, move with its memory: they point at the same offsets of its new memory.
 * Neither storage may be a view, and `other` may have no views. */
TH_API void THStorage_(swap)(THStorage *self, THStorage *other);

/* A storage of the elements [offset, offset + size) of base's memory, which keeps base alive. base
 * lists the view until the view is freed: meanwhile base cannot be resized (its memory must stay
 * where the view points), and swap moves the view with base's memory. */
TH_API THStorage *THStorage_(newView)(THStorage *base, ptrdiff_t offset, ptrdiff_t size);

#endif
