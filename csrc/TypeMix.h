/* TypeMix: when a generated wrapper's arguments would fit one of its signatures but for a tensor of
 * another type than that signature takes (a DoubleTensor where a FloatTensor is needed, a sparse
 * tensor of another dtype...), the "invalid combination of arguments" TypeError opens with a line
 * that says so in the user's terms, and lists only the signatures the arguments nearly fit:
 *
 *   FloatTensor.mm(DoubleTensor): both tensors must be of one type; convert one with .float(),
 *   .double() or .type_as(other)
 *   mm received an invalid combination of arguments - got (torch_early.DoubleTensor), but
 *   expected one of:
 *    * (torch_early.FloatTensor mat2)
 *    * ... and 1 more: help(torch_early.FloatTensor.mm)
 *
 * The exception's `type_mix` attribute is the call as that line writes it ("FloatTensor.mm(
 * DoubleTensor)"), so that Python code that knows better how the user wrote it (the operators of
 * torch_early/tensor.py: "FloatTensor + DoubleTensor") can say so instead.
 *
 * Only Call.c, utils.c, Module.c and TypeMix.c include this header (the rest of the extension
 * needs none of it). The pieces live where their data is: the diagnosis in TypeMix.c, the
 * message in utils.c, the tables of the tensor classes in Module.c. */
#ifndef THP_TYPE_MIX_H
#define THP_TYPE_MIX_H

/* Who received the arguments, as the first line of a type mix names it. */
typedef struct {
  const char *written_name;  /* how the user called it: "FloatTensor.mm", "torch_early.mm" */
  const char *help_name;     /* what to give help() for all the signatures */
  const char *own_type;      /* the type of the call's own tensors ("torch_early.FloatTensor"),
                                NULL when unknown (a THNN binding) */
  int is_method;             /* the receiver is one more tensor, of own_type */
} THPCallee;

/* What THPTypeMix_find learned: new references, NULL until found. */
typedef struct {
  PyObject *line;     /* the first line of the message */
  PyObject *written;  /* the call as that line writes it */
  PyObject *near;     /* the signatures that the arguments fit but for tensor types (a list) */
} THPTypeMix;

/* Looks for a signature among `options` (a list of str, the package named with its public name)
 * that the arguments fit but for tensors of another type. 1 and *mix filled when there is one,
 * 0 when there is none, -1 with an exception set on failure. */
int THPTypeMix_find(THPTypeMix *mix, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                    PyObject *options, const THPCallee *callee);
void THPTypeMix_clear(THPTypeMix *mix);

/* utils.c: THPUtils_invalidArgumentList for a call of `callee`, with the type-mix line where
 * the arguments call for one. Always returns NULL. */
PyObject *THPUtils_invalidArgumentListOf(PyObject *const *args, Py_ssize_t nargs,
                                         PyObject *kwnames, const char *function_name,
                                         PyObject *options, const THPCallee *callee);
/* utils.c: a class's name as users read it ("torch_early.sparse.FloatTensor", or under
 * as_torch "torch.sparse.FloatTensor"), like THPUtils_typename for an instance of it. */
const char *THPUtils_className(PyTypeObject *type, char *buffer, size_t buffer_size);

/* Module.c: the registered tensor class `obj` is an instance of (a subclass counts), or NULL
 * when it is no tensor. Borrowed. */
PyObject *THPModule_tensorClassOf(PyObject *obj);
/* Module.c: the registered tensor class whose method table is `table_type` (*is_function = 0),
 * or whose function forms it holds (the `_torch` namespace: *is_function = 1); NULL when it is
 * neither. Borrowed. */
PyObject *THPModule_tableOwner(PyTypeObject *table_type, int *is_function);

#endif
