/* THNN: the module torch_early._thnn._THNN, one function per THNN entry point and float type:
 * _THNN.FloatAbs_updateOutput(state, input, output) calls THNN_FloatAbs_updateOutput. cwrap
 * generates the wrappers and their table from lib/THNN/generic/THNN.h (cwrap/thnn.py); this file
 * gives them a module, which _C holds as _THNN (torch_early/_thnn registers it by its name). */
#include "THP.h"
#include "THNN.h"

#include "THNNFunctions.c"

static PyMethodDef THPNN_methods[] = {
#include "THNNFunctions.table.c"
  {NULL}
};

static struct PyModuleDef THPNN_definition = {
  PyModuleDef_HEAD_INIT, "torch_early._thnn._THNN",
  "The THNN kernels, one function per entry point and float type (FloatAbs_updateOutput...).",
  -1, THPNN_methods,
};

int THPNN_init(PyObject *module)
{
  PyObject *thnn = PyModule_Create(&THPNN_definition);
  if (thnn == NULL)
    return -1;
  if (PyModule_AddObject(module, "_THNN", thnn) < 0) {
    Py_DECREF(thnn);
    return -1;
  }
  return 0;
}
