/* Exceptions: the landing frames that turn TH errors into Python RuntimeErrors (see the header). */
#include "THP.h"

#include <stdio.h>

/* The innermost frame of each thread. TH may run on any thread that holds (or released) the GIL.
 * Every wrapper call pushes and pops a frame; the initial-exec model makes each access a plain load
 * from the thread pointer instead of a call to __tls_get_addr. */
#if defined(__GNUC__)
static _Thread_local THPErrorFrame *innermost_frame __attribute__((tls_model("initial-exec"))) = NULL;
#else
static _Thread_local THPErrorFrame *innermost_frame = NULL;
#endif

void THPErrorFrame_push(THPErrorFrame *frame)
{
  frame->prev = innermost_frame;
  frame->message[0] = '\0';
  innermost_frame = frame;
}

void THPErrorFrame_pop(THPErrorFrame *frame)
{
  innermost_frame = frame->prev;
}

PyObject *THPException_IndexError = NULL;
PyObject *THPException_ZeroDivisionError = NULL;

/* The Python exception type for a kind of TH error. */
static PyObject *exception_type(THErrorKind kind)
{
  switch (kind) {
  case TH_ERROR_INDEX:
    return THPException_IndexError;
  case TH_ERROR_ZERO_DIVISION:
    return THPException_ZeroDivisionError;
  default:
    return PyExc_RuntimeError;
  }
}

PyObject *THPErrorFrame_raise(THPErrorFrame *frame)
{
  THPErrorFrame_pop(frame);
  PyErr_SetString(exception_type(frame->kind), frame->message);
  return NULL;
}

int THPError_guard(THPGuardedBody body, void *context)
{
  THPErrorFrame frame;
  THPErrorFrame_push(&frame);
  if (sigsetjmp(frame.env, 0) != 0) {
    THPErrorFrame_raise(&frame);
    return -1;
  }
  body(context);
  THPErrorFrame_pop(&frame);
  return 0;
}

/* Both handlers land in the innermost frame. A TH error with no frame is a bug in this extension
 * (a TH call outside any guard), never a user error: report it loudly rather than corrupt state. */
static void land(const char *msg)
{
  THPErrorFrame *frame = innermost_frame;
  if (frame == NULL) {
    fprintf(stderr, "torch_early: TH error outside any guarded call: %s\n", msg);
    abort();
  }
  snprintf(frame->message, sizeof(frame->message), "%s", msg);
  frame->kind = THLastErrorKind();
  siglongjmp(frame->env, 1);
}

static void THPError_handler(const char *msg, void *data)
{
  (void)data;
  land(msg);
}

static void THPError_argHandler(int argNumber, const char *msg, void *data)
{
  (void)argNumber;
  (void)data;
  land(msg);
}

PyDoc_STRVAR(THPException_IndexError_doc,
"An index out of its range inside a tensor operation (gather, scatter_, index_select, select...).\n"
"It is an IndexError, and also a RuntimeError: in the first releases every error of a TH call\n"
"was a RuntimeError, and 2017 programs catch it as one.");

PyDoc_STRVAR(THPException_ZeroDivisionError_doc,
"An integer division or remainder by zero inside a tensor operation (div, fmod, remainder...).\n"
"It is a ZeroDivisionError, and also a RuntimeError, as every error of a TH call was at first.");

/* A new exception class `name` deriving from both `python_type` and RuntimeError, added to the
 * module; NULL on failure. */
static PyObject *add_exception(PyObject *module, const char *name, const char *doc,
                               PyObject *python_type)
{
  PyObject *bases = PyTuple_Pack(2, python_type, PyExc_RuntimeError);
  if (bases == NULL)
    return NULL;
  char dotted[64];
  snprintf(dotted, sizeof(dotted), "torch_early.%s", name);
  PyObject *type = PyErr_NewExceptionWithDoc(dotted, doc, bases, NULL);
  Py_DECREF(bases);
  if (type == NULL)
    return NULL;
  Py_INCREF(type);
  if (PyModule_AddObject(module, name, type) < 0) {
    Py_DECREF(type);
    Py_DECREF(type);
    return NULL;
  }
  return type;
}

int THPException_init(PyObject *module)
{
  THSetDefaultErrorHandler(THPError_handler, NULL);
  THSetDefaultArgErrorHandler(THPError_argHandler, NULL);
  THPException_IndexError = add_exception(module, "TensorIndexError",
                                          THPException_IndexError_doc, PyExc_IndexError);
  THPException_ZeroDivisionError = add_exception(module, "TensorZeroDivisionError",
                                                 THPException_ZeroDivisionError_doc,
                                                 PyExc_ZeroDivisionError);
  return THPException_IndexError && THPException_ZeroDivisionError ? 0 : -1;
}
