/* Generator: torch_early._C.Generator wraps a TH MT19937 THGenerator; `default_generator` is the
 * one every random function uses unless given another. */
#ifndef THP_GENERATOR_H
#define THP_GENERATOR_H

typedef struct {
  PyObject_HEAD
  THGenerator *cdata;
} THPGenerator;

extern PyTypeObject THPGeneratorType;

#define THPGenerator_Check(obj) PyObject_TypeCheck(obj, &THPGeneratorType)

/* The THGenerator behind torch_early.default_generator (borrowed). */
THGenerator *THPGenerator_defaultCData(void);
int THPGenerator_init(PyObject *module);

#endif
