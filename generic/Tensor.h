/* The Python tensor object of one dtype: PyObject_HEAD plus the THTensor it owns one reference to.
 * Expanded per dtype by csrc/Tensor.h (THPFloatTensor, THPFloatTensorType, THPFloatTensor_New...). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Tensor.h"
#else

typedef struct {
  PyObject_HEAD
  THTensor *cdata;
} THPTensor;

/* The C base type (torch_early._C.FloatTensorBase) and the Python class registered over it
 * (torch_early.FloatTensor): C always hands back instances of the latter. */
extern PyTypeObject THPTensorType;
extern PyTypeObject THPTensorStatelessType;
extern PyObject *THPTensorClass;

static inline int THPTensor_(Check)(PyObject *obj)
{
  return PyObject_TypeCheck(obj, &THPTensorType);
}

/* The THTensor a tensor object holds (borrowed). */
static inline THTensor *THPTensor_(CData)(PyObject *obj)
{
  return ((THPTensor *)obj)->cdata;
}

/* Steals `tensor`; new reference to an instance of the registered class (frees the tensor and
 * returns NULL on failure). */
PyObject *THPTensor_(New)(THTensor *tensor);
/* A new empty (0-dimensional) tensor object, for results that TH resizes. */
PyObject *THPTensor_(NewEmpty)(void);

/* Result `i` of the option a generated wrapper is trying (csrc/Call.h): the tensor the caller gave
 * in out=, or, when out= was not given, a new empty one that TH resizes, owned by the call. NULL
 * when out= holds something else: the option does not match. Kept in call->result[i]. */
THP_CALL_STEP PyObject *THPTensor_(result)(THPCall *call, int i)
{
  PyObject *given = call->out[i];
  if (given != NULL)
    return call->result[i] = THPTensor_(Check)(given) ? given : NULL;
  return call->result[i] = THPCall_own(call, THPTensor_(NewEmpty)());
}
/* A tensor sharing the memory of an exported buffer (a NumPy array...) whose format matches this
 * dtype; the storage holds the buffer until it is freed. NULL with an exception on failure. */
PyObject *THPTensor_(NewFromBuffer)(PyObject *exporter, Py_buffer *view);
/* float(t), int(t): new reference to the element of a one-element tensor (any shape) as a Python
 * number; NULL with ValueError, naming `conversion`, for any other number of elements. */
PyObject *THPTensor_(singleValue)(PyObject *self, const char *conversion);
/* Whether a buffer's format string and item size describe this dtype. */
int THPTensor_(bufferFormatMatches)(const char *format, Py_ssize_t itemsize);
int THPTensor_(init)(PyObject *module);
/* Called by _initExtension once the Python class exists. */
int THPTensor_(postInit)(PyObject *cls);

#endif
