/* The storage methods behind torch_early.multiprocessing: moving a storage into shared memory
 * (by file descriptor or by file name), mapping a segment another process shared, the reference
 * count of named segments and weak references. Included by generic/Storage.c; the segments
 * themselves are made in csrc/SharedMemory.c. */
/* The storage's sharing context, or NULL when its memory is not a segment of ours. */
static THPSharedContext *THPStorage_(sharedContext)(THStorage *storage)
{
  return storage->allocator == &THPSharedAllocator ? storage->allocatorContext : NULL;
}

static const char *THPStorage_(kindName)(THPSharedKind kind)
{
  return kind == THP_SHARED_BY_FD ? "file descriptor" : "file name";
}

/* 0 when `storage` may be moved into (or already is in) shared memory of that kind; else -1 with
 * a RuntimeError saying why not. */
static int THPStorage_(checkShareable)(THStorage *storage, THPSharedKind kind)
{
  THPSharedContext *context = THPStorage_(sharedContext)(storage);
  if (storage->flag & TH_STORAGE_VIEW) {
    PyErr_SetString(PyExc_RuntimeError,
                    "cannot move a view storage (a slice of another storage) into shared memory: "
                    "share the storage it is a slice of instead");
    return -1;
  }
  if (context != NULL && context->kind != kind) {
    PyErr_Format(PyExc_RuntimeError,
                 "this storage is in shared memory by %s (the other sharing strategy), so it "
                 "cannot be shared by %s", THPStorage_(kindName)(context->kind),
                 THPStorage_(kindName)(kind));
    return -1;
  }
  if (context == NULL && storage->allocator != &THDefaultAllocator) {
    PyErr_SetString(PyExc_RuntimeError,
                    "cannot move this storage into shared memory: its memory belongs to another "
                    "object (a NumPy array, a Python buffer or a mapped file)");
    return -1;
  }
  if (context == NULL && storage->pinCount > 0) {
    PyErr_SetString(PyExc_RuntimeError,
                    "cannot move this storage into shared memory: a buffer exported from it "
                    "(numpy(), memoryview) points into its memory and would be left pointing at "
                    "freed memory; call share_memory_() before exporting");
    return -1;
  }
  return 0;
}

typedef struct {
  THStorage *storage;   /* in: the storage to move (move), out: the new storage (the others) */
  THPSharedKind kind;
  ptrdiff_t size;       /* in: elements */
  int fd;               /* in: the descriptor to map */
  const char *filename; /* in: the name to map */
} THPStorage_(Sharing);

/* A storage of s->size elements around a mapping made by `data`/`context`, never resizable. */
static THStorage *THPStorage_(aroundMapping)(real *data, ptrdiff_t size, THPSharedContext *context)
{
  THStorage *storage = THStorage_(newWithDataAndAllocator)(data, size, &THPSharedAllocator, context);
  THStorage_(clearFlag)(storage, TH_STORAGE_RESIZABLE);
  return storage;
}

/* Copies the elements into a new segment and swaps it in, so every tensor holding this storage
 * sees the shared memory from now on; the old memory goes with the temporary. */
static void THPStorage_(moveBody)(void *opaque)
{
  THPStorage_(Sharing) *s = opaque;
  if (THPStorage_(sharedContext)(s->storage) != NULL)
    return;
  ptrdiff_t bytes = s->storage->size * (ptrdiff_t)sizeof(real);
  THPSharedContext *context;
  real *data = THPShared_create(s->kind, bytes, &context);
  THStorage *shared = THPStorage_(aroundMapping)(data, s->storage->size, context);
  if (bytes > 0)
    memcpy(shared->data, s->storage->data, (size_t)bytes);
  THStorage_(swap)(s->storage, shared);
  THStorage_(free)(shared);
}

static void THPStorage_(createBody)(void *opaque)
{
  THPStorage_(Sharing) *s = opaque;
  THPSharedContext *context;
  real *data = THPShared_create(s->kind, s->size * (ptrdiff_t)sizeof(real), &context);
  s->storage = THPStorage_(aroundMapping)(data, s->size, context);
}

static void THPStorage_(attachBody)(void *opaque)
{
  THPStorage_(Sharing) *s = opaque;
  ptrdiff_t bytes = s->size * (ptrdiff_t)sizeof(real);
  THPSharedContext *context;
  real *data = s->kind == THP_SHARED_BY_FD ? THPShared_attachFd(s->fd, bytes, &context)
                                           : THPShared_attachFilename(s->filename, bytes, &context);
  s->storage = THPStorage_(aroundMapping)(data, s->size, context);
}

static int THPStorage_(moveToShared)(THPStorage *self, THPSharedKind kind)
{
  if (THPStorage_(checkShareable)(self->cdata, kind) < 0)
    return -1;
  THPStorage_(Sharing) s = {.storage = self->cdata, .kind = kind};
  return THPError_guard(THPStorage_(moveBody), &s, NULL);
}

/* Parses a non-negative element count. */
static int THPStorage_(parseSharedSize)(PyObject *object, ptrdiff_t *size)
{
  *size = PyLong_AsSsize_t(object);
  if (*size == -1 && PyErr_Occurred())
    return -1;
  if (*size < 0) {
    PyErr_Format(PyExc_ValueError, "size must be non-negative, but got %zd", *size);
    return -1;
  }
  return 0;
}

/* ---- by file descriptor -------------------------------------------------------------------- */

static PyObject *THPStorage_(shareFd)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  if (THPStorage_(moveToShared)(self, THP_SHARED_BY_FD) < 0)
    return NULL;
  THPSharedContext *context = THPStorage_(sharedContext)(self->cdata);
  return Py_BuildValue("(in)", THPShared_fd(context), self->cdata->size);
}

static PyObject *THPStorage_(newSharedFd)(PyObject *cls, PyObject *args)
{
  PyObject *sizeObject;
  THPStorage_(Sharing) s = {.kind = THP_SHARED_BY_FD};
  if (!PyArg_ParseTuple(args, "iO!:_new_shared_fd", &s.fd, &PyLong_Type, &sizeObject) ||
      THPStorage_(parseSharedSize)(sizeObject, &s.size) < 0)
    return NULL;
  if (THPError_guard(THPStorage_(attachBody), &s, NULL) < 0)
    return NULL;
  return THPStorage_(wrap)((PyTypeObject *)cls, s.storage);
}

static PyObject *THPStorage_(newUsing)(PyObject *cls, PyObject *sizeObject, THPSharedKind kind)
{
  THPStorage_(Sharing) s = {.kind = kind};
  if (!PyLong_Check(sizeObject)) {
    char name[128];
    PyErr_Format(PyExc_TypeError, "expected an int size, but got %s",
                 THPUtils_typename(sizeObject, name, sizeof(name)));
    return NULL;
  }
  if (THPStorage_(parseSharedSize)(sizeObject, &s.size) < 0 ||
      THPError_guard(THPStorage_(createBody), &s, NULL) < 0)
    return NULL;
  return THPStorage_(wrap)((PyTypeObject *)cls, s.storage);
}

static PyObject *THPStorage_(newUsingFd)(PyObject *cls, PyObject *size)
{
  return THPStorage_(newUsing)(cls, size, THP_SHARED_BY_FD);
}

/* ---- by file name -------------------------------------------------------------------------- */

static PyObject *THPStorage_(shareFilename)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  if (THPStorage_(moveToShared)(self, THP_SHARED_BY_FILENAME) < 0)
    return NULL;
  THPSharedContext *context = THPStorage_(sharedContext)(self->cdata);
  return Py_BuildValue("(Nyn)", THPShared_managerHandle(), THPShared_filename(context),
                       self->cdata->size);
}

static PyObject *THPStorage_(newSharedFilename)(PyObject *cls, PyObject *args)
{
  PyObject *manager, *sizeObject;
  THPStorage_(Sharing) s = {.kind = THP_SHARED_BY_FILENAME};
  if (!PyArg_ParseTuple(args, "OyO!:_new_shared_filename", &manager, &s.filename, &PyLong_Type,
                        &sizeObject) ||
      THPStorage_(parseSharedSize)(sizeObject, &s.size) < 0)
    return NULL;
  if (manager != Py_None && !PyUnicode_Check(manager)) {
    char name[128];
    PyErr_Format(PyExc_TypeError, "_new_shared_filename(): manager must be a str or None, got %s",
                 THPUtils_typename(manager, name, sizeof(name)));
    return NULL;
  }
  if (THPError_guard(THPStorage_(attachBody), &s, NULL) < 0)
    return NULL;
  return THPStorage_(wrap)((PyTypeObject *)cls, s.storage);
}

static PyObject *THPStorage_(newUsingFilename)(PyObject *cls, PyObject *size)
{
  return THPStorage_(newUsing)(cls, size, THP_SHARED_BY_FILENAME);
}

/* The count inside a named segment: one per process mapping it, plus one per message in flight
 * (the sender adds it before sending, the receiver drops it once it has mapped the segment). */
static PyObject *THPStorage_(sharedRef)(THPStorage *self, int increment)
{
  THPSharedContext *context = THPStorage_(sharedContext)(self->cdata);
  if (context != NULL && context->kind == THP_SHARED_BY_FILENAME) {
    if (increment)
      THRefcountedMapAllocator_incref(context->mapContext, self->cdata->data);
    else
      THRefcountedMapAllocator_decref(context->mapContext, self->cdata->data);
  }
  Py_INCREF(self);
  return (PyObject *)self;
}

static PyObject *THPStorage_(sharedIncref)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  return THPStorage_(sharedRef)(self, 1);
}

static PyObject *THPStorage_(sharedDecref)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  return THPStorage_(sharedRef)(self, 0);
}

/* ---- weak references, is_shared ------------------------------------------------------------ */

static PyObject *THPStorage_(weakRef)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  THPSharedContext *context = THPStorage_(sharedContext)(self->cdata);
  if (context == NULL) {
    PyErr_SetString(PyExc_RuntimeError,
                    "_weak_ref(): only a storage in shared memory has weak references");
    return NULL;
  }
  return PyLong_FromUnsignedLongLong(THPShared_weakRef(context, self->cdata, THPStorageStr));
}

/* Takes a reference to the storage behind `id` unless it is gone (or going: count 0). */
static THStorage *THPStorage_(retainWeak)(unsigned long long id)
{
  THPShared_lockWeak();
  THStorage *storage = THPShared_findWeak(id, THPStorageStr);
  if (storage != NULL) {
    int count = THAtomicGet(&storage->refcount);
    while (count > 0 && !THAtomicCompareAndSwap(&storage->refcount, count, count + 1))
      count = THAtomicGet(&storage->refcount);
    if (count <= 0)
      storage = NULL;
  }
  THPShared_unlockWeak();
  return storage;
}

static int THPStorage_(parseWeakId)(PyObject *object, unsigned long long *id)
{
  if (!PyLong_Check(object)) {
    char name[128];
    PyErr_Format(PyExc_TypeError, "expected a weak reference (an int from _weak_ref()), got %s",
                 THPUtils_typename(object, name, sizeof(name)));
    return -1;
  }
  *id = PyLong_AsUnsignedLongLong(object);
  return (*id == (unsigned long long)-1 && PyErr_Occurred()) ? -1 : 0;
}

static PyObject *THPStorage_(newWithWeakPtr)(PyObject *cls, PyObject *reference)
{
  unsigned long long id;
  if (THPStorage_(parseWeakId)(reference, &id) < 0)
    return NULL;
  THStorage *storage = THPStorage_(retainWeak)(id);
  if (storage == NULL)
    Py_RETURN_NONE;
  return THPStorage_(wrap)((PyTypeObject *)cls, storage);
}

static PyObject *THPStorage_(expired)(PyObject *cls, PyObject *reference)
{
  (void)cls;
  unsigned long long id;
  if (THPStorage_(parseWeakId)(reference, &id) < 0)
    return NULL;
  THPShared_lockWeak();
  int alive = THPShared_findWeak(id, THPStorageStr) != NULL;
  THPShared_unlockWeak();
  return PyBool_FromLong(!alive);
}

static PyObject *THPStorage_(isShared)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  THStorage *root = self->cdata;
  while (root->flag & TH_STORAGE_VIEW)
    root = root->view;
  return PyBool_FromLong(THPStorage_(sharedContext)(root) != NULL);
}

/* The resize_ method refuses shared storages with this message (TH's own is less specific). */
static int THPStorage_(checkNotShared)(THPStorage *self)
{
  if (THPStorage_(sharedContext)(self->cdata) == NULL)
    return 0;
  PyErr_SetString(PyExc_RuntimeError,
                  "cannot resize a storage in shared memory: other processes map it with its "
                  "current size");
  return -1;
}

PyDoc_STRVAR(THPStorage_(_share_fd__doc),
"_share_fd_() -> (fd, size): moves the storage into an anonymous shared memory object (if it\n"
"is not there already) and returns the descriptor that keeps it, with the element count.");
PyDoc_STRVAR(THPStorage_(_new_shared_fd_doc),
"_new_shared_fd(fd, size) -> a storage of size elements mapping the shared memory behind fd\n"
"(a duplicate of fd is kept; the caller still owns fd).");
PyDoc_STRVAR(THPStorage_(_new_using_fd_doc),
"_new_using_fd(size) -> a new storage of size elements in anonymous shared memory.");
PyDoc_STRVAR(THPStorage_(_share_filename__doc),
"_share_filename_() -> (manager_handle, filename, size): moves the storage into a named shared\n"
"memory object (if it is not there already); manager_handle is the shared-memory manager's\n"
"handle (None when none is running) and filename is bytes.");
PyDoc_STRVAR(THPStorage_(_new_shared_filename_doc),
"_new_shared_filename(manager, filename, size) -> a storage of size elements mapping the named\n"
"shared memory object; manager is the handle that came with the name (the caller connects\n"
"to it).");
PyDoc_STRVAR(THPStorage_(_new_using_filename_doc),
"_new_using_filename(size) -> a new storage of size elements in a named shared memory object.");
PyDoc_STRVAR(THPStorage_(_shared_incref_doc),
"_shared_incref(): adds one to the reference count of a named segment (no-op otherwise).");
PyDoc_STRVAR(THPStorage_(_shared_decref_doc),
"_shared_decref(): subtracts one from the reference count of a named segment.");
PyDoc_STRVAR(THPStorage_(_weak_ref_doc),
"_weak_ref() -> int: a weak reference to this shared storage (it does not keep it alive).");
PyDoc_STRVAR(THPStorage_(_new_with_weak_ptr_doc),
"_new_with_weak_ptr(ref) -> the storage behind a weak reference, or None if it was freed.");
PyDoc_STRVAR(THPStorage_(_expired_doc),
"_expired(ref) -> bool: whether the storage behind a weak reference was freed.");
PyDoc_STRVAR(THPStorage_(is_shared_doc),
"is_shared() -> bool: whether the storage's memory is in shared memory.");
