/* copy_ between tensors of any two dtypes; included by generic/Tensor.c.
 * t.copy_(s) → THPFloatTensor_copy_ → THFloatTensor_copyDouble(t, s) when s is a DoubleTensor.
 * Only the element counts must match; each side is walked in its own row-major order. */

/* Is obj a tensor of any dtype? */
static int THPTensor_(isAnyTensor)(PyObject *obj)
{
  return PyObject_TypeCheck(obj, &THPByteTensorType) || PyObject_TypeCheck(obj, &THPCharTensorType) ||
         PyObject_TypeCheck(obj, &THPShortTensorType) || PyObject_TypeCheck(obj, &THPIntTensorType) ||
         PyObject_TypeCheck(obj, &THPLongTensorType) || PyObject_TypeCheck(obj, &THPFloatTensorType) ||
         PyObject_TypeCheck(obj, &THPDoubleTensorType) || PyObject_TypeCheck(obj, &THPHalfTensorType);
}

typedef struct {
  THTensor *destination;
  PyObject *source; /* a tensor of any dtype (checked by the caller) */
} THPTensor_(Copy);

static void THPTensor_(copyBody)(void *context)
{
  THPTensor_(Copy) *c = context;
  PyObject *src = c->source;
  if (PyObject_TypeCheck(src, &THPByteTensorType))
    THTensor_(copyByte)(c->destination, ((THPByteTensor *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPCharTensorType))
    THTensor_(copyChar)(c->destination, ((THPCharTensor *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPShortTensorType))
    THTensor_(copyShort)(c->destination, ((THPShortTensor *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPIntTensorType))
    THTensor_(copyInt)(c->destination, ((THPIntTensor *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPLongTensorType))
    THTensor_(copyLong)(c->destination, ((THPLongTensor *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPFloatTensorType))
    THTensor_(copyFloat)(c->destination, ((THPFloatTensor *)src)->cdata);
  else if (PyObject_TypeCheck(src, &THPDoubleTensorType))
    THTensor_(copyDouble)(c->destination, ((THPDoubleTensor *)src)->cdata);
  else
    THTensor_(copyHalf)(c->destination, ((THPHalfTensor *)src)->cdata);
}

/* Copies `source` (a tensor of any dtype) into `destination`: 0, or -1 with an exception set.
 * `argument_names` names the two in TH's messages (csrc/Exceptions.h). */
static int THPTensor_(copyFrom)(THTensor *destination, PyObject *source,
                                const char *argument_names)
{
  THPTensor_(Copy) c = {destination, source};
  return THPError_guard(THPTensor_(copyBody), &c, argument_names);
}

/* copy_(source, async=False): `async` exists for CUDA and is ignored on the CPU. It is a Python
 * keyword, so it can only arrive through **kwargs. */
static PyObject *THPTensor_(copy_)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                   PyObject *kwnames)
{
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  int ok = (nargs == 1 && nkw == 0) || (nargs == 2 && nkw == 0 && PyBool_Check(args[1])) ||
           (nargs == 1 && nkw == 1 && PyUnicode_CompareWithASCIIString(PyTuple_GET_ITEM(kwnames, 0), "async") == 0);
  if (!ok || !THPTensor_(isAnyTensor)(args[0]))
    return THPUtils_invalidArguments(args, nargs, kwnames, "copy_", 1, "(torch_early.Tensor source, bool async=False)");
  if (THPTensor_(copyFrom)(self->cdata, args[0], "self source") < 0)
    return NULL;
  Py_INCREF(self);
  return (PyObject *)self;
}
