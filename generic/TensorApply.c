/* TensorApply: apply_(fn), map_(tensor, fn) and map2_(t1, t2, fn), which call a Python function
 * on every element. Written by hand, not generated: they call back into Python element by element,
 * so they keep the GIL throughout. Included by generic/Tensor.c; listed in THPTensor_(methods).
 *   t.map_(u, f) → THPFloatTensor_map_ → f(t[i], u[i]) for each i in row-major order → t[i]
 *
 * fn sees the values the operands had when the call began, taken from contiguous copies; its
 * results are collected in the copy of self and written into self only once every call has
 * succeeded. An exception from fn, or a result that is not a number of this dtype (a RuntimeError,
 * as the first releases raised it), therefore leaves self exactly as it was. */

#define THP_MAP_MAX_OPERANDS 3

typedef struct {
  int count;                                /* self and the other operands */
  THTensor *source[THP_MAP_MAX_OPERANDS];
  THTensor *copy[THP_MAP_MAX_OPERANDS];     /* contiguous clones, NULL until made */
} THPTensor_(MapOperands);

static void THPTensor_(cloneOperands)(void *context)
{
  THPTensor_(MapOperands) *m = context;
  for (int k = 0; k < m->count; k++)
    m->copy[k] = THTensor_(newClone)(m->source[k]);
}

static void THPTensor_(writeBack)(void *context)
{
  THPTensor_(MapOperands) *m = context;
  THTensor_(copy)(m->source[0], m->copy[0]);
}

/* Calls fn(copy0[i], copy1[i], ...) for every i and stores each result in copy0[i]; 0, or -1 with
 * the exception set. */
static int THPTensor_(callForEach)(THPTensor_(MapOperands) *m, PyObject *fn, const char *name)
{
  ptrdiff_t n = THTensor_(nElement)(m->copy[0]);
  real *data[THP_MAP_MAX_OPERANDS];
  for (int k = 0; k < m->count; k++)
    data[k] = THTensor_(data)(m->copy[k]);
  for (ptrdiff_t i = 0; i < n; i++) {
    PyObject *values[THP_MAP_MAX_OPERANDS] = {NULL};
    int made = 0;
    while (made < m->count && (values[made] = THPUtils_(newReal)(data[made][i])) != NULL)
      made++;
    PyObject *result = made == m->count ? PyObject_Vectorcall(fn, values, m->count, NULL) : NULL;
    for (int k = 0; k < made; k++)
      Py_DECREF(values[k]);
    if (result == NULL)
      return -1;
    if (!THPUtils_(checkReal)(result)) {
      char type_name[128];
      THPUtils_setError(PyExc_RuntimeError, "%s: fn must return a number (" RealStr " for " THPTensorStr
                   "), but it returned %s", name,
                   THPUtils_typename(result, type_name, sizeof(type_name)));
      Py_DECREF(result);
      return -1;
    }
    real value = THPUtils_(unpackReal)(result);
    Py_DECREF(result);
    if (PyErr_Occurred())
      return -1;
    data[0][i] = value;
  }
  return 0;
}

/* self's elements ← fn(self's elements, others' elements); the others have as many elements. */
static PyObject *THPTensor_(mapInto)(THPTensor *self, PyObject *const *others, int count,
                                     PyObject *fn, const char *name)
{
  THPTensor_(MapOperands) m = {.count = count + 1, .source = {self->cdata}};
  ptrdiff_t n = THTensor_(nElement)(self->cdata);
  for (int k = 0; k < count; k++) {
    THTensor *other = ((THPTensor *)others[k])->cdata;
    if (THTensor_(nElement)(other) != n) {
      PyErr_Format(PyExc_RuntimeError,
                   "%s: inconsistent tensor size: expected %zd elements (size %s) but got %zd "
                   "(size %s)", name, (Py_ssize_t)n, THTensor_(sizeDesc)(self->cdata).str,
                   (Py_ssize_t)THTensor_(nElement)(other), THTensor_(sizeDesc)(other).str);
      return NULL;
    }
    m.source[k + 1] = other;
  }
  int status = THPError_guard(THPTensor_(cloneOperands), &m, NULL);
  if (status == 0)
    status = THPTensor_(callForEach)(&m, fn, name);
  if (status == 0)
    status = THPError_guard(THPTensor_(writeBack), &m, "self self"); /* fn resized self */
  for (int k = 0; k < m.count; k++)
    THTensor_(free)(m.copy[k]);
  if (status < 0)
    return NULL;
  Py_INCREF(self);
  return (PyObject *)self;
}

/* Checks nargs == count + 1, the first count arguments tensors of this dtype and the last one
 * callable. */
static int THPTensor_(mapArgumentsMatch)(PyObject *const *args, Py_ssize_t nargs,
                                         PyObject *kwnames, int count)
{
  if (kwnames != NULL || nargs != count + 1 || !PyCallable_Check(args[count]))
    return 0;
  for (int k = 0; k < count; k++)
    if (!THPTensor_(Check)(args[k]))
      return 0;
  return 1;
}

static PyObject *THPTensor_(apply_)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                    PyObject *kwnames)
{
  if (!THPTensor_(mapArgumentsMatch)(args, nargs, kwnames, 0))
    return THPUtils_invalidArguments(args, nargs, kwnames, "apply_", 1, "(callable fn)");
  return THPTensor_(mapInto)(self, args, 0, args[0], "apply_");
}

static PyObject *THPTensor_(map_)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                  PyObject *kwnames)
{
  if (!THPTensor_(mapArgumentsMatch)(args, nargs, kwnames, 1))
    return THPUtils_invalidArguments(args, nargs, kwnames, "map_", 1,
                                     "(" THPTensorStr " tensor, callable fn)");
  return THPTensor_(mapInto)(self, args, 1, args[1], "map_");
}

static PyObject *THPTensor_(map2_)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs,
                                   PyObject *kwnames)
{
  if (!THPTensor_(mapArgumentsMatch)(args, nargs, kwnames, 2))
    return THPUtils_invalidArguments(args, nargs, kwnames, "map2_", 1,
                                     "(" THPTensorStr " tensor1, " THPTensorStr " tensor2, callable fn)");
  return THPTensor_(mapInto)(self, args, 2, args[2], "map2_");
}

#undef THP_MAP_MAX_OPERANDS
