/* TensorBasics: the tensor methods written by hand rather than generated, because they return Python structures
 * (torch_early.Size, a storage object, a NumPy array) or dispatch on the source dtype (copy_).
 * Included by generic/Tensor.c; the generated methods join them in THPTensor_(init). */

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

/* storage(): the storage object under this tensor (a new Python object, same C storage), or
 * None for an empty tensor that has none. */
static PyObject *THPTensor_(storage)(THPTensor *self, PyObject *unused)
{
  (void)unused;
  THStorage *storage = self->cdata->storage;
  if (storage == NULL)
    Py_RETURN_NONE;
  THStorage_(retain)(storage);
  return THPStorage_(New)(storage);
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

static PyMethodDef THPTensor_(methods)[] = {
  {"size", (PyCFunction)(void (*)(void))THPTensor_(size), METH_FASTCALL | METH_KEYWORDS,
   "size(dim=None) -> torch_early.Size, or the size of one dimension as an int."},
  {"stride", (PyCFunction)(void (*)(void))THPTensor_(stride), METH_FASTCALL | METH_KEYWORDS,
   "stride(dim=None) -> tuple of strides (in elements), or the stride of one dimension."},
  {"storage", (PyCFunction)THPTensor_(storage), METH_NOARGS,
   "storage() -> the storage this tensor is a view of."},
  {"copy_", (PyCFunction)(void (*)(void))THPTensor_(copy_), METH_FASTCALL | METH_KEYWORDS,
   "copy_(source) -> self: copies the elements of a tensor of any type with as many elements."},
  {"numpy", (PyCFunction)THPTensor_(numpy), METH_NOARGS,
   "numpy() -> numpy.ndarray sharing this tensor's memory."},
  {"apply_", (PyCFunction)(void (*)(void))THPTensor_(apply_), METH_FASTCALL | METH_KEYWORDS,
   "apply_(fn) -> self: each element x becomes fn(x)."},
  {"map_", (PyCFunction)(void (*)(void))THPTensor_(map_), METH_FASTCALL | METH_KEYWORDS,
   "map_(tensor, fn) -> self: each element x becomes fn(x, y), y the element of tensor at the same\n"
   "position in row-major order."},
  {"map2_", (PyCFunction)(void (*)(void))THPTensor_(map2_), METH_FASTCALL | METH_KEYWORDS,
   "map2_(tensor1, tensor2, fn) -> self: each element x becomes fn(x, y, z), y and z the elements\n"
   "of tensor1 and tensor2 at the same position in row-major order."},
  {NULL}
};
