/* Exceptions: how a TH error becomes a Python exception.
 * TH reports errors by calling a handler that must not return. Ours copies the message into the
 * innermost THPErrorFrame of the calling thread and siglongjmps back to it; the wrapper that pushed
 * the frame then re-takes the GIL, frees what it had allocated, and raises RuntimeError (or
 * TensorIndexError for an index out of range).
 *   a.add(b) → THPFloatTensor_add pushes a frame → THFloatTensor_cadd fails a size check →
 *   THArgCheck → THPError_handler → siglongjmp → RuntimeError("inconsistent tensor size ...") */
#ifndef THP_EXCEPTIONS_H
#define THP_EXCEPTIONS_H

#include <setjmp.h>

#define THP_ERROR_MESSAGE_SIZE 2048

typedef struct THPErrorFrame {
  sigjmp_buf env;
  struct THPErrorFrame *prev;
  char message[THP_ERROR_MESSAGE_SIZE];
  THErrorKind kind; /* TH_ERROR_INDEX, _ZERO_DIVISION become the exceptions below, others RuntimeError */
} THPErrorFrame;

/* Makes `frame` the innermost landing point of this thread. Pair every push with exactly one
 * THPErrorFrame_pop (normal exit) or THPErrorFrame_raise (after the siglongjmp landed). */
void THPErrorFrame_push(THPErrorFrame *frame);
void THPErrorFrame_pop(THPErrorFrame *frame);
/* torch_early.TensorIndexError: a subclass of both IndexError and RuntimeError, raised for a TH
 * index out of its range (THIndexCheck), so that `except IndexError` and the first releases'
 * `except RuntimeError` both catch it. */
extern PyObject *THPException_IndexError;
/* torch_early.TensorZeroDivisionError: a ZeroDivisionError that is also a RuntimeError, for an
 * integer division by zero (THZeroDivisionError). */
extern PyObject *THPException_ZeroDivisionError;

/* Pops the frame and sets RuntimeError(frame->message), or TensorIndexError for an index out of
 * its range (THIndexCheck), TensorZeroDivisionError for an integer division by zero. Always
 * returns NULL. */
PyObject *THPErrorFrame_raise(THPErrorFrame *frame);

/* For hand-written code: runs body(context) inside a frame. Returns 0, or -1 with RuntimeError
 * set when TH raised (anything body allocated must be reachable from context to be freed). */
typedef void (*THPGuardedBody)(void *context);
int THPError_guard(THPGuardedBody body, void *context);

/* Installs the process-wide TH error handlers and adds the two exception classes to the module. Called once
 * by module init; 0, or -1 with an exception set. */
int THPException_init(PyObject *module);

#endif
