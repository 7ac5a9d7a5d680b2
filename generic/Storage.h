/* The Python storage object of one dtype: PyObject_HEAD plus the THStorage it owns one reference
 * to. Expanded per dtype by csrc/Storage.h (THPFloatStorage, THPFloatStorageType, ...). */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/Storage.h"
#else

typedef struct {
  PyObject_HEAD
  THStorage *cdata;
} THPStorage;

/* The C base type (torch_early._C.FloatStorageBase) and the Python class registered over it
 * (torch_early.FloatStorage), which is what C hands back to users. */
extern PyTypeObject THPStorageType;
extern PyObject *THPStorageClass;

static inline int THPStorage_(Check)(PyObject *obj)
{
  return PyObject_TypeCheck(obj, &THPStorageType);
}

/* Steals `storage`; new reference to an instance of the registered class. On failure frees the
 * storage and returns NULL. */
PyObject *THPStorage_(New)(THStorage *storage);
int THPStorage_(init)(PyObject *module);

#endif
