/* THAllocator: where a storage's bytes come from. A storage keeps an allocator and an opaque context
 * and calls allocator->malloc(ctx, bytes) / free(ctx, ptr); the default one is the C heap, the map
 * allocators put the bytes in a file or in POSIX shared memory (torch_early.multiprocessing). */
#ifndef TH_ALLOCATOR_INC
#define TH_ALLOCATOR_INC

#include "THGeneral.h"

/* The mapping flags (combine with |). */
#define TH_ALLOCATOR_MAPPED_SHARED 1    /* a file opened read-write; changes reach the file */
#define TH_ALLOCATOR_MAPPED_SHAREDMEM 2 /* a POSIX shared-memory object (shm_open) */
#define TH_ALLOCATOR_MAPPED_EXCLUSIVE 4 /* the object must not exist yet (O_EXCL) */
#define TH_ALLOCATOR_MAPPED_NOCREATE 8  /* the object must exist already */
#define TH_ALLOCATOR_MAPPED_KEEPFD 16   /* keep the descriptor open (see _fd) */
#define TH_ALLOCATOR_MAPPED_FROMFD 32   /* map the descriptor given to _newWithFd, not the name */
#define TH_ALLOCATOR_MAPPED_UNLINK 64   /* unlink the name right after mapping */

/* Every function receives the allocator's context first. realloc may be NULL: resizing then goes
 * through malloc + copy + free. */
typedef struct THAllocator {
  void *(*malloc)(void *ctx, ptrdiff_t size);
  void *(*realloc)(void *ctx, void *ptr, ptrdiff_t size);
  void (*free)(void *ctx, void *ptr);
} THAllocator;

/* THAlloc / THRealloc / THFree; the context is ignored (pass NULL). */
TH_API THAllocator THDefaultAllocator;

/* Context of a mapping: the name, the flags, the mapped size in bytes and the descriptor. Once
 * passed to a map allocator's malloc, the context belongs to the allocator: malloc releases it
 * when it fails (before raising the error), free releases it after unmapping. */
typedef struct THMapAllocatorContext THMapAllocatorContext;

TH_API THMapAllocatorContext *THMapAllocatorContext_new(const char *filename, int flags);
/* Same, mapping the open descriptor fd (adds TH_ALLOCATOR_MAPPED_FROMFD). The descriptor is closed
 * after mapping unless TH_ALLOCATOR_MAPPED_KEEPFD is set. */
TH_API THMapAllocatorContext *THMapAllocatorContext_newWithFd(const char *filename, int fd, int flags);
TH_API const char *THMapAllocatorContext_filename(THMapAllocatorContext *ctx);
/* The kept descriptor, or -1 when none is held. */
TH_API int THMapAllocatorContext_fd(THMapAllocatorContext *ctx);
/* Bytes mapped (0 until malloc ran). */
TH_API ptrdiff_t THMapAllocatorContext_size(THMapAllocatorContext *ctx);
/* Only for a context that was never used by an allocator (the allocator's free releases it). */
TH_API void THMapAllocatorContext_free(THMapAllocatorContext *ctx);

/* malloc(ctx, 0) maps the whole existing object; a larger size grows a writable object first.
 * realloc raises an error (mappings have a fixed size). free unmaps, closes a kept descriptor,
 * unlinks a shared-memory object that this context named (not FROMFD, not already UNLINKed),
 * and frees the context. */
TH_API THAllocator THMapAllocator;

/* Shared memory with a reference count inside the mapping: 64 header bytes hold the count and the
 * data pointer handed out is base + 64. Requires TH_ALLOCATOR_MAPPED_SHAREDMEM and excludes
 * UNLINK. Creating with EXCLUSIVE sets the count to 1; attaching adds 1. free subtracts 1 and
 * unlinks the object when the count reaches 0. */
TH_API THAllocator THRefcountedMapAllocator;
#define TH_ALLOC_ALIGNMENT 64

/* data is the pointer the refcounted allocator handed out. decref returns 1 when the count reached 0. */
TH_API void THRefcountedMapAllocator_incref(THMapAllocatorContext *ctx, void *data);
TH_API int THRefcountedMapAllocator_decref(THMapAllocatorContext *ctx, void *data);

#endif
