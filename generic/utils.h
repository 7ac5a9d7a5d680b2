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

#endif
