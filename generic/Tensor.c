/* The tensor type of one dtype (torch_early._C.FloatTensorBase), in CPython's order: helpers, the
 * slots (lifetime, constructors, indexing, buffer), the methods, the static method tables (the
 * hand-written entries, then those cwrap generated), the type objects, init. The pieces live in
 * the files included below. Expanded per dtype by csrc/Tensor<Dtype>.c (csrc/TensorFloat.c...):
 * torch_early.FloatTensor(2, 3) → THPFloatTensor_pynew. (The struct is in generic/Tensor.h.) */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Tensor.c"
#else

#include "generic/RealStr.h"

PyObject *THPTensorClass = NULL;

/* ---- helpers ------------------------------------------------------------------------------ */

/* A new object of `type` owning `tensor` (stolen; freed if the object cannot be made). */
static PyObject *THPTensor_(wrap)(PyTypeObject *type, THTensor *tensor)
{
  THPTensor *self = (THPTensor *)type->tp_alloc(type, 0);
  if (self == NULL) {
    THTensor_(free)(tensor);
    return NULL;
  }
  self->cdata = tensor;
  return (PyObject *)self;
}

PyObject *THPTensor_(New)(THTensor *tensor)
{
  return THPTensor_(wrap)(THPTensorClass ? (PyTypeObject *)THPTensorClass : &THPTensorType, tensor);
}

PyObject *THPTensor_(NewEmpty)(void)
{
  return THPTensor_(New)(THTensor_(new)());
}

static void THPTensor_(checkInStorageBody)(void *tensor)
{
  THTensor_(checkInStorage)((THTensor *)tensor);
}

/* For the hand-written code that reads or exports a tensor's memory itself: 0 when its elements
 * lie inside its storage, else -1 with TH's RuntimeError naming the sizes (the storage may have
 * shrunk under the tensor: storage().resize_()). */
static int THPTensor_(checkInStorage)(THTensor *tensor)
{
  return THPError_guard(THPTensor_(checkInStorageBody), tensor, NULL);
}

/* ---- slots -------------------------------------------------------------------------------- */

static void THPTensor_(dealloc)(THPTensor *self)
{
  if (self->cdata)
    THTensor_(free)(self->cdata);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

#include "generic/TensorBuffer.c"        /* the buffer protocol; numpy() */
#include "generic/TensorConstructors.c"  /* tp_new */
#include "generic/TensorCopy.c"          /* copy_ across dtypes */
#include "generic/TensorIndexing.c"      /* t[key], t[key] = value; index(), set_index() */

/* ---- methods ------------------------------------------------------------------------------ */

#include "generic/TensorApply.c"         /* apply_, map_, map2_ */
#include "generic/TensorBasics.c"        /* size(), stride(), storage() */
/* The wrappers cwrap generated from TensorMethods.cwrap, in the build folder; math is guarded
 * out for Half, which only stores and converts. */
#include "TensorMethods.c"

/* ---- method tables ------------------------------------------------------------------------ */

PyDoc_STRVAR(THPTensor_(size_doc),
"size(dim=None) -> torch_early.Size, or the size of one dimension as an int.");
PyDoc_STRVAR(THPTensor_(stride_doc),
"stride(dim=None) -> tuple of strides (in elements), or the stride of one dimension.");
PyDoc_STRVAR(THPTensor_(storage_doc),
"storage() -> the storage this tensor is a view of.");
PyDoc_STRVAR(THPTensor_(copy__doc),
"copy_(source) -> self: copies the elements of a tensor of any type with as many elements.");
PyDoc_STRVAR(THPTensor_(numpy_doc),
"numpy() -> numpy.ndarray sharing this tensor's memory.");
PyDoc_STRVAR(THPTensor_(index_doc),
"index(key) -> self[key], with a single element as a 1-element tensor instead of a number.");
PyDoc_STRVAR(THPTensor_(set_index_doc),
"set_index(key, value) -> self: self[key] = value; a single element may take a 1-element\n"
"tensor.");
PyDoc_STRVAR(THPTensor_(apply__doc),
"apply_(fn) -> self: each element x becomes fn(x).");
PyDoc_STRVAR(THPTensor_(map__doc),
"map_(tensor, fn) -> self: each element x becomes fn(x, y), y the element of tensor at the same\n"
"position in row-major order.");
PyDoc_STRVAR(THPTensor_(map2__doc),
"map2_(tensor1, tensor2, fn) -> self: each element x becomes fn(x, y, z), y and z the elements\n"
"of tensor1 and tensor2 at the same position in row-major order.");

static PyMethodDef THPTensor_(methods)[] = {
  {"size", (PyCFunction)(void (*)(void))THPTensor_(size), METH_FASTCALL | METH_KEYWORDS,
   THPTensor_(size_doc)},
  {"stride", (PyCFunction)(void (*)(void))THPTensor_(stride), METH_FASTCALL | METH_KEYWORDS,
   THPTensor_(stride_doc)},
  {"storage", (PyCFunction)THPTensor_(storage), METH_NOARGS, THPTensor_(storage_doc)},
  {"copy_", (PyCFunction)(void (*)(void))THPTensor_(copy_), METH_FASTCALL | METH_KEYWORDS,
   THPTensor_(copy__doc)},
  {"numpy", (PyCFunction)THPTensor_(numpy), METH_NOARGS, THPTensor_(numpy_doc)},
  {"index", (PyCFunction)THPTensor_(index), METH_O, THPTensor_(index_doc)},
  {"set_index", (PyCFunction)(void (*)(void))THPTensor_(setIndex), METH_FASTCALL,
   THPTensor_(set_index_doc)},
  {"apply_", (PyCFunction)(void (*)(void))THPTensor_(apply_), METH_FASTCALL | METH_KEYWORDS,
   THPTensor_(apply__doc)},
  {"map_", (PyCFunction)(void (*)(void))THPTensor_(map_), METH_FASTCALL | METH_KEYWORDS,
   THPTensor_(map__doc)},
  {"map2_", (PyCFunction)(void (*)(void))THPTensor_(map2_), METH_FASTCALL | METH_KEYWORDS,
   THPTensor_(map2__doc)},
#include "TensorMethods.table.c"
  {NULL}
};

/* The function forms: torch_early.add(a, b) runs type(a)._torch.add(a, b), a method of the single
 * instance of the namespace type below. */
static PyMethodDef THPTensor_(stateless_methods)[] = {
#include "TensorMethods.stateless.c"
  {NULL}
};

/* ---- type objects ------------------------------------------------------------------------- */

PyTypeObject THPTensorType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "torch_early._C." THPTensorBaseStr,
  .tp_basicsize = sizeof(THPTensor),
  .tp_dealloc = (destructor)THPTensor_(dealloc),
  .tp_as_number = &THPTensor_numberMethods,
  .tp_as_mapping = &THPTensor_(mappingMethods),
  .tp_as_buffer = &THPTensor_(bufferProcs),
  .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
  .tp_doc = "The C half of " THPTensorStr ": a strided view onto a storage.",
  .tp_methods = THPTensor_(methods),
  .tp_getset = THPTensor_(properties),
  .tp_new = THPTensor_(pynew),
};

PyTypeObject THPTensorStatelessType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "torch_early._C." THPTensorBaseStr ".stateless",
  .tp_basicsize = sizeof(PyObject),
  .tp_flags = Py_TPFLAGS_DEFAULT,
  .tp_doc = "Function-style implementations for " THPTensorStr ".",
  .tp_methods = THPTensor_(stateless_methods),
  .tp_new = PyType_GenericNew,
};

/* ---- init --------------------------------------------------------------------------------- */

int THPTensor_(init)(PyObject *module)
{
  return THPUtils_readyTensorType(module, THPTensorBaseStr, &THPTensorType,
                                  &THPTensorStatelessType);
}

int THPTensor_(postInit)(PyObject *cls)
{
  return THPUtils_registerTensorClass(cls, &THPTensorStatelessType, &THPTensorClass);
}

#undef RealStr

#endif
