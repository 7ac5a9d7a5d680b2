/* Module: the init function of torch_early._C, and its module-level functions.
 * Import creates the base types (FloatTensorBase, FloatStorageBase, SparseFloatTensorBase, ...
 * Size, Generator) and one function-style dispatcher per generated stateless method.
 * torch_early/__init__.py then defines the Python classes over the bases and calls
 * _initExtension(), which registers them here, so that C creates instances of
 * torch_early.FloatTensor and torch_early.add(a, b) finds FloatTensor._torch.add; the package
 * torch_early.sparse does the same for the sparse classes with _sparse_init(). */
#include "THP.h"
#include "TypeMix.h"

/* The dtype (index in THP_FOR_EACH_DTYPE order) of function-style calls that receive no tensor:
 * torch_early.Tensor's. -1 until the package sets it. */
static int default_dtype = -1;

/* Sparse tensors exist for the seven regular dtypes (Half tensors only store and convert). */
#define THP_FOR_EACH_SPARSE_DTYPE(X) X(Byte) X(Char) X(Short) X(Int) X(Long) X(Float) X(Double)

/* The tensor types, numbered: the dense dtypes in THP_FOR_EACH_DTYPE order, then the sparse ones
 * (index THP_NUM_DTYPES + i); their C base types, the Python classes registered over them
 * (filled in by _initExtension and _sparse_init) and their `_torch` namespaces. The functions
 * below call this number a dtype index, sparse types included. */
#define DTYPE_ENUM(Real) THP_DTYPE_##Real,
enum { THP_FOR_EACH_DTYPE(DTYPE_ENUM) THP_NUM_DTYPES };
#undef DTYPE_ENUM
#define SPARSE_ENUM(Real) THP_SPARSE_##Real,
enum { THP_FOR_EACH_SPARSE_DTYPE(SPARSE_ENUM) THP_NUM_SPARSE_DTYPES };
#undef SPARSE_ENUM
#define THP_NUM_TENSOR_TYPES (THP_NUM_DTYPES + THP_NUM_SPARSE_DTYPES)
#define BASE_TYPE(Real) &THP##Real##TensorType,
#define SPARSE_BASE_TYPE(Real) &THSP##Real##TensorType,
static PyTypeObject *const tensor_base_types[THP_NUM_TENSOR_TYPES] = {
  THP_FOR_EACH_DTYPE(BASE_TYPE) THP_FOR_EACH_SPARSE_DTYPE(SPARSE_BASE_TYPE)
};
#undef BASE_TYPE
#undef SPARSE_BASE_TYPE
#define CLASS_SLOT(Real) &THP##Real##TensorClass,
#define SPARSE_CLASS_SLOT(Real) &THSP##Real##TensorClass,
static PyObject **const tensor_classes[THP_NUM_TENSOR_TYPES] = {
  THP_FOR_EACH_DTYPE(CLASS_SLOT) THP_FOR_EACH_SPARSE_DTYPE(SPARSE_CLASS_SLOT)
};
#undef CLASS_SLOT
#undef SPARSE_CLASS_SLOT
static PyObject *stateless_namespaces[THP_NUM_TENSOR_TYPES];

/* torch_early.autograd.Variable and its `_torch` namespace (set by the autograd package): a
 * function-style call whose deciding argument is a Variable, like torch_early.cat([v, w]) or
 * torch_early.mm(v, w), runs the Python implementation of that namespace. */
static PyTypeObject *variable_class;
static PyObject *variable_namespace;

/* ---- registration of the Python classes --------------------------------------------------- */

static int register_class(PyObject *package, const char *name, PyObject **slot)
{
  PyObject *cls = PyObject_GetAttrString(package, name);
  if (cls == NULL)
    return -1;
  if (!PyType_Check(cls)) {
    PyErr_Format(PyExc_TypeError, "%s.%s is not a class", PyModule_GetName(package), name);
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
  for (int i = 0; i < THP_NUM_DTYPES; i++) {
    Py_XSETREF(stateless_namespaces[i], PyObject_GetAttrString(*tensor_classes[i], "_torch"));
    if (stateless_namespaces[i] == NULL)
      return NULL;
  }
  Py_RETURN_NONE;
}

/* The same for the sparse classes, once torch_early.sparse has defined them. */
static PyObject *THPModule_initSparse(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  PyObject *package = PyImport_ImportModule("torch_early.sparse");
  if (package == NULL)
    return NULL;
#define REGISTER(Real)                                                                  \
  if (register_class(package, #Real "Tensor", &THSP##Real##TensorClass) < 0 ||          \
      THSP##Real##Tensor_postInit(THSP##Real##TensorClass) < 0) {                        \
    Py_DECREF(package);                                                                 \
    return NULL;                                                                        \
  }
  THP_FOR_EACH_SPARSE_DTYPE(REGISTER)
#undef REGISTER
  Py_DECREF(package);
  for (int i = THP_NUM_DTYPES; i < THP_NUM_TENSOR_TYPES; i++) {
    Py_XSETREF(stateless_namespaces[i], PyObject_GetAttrString(*tensor_classes[i], "_torch"));
    if (stateless_namespaces[i] == NULL)
      return NULL;
  }
  Py_RETURN_NONE;
}

static PyObject *THPModule_setVariableClass(PyObject *module, PyObject *cls)
{
  (void)module;
  if (!PyType_Check(cls)) {
    PyErr_SetString(PyExc_TypeError, "_set_variable_class expects a class");
    return NULL;
  }
  PyObject *namespace = PyObject_GetAttrString(cls, "_torch");
  if (namespace == NULL)
    return NULL;
  Py_INCREF(cls);
  Py_XSETREF(variable_class, (PyTypeObject *)cls);
  Py_XSETREF(variable_namespace, namespace);
  Py_RETURN_NONE;
}

/* ---- threads ------------------------------------------------------------------------------- */

/* The SIMD level TH's vector kernels run at on this CPU, chosen when the library loaded. */
static PyObject *THPModule_simdLevel(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  return PyUnicode_FromString(THVector_simdLevel());
}

static PyObject *THPModule_getNumThreads(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  return PyLong_FromLong(THGetNumThreads());
}

/* How the BLAS runs (see THBlas_init): its own thread count, and whether TH shares large matrix
 * products out across its threads. */
static PyObject *THPModule_blasThreads(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  return PyLong_FromLong(THBlas_blasThreads());
}

static PyObject *THPModule_gemmShared(PyObject *module, PyObject *unused)
{
  (void)module;
  (void)unused;
  return PyBool_FromLong(THBlas_sharesGemm());
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
    /* A read-only array still gives a read-only buffer: say that, rather than "not an array". */
    int read_only = PyObject_GetBuffer(array, &view, PyBUF_RECORDS_RO) == 0;
    if (read_only)
      PyBuffer_Release(&view);
    PyErr_Clear();
    if (read_only)
      PyErr_Format(PyExc_TypeError,
                   "from_numpy expects a writable numpy.ndarray, but got a read-only %s (the "
                   "tensor would share its memory; pass a copy, or set flags.writeable = True)",
                   THPUtils_typename(array, name, sizeof(name)));
    else
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

/* One module-level function torch_early.<name>, and the implementation of each dtype (NULL where
 * a dtype has none, e.g. float-only math on integer types). */
typedef struct {
  PyMethodDef definition;
  PyObject *name;
  PyMethodDef *implementations[THP_NUM_TENSOR_TYPES];
  int default_dtype; /* used instead of torch_early.Tensor's when no argument decides; -1: none */
} THPDispatcher;

/* Functions whose result type does not follow torch_early.Tensor when no tensor is given. */
static const struct {
  const char *name;
  int dtype;
} dispatch_defaults[] = {
  {"randperm", THP_DTYPE_Long},
};

/* Which dtype a tensor (or tensor class) is: its index, or -1. The registered classes are compared
 * first, so the usual case is a few pointer compares. */
static int dtype_index_of_type(PyTypeObject *type)
{
  for (int i = 0; i < THP_NUM_TENSOR_TYPES; i++)
    if ((PyObject *)type == *tensor_classes[i])
      return i;
  for (int i = 0; i < THP_NUM_TENSOR_TYPES; i++)
    if (PyType_IsSubtype(type, tensor_base_types[i]))
      return i;
  return -1;
}

PyObject *THPModule_tensorClassOf(PyObject *obj)
{
  int index = dtype_index_of_type(Py_TYPE(obj));
  return index >= 0 ? *tensor_classes[index] : NULL;
}

PyObject *THPModule_tableOwner(PyTypeObject *table_type, int *is_function)
{
  for (int i = 0; i < THP_NUM_TENSOR_TYPES; i++) {
    PyObject *functions = stateless_namespaces[i];
    *is_function = functions != NULL && Py_TYPE(functions) == table_type;
    if (table_type == tensor_base_types[i] || *is_function)
      return *tensor_classes[i];
  }
  return NULL;
}

static PyObject *THPModule_setDefaultTensorType(PyObject *module, PyObject *cls)
{
  (void)module;
  int index = PyType_Check(cls) ? dtype_index_of_type((PyTypeObject *)cls) : -1;
  if (index < 0 || index >= THP_NUM_DTYPES) {
    PyErr_SetString(PyExc_TypeError, "_set_default_tensor_type expects a dense tensor class");
    return NULL;
  }
  default_dtype = index;
  Py_RETURN_NONE;
}

/* Stands for "a Variable decides" among the dtype indices. */
#define THP_VARIABLE_ARGUMENT (-2)

static int dtype_index_of_object(PyObject *obj)
{
  int index = dtype_index_of_type(Py_TYPE(obj));
  if (index < 0 && variable_class != NULL && PyType_IsSubtype(Py_TYPE(obj), variable_class))
    index = THP_VARIABLE_ARGUMENT;
  return index;
}

/* What an argument decides: a tensor's dtype index, THP_VARIABLE_ARGUMENT for a Variable, or
 * for a list/tuple (cat's sequence) what its first element decides; -1 when it decides
 * nothing. */
static int dtype_index_of_argument(PyObject *arg)
{
  int index = dtype_index_of_object(arg);
  if (index == -1 && (PyList_CheckExact(arg) || PyTuple_CheckExact(arg)) &&
      PySequence_Fast_GET_SIZE(arg) > 0)
    index = dtype_index_of_object(PySequence_Fast_GET_ITEM(arg, 0));
  return index;
}

/* torch_early.<name>(...) with a Variable deciding: Variable._torch.<name>(...). */
static PyObject *dispatch_to_variable(THPDispatcher *dispatcher, PyObject *const *args,
                                      Py_ssize_t nargs, PyObject *kwnames)
{
  PyObject *function = PyObject_GetAttr(variable_namespace, dispatcher->name);
  if (function == NULL) {
    if (PyErr_ExceptionMatches(PyExc_AttributeError)) {
      PyErr_Clear();
      THPUtils_setError(PyExc_TypeError, "torch_early.%U is not available for Variables",
                   dispatcher->name);
    }
    return NULL;
  }
  PyObject *result = PyObject_Vectorcall(function, args, nargs, kwnames);
  Py_DECREF(function);
  return result;
}

/* torch_early.<name>(*args, **kwargs): finds the first tensor among the arguments (positional
 * first, then keyword values such as out=), or takes the default tensor type (LongTensor for
 * randperm, whose values are indices), and runs that dtype's implementation: the same C function
 * as type(tensor)._torch.<name>, called directly. */
static PyObject *THPModule_dispatch(PyObject *capsule, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames)
{
  THPDispatcher *dispatcher = PyCapsule_GetPointer(capsule, NULL);
  Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
  int dtype = dispatcher->default_dtype >= 0 ? dispatcher->default_dtype : default_dtype;
  for (Py_ssize_t i = 0; i < total; i++) {
    int index = dtype_index_of_argument(args[i]);
    if (index == THP_VARIABLE_ARGUMENT)
      return dispatch_to_variable(dispatcher, args, nargs, kwnames);
    if (index >= 0) {
      dtype = index;
      break;
    }
  }
  if (dtype < 0) {
    PyErr_SetString(PyExc_RuntimeError, "torch_early is not initialised (no default tensor type)");
    return NULL;
  }
  if (stateless_namespaces[dtype] == NULL) {
    PyErr_Format(PyExc_RuntimeError, "torch_early is not initialised (no class for %s)",
                 tensor_base_types[dtype]->tp_name);
    return NULL;
  }
  PyMethodDef *implementation = dispatcher->implementations[dtype];
  if (implementation == NULL) {
    /* Named as users write it (torch_early.HalfTensor); a Python class's tp_name is bare. */
    PyObject *cls = *tensor_classes[dtype];
    PyObject *module_name = PyObject_GetAttrString(cls, "__module__");
    PyObject *class_name = module_name ? PyObject_GetAttrString(cls, "__qualname__") : NULL;
    if (class_name != NULL)
      PyErr_Format(PyExc_TypeError, "%S.%S doesn't implement stateless method %U", module_name,
                   class_name, dispatcher->name);
    Py_XDECREF(module_name);
    Py_XDECREF(class_name);
    return NULL;
  }
  _PyCFunctionFastWithKeywords function =
      (_PyCFunctionFastWithKeywords)(void (*)(void))implementation->ml_meth;
  return function(stateless_namespaces[dtype], args, nargs, kwnames);
}

/* Creates torch_early._C.<name> for every name in the stateless tables of the dtypes, each knowing
 * the implementation of every dtype. */
static int add_dispatchers(PyObject *module)
{
  PyObject *by_name = PyDict_New(); /* name -> capsule of its THPDispatcher */
  if (by_name == NULL)
    return -1;
#define TABLE(Real) THP##Real##TensorStatelessType.tp_methods,
#define SPARSE_TABLE(Real) THSP##Real##TensorStatelessType.tp_methods,
  PyMethodDef *tables[THP_NUM_TENSOR_TYPES] = {
    THP_FOR_EACH_DTYPE(TABLE) THP_FOR_EACH_SPARSE_DTYPE(SPARSE_TABLE)
  };
#undef TABLE
#undef SPARSE_TABLE
  for (int dtype = 0; dtype < THP_NUM_TENSOR_TYPES; dtype++) {
    for (PyMethodDef *def = tables[dtype]; def->ml_name; def++) {
      PyObject *capsule = PyDict_GetItemString(by_name, def->ml_name);
      THPDispatcher *dispatcher;
      if (capsule == NULL) {
        dispatcher = PyMem_Calloc(1, sizeof(THPDispatcher));
        capsule = dispatcher ? PyCapsule_New(dispatcher, NULL, NULL) : NULL;
        if (capsule == NULL || PyDict_SetItemString(by_name, def->ml_name, capsule) < 0)
          goto fail;
        Py_DECREF(capsule); /* the dict holds it */
        dispatcher->definition.ml_name = def->ml_name;
        dispatcher->definition.ml_meth = (PyCFunction)(void (*)(void))THPModule_dispatch;
        dispatcher->definition.ml_flags = METH_FASTCALL | METH_KEYWORDS;
        dispatcher->name = PyUnicode_InternFromString(def->ml_name);
        dispatcher->default_dtype = -1;
        for (size_t k = 0; k < sizeof(dispatch_defaults) / sizeof(dispatch_defaults[0]); k++)
          if (strcmp(dispatch_defaults[k].name, def->ml_name) == 0)
            dispatcher->default_dtype = dispatch_defaults[k].dtype;
        PyObject *function = PyCFunction_NewEx(&dispatcher->definition, capsule, NULL);
        if (dispatcher->name == NULL || function == NULL ||
            PyModule_AddObject(module, def->ml_name, function) < 0) {
          Py_XDECREF(function);
          goto fail;
        }
      } else {
        dispatcher = PyCapsule_GetPointer(capsule, NULL);
      }
      dispatcher->implementations[dtype] = def;
      /* The docstring is that of the type the function uses when no tensor decides: FloatTensor's
       * (its signatures name the types most programs use), LongTensor's for randperm. A function
       * that type lacks takes the first dtype's that has it. */
      int documented = dispatcher->default_dtype >= 0 ? dispatcher->default_dtype : THP_DTYPE_Float;
      if (dispatcher->definition.ml_doc == NULL || dtype == documented)
        dispatcher->definition.ml_doc = def->ml_doc;
    }
  }
  Py_DECREF(by_name);
  return 0;

fail:
  Py_DECREF(by_name);
  return -1;
}

/* ---- module -------------------------------------------------------------------------------- */

PyDoc_STRVAR(THPModule__initExtension_doc,
"Registers the Python tensor and storage classes with the C types.");
PyDoc_STRVAR(THPModule__sparse_init_doc,
"Registers the Python sparse tensor classes (torch_early.sparse) with the C types.");
PyDoc_STRVAR(THPModule__set_default_tensor_type_doc,
"Sets the class that function-style calls without tensor arguments use.");
PyDoc_STRVAR(THPModule__set_variable_class_doc,
"Sets the Variable class whose `_torch` namespace serves function-style calls on Variables.");
PyDoc_STRVAR(THPModule_get_num_threads_doc,
"get_num_threads() -> int: threads used by TH's parallel loops and matrix products.");
PyDoc_STRVAR(THPModule_set_num_threads_doc,
"set_num_threads(n): sets the threads used by TH's parallel loops and matrix products (the BLAS\n"
"runs on one thread inside them, unless OPENBLAS_NUM_THREADS was set), in every thread of the\n"
"process.");
PyDoc_STRVAR(THPModule__blas_threads_doc,
"_blas_threads() -> int: the BLAS's own thread count (1 unless OPENBLAS_NUM_THREADS was set;\n"
"-1 for a BLAS that cannot say).");
PyDoc_STRVAR(THPModule__gemm_shared_doc,
"_gemm_shared() -> bool: whether TH shares large matrix products out across its threads.");
PyDoc_STRVAR(THPModule__simd_level_doc,
"_simd_level() -> str: 'avx512f', 'avx2', 'avx', 'sse4.2' or 'default': the SIMD level of TH's\n"
"kernels.");
PyDoc_STRVAR(THPModule_from_numpy_doc,
"from_numpy(ndarray) -> Tensor sharing the array's memory.");
PyDoc_STRVAR(THPModule__public_name_doc,
"The package's name in type names and messages: 'torch_early', or 'torch' under as_torch.");
PyDoc_STRVAR(THPModule__set_public_name_doc,
"Sets the package's name in type names and messages (see torch_early._set_public_name).");

static PyMethodDef THPModule_methods[] = {
  {"_initExtension", THPModule_initExtension, METH_NOARGS, THPModule__initExtension_doc},
  {"_sparse_init", THPModule_initSparse, METH_NOARGS, THPModule__sparse_init_doc},
  {"_set_default_tensor_type", THPModule_setDefaultTensorType, METH_O,
   THPModule__set_default_tensor_type_doc},
  {"_set_variable_class", THPModule_setVariableClass, METH_O, THPModule__set_variable_class_doc},
  {"get_num_threads", THPModule_getNumThreads, METH_NOARGS, THPModule_get_num_threads_doc},
  {"set_num_threads", THPModule_setNumThreads, METH_O, THPModule_set_num_threads_doc},
  {"_simd_level", THPModule_simdLevel, METH_NOARGS, THPModule__simd_level_doc},
  {"_blas_threads", THPModule_blasThreads, METH_NOARGS, THPModule__blas_threads_doc},
  {"_gemm_shared", THPModule_gemmShared, METH_NOARGS, THPModule__gemm_shared_doc},
  {"from_numpy", THPModule_fromNumpy, METH_O, THPModule_from_numpy_doc},
  {"_public_name", THPUtils_getPublicName, METH_NOARGS, THPModule__public_name_doc},
  {"_set_public_name", THPUtils_setPublicName, METH_O, THPModule__set_public_name_doc},
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
  THBlas_init();  /* one thread pool: the BLAS runs inside TH's threads, not beside them */
  if (THPException_init(module) < 0 || THPGenerator_init(module) < 0 || THPSize_init(module) < 0)
    goto fail;
#define INIT(Real)                                                                      \
  if (THP##Real##Storage_init(module) < 0 || THP##Real##Tensor_init(module) < 0)        \
    goto fail;
  THP_FOR_EACH_DTYPE(INIT)
#undef INIT
#define INIT_SPARSE(Real)                                                               \
  if (THSP##Real##Tensor_init(module) < 0)                                              \
    goto fail;
  THP_FOR_EACH_SPARSE_DTYPE(INIT_SPARSE)
#undef INIT_SPARSE
  if (add_dispatchers(module) < 0 || THPNN_init(module) < 0 || THPShared_init(module) < 0 ||
      THPDistributed_init(module) < 0)
    goto fail;
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
