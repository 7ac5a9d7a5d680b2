/* Call: what every wrapper that cwrap generates shares. One call of a wrapper is one THPCall on
 * the C stack: the error frame TH lands in, the Python arguments of the option being tried, the
 * results and temporaries to release however the call ends, and the thread state while the GIL
 * is released. `python -m cwrap show add` prints wrappers made of these steps:
 *
 *   THPCall call;
 *   if (THPCall_begin(&call, "add", "value other out", args, nargs, kwnames) < 0) return NULL;
 *   if (sigsetjmp(call.frame.env, 0) != 0) return THPCall_raise(&call);
 *   then, for each option:  bind → check → unpack → THPCall_enterTH → the TH call → return
 *   return THPCall_invalidArguments(&call, &THPTensorType);
 *
 * An option's Python arguments are described by the argument-names string of its TH call (see
 * Exceptions.h): "out self value other" for THTensor_(cadd)(result, self, value, other). The same
 * string binds the caller's values and names them in TH's error messages. */
#ifndef THP_CALL_H
#define THP_CALL_H

/* THNN's entry points take up to 20 arguments (VolumetricDilatedConvolution_accGradParameters),
 * all of which may be given by name. The arrays are not initialised: their size costs nothing. */
#define THP_CALL_MAX_ARGUMENTS 24 /* Python arguments of one option */
#define THP_CALL_MAX_RESULTS 3    /* result tensors of one option */
#define THP_CALL_MAX_OWNED 4      /* results allocated and temporaries unpacked by one option */
#define THP_CALL_MAX_KEYWORDS 24  /* keywords one wrapper accepts */

/* The steps below run in every wrapper; each is a few instructions, less than a call costs, but
 * GCC, seeing hundreds of wrappers in one file, inlines only some of them: it is told to. */
#if defined(__GNUC__)
#define THP_CALL_STEP static inline __attribute__((always_inline))
#else
#define THP_CALL_STEP static inline
#endif

/* Something a call owns: released with `release` when the call ends, whether it returns or TH
 * raises. Written after the sigsetjmp and read on the error path, hence volatile. */
typedef struct {
  void *volatile pointer;
  void (*volatile release)(void *pointer);
} THPOwned;

typedef struct {
  THPErrorFrame frame;                         /* TH errors land here, once per call */
  const char *name;                            /* the method's name, for messages */
  PyObject *const *args;                       /* the caller's positional values, then ... */
  Py_ssize_t nargs;
  PyObject *kwnames;                           /* ... the keyword ones (NULL: none given) */
  Py_ssize_t nkw;                              /* how many keywords were given, ... */
  const char *keyword[THP_CALL_MAX_KEYWORDS];  /* ... their names, decoded once */
  Py_ssize_t keyword_length[THP_CALL_MAX_KEYWORDS];
  int out_given;                               /* one of them is out= */
  PyObject *const *arg;                        /* the Python arguments of the option bound last */
  PyObject *bound[THP_CALL_MAX_ARGUMENTS];     /* where `arg` points when keywords were given */
  PyObject *const *rest;                       /* the values a "size..." argument took */
  Py_ssize_t nrest;
  PyObject *out[THP_CALL_MAX_RESULTS];         /* out=, item by item; NULL when not given */
  PyObject *result[THP_CALL_MAX_RESULTS];      /* the result objects of the matching option */
  THPOwned owned[THP_CALL_MAX_OWNED];
  volatile int owned_count;
  PyThreadState *volatile released;            /* non-NULL while the GIL is released */
} THPCall;

/* ---- beginning ---------------------------------------------------------------------------- */

/* TypeError unless every keyword given is one of `keywords` (space-separated); 0 or -1. Notes
 * their names in call->keyword. */
int THPCall_checkKeywords(THPCall *call, const char *keywords);

/* Starts the call of wrapper `name`, which accepts the keywords listed (space-separated) in
 * `keywords`; then the wrapper sets the landing point with sigsetjmp(call.frame.env, 0).
 * 0, or -1 with TypeError set for an unknown keyword (nothing is started then). */
THP_CALL_STEP int THPCall_begin(THPCall *call, const char *name, const char *keywords,
                                PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames)
{
  call->name = name;
  call->args = args;
  call->nargs = nargs;
  call->nkw = kwnames != NULL ? PyTuple_GET_SIZE(kwnames) : 0;
  call->kwnames = call->nkw != 0 ? kwnames : NULL;
  if (call->nkw != 0 && THPCall_checkKeywords(call, keywords) < 0)
    return -1;
  for (int i = 0; i < THP_CALL_MAX_RESULTS; i++)
    call->out[i] = NULL;
  call->owned_count = 0;
  call->released = NULL;
  THPErrorFrame_push(&call->frame);
  return 0;
}

/* ---- bind: which of the caller's values is which argument --------------------------------- */

/* Binds the caller's values to the option whose TH arguments `names` describes (Exceptions.h):
 * each Python argument is taken positionally, in order, or by its name; a "name=" one only by
 * name; a "name..." one takes all the remaining positional values (call->rest, call->nrest);
 * each "out" word is a result, which the caller may give as out= (a tuple when there are
 * several: call->out). Returns 1 with call->arg holding the Python arguments in the order of
 * `names` when the call fits, exactly, else 0. */
int THPCall_bindGeneral(THPCall *call, const char *names);

/* The same for an option of `count` Python arguments that may all be given positionally (no
 * "name=" or "name..." word). When no keyword was given, binding is a comparison of counts; when
 * some were, the values given must still number `count`, besides out=. */
THP_CALL_STEP int THPCall_bind(THPCall *call, int count, const char *names)
{
  if (call->nkw != 0)
    return call->nargs + call->nkw - call->out_given == count && THPCall_bindGeneral(call, names);
  if (call->nargs != count)
    return 0;
  call->arg = call->args;
  call->frame.argument_names = names;
  return 1;
}

/* ---- what the call owns ------------------------------------------------------------------- */

/* Ends the call at its landing point, for a Python exception that is already set. */
void THPCall_fail(THPCall *call) __attribute__((noreturn));

/* Hands `pointer` (new, from an unpacking or an allocation) to the call, which releases it with
 * `release` when it ends; a NULL pointer (a Python exception is set) ends the call: THPCall_fail.
 * Returns pointer. */
THP_CALL_STEP void *THPCall_keep(THPCall *call, void *pointer, void (*release)(void *))
{
  if (pointer == NULL)
    THPCall_fail(call);
  int i = call->owned_count;
  call->owned[i].pointer = pointer;
  call->owned[i].release = release;
  call->owned_count = i + 1;
  return pointer;
}

/* Py_DECREF, as a release function. */
void THPCall_releaseObject(void *object);

/* A new object the call owns (a result it allocated): THPCall_keep with Py_DECREF. The result
 * helpers of the tensor types use it: THPTensor_(result) in generic/Tensor.h. */
THP_CALL_STEP PyObject *THPCall_own(THPCall *call, PyObject *object)
{
  return (PyObject *)THPCall_keep(call, object, THPCall_releaseObject);
}

/* ---- around the TH call ------------------------------------------------------------------- */

/* Between the unpacking and the TH call. A Python error from the unpacking (an int too large)
 * ends the call here. Then the GIL decision: when the input tensors hold THP_GIL_RELEASE_THRESHOLD
 * elements or more, other Python threads may run while TH works; below that, handing the GIL over
 * would cost more than the work. The return helpers take it back. */
THP_CALL_STEP void THPCall_enterTH(THPCall *call, ptrdiff_t elements)
{
  if (PyErr_Occurred())
    THPCall_fail(call);
  if (elements >= THP_GIL_RELEASE_THRESHOLD)
    call->released = PyEval_SaveThread();
}

/* ---- ending ------------------------------------------------------------------------------- */

/* The TH work is over: takes the GIL back, pops the frame, releases what the call owns. */
THP_CALL_STEP void THPCall_end(THPCall *call)
{
  if (call->released != NULL) {
    PyEval_RestoreThread(call->released);
    call->released = NULL;
  }
  THPErrorFrame_pop(&call->frame);
  for (int i = call->owned_count; i-- > 0;)
    call->owned[i].release(call->owned[i].pointer);
}

/* Ends the call returning `value` (self, an argument, a result): a new reference to it. A result
 * the call allocated is handed over as it is; anything else it owns is released. */
THP_CALL_STEP PyObject *THPCall_return(THPCall *call, PyObject *value)
{
  if (call->released != NULL) {
    PyEval_RestoreThread(call->released);
    call->released = NULL;
  }
  int owned = call->owned_count;
  if (owned != 0 && call->owned[owned - 1].pointer == value)
    call->owned_count = owned - 1; /* the last thing the call took is what it returns */
  else
    Py_INCREF(value);
  THPCall_end(call);
  return value;
}

/* Ends the call returning a new tuple of `count` objects (the results of max(dim)...). */
PyObject *THPCall_returnTuple(THPCall *call, int count, ...);

/* At the landing point, after TH raised (or THPCall_fail): takes the GIL back, releases what the
 * call owns and sets the exception (THPErrorFrame_raise). Returns NULL. */
PyObject *THPCall_raise(THPCall *call);

/* No option matched: ends the call and sets the TypeError listing the accepted signatures, those
 * of the docstring of the method `type` lists under the call's name (its last paragraph, one
 * signature a line); when only a tensor's type kept the arguments from fitting, the message says
 * so first and lists only those signatures (TypeMix.h). An exception already set (an overflowing
 * int) is kept instead. NULL. */
PyObject *THPCall_invalidArguments(THPCall *call, PyTypeObject *type);

/* The same for a function of `module` (the THNN bindings): the signatures are those of the
 * docstring of the module's attribute named like the call. */
PyObject *THPCall_invalidArgumentsIn(THPCall *call, PyObject *module);

#endif
