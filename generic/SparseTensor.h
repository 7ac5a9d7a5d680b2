/* The Python sparse tensor object of one dtype: PyObject_HEAD plus the THSTensor it owns one
 * reference to. Expanded per dtype by csrc/SparseTensor.h (THSPFloatTensor, THSPFloatTensorType,
 * THSPFloatTensor_New...). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/SparseTensor.h"
#else

typedef struct {
  PyObject_HEAD
  THSTensor *cdata;
} THSPTensor;

/* The C base type (torch_early._C.SparseFloatTensorBase) and the Python class registered over
 * it (torch_early.sparse.FloatTensor): C always hands back instances of the latter. */
extern PyTypeObject THSPTensorType;
extern PyTypeObject THSPTensorStatelessType;
extern PyObject *THSPTensorClass;

static inline int THSPTensor_(Check)(PyObject *obj)
{
  return PyObject_TypeCheck(obj, &THSPTensorType);
}

/* The THSTensor a sparse tensor object holds (borrowed). */
static inline THSTensor *THSPTensor_(CData)(PyObject *obj)
{
  return ((THSPTensor *)obj)->cdata;
}

/* Steals `tensor`; new reference to an instance of the registered class (frees the tensor and
 * returns NULL on failure). */
PyObject *THSPTensor_(New)(THSTensor *tensor);
/* A new empty sparse tensor object, for results that THS fills in. */
PyObject *THSPTensor_(NewEmpty)(void);

/* Result `i` of a generated wrapper's option, as THPTensor_(result) (generic/Tensor.h). */
THP_CALL_STEP PyObject *THSPTensor_(result)(THPCall *call, int i)
{
  PyObject *given = call->out[i];
  if (given != NULL)
    return call->result[i] = THSPTensor_(Check)(given) ? given : NULL;
  return call->result[i] = THPCall_own(call, THSPTensor_(NewEmpty)());
}
int THSPTensor_(init)(PyObject *module);
/* Called by _sparse_init once the Python class exists. */
int THSPTensor_(postInit)(PyObject *cls);

#endif
