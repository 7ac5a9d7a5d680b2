/* Memory shared with NumPy (and any buffer-protocol object), both ways; included by
 * generic/Tensor.c.
 *   - Export: the tensor type implements the buffer protocol, so numpy.asarray(t) and t.numpy()
 *     view the tensor's memory. The exported view holds its own reference to the storage, and the
 *     storage stops being resizable, so the memory cannot move or vanish under the array.
 *   - Import: THPTensor_(NewFromBuffer) wraps an exporter's memory in a storage whose allocator
 *     context owns the Py_buffer; freeing the storage releases the buffer (and the array). */

#if defined(TH_REAL_IS_BYTE)
#define THP_BUFFER_FORMAT "B"
#elif defined(TH_REAL_IS_CHAR)
#define THP_BUFFER_FORMAT "b"
#elif defined(TH_REAL_IS_SHORT)
#define THP_BUFFER_FORMAT "h"
#elif defined(TH_REAL_IS_INT)
#define THP_BUFFER_FORMAT "i"
#elif defined(TH_REAL_IS_LONG)
#define THP_BUFFER_FORMAT "l"
#elif defined(TH_REAL_IS_FLOAT)
#define THP_BUFFER_FORMAT "f"
#elif defined(TH_REAL_IS_DOUBLE)
#define THP_BUFFER_FORMAT "d"
#elif defined(TH_REAL_IS_HALF)
#define THP_BUFFER_FORMAT "e"
#endif

/* What an exported view keeps alive, and the shape/stride arrays it points into. */
typedef struct {
  THStorage *storage;
  Py_ssize_t shape[1]; /* really 2 * ndim entries: shapes, then strides in bytes */
} THPTensor_(Export);

/* Can a consumer asking with these flags read this tensor's memory correctly? One that takes no
 * strides, or asks for contiguous memory, needs the elements packed in row-major order; tensors
 * are never column-major unless they have at most one dimension. */
static int THPTensor_(canExport)(THTensor *tensor, int flags)
{
  int packed = THTensor_(isContiguous)(tensor);
  if ((flags & PyBUF_F_CONTIGUOUS) == PyBUF_F_CONTIGUOUS)
    return packed && tensor->nDimension <= 1;
  if ((flags & PyBUF_STRIDES) != PyBUF_STRIDES ||
      (flags & PyBUF_C_CONTIGUOUS) == PyBUF_C_CONTIGUOUS ||
      (flags & PyBUF_ANY_CONTIGUOUS) == PyBUF_ANY_CONTIGUOUS)
    return packed;
  return 1;
}

static int THPTensor_(getBuffer)(THPTensor *self, Py_buffer *view, int flags)
{
  THTensor *tensor = self->cdata;
  /* Refuse before anything is retained or flagged, so a refusal leaves the tensor as it was. */
  if (THPTensor_(checkInStorage)(tensor) < 0)
    return -1;
  if (!THPTensor_(canExport)(tensor, flags)) {
    PyErr_SetString(PyExc_BufferError, "this tensor is not contiguous and can only be exported "
                                       "as a strided buffer (call .contiguous() first)");
    return -1;
  }
  int ndim = tensor->nDimension;
  int export_dims = ndim > 0 ? ndim : 1; /* an empty tensor exports as shape (0,) */
  THPTensor_(Export) *export = PyMem_Malloc(sizeof(THPTensor_(Export)) +
                                            2 * export_dims * sizeof(Py_ssize_t));
  if (export == NULL) {
    PyErr_NoMemory();
    return -1;
  }
  Py_ssize_t *shape = export->shape, *strides = export->shape + export_dims;
  for (int d = 0; d < ndim; d++) {
    shape[d] = tensor->size[d];
    strides[d] = tensor->stride[d] * (Py_ssize_t)sizeof(real);
  }
  if (ndim == 0) {
    shape[0] = 0;
    strides[0] = sizeof(real);
  }
  export->storage = tensor->storage;
  if (export->storage) {
    THStorage_(retain)(export->storage);
    THStorage_(pin)(export->storage);
  }
  view->buf = ndim > 0 ? (void *)THTensor_(data)(tensor) : NULL;
  view->obj = (PyObject *)self;
  Py_INCREF(self);
  view->len = THTensor_(nElement)(tensor) * (Py_ssize_t)sizeof(real);
  view->readonly = 0;
  view->itemsize = sizeof(real);
  view->format = (flags & PyBUF_FORMAT) ? THP_BUFFER_FORMAT : NULL;
  /* Without PyBUF_ND the consumer reads view->len plain bytes. */
  view->ndim = (flags & PyBUF_ND) == PyBUF_ND ? export_dims : 1;
  view->shape = (flags & PyBUF_ND) == PyBUF_ND ? shape : NULL;
  view->strides = (flags & PyBUF_STRIDES) == PyBUF_STRIDES ? strides : NULL;
  view->suboffsets = NULL;
  view->internal = export;
  return 0;
}

static void THPTensor_(releaseBuffer)(THPTensor *self, Py_buffer *view)
{
  (void)self;
  THPTensor_(Export) *export = view->internal;
  if (export->storage) {
    THStorage_(unpin)(export->storage);
    THStorage_(free)(export->storage);
  }
  PyMem_Free(export);
}

static PyBufferProcs THPTensor_(bufferProcs) = {
  (getbufferproc)THPTensor_(getBuffer),
  (releasebufferproc)THPTensor_(releaseBuffer),
};

/* Does a buffer format string describe this dtype? Accepts native byte order markers and the
 * equivalent integer spellings of the same size ("q" for a 64-bit long, ...). */
static int THPTensor_(formatMatches)(const char *format, Py_ssize_t itemsize)
{
  if (format == NULL)
    format = "B";
  if (*format == '@' || *format == '=' || *format == '<')
    format++;
  if (format[0] == '\0' || format[1] != '\0' || itemsize != (Py_ssize_t)sizeof(real))
    return 0;
  char code = format[0];
#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE) || defined(TH_REAL_IS_HALF)
  return code == THP_BUFFER_FORMAT[0];
#elif defined(TH_REAL_IS_BYTE)
  return code == 'B';
#else
  return strchr("bhilq", code) != NULL; /* signed integers of the right size */
#endif
}

static PyObject *THPTensor_(numpy)(THPTensor *self, PyObject *unused)
{
  (void)unused;
  /* numpy.asarray swallows an error of the buffer export and makes an array of one object. */
  if (THPTensor_(checkInStorage)(self->cdata) < 0)
    return NULL;
  PyObject *numpy = PyImport_ImportModule("numpy");
  if (numpy == NULL)
    return NULL;
  PyObject *array = PyObject_CallMethod(numpy, "asarray", "O", (PyObject *)self);
  Py_DECREF(numpy);
  return array;
}

#undef THP_BUFFER_FORMAT

/* ---- import: a tensor over someone else's buffer ------------------------------------------- */

int THPTensor_(bufferFormatMatches)(const char *format, Py_ssize_t itemsize)
{
  return THPTensor_(formatMatches)(format, itemsize);
}

typedef struct {
  Py_buffer *view;      /* in */
  THLongStorage *sizes; /* in */
  THLongStorage *strides;
  ptrdiff_t extent;     /* in: elements spanned, 1 + sum((size - 1) * stride) */
  void *context;        /* in: owns the buffer once the storage exists */
  THStorage *storage;   /* out */
  THTensor *result;     /* out */
} THPTensor_(BufferImport);

static void THPTensor_(importBody)(void *opaque)
{
  THPTensor_(BufferImport) *b = opaque;
  b->storage = THStorage_(newWithDataAndAllocator)((real *)b->view->buf, b->extent,
                                                   &THPBufferAllocator, b->context);
  b->context = NULL; /* the storage owns it now */
  THStorage_(clearFlag)(b->storage, TH_STORAGE_RESIZABLE);
  b->result = THTensor_(newWithStorage)(b->storage, 0, b->sizes, b->strides);
}

PyObject *THPTensor_(NewFromBuffer)(PyObject *exporter, Py_buffer *view)
{
  (void)exporter;
  int ndim = view->ndim > 0 ? view->ndim : 1;
  THPTensor_(BufferImport) b = {view, THLongStorage_newWithSize(ndim), THLongStorage_newWithSize(ndim), 1};
  int empty = 0;
  for (int d = 0; d < ndim; d++) {
    Py_ssize_t size = view->ndim > 0 ? view->shape[d] : 1;
    Py_ssize_t stride = view->ndim > 0 ? (view->strides ? view->strides[d] : 0) : view->itemsize;
    if (view->ndim > 0 && view->strides == NULL) { /* C-contiguous without explicit strides */
      stride = view->itemsize;
      for (int e = d + 1; e < ndim; e++)
        stride *= view->shape[e];
    }
    if (stride < 0 || stride % view->itemsize != 0) {
      PyErr_SetString(PyExc_ValueError,
                      "arrays with negative strides, or strides that are not a multiple of the "
                      "element size, cannot be shared (copy the array first)");
      goto fail;
    }
    b.sizes->data[d] = size;
    b.strides->data[d] = stride / view->itemsize;
    empty |= (size == 0);
    if (size > 0)
      b.extent += (size - 1) * b.strides->data[d];
  }
  if (empty) { /* no zero-size dimensions in this era: an empty array gives an empty tensor */
    THLongStorage_free(b.sizes);
    THLongStorage_free(b.strides);
    PyBuffer_Release(view);
    return THPTensor_(NewEmpty)();
  }
  b.context = THPBufferAllocator_newContext(view);
  if (b.context == NULL) {
    PyErr_NoMemory();
    goto fail;
  }
  int status = THPError_guard(THPTensor_(importBody), &b, NULL);
  THLongStorage_free(b.sizes);
  THLongStorage_free(b.strides);
  THStorage_(free)(b.storage); /* the tensor holds its own reference */
  if (status < 0) {
    THTensor_(free)(b.result);
    if (b.context) { /* the storage was never made: release the buffer here */
      PyBuffer_Release(view);
      PyMem_RawFree(b.context);
    }
    return NULL;
  }
  return THPTensor_(New)(b.result);

fail:
  THLongStorage_free(b.sizes);
  THLongStorage_free(b.strides);
  PyBuffer_Release(view);
  return NULL;
}

/* For the constructor: a shared tensor if `obj` exports a writable buffer of exactly this dtype;
 * NULL with no exception set when it does not (the caller then copies it as a sequence). */
static PyObject *THPTensor_(tryShareBuffer)(PyObject *obj)
{
  Py_buffer view;
  if (PyObject_GetBuffer(obj, &view, PyBUF_RECORDS) < 0) {
    PyErr_Clear();
    return NULL;
  }
  if (!THPTensor_(formatMatches)(view.format, view.itemsize)) {
    PyBuffer_Release(&view);
    return NULL;
  }
  return THPTensor_(NewFromBuffer)(obj, &view);
}
