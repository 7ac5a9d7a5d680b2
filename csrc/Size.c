/* Size: torch_early.Size is a tuple of ints, made in C so that tensor.size() is cheap and the
 * constructors accept it like any tuple. Its repr says what it is: torch_early.Size([2, 3]), or
 * torch.Size([2, 3]) under torch_early.as_torch (the package's public name). */
#include "THP.h"

PyObject *THPSize_New(int dim, const long *sizes)
{
  PyObject *self = THPSizeType.tp_alloc(&THPSizeType, dim);
  if (self == NULL)
    return NULL;
  for (int i = 0; i < dim; i++) {
    PyObject *size = PyLong_FromLong(sizes[i]);
    if (size == NULL) {
      Py_DECREF(self);
      return NULL;
    }
    PyTuple_SET_ITEM(self, i, size);
  }
  return self;
}

/* Size(iterable=()): like tuple(), but every item must be an int. Integer-like items (a NumPy
 * int64, say) are stored as the Python ints they stand for. */
static PyObject *THPSize_pynew(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
  PyObject *self = PyTuple_Type.tp_new(type, args, kwargs);
  if (self == NULL)
    return NULL;
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(self); i++) {
    PyObject *item = PyTuple_GET_ITEM(self, i);
    if (!THPUtils_checkLong(item)) {
      char name[128];
      PyErr_Format(PyExc_TypeError, "%s.Size() takes an iterable of 'int' (item %zd is '%s')",
                   THPUtils_publicName(), i, THPUtils_typename(item, name, sizeof(name)));
      Py_DECREF(self);
      return NULL;
    }
    if (!PyLong_CheckExact(item)) {
      /* The tuple is brand new and ours alone, so replacing an item in place is safe. */
      PyObject *integer = PyNumber_Index(item);
      if (integer == NULL) {
        Py_DECREF(self);
        return NULL;
      }
      PyTuple_SET_ITEM(self, i, integer);
      Py_DECREF(item);
    }
  }
  return self;
}

static PyObject *THPSize_repr(PyObject *self)
{
  PyObject *list = PySequence_List(self);
  if (list == NULL)
    return NULL;
  PyObject *repr = PyUnicode_FromFormat("%s.Size(%R)", THPUtils_publicName(), list);
  Py_DECREF(list);
  return repr;
}

/* Pickles as a plain call to Size(tuple). */
static PyObject *THPSize_reduce(PyObject *self, PyObject *unused)
{
  (void)unused;
  PyObject *items = PySequence_Tuple(self);
  if (items == NULL)
    return NULL;
  return Py_BuildValue("(O(N))", (PyObject *)Py_TYPE(self), items);
}

/* The tuple operations that make a new tuple of sizes (x + y, x * 2, x[1:]) give a Size again,
 * as in v0.1.12, when every item is an int; otherwise (x + ('a',)) the plain tuple. Takes the
 * reference to `tuple`; returns a new reference or NULL. */
static PyObject *THPSize_fromTupleResult(PyObject *tuple)
{
  if (tuple == NULL || !PyTuple_CheckExact(tuple))
    return tuple;
  Py_ssize_t n = PyTuple_GET_SIZE(tuple);
  for (Py_ssize_t i = 0; i < n; i++)
    if (!PyLong_CheckExact(PyTuple_GET_ITEM(tuple, i)))
      return tuple;
  PyObject *size = THPSizeType.tp_alloc(&THPSizeType, n);
  if (size != NULL) {
    for (Py_ssize_t i = 0; i < n; i++) {
      PyObject *item = PyTuple_GET_ITEM(tuple, i);
      Py_INCREF(item);
      PyTuple_SET_ITEM(size, i, item);
    }
  }
  Py_DECREF(tuple);
  return size;
}

static PyObject *THPSize_concat(PyObject *self, PyObject *other)
{
  return THPSize_fromTupleResult(PyTuple_Type.tp_as_sequence->sq_concat(self, other));
}

static PyObject *THPSize_repeat(PyObject *self, Py_ssize_t count)
{
  return THPSize_fromTupleResult(PyTuple_Type.tp_as_sequence->sq_repeat(self, count));
}

static PyObject *THPSize_subscript(PyObject *self, PyObject *key)
{
  PyObject *result = PyTuple_Type.tp_as_mapping->mp_subscript(self, key);
  return PySlice_Check(key) ? THPSize_fromTupleResult(result) : result;
}

static PySequenceMethods THPSize_sequenceMethods;
static PyMappingMethods THPSize_mappingMethods;

static PyMethodDef THPSize_methods[] = {
  {"__reduce__", THPSize_reduce, METH_NOARGS, NULL},
  {NULL}
};

PyTypeObject THPSizeType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "torch_early.Size",
  .tp_basicsize = sizeof(PyTupleObject) - sizeof(PyObject *),
  .tp_itemsize = sizeof(PyObject *),
  .tp_repr = THPSize_repr,
  .tp_as_sequence = &THPSize_sequenceMethods,
  .tp_as_mapping = &THPSize_mappingMethods,
  .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_TUPLE_SUBCLASS,
  .tp_doc = "torch_early.Size(sizes): the sizes of a tensor, a tuple of ints.",
  .tp_methods = THPSize_methods,
  .tp_new = THPSize_pynew,
};

int THPSize_init(PyObject *module)
{
  THPSizeType.tp_base = &PyTuple_Type;
  /* tuple's own slots, except those that make a new tuple of sizes */
  THPSize_sequenceMethods = *PyTuple_Type.tp_as_sequence;
  THPSize_sequenceMethods.sq_concat = THPSize_concat;
  THPSize_sequenceMethods.sq_repeat = THPSize_repeat;
  THPSize_mappingMethods = *PyTuple_Type.tp_as_mapping;
  THPSize_mappingMethods.mp_subscript = THPSize_subscript;
  if (PyType_Ready(&THPSizeType) < 0)
    return -1;
  Py_INCREF(&THPSizeType);
  return PyModule_AddObject(module, "Size", (PyObject *)&THPSizeType);
}
