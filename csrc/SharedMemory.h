/* SharedMemory: what the storages of every dtype use to live in shared memory, for
 * torch_early.multiprocessing. A shared storage keeps THPSharedAllocator, whose context wraps one
 * of TH's map allocators (THAllocator.h); the context also carries the storage's weak-reference
 * id, and new named segments are reported to the file_system strategy's manager. */
#ifndef THP_SHARED_MEMORY_H
#define THP_SHARED_MEMORY_H

#include <stdint.h>

/* The two ways a segment is shared: by descriptor (an anonymous object, its name unlinked at
 * once, kept alive by open descriptors) or by file name (a named object whose reference count
 * lives in its first bytes; see THRefcountedMapAllocator). */
typedef enum { THP_SHARED_BY_FD, THP_SHARED_BY_FILENAME } THPSharedKind;

typedef struct {
  THPSharedKind kind;
  THAllocator *map;                  /* &THMapAllocator or &THRefcountedMapAllocator */
  THMapAllocatorContext *mapContext; /* owned: map->free releases it */
  uint64_t weakId;                   /* 0 until _weak_ref() hands one out */
} THPSharedContext;

/* The allocator of shared storages. It never allocates (storages are built around a mapping
 * made by the functions below) and never resizes; free unmaps and forgets the weak id. */
extern THAllocator THPSharedAllocator;

/* The functions below raise with THError (run them inside a THP error frame); on success they
 * return the data pointer and store a new context in *context. Sizes are in bytes. */

/* A new segment of at least `bytes` bytes (one byte when 0). By file name, the name is reported
 * to the manager (when one is set, see _set_shm_manager) before the segment exists. */
void *THPShared_create(THPSharedKind kind, ptrdiff_t bytes, THPSharedContext **context);
/* Maps the segment behind descriptor fd (which stays the caller's: a duplicate is kept), or the
 * segment called name; fails unless it holds at least `bytes` bytes. */
void *THPShared_attachFd(int fd, ptrdiff_t bytes, THPSharedContext **context);
void *THPShared_attachFilename(const char *name, ptrdiff_t bytes, THPSharedContext **context);

/* The segment's name (by file name) or descriptor (by fd), and the bytes mapped. */
const char *THPShared_filename(THPSharedContext *context);
int THPShared_fd(THPSharedContext *context);
ptrdiff_t THPShared_size(THPSharedContext *context);

/* Weak references: an id that names a shared storage without keeping it alive. The registry
 * maps ids to storages until the storage is freed. Lock around find + retain. */
uint64_t THPShared_weakRef(THPSharedContext *context, void *storage, const char *type);
void THPShared_lockWeak(void);
void THPShared_unlockWeak(void);
/* The storage registered under id with that type name, or NULL; call with the lock held. */
void *THPShared_findWeak(uint64_t id, const char *type);

/* The manager handle (a str) reported by _share_filename_(), or Py_None: new reference. */
PyObject *THPShared_managerHandle(void);

/* Adds _set_shm_manager(handle, fd) and _shm_manager() to the module. 0 or -1. */
int THPShared_init(PyObject *module);

#endif
