/* Exceptions: the landing frames that turn TH errors into Python exceptions naming the Python
 * argument (see the header). */
#include "THP.h"

#include <stdio.h>
#include <string.h>

/* The innermost frame of each thread. TH may run on any thread that holds (or released) the GIL.
 * Every wrapper call pushes and pops a frame; the initial-exec model makes each access a plain load
 * from the thread pointer instead of a call to __tls_get_addr. */
#if defined(__GNUC__)
_Thread_local THPErrorFrame *THPErrorFrame_innermost __attribute__((tls_model("initial-exec"))) = NULL;
#else
_Thread_local THPErrorFrame *THPErrorFrame_innermost = NULL;
#endif

PyObject *THPException_IndexError = NULL;
PyObject *THPException_ZeroDivisionError = NULL;
PyObject *THPException_MemoryError = NULL;

/* The Python exception type for a kind of TH error. */
static PyObject *exception_type(THErrorKind kind)
{
  switch (kind) {
  case TH_ERROR_INDEX:
    return THPException_IndexError;
  case TH_ERROR_ZERO_DIVISION:
    return THPException_ZeroDivisionError;
  case TH_ERROR_MEMORY:
    return THPException_MemoryError;
  default:
    return PyExc_RuntimeError;
  }
}

/* A TH source file as the reader finds it in the source tree: "lib/TH/generic/THTensorArithmetic.c",
 * whatever folder the compiler was given (a pip build compiles a copy elsewhere). */
static const char *source_path(const char *file)
{
  const char *found = NULL;
  for (const char *at = strstr(file, "lib/TH"); at != NULL; at = strstr(at + 1, "lib/TH"))
    if (at == file || at[-1] == '/')
      found = at;
  if (found != NULL)
    return found;
  return strncmp(file, "./", 2) == 0 ? file + 2 : file;
}

/* The exception instance for the TH error in `frame`, with its th_location; NULL on failure. */
static PyObject *new_exception(PyObject *type, THPErrorFrame *frame)
{
  PyObject *message = PyUnicode_DecodeUTF8(frame->message, strlen(frame->message), "replace");
  PyObject *error = message ? PyObject_CallOneArg(type, message) : NULL;
  Py_XDECREF(message);
  if (error == NULL)
    return NULL;
  PyObject *location = Py_BuildValue("(si)", source_path(frame->file), frame->line);
  if (location == NULL || PyObject_SetAttrString(error, "th_location", location) < 0)
    Py_CLEAR(error);
  Py_XDECREF(location);
  return error;
}

PyObject *THPErrorFrame_raise(THPErrorFrame *frame)
{
  THPErrorFrame_pop(frame);
  if (frame->python_error)
    return NULL;
  PyObject *type = exception_type(frame->kind);
  PyObject *error = new_exception(type, frame);
  if (error != NULL) {
    PyErr_SetObject(type, error);
    Py_DECREF(error);
  }
  return NULL;
}

void THPErrorFrame_landPython(THPErrorFrame *frame)
{
  frame->python_error = 1;
  siglongjmp(frame->env, 1);
}

int THPError_guard(THPGuardedBody body, void *context, const char *argument_names)
{
  THPErrorFrame frame;
  THPErrorFrame_push(&frame);
  frame.argument_names = argument_names;
  if (sigsetjmp(frame.env, 0) != 0) {
    THPErrorFrame_raise(&frame);
    return -1;
  }
  body(context);
  THPErrorFrame_pop(&frame);
  return 0;
}

/* Word `number` (counting from 1) of an argument-names string (see Exceptions.h) as the Python
 * name it gives: *length characters from *name. 0 when there is no such word, or it is "-". */
static int argument_name(const char *names, int number, const char **name, int *length)
{
  const char *word = names;
  for (int i = 1; i < number && word != NULL; i++) {
    word = strchr(word, ' ');
    if (word != NULL)
      word++;
  }
  if (word == NULL || number < 1)
    return 0;
  int n = (int)strcspn(word, " ");
  if (n >= 3 && strncmp(word + n - 3, "...", 3) == 0)
    n -= 3;
  else if (n >= 1 && word[n - 1] == '=')
    n--;
  if (n == 0 || (n == 1 && word[0] == '-'))
    return 0;
  *name = word;
  *length = n;
  return 1;
}

/* The frame's message: TH's, with "invalid argument <number>: " replaced by "argument 'other': "
 * when the frame says which Python argument that number is. TH's number counts the arguments of
 * a C function the user never sees, so where no name is known it is left out, not shown. */
static void write_message(THPErrorFrame *frame, const char *msg, int number)
{
  char prefix[48];
  const char *name;
  int length;
  snprintf(prefix, sizeof(prefix), "invalid argument %d: ", number);
  size_t prefix_length = strlen(prefix);
  if (number <= 0 || strncmp(msg, prefix, prefix_length) != 0)
    snprintf(frame->message, sizeof(frame->message), "%s", msg);
  else if (frame->argument_names != NULL &&
           argument_name(frame->argument_names, number, &name, &length))
    snprintf(frame->message, sizeof(frame->message), "argument '%.*s': %s", length, name,
             msg + prefix_length);
  else
    snprintf(frame->message, sizeof(frame->message), "%s", msg + prefix_length);
}

/* Both handlers land in the innermost frame. A TH error with no frame is a bug in this extension
 * (a TH call outside any guard), never a user error: report it loudly rather than corrupt state. */
static void land(const char *msg, int number)
{
  THPErrorFrame *frame = THPErrorFrame_innermost;
  if (frame == NULL) {
    fprintf(stderr, "torch_early: TH error outside any guarded call: %s\n", msg);
    abort();
  }
  write_message(frame, msg, number);
  frame->kind = THLastErrorKind();
  frame->file = THLastErrorFile();
  frame->line = THLastErrorLine();
  siglongjmp(frame->env, 1);
}

static void THPError_handler(const char *msg, void *data)
{
  (void)data;
  land(msg, 0);
}

static void THPError_argHandler(int argNumber, const char *msg, void *data)
{
  (void)data;
  land(msg, argNumber);
}

PyDoc_STRVAR(THPException_IndexError_doc,
"An index out of its range inside a tensor operation (gather, scatter_, index_select, select...).\n"
"It is an IndexError, and also a RuntimeError: in the first releases every error of a TH call\n"
"was a RuntimeError, and 2017 programs catch it as one.");

PyDoc_STRVAR(THPException_ZeroDivisionError_doc,
"An integer division or remainder by zero inside a tensor operation (div, fmod, remainder...).\n"
"It is a ZeroDivisionError, and also a RuntimeError, as every error of a TH call was at first.");

PyDoc_STRVAR(THPException_MemoryError_doc,
"Memory the system refused for a storage or a tensor operation (a huge size, a full machine).\n"
"It is a MemoryError, and also a RuntimeError, as every error of a TH call was at first.");

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
  THPException_MemoryError = add_exception(module, "TensorMemoryError",
                                           THPException_MemoryError_doc, PyExc_MemoryError);
  return THPException_IndexError && THPException_ZeroDivisionError && THPException_MemoryError
             ? 0 : -1;
}
