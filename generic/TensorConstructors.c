/* Tensor constructors (tp_new) of one dtype; included by generic/Tensor.c.
 *   T()                          an empty tensor (no dimensions)
 *   T(*sizes) / T(Size)          uninitialised memory of that shape (only a torch_early.Size, or
 *                                separate ints, give sizes: T((3, 4)) is data, as T([3, 4]) is)
 *   T(sequence)                  a copy of nested lists/tuples (or of a NumPy array of another dtype)
 *   T(ndarray)                   shares the memory of a NumPy array of the same dtype
 *   T(storage[, offset[, size[, stride]]])   a view of a storage (1-D over all of it by default)
 *   T(other)                     a new tensor object viewing the same storage as `other` */

#define THP_TENSOR_SIGNATURES 6, "no arguments", "(int ...)", "(torch_early.Size size)", \
  "(Sequence data)", "(" THPTensorStr " other)", \
  "(" THPStorageStr " storage, int offset=0, torch_early.Size size=None, torch_early.Size stride=None)"

typedef struct {
  THLongStorage *sizes;   /* in (may be NULL) */
  THLongStorage *strides; /* in (may be NULL) */
  THStorage *storage;     /* in, for the storage form */
  ptrdiff_t offset;       /* in */
  THTensor *source;       /* in, for the view form */
  THTensor *result;       /* out */
} THPTensor_(Construction);

/* The empty tensor is made first and then resized, so that when the allocation fails (a size too
 * large for memory) c->result already holds it and the caller can free it. */
static void THPTensor_(constructWithSize)(void *context)
{
  THPTensor_(Construction) *c = context;
  c->result = THTensor_(new)();
  THTensor_(resize)(c->result, c->sizes, NULL);
}

static void THPTensor_(constructView)(void *context)
{
  THPTensor_(Construction) *c = context;
  c->result = THTensor_(newWithTensor)(c->source);
}

static void THPTensor_(constructOnStorage)(void *context)
{
  THPTensor_(Construction) *c = context;
  c->result = THTensor_(new)();
  THTensor_(setStorage)(c->result, c->storage, c->offset, c->sizes, c->strides);
}

/* ---- nested sequences ---------------------------------------------------------------------- */

#define THP_MAX_SEQUENCE_DIMS 64

/* Follows element 0 down while it is a sequence: the shape of a well-formed nested sequence. */
static int THPTensor_(inferShape)(PyObject *data, long *sizes)
{
  int ndim = 0;
  PyObject *item = data;
  Py_INCREF(item);
  while (PySequence_Check(item) && !PyUnicode_Check(item) && !PyBytes_Check(item) &&
         !THPTensor_(Check)(item)) {
    Py_ssize_t length = PySequence_Length(item);
    if (length < 0 || ndim == THP_MAX_SEQUENCE_DIMS) {
      Py_DECREF(item);
      if (length >= 0)
        PyErr_Format(PyExc_ValueError, "nested sequence is deeper than %d levels", THP_MAX_SEQUENCE_DIMS);
      return -1;
    }
    sizes[ndim++] = length;
    if (length == 0)
      break;
    PyObject *first = PySequence_GetItem(item, 0);
    Py_DECREF(item);
    if (first == NULL)
      return -1;
    item = first;
  }
  Py_DECREF(item);
  return ndim;
}

/* Room for "(i, j, ...)" with THP_MAX_SEQUENCE_DIMS indices of up to 20 digits each. */
#define THP_POSITION_TEXT_SIZE (THP_MAX_SEQUENCE_DIMS * 22 + 3)

/* "(0, 2)": the indices that lead to depth `dim` of the nested sequence, for messages. */
static const char *THPTensor_(describePosition)(const long *position, int dim, char *text)
{
  size_t used = (size_t)snprintf(text, THP_POSITION_TEXT_SIZE, "(");
  for (int d = 0; d < dim && used < THP_POSITION_TEXT_SIZE; d++)
    used += (size_t)snprintf(text + used, THP_POSITION_TEXT_SIZE - used, d ? ", %ld" : "%ld",
                             position[d]);
  if (used < THP_POSITION_TEXT_SIZE)
    snprintf(text + used, THP_POSITION_TEXT_SIZE - used, ")");
  return text;
}

/* Writes the leaves of `data` (depth `dim` of `ndim`) in row-major order, checking that every
 * sub-sequence has the length the shape promised. `position` records where we are, for messages.
 * A ragged sequence is a RuntimeError naming the index, as the first releases reported it. */
static int THPTensor_(fillFromSequence)(PyObject *data, int dim, int ndim, const long *sizes,
                                        long *position, real **cursor)
{
  char name[128];
  if (dim == ndim) {
    if (!THPUtils_(checkReal)(data)) {
      /* A sequence here is nested deeper than its first sibling was: the shape is ragged. */
      char where[THP_POSITION_TEXT_SIZE];
      int deeper = PySequence_Check(data) && !PyUnicode_Check(data) && !PyBytes_Check(data);
      THPUtils_setError(deeper ? PyExc_RuntimeError : PyExc_TypeError,
                   "%s(): expected %s values in the nested sequence, but got %s at index %s",
                   THPTensorStr, RealStr, THPUtils_typename(data, name, sizeof(name)),
                   THPTensor_(describePosition)(position, ndim, where));
      return -1;
    }
    **cursor = THPUtils_(unpackReal)(data);
    (*cursor)++;
    return PyErr_Occurred() ? -1 : 0;
  }
  int is_sequence = PySequence_Check(data) && !PyUnicode_Check(data) && !PyBytes_Check(data);
  PyObject *fast = is_sequence ? PySequence_Fast(data, "expected a sequence") : NULL;
  if (is_sequence && fast == NULL)
    return -1; /* the sequence itself failed (its __iter__ raised) */
  if (fast == NULL || PySequence_Fast_GET_SIZE(fast) != sizes[dim]) {
    char where[THP_POSITION_TEXT_SIZE];
    THPTensor_(describePosition)(position, dim, where);
    if (fast == NULL)
      PyErr_Format(PyExc_RuntimeError,
                   "inconsistent sequence at index %s - expected a sequence of length %ld but "
                   "got %s", where, sizes[dim], THPUtils_typename(data, name, sizeof(name)));
    else
      PyErr_Format(PyExc_RuntimeError,
                   "inconsistent sequence length at index %s - expected %ld but got %zd", where,
                   sizes[dim], PySequence_Fast_GET_SIZE(fast));
    Py_XDECREF(fast);
    return -1;
  }
  for (long i = 0; i < sizes[dim]; i++) {
    position[dim] = i;
    if (THPTensor_(fillFromSequence)(PySequence_Fast_GET_ITEM(fast, i), dim + 1, ndim, sizes,
                                     position, cursor) < 0) {
      Py_DECREF(fast);
      return -1;
    }
  }
  Py_DECREF(fast);
  return 0;
}

static THTensor *THPTensor_(newFromSequence)(PyObject *data)
{
  long sizes[THP_MAX_SEQUENCE_DIMS], position[THP_MAX_SEQUENCE_DIMS];
  int ndim = THPTensor_(inferShape)(data, sizes);
  if (ndim < 0)
    return NULL;
  THPTensor_(Construction) c = {0};
  /* An empty list anywhere in the shape gives an empty tensor: there are no zero-size dims. */
  int empty = (ndim == 0);
  for (int d = 0; d < ndim; d++)
    empty |= (sizes[d] == 0);
  c.sizes = THLongStorage_newWithSize(empty ? 0 : ndim);
  for (int d = 0; !empty && d < ndim; d++)
    c.sizes->data[d] = sizes[d];
  int status = THPError_guard(THPTensor_(constructWithSize), &c, NULL);
  THLongStorage_free(c.sizes);
  if (status < 0) {
    THTensor_(free)(c.result);
    return NULL;
  }
  if (empty) {
    if (ndim == 0) { /* a scalar is not a sequence: T(3.5) is not a constructor form */
      THTensor_(free)(c.result);
      PyErr_SetString(PyExc_TypeError, "expected a sequence");
      return NULL;
    }
    return c.result;
  }
  real *cursor = THTensor_(data)(c.result);
  if (THPTensor_(fillFromSequence)(data, 0, ndim, sizes, position, &cursor) < 0) {
    THTensor_(free)(c.result);
    return NULL;
  }
  return c.result;
}

#undef THP_POSITION_TEXT_SIZE
#undef THP_MAX_SEQUENCE_DIMS

/* ---- tp_new -------------------------------------------------------------------------------- */

/* Sizes are separate ints, T(2, 3), or one torch_early.Size, T(t.size()). A tuple or a list is
 * always data, T((2, 3)) as T([2, 3]): that is how the first releases read it. */
static int THPTensor_(isSizeForm)(PyObject *const *items, Py_ssize_t nargs)
{
  if (nargs == 1 && THPSize_Check(items[0]))
    return 1;
  for (Py_ssize_t i = 0; i < nargs; i++)
    if (!THPUtils_checkLong(items[i]))
      return 0;
  return 1;
}

static int THPTensor_(isStorageForm)(PyObject *const *items, Py_ssize_t nargs)
{
  if (nargs < 1 || nargs > 4 || !THPStorage_(Check)(items[0]))
    return 0;
  if (nargs > 1 && !THPUtils_checkLong(items[1]))
    return 0;
  for (Py_ssize_t i = 2; i < nargs; i++)
    if (items[i] != Py_None && !PyTuple_Check(items[i]) && !PyList_Check(items[i]))
      return 0;
  return 1;
}

/* One past the last storage element that a view of these sizes and strides (contiguous where
 * strides is NULL) starting at `offset` reaches; -1 when that overflows. Sizes end at the first
 * zero, as in TH, and a view with no dimensions reaches nothing. */
static ptrdiff_t THPTensor_(viewEnd)(ptrdiff_t offset, THLongStorage *sizes, THLongStorage *strides)
{
  ptrdiff_t n = 0;
  while (n < sizes->size && sizes->data[n] > 0)
    n++;
  if (n == 0)
    return offset;
  ptrdiff_t end = offset + 1;
  long stride = 1;
  for (ptrdiff_t d = n - 1; d >= 0; d--) {
    long reach;
    if (strides)
      stride = strides->data[d];
    else if (d < n - 1 && __builtin_mul_overflow(stride, sizes->data[d + 1], &stride))
      return -1;
    if (__builtin_mul_overflow(sizes->data[d] - 1, stride, &reach) ||
        __builtin_add_overflow(end, reach, &end))
      return -1;
  }
  return end;
}

static THTensor *THPTensor_(newOnStorage)(PyObject *const *items, Py_ssize_t nargs)
{
  THPTensor_(Construction) c = {0};
  c.storage = ((THPStorage *)items[0])->cdata;
  c.offset = nargs > 1 ? THPUtils_unpackLong(items[1]) : 0;
  if (c.offset == -1 && PyErr_Occurred())
    return NULL;
  if (nargs > 2 && items[2] != Py_None)
    c.sizes = THPUtils_unpackSizeSequence(items[2]);
  else
    c.sizes = THLongStorage_newWithSize1(c.storage->size - c.offset);
  if (c.sizes == NULL)
    return NULL;
  if (nargs > 3 && items[3] != Py_None) {
    c.strides = THPUtils_unpackSizeSequence(items[3]);
    if (c.strides == NULL) {
      THLongStorage_free(c.sizes);
      return NULL;
    }
  }
  /* TH would grow a resizable storage to fit the view; a constructor that views a storage must
   * not change it, so a view that does not fit is refused here. */
  int status = -1;
  ptrdiff_t end;
  if (c.offset < 0 || c.offset > c.storage->size)
    PyErr_Format(PyExc_ValueError, "offset %zd is out of range for a storage of size %zd",
                 c.offset, c.storage->size);
  else if (c.strides && c.strides->size != c.sizes->size)
    PyErr_Format(PyExc_ValueError, "got %zd sizes but %zd strides", c.sizes->size, c.strides->size);
  else if ((end = THPTensor_(viewEnd)(c.offset, c.sizes, c.strides)) < 0 || end > c.storage->size)
    PyErr_Format(PyExc_ValueError,
                 "a view of size %s at offset %zd does not fit in a storage of size %zd",
                 THSizeDesc(c.sizes->data, (int)c.sizes->size).str, c.offset, c.storage->size);
  else
    status = THPError_guard(THPTensor_(constructOnStorage), &c,
                                    "- storage offset size stride");
  THLongStorage_free(c.sizes);
  THLongStorage_free(c.strides);
  if (status < 0) {
    THTensor_(free)(c.result);
    return NULL;
  }
  return c.result;
}

static THTensor *THPTensor_(construct)(PyObject *args, PyObject *kwargs)
{
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  PyObject *const *items = &PyTuple_GET_ITEM(args, 0);
  THPTensor_(Construction) c = {0};

  /* No keywords: the first releases' internal cdata=<address> form, which adopted a C tensor by
   * its address, is not offered, because no address given from Python can be checked. */
  if (kwargs && PyDict_GET_SIZE(kwargs) != 0)
    return (THTensor *)THPUtils_invalidArgumentsTuple(args, kwargs, THPTensorStr, THP_TENSOR_SIGNATURES);
  if (nargs == 0)
    return THTensor_(new)();
  if (THPTensor_(isSizeForm)(items, nargs)) {
    c.sizes = THPUtils_unpackSizeArgs(items, nargs);
    if (c.sizes == NULL)
      return NULL;
    int status = THPError_guard(THPTensor_(constructWithSize), &c, NULL);
    THLongStorage_free(c.sizes);
    if (status < 0) {
      THTensor_(free)(c.result);
      return NULL;
    }
    return c.result;
  }
  if (nargs == 1 && THPTensor_(Check)(items[0])) {
    c.source = ((THPTensor *)items[0])->cdata;
    return THPError_guard(THPTensor_(constructView), &c, NULL) < 0 ? NULL : c.result;
  }
  if (THPTensor_(isStorageForm)(items, nargs))
    return THPTensor_(newOnStorage)(items, nargs);
  if (nargs == 1 && PyObject_CheckBuffer(items[0]) && !PyBytes_Check(items[0]) &&
      !PyByteArray_Check(items[0])) {
    PyObject *shared = THPTensor_(tryShareBuffer)(items[0]);
    if (shared != NULL) {
      c.result = ((THPTensor *)shared)->cdata;
      THTensor_(retain)(c.result);
      Py_DECREF(shared);
      return c.result;
    }
    if (PyErr_Occurred())
      return NULL;
  }
  if (nargs == 1 && PySequence_Check(items[0]) && !PyUnicode_Check(items[0]) &&
      !PyBytes_Check(items[0])) {
    return THPTensor_(newFromSequence)(items[0]);
  }
  return (THTensor *)THPUtils_invalidArgumentsTuple(args, kwargs, THPTensorStr, THP_TENSOR_SIGNATURES);
}

static PyObject *THPTensor_(pynew)(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
  THTensor *tensor = THPTensor_(construct)(args, kwargs);
  return tensor ? THPTensor_(wrap)(type, tensor) : NULL;
}

#undef THP_TENSOR_SIGNATURES
