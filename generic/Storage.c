/* The storage type of one dtype: construction, the mapping protocol (len, s[i], s[a:b] as a view
 * storage) and the methods that live in C (from_buffer in StorageBuffer.c, included here).
 * Expanded per dtype by csrc/Storage.c.
 * torch_early.FloatStorage(3) → THPFloatStorage_pynew → THFloatStorage_newWithSize(3). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Storage.c"
#else

#include "generic/RealStr.h"

PyObject *THPStorageClass = NULL;

/* A new object of `type` owning `storage` (stolen; freed if the object cannot be made). */
static PyObject *THPStorage_(wrap)(PyTypeObject *type, THStorage *storage)
{
  THPStorage *self = (THPStorage *)type->tp_alloc(type, 0);
  if (self == NULL) {
    THStorage_(free)(storage);
    return NULL;
  }
  self->cdata = storage;
  return (PyObject *)self;
}

PyObject *THPStorage_(New)(THStorage *storage)
{
  return THPStorage_(wrap)(THPStorageClass ? (PyTypeObject *)THPStorageClass : &THPStorageType,
                           storage);
}

static void THPStorage_(dealloc)(THPStorage *self)
{
  if (self->cdata)
    THStorage_(free)(self->cdata);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* ---- construction -------------------------------------------------------------------------- */

typedef struct {
  PyObject *sequence; /* in: a list/tuple of numbers (fast sequence) */
  ptrdiff_t size;     /* in: the element count for the sized forms */
  THStorage *base;    /* in: the storage a view is taken of */
  ptrdiff_t offset;   /* in: first element of the view */
  THStorage *result;  /* out */
} THPStorage_(Construction);

static void THPStorage_(constructSized)(void *context)
{
  THPStorage_(Construction) *c = context;
  c->result = THStorage_(newWithSize)(c->size);
}

static void THPStorage_(constructView)(void *context)
{
  THPStorage_(Construction) *c = context;
  c->result = THStorage_(newView)(c->base, c->offset, c->size);
}

static THStorage *THPStorage_(fromSequence)(PyObject *sequence)
{
  PyObject *fast = PySequence_Fast(sequence, "expected a sequence");
  if (fast == NULL)
    return NULL;
  THPStorage_(Construction) c = {.size = PySequence_Fast_GET_SIZE(fast)};
  if (THPError_guard(THPStorage_(constructSized), &c, NULL) < 0) {
    Py_DECREF(fast);
    return NULL;
  }
  for (ptrdiff_t i = 0; i < c.size; i++) {
    PyObject *item = PySequence_Fast_GET_ITEM(fast, i);
    if (!THPUtils_(checkReal)(item)) {
      char name[128];
      THPUtils_setError(PyExc_TypeError, "%s(): expected a sequence of %s, but item %zd of the %s "
                   "is %s", THPStorageStr, RealStr, i, Py_TYPE(sequence)->tp_name,
                   THPUtils_typename(item, name, sizeof(name)));
      goto fail;
    }
    c.result->data[i] = THPUtils_(unpackReal)(item);
    if (PyErr_Occurred())
      goto fail;
  }
  Py_DECREF(fast);
  return c.result;

fail:
  Py_DECREF(fast);
  THStorage_(free)(c.result);
  return NULL;
}

#define THP_STORAGE_SIGNATURES 4, "no arguments", "(int size)", "(Sequence data)", \
  "(" THPStorageStr " view_source, int offset=0, int size=-1)"

/* A storage is made from positional arguments only: the usual TypeError, which lists the
 * forms, followed by the keyword it did not expect. NULL. */
static PyObject *THPStorage_(refuseKeywords)(PyObject *args, PyObject *kwargs)
{
  Py_ssize_t position = 0;
  PyObject *keyword, *value, *type, *error, *traceback;
  THPUtils_invalidArgumentsTuple(args, kwargs, THPStorageStr, THP_STORAGE_SIGNATURES);
  PyDict_Next(kwargs, &position, &keyword, &value);
  PyErr_Fetch(&type, &error, &traceback);
  PyErr_NormalizeException(&type, &error, &traceback);
  PyErr_Format(PyExc_TypeError, "%S\n(a storage takes no keyword arguments; got the keyword "
               "argument %R)", error, keyword);
  Py_XDECREF(type);
  Py_XDECREF(error);
  Py_XDECREF(traceback);
  return NULL;
}

static PyObject *THPStorage_(pynew)(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  PyObject *const *items = &PyTuple_GET_ITEM(args, 0);
  THPStorage_(Construction) c = {0};

  /* No keywords: see the tensor constructor on the first releases' cdata=<address> form. */
  if (kwargs && PyDict_GET_SIZE(kwargs) != 0) {
    return THPStorage_(refuseKeywords)(args, kwargs);
  } else if (nargs == 0) {
    c.result = THStorage_(new)();
  } else if (nargs == 1 && THPUtils_checkLong(items[0])) {
    c.size = THPUtils_unpackSize(items[0]);
    if (c.size == -1 && PyErr_Occurred())
      return NULL;
    if (c.size < 0) {
      THPUtils_setError(PyExc_ValueError, "%s(): size must be non-negative, but got %zd",
                   THPStorageStr, c.size);
      return NULL;
    }
    if (THPError_guard(THPStorage_(constructSized), &c, NULL) < 0)
      return NULL;
  } else if (nargs >= 1 && nargs <= 3 && THPStorage_(Check)(items[0])) {
    c.base = ((THPStorage *)items[0])->cdata;
    c.offset = nargs > 1 && THPUtils_checkLong(items[1]) ? THPUtils_unpackLong(items[1]) : 0;
    c.size = nargs > 2 && THPUtils_checkLong(items[2]) ? THPUtils_unpackLong(items[2]) : -1;
    if ((nargs > 1 && !THPUtils_checkLong(items[1])) || (nargs > 2 && !THPUtils_checkLong(items[2])))
      return THPUtils_invalidArgumentsTuple(args, kwargs, THPStorageStr, THP_STORAGE_SIGNATURES);
    if (PyErr_Occurred()) /* an __index__ that raised */
      return NULL;
    if (c.size == -1)
      c.size = c.base->size - c.offset;
    if (c.offset < 0 || c.offset > c.base->size || c.size < 0 || c.offset + c.size > c.base->size) {
      if (c.offset >= 0 && c.offset <= c.base->size)  /* say what room the offset leaves */
        THPUtils_setError(PyExc_ValueError, "%s(): a view of offset %zd and size %zd does not fit "
                          "in a storage of size %zd (%zd elements from the offset on)",
                          THPStorageStr, c.offset, c.size, c.base->size,
                          c.base->size - c.offset);
      else
        THPUtils_setError(PyExc_ValueError, "%s(): a view of offset %zd and size %zd does not fit "
                          "in a storage of size %zd", THPStorageStr, c.offset, c.size,
                          c.base->size);
      return NULL;
    }
    if (THPError_guard(THPStorage_(constructView), &c, NULL) < 0)
      return NULL;
  } else if (nargs == 1 && PySequence_Check(items[0]) && !PyUnicode_Check(items[0]) &&
             !PyBytes_Check(items[0])) {
    c.result = THPStorage_(fromSequence)(items[0]);
    if (c.result == NULL)
      return NULL;
  } else {
    return THPUtils_invalidArgumentsTuple(args, kwargs, THPStorageStr, THP_STORAGE_SIGNATURES);
  }

  return THPStorage_(wrap)(type, c.result);
}

#undef THP_STORAGE_SIGNATURES

/* ---- mapping protocol ---------------------------------------------------------------------- */

static Py_ssize_t THPStorage_(length)(THPStorage *self)
{
  return self->cdata->size;
}

/* Resolves a slice against the storage; only unit steps are supported (a view must be contiguous). */
static int THPStorage_(parseSlice)(THPStorage *self, PyObject *slice, Py_ssize_t *start,
                                   Py_ssize_t *length)
{
  Py_ssize_t stop, step;
  if (PySlice_Unpack(slice, start, &stop, &step) < 0)
    return -1;
  if (step != 1) { /* a RuntimeError, as in the first releases */
    PyErr_Format(PyExc_RuntimeError,
                 "storage slices with a step are not supported (got step %zd): only s[a:b]", step);
    return -1;
  }
  *length = PySlice_AdjustIndices(self->cdata->size, start, &stop, step);
  return 0;
}

static PyObject *THPStorage_(get)(THPStorage *self, PyObject *index)
{
  if (THPUtils_checkLong(index)) {
    long i = THPUtils_unpackLong(index);
    if ((i == -1 && PyErr_Occurred()) || THPUtils_wrapIndex(&i, self->cdata->size, 0) < 0)
      return NULL;
    return THPUtils_(newReal)(self->cdata->data[i]);
  }
  if (PySlice_Check(index)) {
    THPStorage_(Construction) c = {.base = self->cdata};
    Py_ssize_t start, length;
    if (THPStorage_(parseSlice)(self, index, &start, &length) < 0)
      return NULL;
    c.offset = start;
    c.size = length;
    if (THPError_guard(THPStorage_(constructView), &c, NULL) < 0)
      return NULL;
    return THPStorage_(New)(c.result);
  }
  char name[128];
  THPUtils_setError(PyExc_TypeError, "can't index a %s with %s", THPStorageStr,
               THPUtils_typename(index, name, sizeof(name)));
  return NULL;
}

static int THPStorage_(set)(THPStorage *self, PyObject *index, PyObject *value)
{
  char name[128];
  if (value == NULL) {
    PyErr_SetString(PyExc_TypeError, "storage elements cannot be deleted");
    return -1;
  }
  if (!THPUtils_(checkReal)(value)) {
    PyErr_Format(PyExc_TypeError, "can only set storage content with a %s, but got %s", RealStr,
                 THPUtils_typename(value, name, sizeof(name)));
    return -1;
  }
  real number = THPUtils_(unpackReal)(value);
  if (PyErr_Occurred())
    return -1;
  if (THPUtils_checkLong(index)) {
    long i = THPUtils_unpackLong(index);
    if ((i == -1 && PyErr_Occurred()) || THPUtils_wrapIndex(&i, self->cdata->size, 0) < 0)
      return -1;
    self->cdata->data[i] = number;
    return 0;
  }
  if (PySlice_Check(index)) {
    Py_ssize_t start, length;
    if (THPStorage_(parseSlice)(self, index, &start, &length) < 0)
      return -1;
    for (Py_ssize_t i = 0; i < length; i++)
      self->cdata->data[start + i] = number;
    return 0;
  }
  THPUtils_setError(PyExc_TypeError, "can't index a %s with %s", THPStorageStr,
               THPUtils_typename(index, name, sizeof(name)));
  return -1;
}

static PyMappingMethods THPStorage_(mappingMethods) = {
  (lenfunc)THPStorage_(length),
  (binaryfunc)THPStorage_(get),
  (objobjargproc)THPStorage_(set),
};

/* ---- methods ------------------------------------------------------------------------------- */

static PyObject *THPStorage_(size)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  return PyLong_FromSsize_t(self->cdata->size);
}

static PyObject *THPStorage_(elementSize)(THPStorage *self, PyObject *unused)
{
  (void)self;
  (void)unused;
  return PyLong_FromSize_t(sizeof(real));
}

static PyObject *THPStorage_(dataPtr)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  return PyLong_FromVoidPtr(self->cdata->data);
}

static PyObject *THPStorage_(isPinned)(THPStorage *self, PyObject *unused)
{
  (void)self;
  (void)unused;
  Py_RETURN_FALSE;
}

static PyObject *THPStorage_(fill)(THPStorage *self, PyObject *value)
{
  char name[128];
  if (!THPUtils_(checkReal)(value)) {
    PyErr_Format(PyExc_TypeError, "fill_ expected a %s, but got %s", RealStr,
                 THPUtils_typename(value, name, sizeof(name)));
    return NULL;
  }
  real number = THPUtils_(unpackReal)(value);
  if (PyErr_Occurred())
    return NULL;
  THStorage_(fill)(self->cdata, number);
  Py_INCREF(self);
  return (PyObject *)self;
}

#include "generic/StorageSharing.c"

typedef struct {
  THStorage *storage;
  ptrdiff_t size;
} THPStorage_(Resize);

static void THPStorage_(resizeBody)(void *context)
{
  THPStorage_(Resize) *r = context;
  THStorage_(resize)(r->storage, r->size);
}

static PyObject *THPStorage_(resize)(THPStorage *self, PyObject *size)
{
  char name[128];
  if (!THPUtils_checkLong(size)) {
    PyErr_Format(PyExc_TypeError, "resize_ expected an int, but got %s",
                 THPUtils_typename(size, name, sizeof(name)));
    return NULL;
  }
  if (THPStorage_(checkNotShared)(self) < 0)
    return NULL;
  THPStorage_(Resize) r = {self->cdata, THPUtils_unpackSize(size)};
  if (r.size == -1 && PyErr_Occurred())
    return NULL;
  if (r.size < 0) {
    PyErr_Format(PyExc_ValueError, "resize_: size must be non-negative, but got %zd", r.size);
    return NULL;
  }
  if (THPError_guard(THPStorage_(resizeBody), &r, "self size") < 0)
    return NULL;
  Py_INCREF(self);
  return (PyObject *)self;
}

/* copy_(source): element-wise copy from a storage of any dtype and the same size. */
typedef struct {
  THStorage *destination;
  PyObject *source;
} THPStorage_(Copy);

static void THPStorage_(copyBody)(void *context)
{
  THPStorage_(Copy) *c = context;
  PyObject *src = c->source;
  if (PyObject_TypeCheck(src, &THPByteStorageType))
    THStorage_(copyByte)(c->destination, ((THPByteStorage *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPCharStorageType))
    THStorage_(copyChar)(c->destination, ((THPCharStorage *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPShortStorageType))
    THStorage_(copyShort)(c->destination, ((THPShortStorage *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPIntStorageType))
    THStorage_(copyInt)(c->destination, ((THPIntStorage *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPLongStorageType))
    THStorage_(copyLong)(c->destination, ((THPLongStorage *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPFloatStorageType))
    THStorage_(copyFloat)(c->destination, ((THPFloatStorage *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPDoubleStorageType))
    THStorage_(copyDouble)(c->destination, ((THPDoubleStorage *)src)->cdata);
  else
    THStorage_(copyHalf)(c->destination, ((THPHalfStorage *)src)->cdata);
}

static int THPStorage_(isAnyStorage)(PyObject *obj)
{
  return PyObject_TypeCheck(obj, &THPByteStorageType) || PyObject_TypeCheck(obj, &THPCharStorageType) ||
         PyObject_TypeCheck(obj, &THPShortStorageType) || PyObject_TypeCheck(obj, &THPIntStorageType) ||
         PyObject_TypeCheck(obj, &THPLongStorageType) || PyObject_TypeCheck(obj, &THPFloatStorageType) ||
         PyObject_TypeCheck(obj, &THPDoubleStorageType) || PyObject_TypeCheck(obj, &THPHalfStorageType);
}

static PyObject *THPStorage_(copy)(THPStorage *self, PyObject *source)
{
  char name[128];
  if (!THPStorage_(isAnyStorage)(source)) {
    PyErr_Format(PyExc_TypeError, "copy_ expected a storage, but got %s",
                 THPUtils_typename(source, name, sizeof(name)));
    return NULL;
  }
  THPStorage_(Copy) c = {self->cdata, source};
  if (THPError_guard(THPStorage_(copyBody), &c, "self source") < 0)
    return NULL;
  Py_INCREF(self);
  return (PyObject *)self;
}

/* new(): a new empty storage of the same type. */
static PyObject *THPStorage_(newEmpty)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  THPStorage_(Construction) c = {.size = 0};
  if (THPError_guard(THPStorage_(constructSized), &c, NULL) < 0)
    return NULL;
  return THPStorage_(wrap)(Py_TYPE(self), c.result);
}

#include "generic/StorageBuffer.c"

/* _root_storage() -> (root, offset): follows view links down to the storage that owns the memory. */
static PyObject *THPStorage_(rootStorage)(THPStorage *self, PyObject *unused)
{
  (void)unused;
  THStorage *root = self->cdata;
  while (root->flag & TH_STORAGE_VIEW)
    root = root->view;
  ptrdiff_t offset = self->cdata->data - root->data;
  if (root == self->cdata) {
    Py_INCREF(self);
    return Py_BuildValue("(Nn)", (PyObject *)self, offset);
  }
  THStorage_(retain)(root);
  PyObject *wrapped = THPStorage_(New)(root);
  if (wrapped == NULL)
    return NULL;
  return Py_BuildValue("(Nn)", wrapped, offset);
}

/* ---- properties, method table -------------------------------------------------------------- */

static PyObject *THPStorage_(getCData)(THPStorage *self, void *unused)
{
  (void)unused;
  return PyLong_FromVoidPtr(self->cdata);
}

static PyGetSetDef THPStorage_(properties)[] = {
  {"_cdata", (getter)THPStorage_(getCData), NULL, "address of the C THStorage", NULL},
  {NULL}
};

PyDoc_STRVAR(THPStorage_(size_doc),
"size() -> int: the number of elements.");
PyDoc_STRVAR(THPStorage_(element_size_doc),
"element_size() -> int: bytes per element.");
PyDoc_STRVAR(THPStorage_(data_ptr_doc),
"data_ptr() -> int: address of the first element.");
PyDoc_STRVAR(THPStorage_(is_pinned_doc),
"is_pinned() -> bool: always False for CPU storages.");
PyDoc_STRVAR(THPStorage_(fill__doc),
"fill_(value): sets every element to value.");
PyDoc_STRVAR(THPStorage_(resize__doc),
"resize_(size): changes the element count, keeping the first elements.");
PyDoc_STRVAR(THPStorage_(copy__doc),
"copy_(source): copies every element of a same-size storage of any type.");
PyDoc_STRVAR(THPStorage_(new_doc),
"new() -> a new empty storage of the same type.");
PyDoc_STRVAR(THPStorage_(from_buffer_doc),
"from_buffer(buffer, byte_order, count=-1, offset=0) -> a new storage holding a copy of the\n"
"elements in `buffer` (bytes, bytearray, anything with the buffer protocol), decoded in\n"
"byte_order: 'native', 'little' or 'big' (optional for ByteStorage and CharStorage). offset\n"
"counts bytes, count elements (-1: all that follow offset).");
PyDoc_STRVAR(THPStorage_(_root_storage_doc),
"_root_storage() -> (storage, offset): the storage owning the memory of this view.");

static PyMethodDef THPStorage_(methods)[] = {
  {"size", (PyCFunction)THPStorage_(size), METH_NOARGS, THPStorage_(size_doc)},
  {"element_size", (PyCFunction)THPStorage_(elementSize), METH_NOARGS,
   THPStorage_(element_size_doc)},
  {"data_ptr", (PyCFunction)THPStorage_(dataPtr), METH_NOARGS, THPStorage_(data_ptr_doc)},
  {"is_pinned", (PyCFunction)THPStorage_(isPinned), METH_NOARGS, THPStorage_(is_pinned_doc)},
  {"fill_", (PyCFunction)THPStorage_(fill), METH_O, THPStorage_(fill__doc)},
  {"resize_", (PyCFunction)THPStorage_(resize), METH_O, THPStorage_(resize__doc)},
  {"copy_", (PyCFunction)THPStorage_(copy), METH_O, THPStorage_(copy__doc)},
  {"new", (PyCFunction)THPStorage_(newEmpty), METH_NOARGS, THPStorage_(new_doc)},
  {"from_buffer", (PyCFunction)(void (*)(void))THPStorage_(fromBuffer),
   METH_CLASS | METH_VARARGS | METH_KEYWORDS,
   THPStorage_(from_buffer_doc)},
  {"_root_storage", (PyCFunction)THPStorage_(rootStorage), METH_NOARGS,
   THPStorage_(_root_storage_doc)},
  {"_share_fd_", (PyCFunction)THPStorage_(shareFd), METH_NOARGS, THPStorage_(_share_fd__doc)},
  {"_new_shared_fd", (PyCFunction)THPStorage_(newSharedFd), METH_CLASS | METH_VARARGS,
   THPStorage_(_new_shared_fd_doc)},
  {"_new_using_fd", (PyCFunction)THPStorage_(newUsingFd), METH_CLASS | METH_O,
   THPStorage_(_new_using_fd_doc)},
  {"_share_filename_", (PyCFunction)THPStorage_(shareFilename), METH_NOARGS,
   THPStorage_(_share_filename__doc)},
  {"_new_shared_filename", (PyCFunction)THPStorage_(newSharedFilename),
   METH_CLASS | METH_VARARGS, THPStorage_(_new_shared_filename_doc)},
  {"_new_using_filename", (PyCFunction)THPStorage_(newUsingFilename), METH_CLASS | METH_O,
   THPStorage_(_new_using_filename_doc)},
  {"_shared_incref", (PyCFunction)THPStorage_(sharedIncref), METH_NOARGS,
   THPStorage_(_shared_incref_doc)},
  {"_shared_decref", (PyCFunction)THPStorage_(sharedDecref), METH_NOARGS,
   THPStorage_(_shared_decref_doc)},
  {"_weak_ref", (PyCFunction)THPStorage_(weakRef), METH_NOARGS, THPStorage_(_weak_ref_doc)},
  {"_new_with_weak_ptr", (PyCFunction)THPStorage_(newWithWeakPtr), METH_CLASS | METH_O,
   THPStorage_(_new_with_weak_ptr_doc)},
  {"_expired", (PyCFunction)THPStorage_(expired), METH_CLASS | METH_O, THPStorage_(_expired_doc)},
  {"is_shared", (PyCFunction)THPStorage_(isShared), METH_NOARGS, THPStorage_(is_shared_doc)},
  {NULL}
};

/* ---- type object, init ---------------------------------------------------------------------- */

PyTypeObject THPStorageType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "torch_early._C." THPStorageBaseStr,
  .tp_basicsize = sizeof(THPStorage),
  .tp_dealloc = (destructor)THPStorage_(dealloc),
  .tp_as_mapping = &THPStorage_(mappingMethods),
  .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
  .tp_doc = "The C half of " THPStorageStr ": a flat array of one dtype.",
  .tp_methods = THPStorage_(methods),
  .tp_getset = THPStorage_(properties),
  .tp_new = THPStorage_(pynew),
};

int THPStorage_(init)(PyObject *module)
{
  if (PyType_Ready(&THPStorageType) < 0)
    return -1;
  Py_INCREF(&THPStorageType);
  return PyModule_AddObject(module, THPStorageBaseStr, (PyObject *)&THPStorageType);
}

#undef RealStr

#endif
