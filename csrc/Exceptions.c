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

PyObject *THPErrorFrame_raise(THPErrorFrame *frame)
{
  THPErrorFrame_pop(frame);
  PyObject *type = frame->kind == TH_ERROR_INDEX ? THPException_IndexError : PyExc_RuntimeError;
  PyErr_SetString(type, frame->message);
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

int THPException_init(PyObject *module)
{
  THSetDefaultErrorHandler(THPError_handler, NULL);
  THSetDefaultArgErrorHandler(THPError_argHandler, NULL);
  PyObject *bases = PyTuple_Pack(2, PyExc_IndexError, PyExc_RuntimeError);
  if (bases == NULL)
    return -1;
  THPException_IndexError = PyErr_NewExceptionWithDoc(
      "torch_early.TensorIndexError", THPException_IndexError_doc, bases, NULL);
  Py_DECREF(bases);
  if (THPException_IndexError == NULL)
    return -1;
  Py_INCREF(THPException_IndexError);
  if (PyModule_AddObject(module, "TensorIndexError", THPException_IndexError) < 0) {
    Py_DECREF(THPException_IndexError);
    return -1;
  }
  return 0;
}
