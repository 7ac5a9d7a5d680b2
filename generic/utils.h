/* Per-dtype conversions between Python numbers and `real`/`accreal`, used by every wrapper:
 * THPFloatUtils_unpackReal(obj) → float, THPLongUtils_newAccreal(v) → Python int, ...
 * Float types take ints and floats; integer types take ints only. Half converts through float. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/utils.h"
#else

#if defined(TH_REAL_IS_FLOAT) || defined(TH_REAL_IS_DOUBLE) || defined(TH_REAL_IS_HALF)

/* bool is accepted as a value (True is 1.0), as for the integer types. */
static inline int THPUtils_(checkReal)(PyObject *obj)
{
  return PyFloat_CheckExact(obj) || PyLong_Check(obj) || THPUtils_checkDouble(obj);
}

static inline int THPUtils_(checkAccreal)(PyObject *obj)
{
  return THPUtils_(checkReal)(obj);
}

static inline accreal THPUtils_(unpackAccreal)(PyObject *obj)
{
  return (accreal)THPUtils_unpackDouble(obj);
}

static inline PyObject *THPUtils_(newAccreal)(accreal value)
{
  return PyFloat_FromDouble((double)value);
}

#if defined(TH_REAL_IS_HALF)
static inline real THPUtils_(unpackReal)(PyObject *obj)
{
  return TH_float2half((float)THPUtils_unpackDouble(obj));
}

static inline PyObject *THPUtils_(newReal)(real value)
{
  return PyFloat_FromDouble(TH_half2float(value));
}
#else
static inline real THPUtils_(unpackReal)(PyObject *obj)
{
  return (real)THPUtils_unpackDouble(obj);
}

static inline PyObject *THPUtils_(newReal)(real value)
{
  return PyFloat_FromDouble((double)value);
}
#endif

#else /* integer types */

/* bool is accepted as a value (True is 1), unlike for sizes and dims. NumPy integer scalars have
 * __index__; so do NumPy arrays, which are not numbers. */
static inline int THPUtils_(checkReal)(PyObject *obj)
{
  return PyLong_Check(obj) || (PyIndex_Check(obj) && !PySequence_Check(obj));
}

static inline int THPUtils_(checkAccreal)(PyObject *obj)
{
  return THPUtils_(checkReal)(obj);
}

/* An int beyond the range of C long fits no integer dtype: OverflowError (callers check
 * PyErr_Occurred). Within that range the conversion to a narrower dtype wraps, as C's does. */
static inline long THPUtils_(unpackIntegerValue)(PyObject *obj)
{
  if (!PyLong_Check(obj) && PyErr_Occurred()) /* see THPUtils_unpackLong */
    return -1;
  long value = PyLong_AsLong(obj);
  if (value == -1 && PyErr_Occurred() && PyErr_ExceptionMatches(PyExc_OverflowError)) {
    PyErr_Clear();
    PyErr_Format(PyExc_OverflowError, "%S is out of range for integer tensors", obj);
  }
  return value;
}

static inline real THPUtils_(unpackReal)(PyObject *obj)
{
  return (real)THPUtils_(unpackIntegerValue)(obj);
}

static inline accreal THPUtils_(unpackAccreal)(PyObject *obj)
{
  return (accreal)THPUtils_(unpackIntegerValue)(obj);
}

static inline PyObject *THPUtils_(newReal)(real value)
{
  return PyLong_FromLong((long)value);
}

static inline PyObject *THPUtils_(newAccreal)(accreal value)
{
  return PyLong_FromLong((long)value);
}

#endif

/* ---- A sequence of tensors of this dtype: torch_early.cat's first argument (cwrap's THTensor**) ---- */

/* A list or tuple of tensors, every one of this dtype. An empty one matches too, so that TH
 * refuses it with a RuntimeError (cat([]) in v0.1.12), rather than being a TypeError. */
static inline int THPUtils_(checkTensorList)(PyObject *obj)
{
  if (!PyList_Check(obj) && !PyTuple_Check(obj))
    return 0;
  Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  if (n > INT_MAX)
    return 0;
  for (Py_ssize_t i = 0; i < n; i++)
    if (!THPTensor_(Check)(PySequence_Fast_GET_ITEM(obj, i)))
      return 0;
  return 1;
}

/* A new NULL-terminated array of the sequence's THTensors, each retained, so that they outlive a
 * change to the list made while the GIL is released. NULL with MemoryError set. */
static inline THTensor **THPUtils_(unpackTensorList)(PyObject *obj)
{
  Py_ssize_t n = PySequence_Fast_GET_SIZE(obj);
  THTensor **list = PyMem_Malloc((n + 1) * sizeof(THTensor *));
  if (list == NULL)
    return (THTensor **)PyErr_NoMemory();
  for (Py_ssize_t i = 0; i < n; i++) {
    list[i] = ((THPTensor *)PySequence_Fast_GET_ITEM(obj, i))->cdata;
    THTensor_(retain)(list[i]);
  }
  list[n] = NULL;
  return list;
}

static inline int THPUtils_(tensorListLength)(THTensor **list)
{
  int n = 0;
  while (list[n] != NULL)
    n++;
  return n;
}

/* The dimensions that a negative dim of cat counts back from: those of the first tensor that
 * has any (empty tensors are skipped by cat); 0 when all are empty. */
static inline int THPUtils_(tensorListDim)(THTensor **list)
{
  for (int i = 0; list[i] != NULL; i++)
    if (THTensor_(nDimension)(list[i]) > 0)
      return THTensor_(nDimension)(list[i]);
  return 0;
}

/* The elements of all the tensors together (to decide whether to release the GIL). */
static inline ptrdiff_t THPUtils_(tensorListNumel)(THTensor **list)
{
  ptrdiff_t total = 0;
  for (int i = 0; list[i] != NULL; i++)
    total += THTensor_(nElement)(list[i]);
  return total;
}

/* Frees an array made by unpackTensorList (a void * so that a generated wrapper's call can keep
 * it: THPCall_keep). */
static inline void THPUtils_(freeTensorList)(void *array)
{
  THTensor **list = array;
  for (int i = 0; list[i] != NULL; i++)
    THTensor_(free)(list[i]);
  PyMem_Free(list);
}

#endif
