/* Call: the parts of a generated wrapper's call that are not worth inlining (see Call.h):
 * keywords, binding by name, out= tuples, the error path and the "invalid arguments" TypeError. */
#include "THP.h"
#include "TypeMix.h"

#include <stdarg.h>
#include <string.h>

/* The words here are short: plain loops cost less than the setup of strcspn or memcmp. */

/* The length of the word at `word`, up to a space or the end. */
static inline size_t word_length(const char *word)
{
  size_t length = 0;
  while (word[length] != '\0' && word[length] != ' ')
    length++;
  return length;
}

/* Are the `length` characters at `a` and at `b` the same? */
static inline int same_text(const char *a, const char *b, size_t length)
{
  for (size_t i = 0; i < length; i++)
    if (a[i] != b[i])
      return 0;
  return 1;
}

/* Is the word of `length` characters at `word` the C string `text`? */
static inline int is_word(const char *word, size_t length, const char *text)
{
  return strlen(text) == length && same_text(word, text, length);
}

/* Does the space-separated list `words` hold the `length` characters at `name`? */
static int list_holds(const char *words, const char *name, size_t length)
{
  for (const char *word = words; *word != '\0';) {
    size_t n = word_length(word);
    if (n == length && same_text(word, name, length))
      return 1;
    word += n + (word[n] == ' ');
  }
  return 0;
}

int THPCall_checkKeywords(THPCall *call, const char *keywords)
{
  call->out_given = 0;
  for (Py_ssize_t i = 0; i < call->nkw; i++) {
    PyObject *key = PyTuple_GET_ITEM(call->kwnames, i);
    Py_ssize_t length;
    const char *name = PyUnicode_AsUTF8AndSize(key, &length);
    PyErr_Clear(); /* a key that is not UTF-8 is no keyword of ours either */
    if (name != NULL && list_holds(keywords, name, (size_t)length) && i < THP_CALL_MAX_KEYWORDS) {
      call->keyword[i] = name;
      call->keyword_length[i] = length;
      call->out_given |= is_word(name, (size_t)length, "out");
      continue;
    }
    if (*keywords == '\0')
      PyErr_Format(PyExc_TypeError, "%s() takes no keyword arguments", call->name);
    else
      PyErr_Format(PyExc_TypeError, "%s() got an unexpected keyword argument '%U'", call->name,
                   key);
    return -1;
  }
  return 0;
}

/* The value of keyword `name` (`length` characters), or NULL when it was not given; a value found
 * is counted in *used. */
static PyObject *keyword_value(THPCall *call, const char *name, size_t length, Py_ssize_t *used)
{
  for (Py_ssize_t i = 0; i < call->nkw; i++) {
    if ((size_t)call->keyword_length[i] == length && same_text(call->keyword[i], name, length)) {
      (*used)++;
      return call->args[call->nargs + i];
    }
  }
  return NULL;
}

/* Splits out= over the `results` of an option: the value itself for one result, the items of a
 * tuple of exactly that many for several. 0 when it does not fit. */
static int bind_out(THPCall *call, PyObject *out, int results)
{
  for (int i = 0; i < THP_CALL_MAX_RESULTS; i++)
    call->out[i] = NULL;
  if (out == NULL)
    return 1;
  if (results == 1) {
    call->out[0] = out;
    return 1;
  }
  if (!PyTuple_Check(out) || PyTuple_GET_SIZE(out) != results)
    return 0;
  for (int i = 0; i < results; i++)
    call->out[i] = PyTuple_GET_ITEM(out, i);
  return 1;
}

int THPCall_bindGeneral(THPCall *call, const char *names)
{
  Py_ssize_t position = 0, used = 0;
  int count = 0, results = 0;
  for (const char *word = names; *word != '\0';) {
    size_t length = word_length(word);
    const char *next = word + length + (word[length] == ' ');
    PyObject *value = NULL;
    if (is_word(word, length, "out")) {
      results++;
      word = next;
      continue;
    }
    if (is_word(word, length, "-") || is_word(word, length, "self")) {
      word = next;
      continue;
    }
    if (length > 3 && same_text(word + length - 3, "...", 3)) {
      if (position >= call->nargs) /* at least one value */
        return 0;
      call->rest = call->args + position;
      call->nrest = call->nargs - position;
      position = call->nargs;
    } else if (word[length - 1] == '=') {
      value = keyword_value(call, word, length - 1, &used);
      if (value == NULL)
        return 0;
    } else {
      value = position < call->nargs ? call->args[position++]
                                     : keyword_value(call, word, length, &used);
      if (value == NULL)
        return 0;
    }
    call->bound[count++] = value;
    word = next;
  }
  if (!bind_out(call, results ? keyword_value(call, "out", 3, &used) : NULL, results))
    return 0;
  if (position != call->nargs || used != call->nkw) /* a value left over, or given twice */
    return 0;
  call->arg = call->bound;
  call->frame.argument_names = names;
  return 1;
}

void THPCall_fail(THPCall *call)
{
  THPErrorFrame_landPython(&call->frame);
}

void THPCall_releaseObject(void *object)
{
  Py_DECREF((PyObject *)object);
}

PyObject *THPCall_returnTuple(THPCall *call, int count, ...)
{
  if (call->released != NULL) {
    PyEval_RestoreThread(call->released);
    call->released = NULL;
  }
  PyObject *tuple = PyTuple_New(count);
  va_list items;
  va_start(items, count);
  for (int i = 0; i < count; i++) {
    PyObject *item = va_arg(items, PyObject *);
    if (tuple != NULL) {
      Py_INCREF(item);
      PyTuple_SET_ITEM(tuple, i, item);
    }
  }
  va_end(items);
  THPCall_end(call);
  return tuple;
}

PyObject *THPCall_raise(THPCall *call)
{
  if (call->released != NULL) {
    PyEval_RestoreThread(call->released);
    call->released = NULL;
  }
  for (int i = call->owned_count; i-- > 0;)
    call->owned[i].release(call->owned[i].pointer);
  return THPErrorFrame_raise(&call->frame);
}

/* The signatures of a generated docstring: the lines of its last paragraph, "add(float value)"
 * each, as "(float value)". A new list of str, or NULL with an exception set. */
static PyObject *docstring_signatures(PyObject *doc)
{
  const char *text = PyUnicode_AsUTF8(doc);
  if (text == NULL)
    return NULL;
  const char *paragraph = text;
  for (const char *gap = strstr(text, "\n\n"); gap != NULL; gap = strstr(gap + 1, "\n\n"))
    paragraph = gap + 2;
  PyObject *signatures = PyList_New(0);
  for (const char *line = paragraph; signatures != NULL && *line != '\0';) {
    size_t length = strcspn(line, "\n"); /* (the error path: speed does not matter) */
    const char *open = memchr(line, '(', length);
    PyObject *signature = open ? PyUnicode_FromStringAndSize(open, line + length - open) : NULL;
    if (open != NULL && (signature == NULL || PyList_Append(signatures, signature) < 0))
      Py_CLEAR(signatures);
    Py_XDECREF(signature);
    line += length + (line[length] == '\n');
  }
  return signatures;
}

PyObject *THPCall_invalidArguments(THPCall *call, PyTypeObject *type)
{
  return THPCall_invalidArgumentsIn(call, (PyObject *)type);
}

/* Who `call` reached through `owner` (a tensor type's method table, the function forms of one,
 * or a module), as a type mix names it: the names are written into the three buffers. */
static void describe_callee(THPCall *call, PyObject *owner, THPCallee *callee, char *written,
                            char *help, char *own_type, size_t size)
{
  int is_function = 0;
  PyObject *cls = PyType_Check(owner) ? THPModule_tableOwner((PyTypeObject *)owner, &is_function)
                                      : NULL;
  const char *package = THPUtils_publicName();
  callee->is_method = cls != NULL && !is_function;
  callee->own_type = cls != NULL ? THPUtils_className((PyTypeObject *)cls, own_type, size) : NULL;
  if (callee->is_method) {   /* FloatTensor.mm; help(torch_early.FloatTensor.mm) */
    snprintf(written, size, "%.100s.%.100s", own_type + strlen(package) + 1, call->name);
    snprintf(help, size, "%.100s.%.100s", own_type, call->name);
  } else if (cls != NULL) {  /* torch_early.mm */
    snprintf(written, size, "%.100s.%.100s", package, call->name);
    snprintf(help, size, "%s", written);
  } else {                   /* a module's function: torch_early._thnn._THNN.FloatAbs_... */
    const char *module = PyModule_Check(owner) ? PyModule_GetName(owner) : NULL;
    PyErr_Clear();
    snprintf(written, size, "%.100s.%.100s", module ? module : "?", call->name);
    snprintf(help, size, "%s", written);
  }
  callee->written_name = written;
  callee->help_name = help;
}

PyObject *THPCall_invalidArgumentsIn(THPCall *call, PyObject *owner)
{
  THPCall_end(call);
  if (PyErr_Occurred())
    return NULL;
  PyObject *method = PyObject_GetAttrString(owner, call->name);
  PyObject *doc = method ? PyObject_GetAttrString(method, "__doc__") : NULL;
  PyObject *signatures = doc && PyUnicode_Check(doc) ? docstring_signatures(doc) : NULL;
  if (signatures != NULL) {
    char written[256], help[256], own_type[256];
    THPCallee callee;
    describe_callee(call, owner, &callee, written, help, own_type, sizeof(written));
    THPUtils_invalidArgumentListOf(call->args, call->nargs, call->kwnames, call->name, signatures,
                                   &callee);
  } else if (!PyErr_Occurred())
    PyErr_Format(PyExc_SystemError, "%s has no docstring listing its signatures", call->name);
  Py_XDECREF(signatures);
  Py_XDECREF(doc);
  Py_XDECREF(method);
  return NULL;
}
