/* TensorNumber: int(t) and float(t) of a one-element tensor of any dtype and shape (2017 code
 * writes float(loss.sum(0)) or int(t.prod(0)[0])). The nb_int and nb_float slots are shared by
 * every tensor type; each dtype gives its element through THPTensor_(singleValue). */
#include "THP.h"

/* New reference to the element of a one-element tensor; ValueError for any other count. */
static PyObject *single_value(PyObject *self, const char *conversion)
{
#define TRY_DTYPE(Real)                                   \
  if (PyObject_TypeCheck(self, &THP##Real##TensorType)) \
    return THP##Real##Tensor_singleValue(self, conversion);
  THP_FOR_EACH_DTYPE(TRY_DTYPE)
#undef TRY_DTYPE
  PyErr_SetString(PyExc_TypeError, "expected a tensor");
  return NULL;
}

static PyObject *tensor_float(PyObject *self)
{
  PyObject *value = single_value(self, "float");
  PyObject *result = value ? PyNumber_Float(value) : NULL;
  Py_XDECREF(value);
  return result;
}

static PyObject *tensor_int(PyObject *self)
{
  PyObject *value = single_value(self, "int");
  PyObject *result = value ? PyNumber_Long(value) : NULL;
  Py_XDECREF(value);
  return result;
}

PyNumberMethods THPTensor_numberMethods = {
  .nb_int = tensor_int,
  .nb_float = tensor_float,
};
