/* utils: the argument helpers every wrapper uses (see utils.h). */
#include "THP.h"
#include "TypeMix.h"

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
  if (PyErr_Occurred()) /* an earlier argument's error: run no __index__ with it pending */
    return -1;
  PyObject *index = PyNumber_Index(obj);
  if (index == NULL)
    return -1;
  long value = saturating_long(index);
  Py_DECREF(index);
  return value;
}

long THPUtils_unpackSize(PyObject *obj)
{
  long value = THPUtils_unpackLong(obj);
  if (value != LONG_MAX)
    return value;
  PyObject *index = PyNumber_Index(obj);
  if (index == NULL)
    return -1;
  int overflow = 0;
  PyLong_AsLongAndOverflow(index, &overflow);
  if (overflow > 0)
    PyErr_Format(PyExc_RuntimeError, "a size of %S is too large: sizes must fit in 64 bits", index);
  Py_DECREF(index);
  return overflow > 0 ? -1 : value;
}

long THPUtils_unpackLongArgument(PyObject *obj, const char *name)
{
  if (!PyLong_Check(obj) && PyErr_Occurred()) /* as in THPUtils_unpackLong */
    return -1;
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

int THPUtils_wrapDim(int dim, int ndim, int extra, const char *name)
{
  int count = ndim + extra;  /* the positions a dimension may take */
  if (PyErr_Occurred() || count == 0)
    return dim;
  if (dim < -count || dim >= count) {
    PyErr_Format(THPException_IndexError,
                 "argument '%s': dimension %d out of range of %dD tensor (expected a dimension "
                 "from %d to %d)", name, dim, ndim, -count, count - 1);
    return dim;
  }
  return dim < 0 ? dim + count : dim;
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
  if (number->nb_float == THPTensor_numberMethods.nb_float) /* a tensor: float(t) works, but */
    return 0;                                               /* it is no number */
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
  if (PyErr_Occurred()) /* as in THPUtils_unpackLong */
    return -1.0;
  return PyFloat_AsDouble(obj);
}

/* The package as users import it: "torch_early", or "torch" while a 2017 program runs under
 * torch_early.as_torch. One name for every message and repr: C code asks THPUtils_publicName(),
 * Python code _C._public_name(); torch_early._set_public_name changes it. */
#define HOME_NAME "torch_early"
static char public_name[64] = HOME_NAME;

const char *THPUtils_publicName(void)
{
  return public_name;
}

PyObject *THPUtils_getPublicName(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  return PyUnicode_FromString(public_name);
}

PyObject *THPUtils_setPublicName(PyObject *module, PyObject *name)
{
  (void)module;
  Py_ssize_t length;
  const char *text = PyUnicode_Check(name) ? PyUnicode_AsUTF8AndSize(name, &length) : NULL;
  if (text == NULL || !PyUnicode_IsIdentifier(name) || length >= (Py_ssize_t)sizeof(public_name)) {
    PyErr_Clear();
    PyErr_Format(PyExc_ValueError, "the package name must be a short identifier, got %R", name);
    return NULL;
  }
  memcpy(public_name, text, length + 1);
  Py_RETURN_NONE;
}

/* Copies `dotted` into buffer as users read it: a name inside the package ("torch_early.Size",
 * "torch_early.autograd.variable.Variable") begins with the public name instead. */
static const char *public_dotted_name(const char *dotted, char *buffer, size_t buffer_size)
{
  size_t home_length = strlen(HOME_NAME);
  if (strncmp(dotted, HOME_NAME, home_length) == 0 &&
      (dotted[home_length] == '.' || dotted[home_length] == '\0'))
    snprintf(buffer, buffer_size, "%s%s", public_name, dotted + home_length);
  else
    snprintf(buffer, buffer_size, "%s", dotted);
  return buffer;
}

const char *THPUtils_typename(PyObject *obj, char *buffer, size_t buffer_size)
{
  return THPUtils_className(Py_TYPE(obj), buffer, buffer_size);
}

const char *THPUtils_className(PyTypeObject *type, char *buffer, size_t buffer_size)
{
  if (!(type->tp_flags & Py_TPFLAGS_HEAPTYPE))
    return public_dotted_name(type->tp_name, buffer, buffer_size);  /* "int", "torch_early.Size" */
  /* A class defined in Python: its tp_name is bare, its module is in __module__. */
  char dotted[256];
  PyObject *module = PyObject_GetAttrString((PyObject *)type, "__module__");
  const char *module_name = (module && PyUnicode_Check(module)) ? PyUnicode_AsUTF8(module) : NULL;
  if (module_name && strcmp(module_name, "builtins") != 0)
    snprintf(dotted, sizeof(dotted), "%s.%s", module_name, type->tp_name);
  else
    snprintf(dotted, sizeof(dotted), "%s", type->tp_name);
  Py_XDECREF(module);
  PyErr_Clear();
  return public_dotted_name(dotted, buffer, buffer_size);
}

/* A signature or function name written at compile time, which names the package "torch_early"
 * ("(float value, torch_early.FloatTensor other)"), as users read it. New reference. */
static PyObject *public_text(const char *text)
{
  PyObject *written = PyUnicode_FromString(text);
  if (written == NULL || strcmp(public_name, HOME_NAME) == 0)
    return written;
  PyObject *home = PyUnicode_FromString(HOME_NAME ".");
  PyObject *shown = PyUnicode_FromFormat("%s.", public_name);
  PyObject *result = (home && shown) ? PyUnicode_Replace(written, home, shown, -1) : NULL;
  Py_XDECREF(home);
  Py_XDECREF(shown);
  Py_DECREF(written);
  return result;
}

PyObject *THPUtils_setError(PyObject *exception, const char *format, ...)
{
  va_list arguments;
  va_start(arguments, format);
  PyObject *written = PyUnicode_FromFormatV(format, arguments);
  va_end(arguments);
  const char *text = written ? PyUnicode_AsUTF8(written) : NULL;
  PyObject *message = text ? public_text(text) : NULL;
  if (message != NULL)
    PyErr_SetObject(exception, message);
  Py_XDECREF(message);
  Py_XDECREF(written);
  return NULL;
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
  /* A wrapper unpacks its arguments one after another and reports the first error after the last
   * (THPCall_enterTH): an int too large for an earlier argument may still be pending here. */
  if (PyErr_Occurred())
    return NULL;
  THLongStorage *sizes = THLongStorage_newWithSize(n);
  for (Py_ssize_t i = 0; i < n; i++) {
    if (!THPUtils_checkLong(items[i])) {
      char name[128];
      PyErr_Format(PyExc_TypeError, "sizes must be integers, but got %s at position %zd",
                   THPUtils_typename(items[i], name, sizeof(name)), i);
      THLongStorage_free(sizes);
      return NULL;
    }
    long value = THPUtils_unpackSize(items[i]);
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
  /* A tuple or a list, torch_early.Size included, is read in place: PySequence_Fast would iterate
   * a subclass, running Python code. */
  if (is_size_sequence(sequence))
    return sizes_from_items(PySequence_Fast_ITEMS(sequence), PySequence_Fast_GET_SIZE(sequence));
  PyObject *fast = PySequence_Fast(sequence, "sizes must be a sequence of integers");
  if (fast == NULL)
    return NULL;
  THLongStorage *sizes = sizes_from_items(PySequence_Fast_ITEMS(fast), PySequence_Fast_GET_SIZE(fast));
  Py_DECREF(fast);
  return sizes;
}

void THPUtils_freeSizes(void *sizes)
{
  THLongStorage_free(sizes);
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

/* The message of THPUtils_invalidArguments; `options` is a list of the signatures (str), shown
 * as a list after "expected one of:" when there are several or `as_list` is set. New reference. */
static PyObject *invalid_arguments_message(PyObject *const *args, Py_ssize_t nargs,
                                           PyObject *kwnames, const char *function_name,
                                           PyObject *options, int as_list)
{
  PyObject *parts = PyList_New(0);
  PyObject *name = public_text(function_name);
  PyObject *head = PyUnicode_FromFormat("%U received an invalid combination of arguments - got ",
                                        name);
  Py_DECREF(name);
  PyList_Append(parts, head);
  Py_DECREF(head);
  describe_received(parts, args, nargs, kwnames);

  Py_ssize_t num_options = PyList_GET_SIZE(options);
  if (num_options == 1 && !as_list) {
    PyObject *option = public_text(PyUnicode_AsUTF8(PyList_GET_ITEM(options, 0)));
    PyObject *tail = PyUnicode_FromFormat(", but expected %U", option);
    Py_DECREF(option);
    PyList_Append(parts, tail);
    Py_DECREF(tail);
  } else {
    PyObject *tail = PyUnicode_FromString(", but expected one of:");
    PyList_Append(parts, tail);
    Py_DECREF(tail);
    for (Py_ssize_t i = 0; i < num_options; i++) {
      PyObject *option = public_text(PyUnicode_AsUTF8(PyList_GET_ITEM(options, i)));
      PyObject *line = PyUnicode_FromFormat("\n * %U", option);
      Py_DECREF(option);
      PyList_Append(parts, line);
      Py_DECREF(line);
    }
  }

  PyObject *empty = PyUnicode_FromString("");
  PyObject *message = PyUnicode_Join(empty, parts);
  Py_DECREF(empty);
  Py_DECREF(parts);
  return message;
}

/* Sets the TypeError of THPUtils_invalidArguments; `options` is a list of the signatures (str). */
static void invalid_arguments(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                              const char *function_name, PyObject *options)
{
  PyObject *message = invalid_arguments_message(args, nargs, kwnames, function_name, options, 0);
  if (message != NULL)
    PyErr_SetObject(PyExc_TypeError, message);
  Py_XDECREF(message);
}

/* Sets the TypeError of a type mix: its line, then the usual message listing the signatures the
 * arguments nearly fit, and how many others help() shows; `type_mix` is the call as written. */
static void type_mix_error(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                           const char *function_name, Py_ssize_t num_options,
                           const THPTypeMix *mix, const THPCallee *callee)
{
  PyObject *listed = invalid_arguments_message(args, nargs, kwnames, function_name, mix->near,
                                               num_options > 1);
  Py_ssize_t others = num_options - PyList_GET_SIZE(mix->near);
  PyObject *message = NULL, *error = NULL;
  if (listed != NULL && others > 0)
    message = PyUnicode_FromFormat("%U\n%U\n * ... and %zd more: help(%s)", mix->line, listed,
                                   others, callee->help_name);
  else if (listed != NULL)
    message = PyUnicode_FromFormat("%U\n%U", mix->line, listed);
  if (message != NULL)
    error = PyObject_CallOneArg(PyExc_TypeError, message);
  if (error != NULL && PyObject_SetAttrString(error, "type_mix", mix->written) == 0)
    PyErr_SetObject(PyExc_TypeError, error);
  Py_XDECREF(error);
  Py_XDECREF(message);
  Py_XDECREF(listed);
}

/* `options` with the package named as users import it: a new list. */
static PyObject *public_options(PyObject *options)
{
  Py_ssize_t count = PyList_GET_SIZE(options);
  PyObject *shown = PyList_New(count);
  for (Py_ssize_t i = 0; shown != NULL && i < count; i++) {
    const char *text = PyUnicode_AsUTF8(PyList_GET_ITEM(options, i));
    PyObject *option = text ? public_text(text) : NULL;
    if (option == NULL)
      Py_CLEAR(shown);
    else
      PyList_SET_ITEM(shown, i, option);
  }
  return shown;
}

PyObject *THPUtils_invalidArgumentListOf(PyObject *const *args, Py_ssize_t nargs,
                                         PyObject *kwnames, const char *function_name,
                                         PyObject *options, const THPCallee *callee)
{
  if (options == NULL || PyErr_Occurred())
    return NULL;
  PyObject *shown = public_options(options);
  THPTypeMix mix = {NULL, NULL, NULL};
  int found = shown ? THPTypeMix_find(&mix, args, nargs, kwnames, shown, callee) : -1;
  if (found > 0)
    type_mix_error(args, nargs, kwnames, function_name, PyList_GET_SIZE(options), &mix, callee);
  else if (found == 0)
    invalid_arguments(args, nargs, kwnames, function_name, options);
  THPTypeMix_clear(&mix);
  Py_XDECREF(shown);
  return NULL;
}

/* The `num_options` signatures of a va_list as a new list of str (NULL on failure). */
static PyObject *option_list(int num_options, va_list options)
{
  PyObject *list = PyList_New(num_options);
  for (int i = 0; list != NULL && i < num_options; i++) {
    PyObject *option = PyUnicode_FromString(va_arg(options, const char *));
    if (option == NULL)
      Py_CLEAR(list);
    else
      PyList_SET_ITEM(list, i, option);
  }
  return list;
}

PyObject *THPUtils_invalidArguments(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                    const char *function_name, int num_options, ...)
{
  /* An earlier failure (say, an overflowing int) is more precise than the generic message. */
  if (PyErr_Occurred())
    return NULL;
  va_list options;
  va_start(options, num_options);
  PyObject *list = option_list(num_options, options);
  va_end(options);
  THPUtils_invalidArgumentList(args, nargs, kwnames, function_name, list);
  Py_XDECREF(list);
  return NULL;
}

PyObject *THPUtils_invalidArgumentList(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                       const char *function_name, PyObject *options)
{
  if (options != NULL && !PyErr_Occurred())
    invalid_arguments(args, nargs, kwnames, function_name, options);
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
  PyObject *list = option_list(num_options, options);
  va_end(options);
  THPUtils_invalidArgumentList(items, nargs, kwnames, function_name, list);
  Py_XDECREF(list);
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

int THPUtils_readyTensorType(PyObject *module, const char *name, PyTypeObject *type,
                             PyTypeObject *namespace_type)
{
  if (PyType_Ready(type) < 0 || PyType_Ready(namespace_type) < 0)
    return -1;
  Py_INCREF(type);
  return PyModule_AddObject(module, name, (PyObject *)type);
}

int THPUtils_registerTensorClass(PyObject *cls, PyTypeObject *namespace_type,
                                 PyObject **registered)
{
  PyObject *functions = PyObject_CallNoArgs((PyObject *)namespace_type);
  if (functions == NULL)
    return -1;
  int status = PyObject_SetAttrString(cls, "_torch", functions);
  Py_DECREF(functions);
  if (status < 0)
    return -1;
  Py_INCREF(cls);
  Py_XSETREF(*registered, cls);
  return 0;
}
