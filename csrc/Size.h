/* Size: torch_early.Size, the tuple subclass that tensor.size() returns. */
#ifndef THP_SIZE_H
#define THP_SIZE_H

extern PyTypeObject THPSizeType;

#define THPSize_Check(obj) PyObject_TypeCheck(obj, &THPSizeType)

/* New reference: a Size holding the first `dim` entries of `sizes`. */
PyObject *THPSize_New(int dim, const long *sizes);
int THPSize_init(PyObject *module);

#endif
