/* Exceptions: how a TH error becomes a Python exception.
 * TH reports errors by calling a handler that must not return. Ours writes the message into the
 * innermost THPErrorFrame of the calling thread and siglongjmps back to it; the code that pushed
 * the frame then re-takes the GIL, frees what it had allocated, and raises RuntimeError (or
 * TensorIndexError, TensorZeroDivisionError), naming the Python argument TH complained about.
 *   a.add(b) → THPFloatTensor_add pushes a frame → THFloatTensor_cadd fails a size check →
 *   THArgCheck(..., 4, ...) → THPError_argHandler → siglongjmp →
 *   RuntimeError("argument 'other': inconsistent tensor size: ...") */
#ifndef THP_EXCEPTIONS_H
#define THP_EXCEPTIONS_H

#include <setjmp.h>

#define THP_ERROR_MESSAGE_SIZE 2048

/* Argument names: which Python argument each argument of a TH function comes from, so that TH's
 * "invalid argument 4: ..." can say "argument 'other': ...". One word per argument of the TH call,
 * in order, separated by single spaces: the Python name ("other", "self" for the tensor a method
 * is called on, "out" for a result), followed by "=" for a keyword-only argument or by "..." for
 * one that takes all the remaining positional values (sizes); "-" for a value the caller does not
 * give (a constant, or a Python argument passed to TH a second time). Only "self" and "out" may
 * appear twice. a.add(b) calls THTensor_(cadd)(result, self, 1, other): "out self - other".
 * Where a number has no name ("-", or no names at all), the message goes without the prefix: TH's
 * C position means nothing to the caller. */

typedef struct THPErrorFrame {
  sigjmp_buf env;
  struct THPErrorFrame *prev;
  /* Set by whoever pushed the frame, before a TH call (after the sigsetjmp, hence volatile);
   * NULL where no argument of the TH call is the caller's to name. */
  const char *volatile argument_names;
  /* Set before the siglongjmp: what went wrong and where TH checked it. */
  char message[THP_ERROR_MESSAGE_SIZE];
  THErrorKind kind;          /* TH_ERROR_INDEX, _ZERO_DIVISION: the exceptions below */
  const char *file;          /* the C file and line of the failed TH check (THLastErrorFile) */
  int line;
  int python_error;          /* a Python exception is already set (THPErrorFrame_landPython) */
} THPErrorFrame;

/* The innermost frame of this thread; every TH call from Python runs under one. */
#if defined(__GNUC__)
extern _Thread_local THPErrorFrame *THPErrorFrame_innermost __attribute__((tls_model("initial-exec")));
#else
extern _Thread_local THPErrorFrame *THPErrorFrame_innermost;
#endif

/* Makes `frame` the innermost landing point of this thread. Pair every push with exactly one
 * THPErrorFrame_pop (normal exit) or THPErrorFrame_raise (after the siglongjmp landed). */
static inline void THPErrorFrame_push(THPErrorFrame *frame)
{
  frame->prev = THPErrorFrame_innermost;
  frame->argument_names = NULL;
  frame->python_error = 0;
  THPErrorFrame_innermost = frame;
}

static inline void THPErrorFrame_pop(THPErrorFrame *frame)
{
  THPErrorFrame_innermost = frame->prev;
}

/* Lands in `frame` as a TH error would, for a Python exception that is already set (a failed
 * allocation, an unpacking that overflowed): the code at the sigsetjmp cleans up the same way. */
void THPErrorFrame_landPython(THPErrorFrame *frame) __attribute__((noreturn));

/* Pops the frame and sets the exception of the TH error that landed in it: RuntimeError, or
 * TensorIndexError for an index out of its range (THIndexCheck), TensorZeroDivisionError for an
 * integer division by zero, TensorMemoryError for memory refused; its attribute th_location is the (file, line) of the TH check, the
 * file relative to the source tree. After THPErrorFrame_landPython the exception is already set.
 * Always returns NULL. */
PyObject *THPErrorFrame_raise(THPErrorFrame *frame);

/* torch_early.TensorIndexError: a subclass of both IndexError and RuntimeError, raised for a TH
 * index out of its range (THIndexCheck), so that `except IndexError` and the first releases'
 * `except RuntimeError` both catch it. */
extern PyObject *THPException_IndexError;
/* torch_early.TensorZeroDivisionError: a ZeroDivisionError that is also a RuntimeError, for an
 * integer division by zero (THZeroDivisionError). */
extern PyObject *THPException_ZeroDivisionError;
/* torch_early.TensorMemoryError: a MemoryError that is also a RuntimeError, for memory the system
 * refused (THOutOfMemoryError). */
extern PyObject *THPException_MemoryError;

/* For hand-written code: runs body(context) inside a frame. `argument_names` (see above, or NULL)
 * names the arguments of the TH function body calls. Returns 0, or -1 with the exception set
 * when TH raised (anything body allocated must be reachable from context to be freed). */
typedef void (*THPGuardedBody)(void *context);
int THPError_guard(THPGuardedBody body, void *context, const char *argument_names);

/* Installs the process-wide TH error handlers and adds the three exception classes to the module.
 * Called once by module init; 0, or -1 with an exception set. */
int THPException_init(PyObject *module);

#endif
