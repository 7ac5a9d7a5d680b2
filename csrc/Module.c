/* Module: the init function of torch_early._C, and its module-level functions.
 * Import creates the base types (FloatTensorBase, FloatStorageBase, ... Size, Generator) and one
 * function-style dispatcher per generated stateless method. torch_early/__init__.py then defines
 * the Python classes over the bases and calls _initExtension(), which registers them here, so
 * that C creates instances of torch_early.FloatTensor and torch_early.add(a, b) finds
 * FloatTensor._torch.add. */
#include "THP.h"

/* The class used by function-style calls that receive no tensor: torch_early.Tensor's class. */
static PyObject *default_tensor_class = NULL;

#define THP_FOR_EACH_DTYPE(X) X(Byte) X(Char) X(Short) X(Int) X(Long) X(Float) X(Double) X(Half)

/* ---- registration of the Python classes --------------------------------------------------- */

static int register_class(PyObject *package, const char *name, PyObject **slot)
{
  PyObject *cls = PyObject_GetAttrString(package, name);
  if (cls == NULL)
    return -1;
  if (!PyType_Check(cls)) {
    PyErr_Format(PyExc_TypeError, "torch_early.%s is not a class", name);
    Py_DECREF(cls);
    return -1;
  }
  Py_XSETREF(*slot, cls);
  return 0;
}

static PyObject *THPModule_initExtension(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  PyObject *package = PyImport_ImportModule("torch_early");
  if (package == NULL)
    return NULL;
#define REGISTER(Real)                                                                  \
  if (register_class(package, #Real "Storage", &THP##Real##StorageClass) < 0 ||         \
      register_class(package, #Real "Tensor", &THP##Real##TensorClass) < 0 ||           \
      THP##Real##Tensor_postInit(THP##Real##TensorClass) < 0) {                          \
    Py_DECREF(package);                                                                 \
    return NULL;                                                                        \
  }
  THP_FOR_EACH_DTYPE(REGISTER)
#undef REGISTER
  Py_DECREF(package);
  Py_RETURN_NONE;
}

static PyObject *THPModule_setDefaultTensorType(PyObject *module, PyObject *cls)
{
  (void)module;
  if (!PyType_Check(cls)) {
    PyErr_SetString(PyExc_TypeError, "_set_default_tensor_type expects a tensor class");
    return NULL;
  }
  Py_INCREF(cls);
  Py_XSETREF(default_tensor_class, cls);
  Py_RETURN_NONE;
}

/* ---- threads ------------------------------------------------------------------------------- */

static PyObject *THPModule_getNumThreads(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  return PyLong_FromLong(THGetNumThreads());
}

static PyObject *THPModule_setNumThreads(PyObject *module, PyObject *arg)
{
  (void)module;
  char name[128];
  if (!THPUtils_checkLong(arg)) {
    PyErr_Format(PyExc_TypeError, "set_num_threads expects an int, but got %s",
                 THPUtils_typename(arg, name, sizeof(name)));
    return NULL;
  }
  long threads = THPUtils_unpackLong(arg);
  if (threads == -1 && PyErr_Occurred())
    return NULL;
  if (threads < 1 || threads > INT_MAX) {
    PyErr_Format(PyExc_ValueError, "set_num_threads expects a positive int, but got %R", arg);
    return NULL;
  }
  THSetNumThreads((int)threads);
  Py_RETURN_NONE;
}

/* ---- NumPy --------------------------------------------------------------------------------- */

/* from_numpy(array): a tensor sharing the array's memory; the tensor keeps the array alive. */
static PyObject *THPModule_fromNumpy(PyObject *module, PyObject *array)
{
  (void)module;
  char name[128];
  Py_buffer view;
  if (PyObject_GetBuffer(array, &view, PyBUF_RECORDS) < 0) {
    PyErr_Clear();
    PyErr_Format(PyExc_TypeError, "from_numpy expects a writable numpy.ndarray, but got %s",
                 THPUtils_typename(array, name, sizeof(name)));
    return NULL;
  }
#define TRY_DTYPE(Real)                                                  \
  if (THP##Real##Tensor_bufferFormatMatches(view.format, view.itemsize)) \
    return THP##Real##Tensor_NewFromBuffer(array, &view);
  THP_FOR_EACH_DTYPE(TRY_DTYPE)
#undef TRY_DTYPE
  PyErr_Format(PyExc_TypeError,
               "can't convert an array of element format '%s' (%zd bytes); the supported types are "
               "float64, float32, float16, int64, int32, int16, int8 and uint8",
               view.format ? view.format : "B", view.itemsize);
  PyBuffer_Release(&view);
  return NULL;
}

/* ---- function-style dispatch --------------------------------------------------------------- */

static int is_tensor(PyObject *obj)
{
#define CHECK(Real) if (PyObject_TypeCheck(obj, &THP##Real##TensorType)) return 1;
  THP_FOR_EACH_DTYPE(CHECK)
#undef CHECK
  return 0;
}

/* torch_early.<name>(*args, **kwargs): finds the first tensor among the arguments (positional
 * first, then keyword values), or falls back to the default tensor class, and calls
 * type(tensor)._torch.<name>(*args, **kwargs). `self` is the name, as an interned str. */
static PyObject *THPModule_dispatch(PyObject *name, PyObject *const *args, size_t nargsf,
                                    PyObject *kwnames)
{
  Py_ssize_t nargs = PyVectorcall_NARGS(nargsf);
  Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
  PyObject *cls = default_tensor_class;
  for (Py_ssize_t i = 0; i < total; i++) {
    if (is_tensor(args[i])) {
      cls = (PyObject *)Py_TYPE(args[i]);
      break;
    }
  }
  if (cls == NULL) {
    PyErr_SetString(PyExc_RuntimeError, "torch_early is not initialised (no default tensor type)");
    return NULL;
  }
  PyObject *stateless = PyObject_GetAttrString(cls, "_torch");
  if (stateless == NULL)
    return NULL;
  PyObject *function = PyObject_GetAttr(stateless, name);
  Py_DECREF(stateless);
  if (function == NULL) {
    /* Named as users write it (torch_early.HalfTensor); a Python class's tp_name is bare. */
    PyErr_Clear();
    PyObject *module_name = PyObject_GetAttrString(cls, "__module__");
    PyObject *class_name = module_name ? PyObject_GetAttrString(cls, "__qualname__") : NULL;
    if (class_name != NULL)
      PyErr_Format(PyExc_TypeError, "%S.%S doesn't implement stateless method %U", module_name,
                   class_name, name);
    Py_XDECREF(module_name);
    Py_XDECREF(class_name);
    return NULL;
  }
  PyObject *result = PyObject_Vectorcall(function, args, nargs, kwnames);
  Py_DECREF(function);
  return result;
}

static PyObject *THPModule_dispatchFastcall(PyObject *name, PyObject *const *args, Py_ssize_t nargs,
                                            PyObject *kwnames)
{
  return THPModule_dispatch(name, args, (size_t)nargs, kwnames);
}

/* Adds torch_early._C.<name> for every method in the stateless tables of every dtype. */
static int add_dispatchers(PyObject *module, PyMethodDef *table)
{
  for (PyMethodDef *def = table; def->ml_name; def++) {
    if (PyObject_HasAttrString(module, def->ml_name))
      continue;
    PyMethodDef *dispatcher = PyMem_Calloc(1, sizeof(PyMethodDef));
    if (dispatcher == NULL)
      return -1;
    dispatcher->ml_name = def->ml_name;
    dispatcher->ml_meth = (PyCFunction)(void (*)(void))THPModule_dispatchFastcall;
    dispatcher->ml_flags = METH_FASTCALL | METH_KEYWORDS;
    dispatcher->ml_doc = def->ml_doc;
    PyObject *name = PyUnicode_InternFromString(def->ml_name);
    PyObject *function = name ? PyCFunction_NewEx(dispatcher, name, NULL) : NULL;
    Py_XDECREF(name);
    if (function == NULL || PyModule_AddObject(module, def->ml_name, function) < 0) {
      Py_XDECREF(function);
      return -1;
    }
  }
  return 0;
}

/* ---- module -------------------------------------------------------------------------------- */

static PyMethodDef THPModule_methods[] = {
  {"_initExtension", THPModule_initExtension, METH_NOARGS,
   "Registers the Python tensor and storage classes with the C types."},
  {"_set_default_tensor_type", THPModule_setDefaultTensorType, METH_O,
   "Sets the class that function-style calls without tensor arguments use."},
  {"get_num_threads", THPModule_getNumThreads, METH_NOARGS,
   "get_num_threads() -> int: threads used by TH's parallel loops."},
  {"set_num_threads", THPModule_setNumThreads, METH_O,
   "set_num_threads(n): sets the threads used by TH's parallel loops."},
  {"from_numpy", THPModule_fromNumpy, METH_O,
   "from_numpy(ndarray) -> Tensor sharing the array's memory."},
  {NULL}
};

static struct PyModuleDef THPModule_definition = {
  PyModuleDef_HEAD_INIT, "torch_early._C", "The C core of torch_early.", -1, THPModule_methods,
};

PyMODINIT_FUNC PyInit__C(void)
{
  PyObject *module = PyModule_Create(&THPModule_definition);
  if (module == NULL)
    return NULL;
  THPException_init();
  if (THPGenerator_init(module) < 0 || THPSize_init(module) < 0)
    goto fail;
#define INIT(Real)                                                                      \
  if (THP##Real##Storage_init(module) < 0 || THP##Real##Tensor_init(module) < 0)        \
    goto fail;
  THP_FOR_EACH_DTYPE(INIT)
#undef INIT
#define DISPATCHERS(Real)                                                               \
  if (add_dispatchers(module, THP##Real##TensorStatelessType.tp_methods) < 0)           \
    goto fail;
  THP_FOR_EACH_DTYPE(DISPATCHERS)
#undef DISPATCHERS
  PyModule_AddIntConstant(module, "has_blas",
#ifdef USE_BLAS
                          1
#else
                          0
#endif
  );
  return module;

fail:
  Py_DECREF(module);
  return NULL;
}
