/* utils: argument checking and unpacking shared by the hand-written and the generated wrappers,
 * and the TypeError that lists accepted signatures when no overload matches.
 *
 * A generated wrapper unpacks its arguments one after another and reports the first error after
 * the last (THPCall_enterTH), so an unpacker may be called with an earlier argument's error still
 * set: it then returns its failure value at once, never running Python code (an __index__, a
 * subclass's iteration) with the error pending (CPython would raise SystemError). */
#ifndef THP_UTILS_H
#define THP_UTILS_H

/* Python ints (and objects with __index__, such as NumPy integers), but not bool. */
int THPUtils_checkLong(PyObject *obj);
/* -1 with an exception set when the object's __index__ raised: callers check PyErr_Occurred(). */
long THPUtils_unpackLong(PyObject *obj);
/* A size or an element count: THPUtils_unpackLong, except that an int above 64 bits is a
 * RuntimeError naming it ("too large", like TH's own size checks) instead of a saturated value.
 * -1 with an exception set on failure: callers check PyErr_Occurred(). */
long THPUtils_unpackSize(PyObject *obj);
/* The long argument `name` of a generated wrapper: OverflowError naming it and the int given when
 * that int does not fit a C long (a saturated value would reach TH's messages as a number the
 * caller never gave). -1 with an exception set on failure: callers check PyErr_Occurred(). */
long THPUtils_unpackLongArgument(PyObject *obj, const char *name);
/* A long that must also fit a C int (dimension numbers): OverflowError when it does not. */
int THPUtils_unpackInt(PyObject *obj);
/* A dimension argument `name` of an n-D tensor (ndim = n) as TH takes it: a negative one counts
 * back from the end, -1 being the last, as v0.1.12 did. With extra = 1 it is a position to insert
 * a dimension at (unsqueeze, stack: 0..n, -1 appending). Outside -n-extra..n-1+extra it is a
 * torch_early.TensorIndexError naming the dimension as given and the valid range. A tensor without
 * dimensions (and extra = 0) leaves the value to TH's own checks, and so does an error already
 * set (by the unpacking of this or an earlier argument). Returns the dimension to use. */
int THPUtils_wrapDim(int dim, int ndim, int extra, const char *name);
/* Python floats and ints (and anything with __float__ or __index__ that is not a bool). */
int THPUtils_checkDouble(PyObject *obj);
double THPUtils_unpackDouble(PyObject *obj);

/* The package's name as users import it in this interpreter: "torch_early", or "torch" under
 * torch_early.as_torch. _C._public_name() and _C._set_public_name(name) read and set it. */
const char *THPUtils_publicName(void);
PyObject *THPUtils_getPublicName(PyObject *module, PyObject *unused);
PyObject *THPUtils_setPublicName(PyObject *module, PyObject *name);

/* PyErr_Format for messages that name the package's types ("expected a torch_early.FloatTensor"):
 * the message names them with the public name, as users import it. Always returns NULL. */
PyObject *THPUtils_setError(PyObject *exception, const char *format, ...);

/* "int", "str", or "module.Class" for objects whose type lives outside builtins; the package's
 * own types are named with its public name ("torch.FloatTensor" under as_torch). */
const char *THPUtils_typename(PyObject *obj, char *buffer, size_t buffer_size);

/* Sizes given as varargs ints or as one tuple/list/torch_early.Size of ints. */
int THPUtils_checkSizeArgs(PyObject *const *args, Py_ssize_t nargs);
/* New THLongStorage, or NULL with TypeError/ValueError set. */
THLongStorage *THPUtils_unpackSizeArgs(PyObject *const *args, Py_ssize_t nargs);
/* A single tuple/list/Size of ints (a sequence argument, not varargs). */
THLongStorage *THPUtils_unpackSizeSequence(PyObject *sequence);
/* THLongStorage_free, as the release function of a generated wrapper's call (THPCall_keep). */
void THPUtils_freeSizes(void *sizes);

/* Sets a TypeError naming the function, what it received (positional types, then name=type for
 * keywords) and each accepted signature (the package named with its public name), e.g.
 *   add received an invalid combination of arguments - got (str), but expected one of:
 *    * (float value)
 *    * (torch_early.FloatTensor other)
 * Always returns NULL. */
PyObject *THPUtils_invalidArguments(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                    const char *function_name, int num_options, ...);

/* The same for functions that receive a tuple of positional arguments and a dict of keyword
 * arguments (tp_new, tp_call); kwargs may be NULL. Always returns NULL. */
PyObject *THPUtils_invalidArgumentsTuple(PyObject *args, PyObject *kwargs,
                                         const char *function_name, int num_options, ...);

/* The same with the signatures in a list of str (borrowed; NULL: an exception is set already). */
PyObject *THPUtils_invalidArgumentList(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                                       const char *function_name, PyObject *options);

/* What every tensor base type (dense or sparse, of any dtype) does at module init: the base type
 * and its namespace type (whose methods are the function forms, torch_early.add...) are readied,
 * and the base type is added to the module as `name`. */
int THPUtils_readyTensorType(PyObject *module, const char *name, PyTypeObject *type,
                             PyTypeObject *namespace_type);
/* And when the package registers the Python class built over that base: the class gets its
 * `_torch` namespace (an instance of namespace_type) and is kept in *registered, a new reference,
 * so that C returns instances of it. */
int THPUtils_registerTensorClass(PyObject *cls, PyTypeObject *namespace_type,
                                 PyObject **registered);

/* Index normalisation: wraps a negative index once and checks it against [0, size). Returns 0,
 * or -1 with IndexError set (message names the index, the dimension and its size). */
int THPUtils_wrapIndex(long *index, long size, int dim);

#endif
