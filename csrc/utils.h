/* utils: argument checking and unpacking shared by the hand-written and the generated wrappers,
 * and the TypeError that lists accepted signatures when no overload matches. */
#ifndef THP_UTILS_H
#define THP_UTILS_H

/* Python ints (and objects with __index__, such as NumPy integers), but not bool. */
int THPUtils_checkLong(PyObject *obj);
/* -1 with an exception set when the object's __index__ raised: callers check PyErr_Occurred(). */
long THPUtils_unpackLong(PyObject *obj);
/* The long argument `name` of a generated wrapper: OverflowError naming it and the int given when
 * that int does not fit a C long (a saturated value would reach TH's messages as a number the
 * caller never gave). -1 with an exception set on failure: callers check PyErr_Occurred(). */
long THPUtils_unpackLongArgument(PyObject *obj, const char *name);
/* A long that must also fit a C int (dimension numbers): OverflowError when it does not. */
int THPUtils_unpackInt(PyObject *obj);
/* Python floats and ints (and anything with __float__ or __index__ that is not a bool). */
int THPUtils_checkDouble(PyObject *obj);
double THPUtils_unpackDouble(PyObject *obj);

/* "int", "str", or "module.Class" for objects whose type lives outside builtins. */
const char *THPUtils_typename(PyObject *obj, char *buffer, size_t buffer_size);

/* Sizes given as varargs ints or as one tuple/list/torch_early.Size of ints. */
int THPUtils_checkSizeArgs(PyObject *const *args, Py_ssize_t nargs);
/* New THLongStorage, or NULL with TypeError/ValueError set. */
THLongStorage *THPUtils_unpackSizeArgs(PyObject *const *args, Py_ssize_t nargs);
/* A single tuple/list/Size of ints (a sequence argument, not varargs). */
THLongStorage *THPUtils_unpackSizeSequence(PyObject *sequence);

/* Sets a TypeError naming the function, what it received (positional types, then name=type for
 * keywords) and each accepted signature, e.g.
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

/* Index normalisation: wraps a negative index once and checks it against [0, size). Returns 0,
 * or -1 with IndexError set (message names the index, the dimension and its size). */
int THPUtils_wrapIndex(long *index, long size, int dim);

#endif
