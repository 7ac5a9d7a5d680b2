/* SharedMemory: segments, weak references and the manager connection behind the sharing methods
 * of every storage type (generic/StorageSharing.c). See the header for the model. */
#include "THP.h"
#include "SharedMemory.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* ---- the allocator ------------------------------------------------------------------------- */

static void THPShared_forgetWeak(uint64_t id);

static void *THPSharedAllocator_malloc(void *context, ptrdiff_t size)
{
  (void)context;
  THError("a storage in shared memory cannot allocate %td more bytes: shared storages have a "
          "fixed size", size);
}

static void *THPSharedAllocator_realloc(void *context, void *data, ptrdiff_t size)
{
  (void)context;
  (void)data;
  THError("cannot resize a storage in shared memory to %td bytes: shared storages have a fixed "
          "size", size);
}

static void THPSharedAllocator_free(void *opaque, void *data)
{
  THPSharedContext *context = opaque;
  if (context->weakId)
    THPShared_forgetWeak(context->weakId);
  context->map->free(context->mapContext, data);
  free(context);
}

THAllocator THPSharedAllocator = {
  THPSharedAllocator_malloc,
  THPSharedAllocator_realloc,
  THPSharedAllocator_free,
};

/* ---- segments ------------------------------------------------------------------------------ */

/* The manager of the file_system strategy, as set by torch_early.multiprocessing: its handle and
 * this process's connection to it (valid only in the process that set it, not in a fork). */
static PyObject *managerHandle = NULL;
static int managerFd = -1;
static pid_t managerPid = 0;

/* "/torch_<pid>_<counter>_<random>": the pid prefix lets tests find a process's segments; the
 * random part avoids a stale object left by an earlier process of the same pid. */
static void THPShared_newName(char *name, size_t length)
{
  static unsigned counter = 0;
  static unsigned seed = 0;
  if (seed == 0)
    seed = (unsigned)time(NULL) ^ ((unsigned)getpid() << 16);
  unsigned number = __atomic_fetch_add(&counter, 1, __ATOMIC_SEQ_CST);
  snprintf(name, length, "/torch_%d_%u_%u", (int)getpid(), number, (unsigned)rand_r(&seed));
}

/* Sends "name\n" to the manager, so that it unlinks the name if every client goes away first. */
static void THPShared_report(const char *name)
{
  if (managerFd < 0 || managerPid != getpid())
    return;
  char line[128];
  int length = snprintf(line, sizeof(line), "%s\n", name);
  ssize_t written;
  do {
    written = write(managerFd, line, (size_t)length);
  } while (written < 0 && errno == EINTR);
  if (written != length)
    THError("cannot report shared memory object '%s' to the shared-memory manager: %s", name,
            written < 0 ? strerror(errno) : "short write");
}

/* Maps (map->malloc owns `map` from here, and frees it if mapping fails), checks the size, and
 * wraps the mapping in a context. */
static void *THPShared_map(THPSharedKind kind, THMapAllocatorContext *map, ptrdiff_t request,
                           ptrdiff_t needed, THPSharedContext **context)
{
  THAllocator *allocator = kind == THP_SHARED_BY_FD ? &THMapAllocator : &THRefcountedMapAllocator;
  void *data = allocator->malloc(map, request);
  ptrdiff_t mapped = THMapAllocatorContext_size(map);
  if (mapped < needed) {
    allocator->free(map, data);
    THError("shared memory object holds %td bytes, but the storage needs %td", mapped, needed);
  }
  THPSharedContext *wrapper = malloc(sizeof(THPSharedContext));
  if (wrapper == NULL) {
    allocator->free(map, data);
    THError("out of memory for a shared memory context");
  }
  *wrapper = (THPSharedContext){kind, allocator, map, 0};
  *context = wrapper;
  return data;
}

void *THPShared_create(THPSharedKind kind, ptrdiff_t bytes, THPSharedContext **context)
{
  char name[64];
  THPShared_newName(name, sizeof(name));
  int flags = TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_EXCLUSIVE;
  if (kind == THP_SHARED_BY_FD)
    flags |= TH_ALLOCATOR_MAPPED_KEEPFD | TH_ALLOCATOR_MAPPED_UNLINK;
  else
    THPShared_report(name);
  ptrdiff_t request = bytes > 0 ? bytes : 1;
  return THPShared_map(kind, THMapAllocatorContext_new(name, flags), request, request, context);
}

void *THPShared_attachFd(int fd, ptrdiff_t bytes, THPSharedContext **context)
{
  int copy = dup(fd);
  if (copy < 0)
    THError("cannot use file descriptor %d for shared memory: %s", fd, strerror(errno));
  int flags = TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_KEEPFD;
  return THPShared_map(THP_SHARED_BY_FD, THMapAllocatorContext_newWithFd(NULL, copy, flags), 0,
                       bytes, context);
}

void *THPShared_attachFilename(const char *name, ptrdiff_t bytes, THPSharedContext **context)
{
  int flags = TH_ALLOCATOR_MAPPED_SHAREDMEM | TH_ALLOCATOR_MAPPED_NOCREATE;
  return THPShared_map(THP_SHARED_BY_FILENAME, THMapAllocatorContext_new(name, flags), 0, bytes,
                       context);
}

const char *THPShared_filename(THPSharedContext *context)
{
  return THMapAllocatorContext_filename(context->mapContext);
}

int THPShared_fd(THPSharedContext *context)
{
  return THMapAllocatorContext_fd(context->mapContext);
}

ptrdiff_t THPShared_size(THPSharedContext *context)
{
  return THMapAllocatorContext_size(context->mapContext);
}

/* ---- weak references ----------------------------------------------------------------------- */

/* A small table, searched linearly: a process holds few shared storages that were sent or
 * received. Guarded by a mutex because storages can be freed on threads without the GIL. */
typedef struct {
  uint64_t id;
  void *storage;
  const char *type;
} THPWeakEntry;

static pthread_mutex_t weakLock = PTHREAD_MUTEX_INITIALIZER;
static THPWeakEntry *weakEntries = NULL;
static size_t weakCount = 0, weakCapacity = 0;
static uint64_t weakNextId = 1;

void THPShared_lockWeak(void)
{
  pthread_mutex_lock(&weakLock);
}

void THPShared_unlockWeak(void)
{
  pthread_mutex_unlock(&weakLock);
}

uint64_t THPShared_weakRef(THPSharedContext *context, void *storage, const char *type)
{
  THPShared_lockWeak();
  if (context->weakId == 0) {
    if (weakCount == weakCapacity) {
      size_t capacity = weakCapacity ? 2 * weakCapacity : 16;
      THPWeakEntry *grown = realloc(weakEntries, capacity * sizeof(THPWeakEntry));
      if (grown == NULL) {
        THPShared_unlockWeak();
        THError("out of memory for a weak reference");
      }
      weakEntries = grown;
      weakCapacity = capacity;
    }
    context->weakId = weakNextId++;
    weakEntries[weakCount++] = (THPWeakEntry){context->weakId, storage, type};
  }
  uint64_t id = context->weakId;
  THPShared_unlockWeak();
  return id;
}

void *THPShared_findWeak(uint64_t id, const char *type)
{
  for (size_t i = 0; i < weakCount; i++)
    if (weakEntries[i].id == id)
      return strcmp(weakEntries[i].type, type) == 0 ? weakEntries[i].storage : NULL;
  return NULL;
}

static void THPShared_forgetWeak(uint64_t id)
{
  THPShared_lockWeak();
  for (size_t i = 0; i < weakCount; i++) {
    if (weakEntries[i].id == id) {
      weakEntries[i] = weakEntries[--weakCount];
      break;
    }
  }
  THPShared_unlockWeak();
}

/* ---- the manager connection ---------------------------------------------------------------- */

PyObject *THPShared_managerHandle(void)
{
  if (managerHandle == NULL || managerPid != getpid())
    Py_RETURN_NONE;
  Py_INCREF(managerHandle);
  return managerHandle;
}

static PyObject *THPShared_setManager(PyObject *module, PyObject *args)
{
  (void)module;
  PyObject *handle;
  int fd;
  if (!PyArg_ParseTuple(args, "Ui:_set_shm_manager", &handle, &fd))
    return NULL;
  Py_INCREF(handle);
  Py_XSETREF(managerHandle, handle);
  managerFd = fd;
  managerPid = getpid();
  Py_RETURN_NONE;
}

static PyObject *THPShared_getManager(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  return THPShared_managerHandle();
}

PyDoc_STRVAR(THPShared_setManager_doc,
"_set_shm_manager(handle, fd): records this process's connection to the shared-memory manager\n"
"of the file_system strategy: new named segments are reported on descriptor fd, and\n"
"_share_filename_() returns handle. torch_early.multiprocessing calls it.");
PyDoc_STRVAR(THPShared_getManager_doc,
"_shm_manager() -> str or None: the handle set by _set_shm_manager in this process.");

static PyMethodDef THPShared_methods[] = {
  {"_set_shm_manager", THPShared_setManager, METH_VARARGS, THPShared_setManager_doc},
  {"_shm_manager", THPShared_getManager, METH_NOARGS, THPShared_getManager_doc},
  {NULL}
};

/* A fork while another thread holds the weak-reference lock would leave the child's copy
 * locked forever: the lock is taken around fork and released on both sides. */
static void THPShared_unlockAfterFork(void)
{
  THPShared_unlockWeak();
}

int THPShared_init(PyObject *module)
{
  if (pthread_atfork(THPShared_lockWeak, THPShared_unlockAfterFork, THPShared_unlockAfterFork) != 0) {
    PyErr_SetString(PyExc_RuntimeError, "cannot install the fork handlers of shared memory");
    return -1;
  }
  return PyModule_AddFunctions(module, THPShared_methods);
}
