/* The sparse tensor type of one dtype (torch_early._C.SparseFloatTensorBase), in CPython's order:
 * helpers, the slots (lifetime, constructors), the methods (size(), written here, and those cwrap
 * generated from methods/SparseTensor.cwrap), the static method tables, the type objects, init.
 * Expanded for the seven regular dtypes by csrc/SparseTensor.c:
 * torch_early.sparse.FloatTensor(indices, values) → THSPFloatTensor_pynew →
 * THSFloatTensor_newWithTensor. (The struct is in generic/SparseTensor.h.) */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SparseTensor.c"
#else

#include "generic/RealStr.h"

PyObject *THSPTensorClass = NULL;

/* ---- helpers ------------------------------------------------------------------------------ */

/* A new object of `type` owning `tensor` (stolen; freed if the object cannot be made). */
static PyObject *THSPTensor_(wrap)(PyTypeObject *type, THSTensor *tensor)
{
  THSPTensor *self = (THSPTensor *)type->tp_alloc(type, 0);
  if (self == NULL) {
    THSTensor_(free)(tensor);
    return NULL;
  }
  self->cdata = tensor;
  return (PyObject *)self;
}

PyObject *THSPTensor_(New)(THSTensor *tensor)
{
  return THSPTensor_(wrap)(THSPTensorClass ? (PyTypeObject *)THSPTensorClass : &THSPTensorType,
                           tensor);
}

PyObject *THSPTensor_(NewEmpty)(void)
{
  return THSPTensor_(New)(THSTensor_(new)());
}

/* ---- slots -------------------------------------------------------------------------------- */

static void THSPTensor_(dealloc)(THSPTensor *self)
{
  if (self->cdata)
    THSTensor_(free)(self->cdata);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* tp_new:
 *   T()                          the empty sparse tensor (no dimensions, no entries)
 *   T(*sizes) / T(Size)          all zeros of that shape
 *   T(indices, values)           those entries; each size is the largest index plus one
 *   T(indices, values, size)     those entries in a tensor of that size
 * indices is a torch_early.LongTensor (nDimension x nnz), values a dense tensor of this dtype
 * (nnz); both are copied. */

#define THSP_TENSOR_SIGNATURES 5, "no arguments", "(int ...)", "(torch_early.Size size)", \
  "(torch_early.LongTensor indices, " THPTensorStr " values)", \
  "(torch_early.LongTensor indices, " THPTensorStr " values, torch_early.Size size)"

typedef struct {
  THLongStorage *sizes;  /* in (NULL: inferred from the indices) */
  THLongTensor *indices; /* in */
  THTensor *values;      /* in */
  THSTensor *result;     /* out */
} THSPTensor_(Construction);

static void THSPTensor_(constructWithSize)(void *context)
{
  THSPTensor_(Construction) *c = context;
  c->result = THSTensor_(newWithSize)(c->sizes);
}

static void THSPTensor_(constructFromParts)(void *context)
{
  THSPTensor_(Construction) *c = context;
  if (c->sizes)
    c->result = THSTensor_(newWithTensorAndSize)(c->indices, c->values, c->sizes);
  else
    c->result = THSTensor_(newWithTensor)(c->indices, c->values);
}

/* A size argument: a torch_early.Size (or, after indices and values, where nothing else can be
 * meant, a tuple or list) of ints. */
static int THSPTensor_(isSize)(PyObject *obj, int sequence_allowed)
{
  if (!THPSize_Check(obj) && !(sequence_allowed && (PyTuple_Check(obj) || PyList_Check(obj))))
    return 0;
  return THPUtils_checkSizeArgs(&obj, 1);
}

static THSTensor *THSPTensor_(construct)(PyObject *args, PyObject *kwargs)
{
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  PyObject *const *items = &PyTuple_GET_ITEM(args, 0);
  THSPTensor_(Construction) c = {0};
  THPGuardedBody body = NULL;
  const char *argument_names = NULL; /* of the THS constructor body calls */

  /* No keywords: a cdata=<address> form, adopting a C tensor by its address, is not offered,
   * because no address given from Python can be checked. */
  if (kwargs && PyDict_GET_SIZE(kwargs) != 0)
    return (THSTensor *)THPUtils_invalidArgumentsTuple(args, kwargs, THSPTensorStr,
                                                      THSP_TENSOR_SIGNATURES);
  if (nargs == 0)
    return THSTensor_(new)();
  if ((nargs == 2 || nargs == 3) && PyObject_TypeCheck(items[0], &THPLongTensorType) &&
      THPTensor_(Check)(items[1]) && (nargs == 2 || THSPTensor_(isSize)(items[2], 1))) {
    c.indices = ((THPLongTensor *)items[0])->cdata;
    c.values = ((THPTensor *)items[1])->cdata;
    if (nargs == 3 && (c.sizes = THPUtils_unpackSizeSequence(items[2])) == NULL)
      return NULL;
    body = THSPTensor_(constructFromParts);
    argument_names = "indices values size";
  } else if (nargs == 1 ? THSPTensor_(isSize)(items[0], 0) || THPUtils_checkLong(items[0])
                         : THPUtils_checkSizeArgs(items, nargs)) {
    if ((c.sizes = THPUtils_unpackSizeArgs(items, nargs)) == NULL)
      return NULL;
    body = THSPTensor_(constructWithSize);
    argument_names = "size";
  } else {
    return (THSTensor *)THPUtils_invalidArgumentsTuple(args, kwargs, THSPTensorStr,
                                                      THSP_TENSOR_SIGNATURES);
  }
  int status = THPError_guard(body, &c, argument_names);
  THLongStorage_free(c.sizes);
  if (status < 0) {
    THSTensor_(free)(c.result);
    return NULL;
  }
  return c.result;
}

static PyObject *THSPTensor_(pynew)(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
  THSTensor *tensor = THSPTensor_(construct)(args, kwargs);
  return tensor ? THSPTensor_(wrap)(type, tensor) : NULL;
}

#undef THSP_TENSOR_SIGNATURES

/* ---- methods ------------------------------------------------------------------------------ */

/* The whole torch_early.Size, or the size of one dimension (negative dims count from the end). */
static PyObject *THSPTensor_(size)(THSPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                   PyObject *kwnames)
{
  THSTensor *tensor = self->cdata;
  PyObject *dim_arg = nargs == 1 ? args[0] : NULL;
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  if (nkw == 1 && nargs == 0 &&
      PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "dim") == 0)
    dim_arg = args[0];
  else if (nkw != 0 || nargs > 1)
    return THPUtils_invalidArguments(args, nargs, kwnames, "size", 2, "no arguments", "(int dim)");
  if (dim_arg == NULL || dim_arg == Py_None)
    return THPSize_New(tensor->nDimension, tensor->size);
  if (!THPUtils_checkLong(dim_arg))
    return THPUtils_invalidArguments(args, nargs, kwnames, "size", 2, "no arguments", "(int dim)");
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
  return PyLong_FromLong(tensor->size[dim]);
}

static PyObject *THSPTensor_(getCData)(THSPTensor *self, void *unused)
{
  (void)unused;
  return PyLong_FromVoidPtr(self->cdata);
}

static PyGetSetDef THSPTensor_(properties)[] = {
  {"_cdata", (getter)THSPTensor_(getCData), NULL, "address of the C THSTensor", NULL},
  {NULL}
};

/* The wrappers cwrap generated from SparseTensorMethods.cwrap, in the build folder. */
#include "SparseTensorMethods.c"

/* ---- method tables ------------------------------------------------------------------------ */

PyDoc_STRVAR(THSPTensor_(size_doc),
"size(dim=None) -> torch_early.Size, or the size of one dimension as an int.");

static PyMethodDef THSPTensor_(methods)[] = {
  {"size", (PyCFunction)(void (*)(void))THSPTensor_(size), METH_FASTCALL | METH_KEYWORDS,
   THSPTensor_(size_doc)},
#include "SparseTensorMethods.table.c"
  {NULL}
};

/* The function forms on sparse tensors: torch_early.smm(a, b) runs type(a)._torch.smm(a, b), a
 * method of the single instance of the namespace type below. */
static PyMethodDef THSPTensor_(stateless_methods)[] = {
#include "SparseTensorMethods.stateless.c"
  {NULL}
};

/* ---- type objects ------------------------------------------------------------------------- */

PyTypeObject THSPTensorType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "torch_early._C." THSPTensorBaseStr,
  .tp_basicsize = sizeof(THSPTensor),
  .tp_dealloc = (destructor)THSPTensor_(dealloc),
  .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
  .tp_doc = "The C half of " THSPTensorStr ": the indices and values of a sparse tensor.",
  .tp_methods = THSPTensor_(methods),
  .tp_getset = THSPTensor_(properties),
  .tp_new = THSPTensor_(pynew),
};

PyTypeObject THSPTensorStatelessType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "torch_early._C." THSPTensorBaseStr ".stateless",
  .tp_basicsize = sizeof(PyObject),
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "Function-style implementations for " THSPTensorStr ".",
  .tp_methods = THSPTensor_(stateless_methods),
  .tp_new = PyType_GenericNew,
};

/* ---- init --------------------------------------------------------------------------------- */

int THSPTensor_(init)(PyObject *module)
{
  return THPUtils_readyTensorType(module, THSPTensorBaseStr, &THSPTensorType,
                                  &THSPTensorStatelessType);
}

int THSPTensor_(postInit)(PyObject *cls)
{
  return THPUtils_registerTensorClass(cls, &THSPTensorStatelessType, &THSPTensorClass);
}

#undef RealStr

#endif
