/* TensorBasics: size(), stride() and storage(), written by hand because they return Python
 * structures (torch_early.Size, a storage object), the element of a one-element tensor (float(t)),
 * and the _cdata property. Included by generic/Tensor.c, whose method table lists them. */

/* size(dim=None) and stride(dim=None): the whole torch_early.Size, or one entry as an int. */
static PyObject *THPTensor_(sizeOrStride)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                          PyObject *kwnames, const char *name, const long *values,
                                          int as_size)
{
  THTensor *tensor = self->cdata;
  PyObject *dim_arg = nargs == 1 ? args[0] : NULL;
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nkw == 1 && nargs == 0 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "dim") == 0)
    dim_arg = args[0];
  else if (nkw != 0 || nargs > 1)
    return THPUtils_invalidArguments(args, nargs, kwnames, name, 2, "no arguments", "(int dim)");
  if ((dim_arg == NULL || dim_arg == Py_None) && as_size)
    return THPSize_New(tensor->nDimension, values);
  if (dim_arg == NULL || dim_arg == Py_None) {
    PyObject *strides = PyTuple_New(tensor->nDimension);
    for (int d = 0; strides && d < tensor->nDimension; d++)
      PyTuple_SET_ITEM(strides, d, PyLong_FromLong(values[d]));
    return strides;
  }
  if (!THPUtils_checkLong(dim_arg))
    return THPUtils_invalidArguments(args, nargs, kwnames, name, 2, "no arguments", "(int dim)");
  long dim = THPUtils_unpackLong(dim_arg);
  if (dim == -1 && PyErr_Occurred())
    return NULL;
  long original = dim;
  if (dim < 0)
    dim += tensor->nDimension;
  if (dim < 0 || dim >= tensor->nDimension) {
    PyErr_Format(PyExc_IndexError, "dimension %ld out of range of a %d-dimensional tensor",
                 original, tensor->nDimension);
    return NULL;
  }
  return PyLong_FromLong(values[dim]);
}

static PyObject *THPTensor_(size)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames)
{
  return THPTensor_(sizeOrStride)(self, args, nargs, kwnames, "size", self->cdata->size, 1);
}

static PyObject *THPTensor_(stride)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames)
{
  return THPTensor_(sizeOrStride)(self, args, nargs, kwnames, "stride", self->cdata->stride, 0);
}

/* A tensor made without memory (T(), an empty result) has no C storage; storage() gives it an
 * empty one first, so that every tensor has a storage, as the first releases guaranteed. */
static void THPTensor_(attachEmptyStorage)(void *context)
{
  THTensor *tensor = context;
  tensor->storage = THStorage_(new)();
  tensor->storageOffset = 0;
}

/* storage(): the storage object under this tensor (a new Python object, same C storage). */
static PyObject *THPTensor_(storage)(THPTensor *self, PyObject *unused)
{
  (void)unused;
  if (self->cdata->storage == NULL &&
      THPError_guard(THPTensor_(attachEmptyStorage), self->cdata, NULL) < 0)
    return NULL;
  THStorage *storage = self->cdata->storage;
  THStorage_(retain)(storage);
  return THPStorage_(New)(storage);
}

/* float(t) and int(t) (through csrc/TensorNumber.c): the element of a one-element tensor. */
PyObject *THPTensor_(singleValue)(PyObject *self, const char *conversion)
{
  THTensor *tensor = ((THPTensor *)self)->cdata;
  if (THTensor_(nElement)(tensor) != 1) {
    THPUtils_setError(PyExc_ValueError, "only a tensor with one element can be converted to a Python "
                 "%s, but this %s has %zd (size %s)", conversion, THPTensorStr,
                 (Py_ssize_t)THTensor_(nElement)(tensor), THTensor_(sizeDesc)(tensor).str);
    return NULL;
  }
  if (THPTensor_(checkInStorage)(tensor) < 0)
    return NULL;
  return THPUtils_(newReal)(THTensor_(data)(tensor)[0]);
}

static PyObject *THPTensor_(getCData)(THPTensor *self, void *unused)
{
  (void)unused;
  return PyLong_FromVoidPtr(self->cdata);
}

static PyGetSetDef THPTensor_(properties)[] = {
  {"_cdata", (getter)THPTensor_(getCData), NULL, "address of the C THTensor", NULL},
  {NULL}
};
