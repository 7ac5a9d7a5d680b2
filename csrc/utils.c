/* utils: the argument helpers every wrapper uses (see utils.h). */
#include "THP.h"

#include <stdarg.h>

int THPUtils_checkLong(PyObject *obj)
{
  if (PyLong_CheckExact(obj))
    return 1;
  if (PyBool_Check(obj))
    return 0;
  /* NumPy integer scalars have __index__; so do NumPy arrays, which are not ints. */
  return PyLong_Check(obj) || (PyIndex_Check(obj) && !PySequence_Check(obj));
}

/* Never fails on an int: values beyond the C range saturate to LONG_MIN/LONG_MAX, which every
 * caller then rejects as out of range with a message of its own. */
static long saturating_long(PyObject *integer)
{
  int overflow = 0;
  long value = PyLong_AsLongAndOverflow(integer, &overflow);
  if (overflow != 0)
    return overflow > 0 ? LONG_MAX : LONG_MIN;
  return value;
}

long THPUtils_unpackLong(PyObject *obj)
{
  if (PyLong_Check(obj))
    return saturating_long(obj);
  PyObject *index = PyNumber_Index(obj);
  if (index == NULL)
    return -1;
  long value = saturating_long(index);
  Py_DECREF(index);
  return value;
}

long THPUtils_unpackLongArgument(PyObject *obj, const char *name)
{
  PyObject *index = PyNumber_Index(obj);
  if (index == NULL)
    return -1;
  int overflow = 0;
  long value = PyLong_AsLongAndOverflow(index, &overflow);
  if (overflow != 0)
    PyErr_Format(PyExc_OverflowError, "argument '%s' must be an int from %ld to %ld, got %S", name,
                 LONG_MIN, LONG_MAX, index);
  Py_DECREF(index);
  return value;
}

int THPUtils_unpackInt(PyObject *obj)
{
  long value = THPUtils_unpackLong(obj);
  if (PyErr_Occurred())
    return -1;
  if (value < INT_MIN || value > INT_MAX) {
    PyErr_Format(PyExc_OverflowError, "dimension %S is out of range", obj);
    return -1;
  }
  return (int)value;
}

int THPUtils_checkDouble(PyObject *obj)
{
  if (PyFloat_CheckExact(obj) || PyLong_CheckExact(obj))
    return 1;
  /* Only types that convert through nb_float or nb_index can be numbers; testing the slots first
   * makes the common "not a number" answer (a tensor) cost two loads. */
  PyNumberMethods *number = Py_TYPE(obj)->tp_as_number;
  if (number == NULL || (number->nb_float == NULL && number->nb_index == NULL))
    return 0;
  if (PyFloat_Check(obj) || PyLong_Check(obj))
    return !PyBool_Check(obj);
  /* NumPy arrays have __float__ too (it fails unless they hold one element); they are not
   * numbers, so that an array argument gets the "invalid arguments" message. */
  return !PySequence_Check(obj);
}

double THPUtils_unpackDouble(PyObject *obj)
{
  if (PyFloat_CheckExact(obj))
    return PyFloat_AS_DOUBLE(obj);
  return PyFloat_AsDouble(obj);
}

const char *THPUtils_typename(PyObject *obj, char *buffer, size_t buffer_size)
{
  PyTypeObject *type = Py_TYPE(obj);
  if (type->tp_flags & Py_TPFLAGS_HEAPTYPE) {
    PyObject *module = PyObject_GetAttrString((PyObject *)type, "__module__");
    const char *module_name = (module && PyUnicode_Check(module)) ? PyUnicode_AsUTF8(module) : NULL;
    if (module_name && strcmp(module_name, "builtins") != 0)
      snprintf(buffer, buffer_size, "%s.%s", module_name, type->tp_name);
    else
      snprintf(buffer, buffer_size, "%s", type->tp_name);
    Py_XDECREF(module);
    PyErr_Clear();
    return buffer;
  }
  return type->tp_name;
}

static int is_size_sequence(PyObject *obj)
{
  return PyTuple_Check(obj) || PyList_Check(obj);
}

int THPUtils_checkSizeArgs(PyObject *const *args, Py_ssize_t nargs)
{
  if (nargs == 1 && is_size_sequence(args[0])) {
    PyObject *sequence = args[0];
    Py_ssize_t n = PySequence_Fast_GET_SIZE(sequence);
    for (Py_ssize_t i = 0; i < n; i++)
      if (!THPUtils_checkLong(PySequence_Fast_GET_ITEM(sequence, i)))
        return 0;
    return 1;
  }
  for (Py_ssize_t i = 0; i < nargs; i++)
    if (!THPUtils_checkLong(args[i]))
      return 0;
  return 1;
}

/* Fills a new THLongStorage from n items; sizes must be non-negative (0 ends the size list, as in
 * TH: an empty tensor has no dimensions). */
static THLongStorage *sizes_from_items(PyObject *const *items, Py_ssize_t n)
{
  THLongStorage *sizes = THLongStorage_newWithSize(n);
  for (Py_ssize_t i = 0; i < n; i++) {
    if (!THPUtils_checkLong(items[i])) {
      char name[128];
      PyErr_Format(PyExc_TypeError, "sizes must be integers, but got %s at position %zd",
                   THPUtils_typename(items[i], name, sizeof(name)), i);
      THLongStorage_free(sizes);
      return NULL;
    }
    long value = THPUtils_unpackLong(items[i]);
    if (value == -1 && PyErr_Occurred()) {
      THLongStorage_free(sizes);
      return NULL;
    }
    if (value < 0) {
      PyErr_Format(PyExc_ValueError, "sizes must be non-negative, but got %ld at position %zd",
                   value, i);
      THLongStorage_free(sizes);
      return NULL;
    }
    sizes->data[i] = value;
  }
  return sizes;
}

THLongStorage *THPUtils_unpackSizeSequence(PyObject *sequence)
{
  PyObject *fast = PySequence_Fast(sequence, "sizes must be a sequence of integers");
  if (fast == NULL)
    return NULL;
  THLongStorage *sizes = sizes_from_items(PySequence_Fast_ITEMS(fast), PySequence_Fast_GET_SIZE(fast));
  Py_DECREF(fast);
  return sizes;
}

THLongStorage *THPUtils_unpackSizeArgs(PyObject *const *args, Py_ssize_t nargs)
{
  if (nargs == 1 && is_size_sequence(args[0]))
    return THPUtils_unpackSizeSequence(args[0]);
  return sizes_from_items(args, nargs);
}

/* Appends the Python-side description of the received arguments: "(int, str, out=torch_early.X)". */
static void describe_received(PyObject *parts, PyObject *const *args, Py_ssize_t nargs,
                              PyObject *kwnames)
{
  char name[128];
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  PyObject *pieces = PyList_New(0);
  for (Py_ssize_t i = 0; i < nargs; i++) {
    PyObject *piece = PyUnicode_FromString(THPUtils_typename(args[i], name, sizeof(name)));
    PyList_Append(pieces, piece);
    Py_DECREF(piece);
  }
  for (Py_ssize_t i = 0; i < nkw; i++) {
    PyObject *piece = PyUnicode_FromFormat("%U=%s", PyTuple_GET_ITEM(kwnames, i),
                                           THPUtils_typename(args[nargs + i], name, sizeof(name)));
    PyList_Append(pieces, piece);
    Py_DECREF(piece);
  }
  PyObject *separator = PyUnicode_FromString(", ");
  PyObject *joined = PyUnicode_Join(separator, pieces);
  PyObject *text = PyUnicode_FromFormat("(%U)", joined);
  PyList_Append(parts, text);
  Py_DECREF(text);
  Py_DECREF(joined);
  Py_DECREF(separator);
  Py_DECREF(pieces);
}

/* Sets the TypeError of THPUtils_invalidArguments. */
static void invalid_arguments(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                              const char *function_name, int num_options, va_list options)
{
  PyObject *parts = PyList_New(0);
  PyObject *head = PyUnicode_FromFormat("%s received an invalid combination of arguments - got ",
                                        function_name);
  PyList_Append(parts, head);
  Py_DECREF(head);
  describe_received(parts, args, nargs, kwnames);

  if (num_options == 1) {
    PyObject *tail = PyUnicode_FromFormat(", but expected %s", va_arg(options, const char *));
    PyList_Append(parts, tail);
    Py_DECREF(tail);
  } else {
    PyObject *tail = PyUnicode_FromString(", but expected one of:");
    PyList_Append(parts, tail);
    Py_DECREF(tail);
    for (int i = 0; i < num_options; i++) {
      PyObject *line = PyUnicode_FromFormat("\n * %s", va_arg(options, const char *));
      PyList_Append(parts, line);
      Py_DECREF(line);
    }
  }

  PyObject *empty = PyUnicode_FromString("");
  PyObject *message = PyUnicode_Join(empty, parts);
  PyErr_SetObject(PyExc_TypeError, message);
  Py_DECREF(message);
  Py_DECREF(empty);
  Py_DECREF(parts);
}

PyObject *THPUtils_invalidArguments(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                    const char *function_name, int num_options, ...)
{
  /* An earlier failure (say, an overflowing int) is more precise than the generic message. */
  if (PyErr_Occurred())
    return NULL;
  va_list options;
  va_start(options, num_options);
  invalid_arguments(args, nargs, kwnames, function_name, num_options, options);
  va_end(options);
  return NULL;
}

PyObject *THPUtils_invalidArgumentsTuple(PyObject *args, PyObject *kwargs,
                                         const char *function_name, int num_options, ...)
{
  if (PyErr_Occurred())
    return NULL;
  /* Lay the keyword values after the positional ones, with their names in a tuple, as a
   * vectorcall receives them; the message is then built the same way for both conventions. */
  Py_ssize_t nargs = PyTuple_GET_SIZE(args);
  Py_ssize_t nkw = kwargs ? PyDict_GET_SIZE(kwargs) : 0;
  PyObject **items = PyMem_Malloc((nargs + nkw + 1) * sizeof(PyObject *));
  PyObject *kwnames = nkw > 0 ? PyTuple_New(nkw) : NULL;
  if (items == NULL || (nkw > 0 && kwnames == NULL)) {
    PyMem_Free(items);
    Py_XDECREF(kwnames);
    return PyErr_NoMemory();
  }
  for (Py_ssize_t i = 0; i < nargs; i++)
    items[i] = PyTuple_GET_ITEM(args, i);
  Py_ssize_t position = 0, i = 0;
  PyObject *key, *value;
  while (nkw > 0 && PyDict_Next(kwargs, &position, &key, &value)) {
    Py_INCREF(key);
    PyTuple_SET_ITEM(kwnames, i, key);
    items[nargs + i++] = value;
  }
  va_list options;
  va_start(options, num_options);
  invalid_arguments(items, nargs, kwnames, function_name, num_options, options);
  va_end(options);
  PyMem_Free(items);
  Py_XDECREF(kwnames);
  return NULL;
}

int THPUtils_wrapIndex(long *index, long size, int dim)
{
  long original = *index;
  if (*index < 0)
    *index += size;
  if (*index < 0 || *index >= size) {
    PyErr_Format(PyExc_IndexError,
                 "index %ld is out of range for dimension %d (of size %ld)", original, dim, size);
    return -1;
  }
  return 0;
}
