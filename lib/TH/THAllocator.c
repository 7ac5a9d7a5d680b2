/* THAllocator: the default heap allocator, and allocators that map a file or a POSIX shared-memory
 * object (optionally with a reference count stored inside the mapping).
 * On the path of `storage.share_memory_()`: the extension creates a storage with THMapAllocator
 * (SHAREDMEM | EXCLUSIVE | KEEPFD | UNLINK), copies the data in and swaps it into place. */
#include "THAllocator.h"
#include "THAtomic.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- The heap ---- */

static void *THDefaultAllocator_alloc(void *ctx, ptrdiff_t size) {
  (void)ctx;
  return THAlloc(size);
}

static void *THDefaultAllocator_realloc(void *ctx, void *ptr, ptrdiff_t size) {
  (void)ctx;
  return THRealloc(ptr, size);
}

static void THDefaultAllocator_free(void *ctx, void *ptr) {
  (void)ctx;
  THFree(ptr);
}

THAllocator THDefaultAllocator = {
  THDefaultAllocator_alloc,
  THDefaultAllocator_realloc,
  THDefaultAllocator_free,
};

/* ---- Mappings ---- */

struct THMapAllocatorContext {
  char *filename;   /* NULL is allowed with FROMFD */
  int flags;
  ptrdiff_t size;   /* bytes mapped, header included */
  ptrdiff_t header; /* bytes before the data pointer: 0, or TH_ALLOC_ALIGNMENT when refcounted */
  int fd;           /* the descriptor held, or -1 */
};

/* The header the refcounted allocator keeps in the first TH_ALLOC_ALIGNMENT bytes. */
typedef struct THMapInfo {
  int refcount;
} THMapInfo;

THMapAllocatorContext *THMapAllocatorContext_new(const char *filename, int flags) {
  THMapAllocatorContext *ctx = THAlloc(sizeof(THMapAllocatorContext));
  ctx->filename = NULL;
  if (filename) {
    size_t length = strlen(filename) + 1;
    ctx->filename = THAlloc((ptrdiff_t)length);
    memcpy(ctx->filename, filename, length);
  }
  ctx->flags = flags;
  ctx->size = 0;
  ctx->header = 0;
  ctx->fd = -1;
  return ctx;
}

THMapAllocatorContext *THMapAllocatorContext_newWithFd(const char *filename, int fd, int flags) {
  THMapAllocatorContext *ctx = THMapAllocatorContext_new(filename, flags | TH_ALLOCATOR_MAPPED_FROMFD);
  ctx->fd = fd;
  return ctx;
}

const char *THMapAllocatorContext_filename(THMapAllocatorContext *ctx) {
  return ctx->filename;
}

int THMapAllocatorContext_fd(THMapAllocatorContext *ctx) {
  return ctx->fd;
}

ptrdiff_t THMapAllocatorContext_size(THMapAllocatorContext *ctx) {
  return ctx->size - ctx->header;
}

void THMapAllocatorContext_free(THMapAllocatorContext *ctx) {
  if (!ctx)
    return;
  if (ctx->fd >= 0)
    close(ctx->fd);
  THFree(ctx->filename);
  THFree(ctx);
}

static const char *THMap_kind(const THMapAllocatorContext *ctx) {
  return (ctx->flags & TH_ALLOCATOR_MAPPED_SHAREDMEM) ? "shared memory object" : "file";
}

static const char *THMap_name(const THMapAllocatorContext *ctx) {
  return ctx->filename ? ctx->filename : "(descriptor)";
}

static void THMap_unlink(THMapAllocatorContext *ctx);

/* Releases the context (closing its descriptor, removing an object it has just created) and
 * reports the failed step with errno's text. The context belongs to the allocator once malloc has
 * been called, so failures clean it up. */
TH_NORETURN static void THMap_fail(THMapAllocatorContext *ctx, const char *what, int err) {
  char message[512];
  snprintf(message, sizeof(message), "cannot %s %s '%s': %s", what, THMap_kind(ctx), THMap_name(ctx),
           strerror(err));
  int created = ctx->fd >= 0 && (ctx->flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE) &&
                !(ctx->flags & TH_ALLOCATOR_MAPPED_FROMFD);
  if (created)
    THMap_unlink(ctx);
  THMapAllocatorContext_free(ctx);
  THError("%s", message);
}

static int THMap_isShared(const THMapAllocatorContext *ctx) {
  return (ctx->flags & (TH_ALLOCATOR_MAPPED_SHARED | TH_ALLOCATOR_MAPPED_SHAREDMEM)) != 0;
}

/* Opens the object named by the context (stored in ctx->fd), unless FROMFD supplied one. */
static void THMap_open(THMapAllocatorContext *ctx) {
  if (ctx->flags & TH_ALLOCATOR_MAPPED_FROMFD) {
    if (ctx->fd < 0)
      THMap_fail(ctx, "map", EBADF);
    return;
  }
  if (!ctx->filename)
    THMap_fail(ctx, "open", EINVAL);
  int oflags = THMap_isShared(ctx) ? O_RDWR : O_RDONLY;
  if (THMap_isShared(ctx) && !(ctx->flags & TH_ALLOCATOR_MAPPED_NOCREATE))
    oflags |= O_CREAT;
  if (ctx->flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE)
    oflags |= O_CREAT | O_EXCL;
  if (ctx->flags & TH_ALLOCATOR_MAPPED_SHAREDMEM)
    ctx->fd = shm_open(ctx->filename, oflags, S_IRUSR | S_IWUSR);
  else
    ctx->fd = open(ctx->filename, oflags, S_IRUSR | S_IWUSR);
  if (ctx->fd < 0)
    THMap_fail(ctx, "open", errno);
}

/* Makes the object at least size bytes long (size 0: take the object's own size); returns the
 * size to map. */
static ptrdiff_t THMap_fitSize(THMapAllocatorContext *ctx, ptrdiff_t size) {
  struct stat st;
  if (fstat(ctx->fd, &st) < 0)
    THMap_fail(ctx, "stat", errno);
  ptrdiff_t existing = (ptrdiff_t)st.st_size;
  if (size == 0) {
    if (existing == 0)
      THMap_fail(ctx, "map the whole of the empty", EINVAL);
    return existing;
  }
  if (size > existing) {
    if (!THMap_isShared(ctx))
      THMap_fail(ctx, "grow the read-only", EACCES);
    if (ftruncate(ctx->fd, (off_t)size) < 0)
      THMap_fail(ctx, "resize", errno);
  }
  return size;
}

static void THMap_unlink(THMapAllocatorContext *ctx) {
  if (!ctx->filename)
    return;
  if (ctx->flags & TH_ALLOCATOR_MAPPED_SHAREDMEM)
    shm_unlink(ctx->filename);
  else
    unlink(ctx->filename);
}

/* The common mapping steps: open, fit the size, mmap, then drop or keep the descriptor and unlink
 * the name if asked. Returns the start of the mapping. */
static void *THMap_map(THMapAllocatorContext *ctx, ptrdiff_t size) {
  if (size < 0) {
    THMapAllocatorContext_free(ctx);
    THError("cannot map a negative number of bytes (%td)", size);
  }
  THMap_open(ctx);
  size = THMap_fitSize(ctx, size);
  int mapflags = THMap_isShared(ctx) ? MAP_SHARED : MAP_PRIVATE;
  void *base = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, mapflags, ctx->fd, 0);
  if (base == MAP_FAILED)
    THMap_fail(ctx, "map", errno);
  ctx->size = size;
  if (!(ctx->flags & TH_ALLOCATOR_MAPPED_KEEPFD)) {
    close(ctx->fd);
    ctx->fd = -1;
  }
  if (ctx->flags & TH_ALLOCATOR_MAPPED_UNLINK)
    THMap_unlink(ctx);
  return base;
}

static void *THMapAllocator_alloc(void *ctx_, ptrdiff_t size) {
  return THMap_map((THMapAllocatorContext *)ctx_, size);
}

static void *THMapAllocator_realloc(void *ctx_, void *ptr, ptrdiff_t size) {
  (void)ctx_;
  (void)ptr;
  THError("cannot resize a mapped storage to %td bytes: mappings have a fixed size", size);
}

/* Whether freeing should remove the name: shared memory this context opened by name and that
 * nobody unlinked yet. */
static int THMap_ownsName(const THMapAllocatorContext *ctx) {
  return (ctx->flags & TH_ALLOCATOR_MAPPED_SHAREDMEM) &&
         !(ctx->flags & (TH_ALLOCATOR_MAPPED_FROMFD | TH_ALLOCATOR_MAPPED_UNLINK));
}

static void THMapAllocator_free(void *ctx_, void *data) {
  THMapAllocatorContext *ctx = ctx_;
  if (data)
    munmap(data, (size_t)ctx->size);
  if (THMap_ownsName(ctx))
    THMap_unlink(ctx);
  THMapAllocatorContext_free(ctx);
}

THAllocator THMapAllocator = {
  THMapAllocator_alloc,
  THMapAllocator_realloc,
  THMapAllocator_free,
};

/* ---- Shared memory with an in-mapping reference count ---- */

static THMapInfo *THRefcounted_info(void *data) {
  return (THMapInfo *)((char *)data - TH_ALLOC_ALIGNMENT);
}

static void *THRefcountedMapAllocator_alloc(void *ctx_, ptrdiff_t size) {
  THMapAllocatorContext *ctx = ctx_;
  if (!(ctx->flags & TH_ALLOCATOR_MAPPED_SHAREDMEM) || (ctx->flags & TH_ALLOCATOR_MAPPED_UNLINK)) {
    THMapAllocatorContext_free(ctx);
    THError("the refcounted map allocator needs a shared memory object that is not unlinked "
            "(flag SHAREDMEM without UNLINK)");
  }
  char *base = THMap_map(ctx, size > 0 ? size + TH_ALLOC_ALIGNMENT : 0);
  ctx->header = TH_ALLOC_ALIGNMENT;
  if (ctx->size < TH_ALLOC_ALIGNMENT) {
    munmap(base, (size_t)ctx->size);
    THMapAllocatorContext_free(ctx);
    THError("shared memory object is too small to hold a reference count");
  }
  THMapInfo *info = (THMapInfo *)base;
  if (ctx->flags & TH_ALLOCATOR_MAPPED_EXCLUSIVE)
    THAtomicSet(&info->refcount, 1);
  else
    THAtomicIncrementRef(&info->refcount);
  return base + TH_ALLOC_ALIGNMENT;
}

static void THRefcountedMapAllocator_free(void *ctx_, void *data) {
  THMapAllocatorContext *ctx = ctx_;
  if (data) {
    if (THAtomicDecrementRef(&THRefcounted_info(data)->refcount))
      THMap_unlink(ctx);
    munmap((char *)data - TH_ALLOC_ALIGNMENT, (size_t)ctx->size);
  }
  THMapAllocatorContext_free(ctx);
}

void THRefcountedMapAllocator_incref(THMapAllocatorContext *ctx, void *data) {
  (void)ctx;
  THAtomicIncrementRef(&THRefcounted_info(data)->refcount);
}

int THRefcountedMapAllocator_decref(THMapAllocatorContext *ctx, void *data) {
  (void)ctx;
  return THAtomicDecrementRef(&THRefcounted_info(data)->refcount);
}

THAllocator THRefcountedMapAllocator = {
  THRefcountedMapAllocator_alloc,
  THMapAllocator_realloc,
  THRefcountedMapAllocator_free,
};
