/* Generator: the Python face of THGenerator (see Generator.h). torch_early.manual_seed(s) is
 * default_generator.manual_seed(s) → THRandom_manualSeed. */
#include "THP.h"

static THPGenerator *default_generator = NULL;

THGenerator *THPGenerator_defaultCData(void)
{
  return default_generator->cdata;
}

static PyObject *THPGenerator_pynew(PyTypeObject *type, PyObject *args, PyObject *kwargs)
{
  if (PyTuple_GET_SIZE(args) != 0 || (kwargs && PyDict_GET_SIZE(kwargs) != 0)) {
    PyErr_SetString(PyExc_TypeError, "Generator() takes no arguments");
    return NULL;
  }
  THPGenerator *self = (THPGenerator *)type->tp_alloc(type, 0);
  if (self == NULL)
    return NULL;
  self->cdata = THGenerator_new();
  return (PyObject *)self;
}

static void THPGenerator_dealloc(THPGenerator *self)
{
  if (self->cdata)
    THGenerator_free(self->cdata);
  Py_TYPE(self)->tp_free((PyObject *)self);
}

/* get_state(): the generator's full state (Mersenne Twister words, position and the cached normal
 * sample) as a new ByteTensor. */
typedef struct {
  THGenerator *generator;
  THByteTensor *state;
} StateCopy;

static void get_state_body(void *context)
{
  StateCopy *copy = context;
  THByteTensor_getRNGState(copy->generator, copy->state);
}

static PyObject *THPGenerator_getState(THPGenerator *self, PyObject *unused)
{
  (void)unused;
  StateCopy copy = {self->cdata, THByteTensor_new()};
  if (THPError_guard(get_state_body, &copy, NULL) < 0) {
    THByteTensor_free(copy.state);
    return NULL;
  }
  return THPByteTensor_New(copy.state);
}

static void set_state_body(void *context)
{
  StateCopy *copy = context;
  THByteTensor_setRNGState(copy->generator, copy->state);
}

static PyObject *THPGenerator_setState(THPGenerator *self, PyObject *state)
{
  if (!THPByteTensor_Check(state)) {
    char name[128];
    THPUtils_setError(PyExc_TypeError, "set_state expects a torch_early.ByteTensor, but got %s",
                 THPUtils_typename(state, name, sizeof(name)));
    return NULL;
  }
  StateCopy copy = {self->cdata, ((THPByteTensor *)state)->cdata};
  if (THPError_guard(set_state_body, &copy, "self state") < 0)
    return NULL;
  Py_INCREF(self);
  return (PyObject *)self;
}

static PyObject *THPGenerator_manualSeed(THPGenerator *self, PyObject *seed)
{
  if (!THPUtils_checkLong(seed)) {
    char name[128];
    PyErr_Format(PyExc_TypeError, "manual_seed expected an int, but got %s",
                 THPUtils_typename(seed, name, sizeof(name)));
    return NULL;
  }
  PyObject *index = PyNumber_Index(seed);
  if (index == NULL)
    return NULL;
  /* Any int is accepted; it is reduced modulo 2**64 (negative seeds wrap, as in C). */
  unsigned long value = PyLong_AsUnsignedLongMask(index);
  Py_DECREF(index);
  if (value == (unsigned long)-1 && PyErr_Occurred())
    return NULL;
  THRandom_manualSeed(self->cdata, value);
  Py_INCREF(self);
  return (PyObject *)self;
}

static PyObject *THPGenerator_seed(THPGenerator *self, PyObject *unused)
{
  (void)unused;
  return PyLong_FromUnsignedLong(THRandom_seed(self->cdata));
}

static PyObject *THPGenerator_initialSeed(THPGenerator *self, PyObject *unused)
{
  (void)unused;
  return PyLong_FromUnsignedLong(THRandom_initialSeed(self->cdata));
}

PyDoc_STRVAR(THPGenerator_get_state_doc,
"get_state() -> ByteTensor: the full generator state.");
PyDoc_STRVAR(THPGenerator_set_state_doc,
"set_state(state) -> Generator: restores a state from get_state().");
PyDoc_STRVAR(THPGenerator_manual_seed_doc,
"manual_seed(seed) -> Generator: reseeds deterministically.");
PyDoc_STRVAR(THPGenerator_seed_doc,
"seed() -> int: reseeds from a non-deterministic source and returns the seed.");
PyDoc_STRVAR(THPGenerator_initial_seed_doc,
"initial_seed() -> int: the seed last used.");

static PyMethodDef THPGenerator_methods[] = {
  {"get_state", (PyCFunction)THPGenerator_getState, METH_NOARGS, THPGenerator_get_state_doc},
  {"set_state", (PyCFunction)THPGenerator_setState, METH_O, THPGenerator_set_state_doc},
  {"manual_seed", (PyCFunction)THPGenerator_manualSeed, METH_O, THPGenerator_manual_seed_doc},
  {"seed", (PyCFunction)THPGenerator_seed, METH_NOARGS, THPGenerator_seed_doc},
  {"initial_seed", (PyCFunction)THPGenerator_initialSeed, METH_NOARGS,
   THPGenerator_initial_seed_doc},
  {NULL}
};

PyTypeObject THPGeneratorType = {
  PyVarObject_HEAD_INIT(NULL, 0)
  .tp_name = "torch_early.Generator", /* the name users see (it is exported there), as for Size */
  .tp_basicsize = sizeof(THPGenerator),
  .tp_dealloc = (destructor)THPGenerator_dealloc,
  .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_BASETYPE,
  .tp_doc = "Generator(): a Mersenne Twister random number generator.",
  .tp_methods = THPGenerator_methods,
  .tp_new = THPGenerator_pynew,
};

int THPGenerator_init(PyObject *module)
{
  if (PyType_Ready(&THPGeneratorType) < 0)
    return -1;
  Py_INCREF(&THPGeneratorType);
  if (PyModule_AddObject(module, "Generator", (PyObject *)&THPGeneratorType) < 0)
    return -1;
  default_generator = PyObject_New(THPGenerator, &THPGeneratorType);
  if (default_generator == NULL)
    return -1;
  default_generator->cdata = THGenerator_new();
  Py_INCREF(default_generator);
  return PyModule_AddObject(module, "default_generator", (PyObject *)default_generator);
}
