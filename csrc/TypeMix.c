/* TypeMix: tells a call that failed only because of a tensor's type from any other invalid call
 * (see TypeMix.h). It runs on the error path of a generated wrapper, after no option matched: it
 * reads the signatures of the wrapper's docstring, "(float value, torch_early.FloatTensor other,
 * out=torch_early.FloatTensor)", binds the caller's values to each the way the wrapper does
 * (positional ones in order, then by name), and checks each value against the type written
 * there. Speed does not matter here; being right does: a signature counts only when every value
 * fits but for tensors of another tensor type. */
#include "THP.h"
#include "TypeMix.h"

#define MAX_PARAMETERS 32
#define NAME_SIZE 160

/* One parameter of a signature, as pieces of its text. */
typedef struct {
  char type[NAME_SIZE];  /* "float", "torch_early.FloatTensor", "sequence of ...", "(A, B)" */
  char name[NAME_SIZE];  /* "other", "out", "alpha" */
  int keyword_only;      /* written name=type */
  int nullable;          /* followed by " or None" */
  int variadic;          /* "int ... size": the remaining positional values */
} Parameter;

/* How a value fits a parameter. */
typedef enum { FITS, OTHER_TENSOR_TYPE, DOES_NOT_FIT } Fit;

/* The first value of another tensor type found in a signature (empty strings until then). */
typedef struct {
  char parameter[NAME_SIZE];
  char expected[NAME_SIZE];
  char given[NAME_SIZE];
} Mismatch;

static void copy_text(char *to, const char *from, size_t length)
{
  if (length >= NAME_SIZE)
    length = NAME_SIZE - 1;
  memcpy(to, from, length);
  to[length] = '\0';
}

static int ends_with(const char *text, const char *end)
{
  size_t length = strlen(text), end_length = strlen(end);
  return length >= end_length && strcmp(text + length - end_length, end) == 0;
}

/* ---- reading a signature ------------------------------------------------------------------ */

/* One piece, "torch_early.FloatTensor other or None" or "alpha=float", into *parameter. */
static void read_parameter(const char *piece, size_t length, Parameter *parameter)
{
  char text[NAME_SIZE];
  copy_text(text, piece, length);
  parameter->nullable = ends_with(text, " or None");
  if (parameter->nullable)
    text[strlen(text) - strlen(" or None")] = '\0';
  char *equals = strchr(text, '='), *space = strchr(text, ' ');
  parameter->keyword_only = equals != NULL && (space == NULL || equals < space);
  parameter->variadic = 0;
  if (parameter->keyword_only) {
    copy_text(parameter->name, text, equals - text);
    copy_text(parameter->type, equals + 1, strlen(equals + 1));
    return;
  }
  char *last_space = strrchr(text, ' ');
  const char *name = last_space ? last_space + 1 : text;
  copy_text(parameter->name, name, strlen(name));
  copy_text(parameter->type, text, last_space ? (size_t)(last_space - text) : 0);
  if (ends_with(parameter->type, " ...")) {
    parameter->variadic = 1;
    parameter->type[strlen(parameter->type) - strlen(" ...")] = '\0';
  }
}

/* The parameters of "(a, b, out=(A, B))": their count, or -1 when the text is no signature. */
static int read_signature(const char *signature, Parameter *parameters)
{
  size_t length = strlen(signature);
  if (length < 2 || signature[0] != '(' || signature[length - 1] != ')')
    return -1;
  int count = 0, depth = 0;
  const char *start = signature + 1, *end = signature + length - 1;
  for (const char *c = start; c <= end; c++) {
    if (c < end && *c == '(')
      depth++;
    else if (c < end && *c == ')')
      depth--;
    else if ((c == end || (*c == ',' && depth == 0)) && c > start) {
      if (count == MAX_PARAMETERS)
        return -1;
      read_parameter(start, c - start, &parameters[count++]);
      start = c + 1 + (c < end && c[1] == ' ');
    }
  }
  return count;
}

/* ---- checking one value ------------------------------------------------------------------- */

/* A tensor type's name: "<package>.FloatTensor" or "<package>.sparse.FloatTensor". */
static int is_tensor_type_name(const char *name)
{
  const char *package = THPUtils_publicName();
  size_t package_length = strlen(package);
  if (strncmp(name, package, package_length) != 0 || name[package_length] != '.')
    return 0;
  const char *rest = name + package_length + 1;
  if (strncmp(rest, "sparse.", 7) == 0)
    rest += 7;
  return strlen(rest) > strlen("Tensor") && ends_with(rest, "Tensor") && strchr(rest, '.') == NULL;
}

/* A tensor's class name ("torch_early.DoubleTensor") into `name`; 0 when obj is no tensor. */
static int tensor_type_name(PyObject *obj, char *name)
{
  PyObject *cls = THPModule_tensorClassOf(obj);
  if (cls == NULL)
    return 0;
  THPUtils_className((PyTypeObject *)cls, name, NAME_SIZE);
  return 1;
}

static Fit fit_tensor(PyObject *value, const char *expected, Mismatch *mismatch)
{
  char given[NAME_SIZE];
  if (!tensor_type_name(value, given))
    return DOES_NOT_FIT;
  if (strcmp(given, expected) == 0)
    return FITS;
  if (!is_tensor_type_name(expected))
    return DOES_NOT_FIT;
  if (mismatch->expected[0] == '\0') {
    snprintf(mismatch->expected, NAME_SIZE, "%s", expected);
    snprintf(mismatch->given, NAME_SIZE, "%s", given);
  }
  return OTHER_TENSOR_TYPE;
}

/* The worse of two fits: a value that does not fit spoils the whole. */
static Fit worse(Fit a, Fit b)
{
  return a > b ? a : b;
}

/* "sequence of T": a list or tuple of T's. */
static Fit fit_sequence(PyObject *value, const char *element_type, Mismatch *mismatch)
{
  if (!PyList_Check(value) && !PyTuple_Check(value))
    return DOES_NOT_FIT;
  Fit fit = FITS;
  for (Py_ssize_t i = 0; i < PySequence_Fast_GET_SIZE(value); i++)
    fit = worse(fit, fit_tensor(PySequence_Fast_GET_ITEM(value, i), element_type, mismatch));
  return fit;
}

/* "(A, B)": the results given as out=, a tuple of tensors. */
static Fit fit_results(PyObject *value, const char *types, Mismatch *mismatch)
{
  if (!PyTuple_Check(value))
    return DOES_NOT_FIT;
  Parameter results[MAX_PARAMETERS];
  int count = read_signature(types, results);
  if (count != PyTuple_GET_SIZE(value))
    return DOES_NOT_FIT;
  Fit fit = FITS;
  for (int i = 0; i < count; i++) {
    /* read as parameters, each "A" of the tuple is a name without a type */
    Fit result = fit_tensor(PyTuple_GET_ITEM(value, i), results[i].name, mismatch);
    fit = worse(fit, result);
  }
  return fit;
}

static Fit fit_value(PyObject *value, const Parameter *parameter, Mismatch *mismatch)
{
  const char *type = parameter->type;
  if (parameter->nullable && value == Py_None)
    return FITS;
  if (strcmp(type, "float") == 0)
    return THPUtils_checkDouble(value) ? FITS : DOES_NOT_FIT;
  if (strcmp(type, "int") == 0)
    return THPUtils_checkLong(value) ? FITS : DOES_NOT_FIT;
  if (strcmp(type, "bool") == 0)
    return PyBool_Check(value) ? FITS : DOES_NOT_FIT;
  if (strncmp(type, "sequence of ", 12) == 0)
    return fit_sequence(value, type + 12, mismatch);
  if (type[0] == '(')
    return fit_results(value, type, mismatch);
  if (THPModule_tensorClassOf(value) != NULL)
    return fit_tensor(value, type, mismatch);
  if ((PyTuple_Check(value) || PyList_Check(value)) && !ends_with(type, "Tensor"))
    return THPUtils_checkSizeArgs(&value, 1) ? FITS : DOES_NOT_FIT;  /* Size, tuple */
  char given[NAME_SIZE];
  return strcmp(THPUtils_typename(value, given, sizeof(given)), type) == 0 ? FITS : DOES_NOT_FIT;
}

/* ---- binding the values to one signature -------------------------------------------------- */

static int find_parameter(const Parameter *parameters, int count, const char *name)
{
  for (int i = 0; i < count; i++)
    if (strcmp(parameters[i].name, name) == 0)
      return i;
  return -1;
}

/* The parameter just checked is where the first mismatch is, when it has no name yet. */
static void name_mismatch(Mismatch *mismatch, const Parameter *parameter)
{
  if (mismatch->expected[0] != '\0' && mismatch->parameter[0] == '\0')
    snprintf(mismatch->parameter, NAME_SIZE, "%s", parameter->name);
}

/* How the caller's values fit the signature: bound as the wrapper binds them (THPCall_bind);
 * *mismatch, empty on entry, gets the first value of another tensor type. */
static Fit fit_signature(const char *signature, PyObject *const *args, Py_ssize_t nargs,
                         PyObject *kwnames, Mismatch *mismatch)
{
  Parameter parameters[MAX_PARAMETERS];
  int count = read_signature(signature, parameters);
  if (count < 0)
    return DOES_NOT_FIT;
  int bound[MAX_PARAMETERS] = {0};
  Fit fit = FITS;
  Py_ssize_t next = 0;
  for (int i = 0; i < count && next < nargs && !parameters[i].keyword_only; i++) {
    bound[i] = 1;
    if (parameters[i].variadic) {
      fit = worse(fit, THPUtils_checkSizeArgs(args + next, nargs - next) ? FITS : DOES_NOT_FIT);
      next = nargs;
    } else {
      fit = worse(fit, fit_value(args[next++], &parameters[i], mismatch));
    }
    name_mismatch(mismatch, &parameters[i]);
  }
  if (next < nargs)
    return DOES_NOT_FIT;
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t k = 0; k < nkw; k++) {
    const char *name = PyUnicode_AsUTF8(PyTuple_GET_ITEM(kwnames, k));
    int i = name ? find_parameter(parameters, count, name) : -1;
    if (i < 0 || bound[i] || parameters[i].variadic)
      return DOES_NOT_FIT;
    bound[i] = 1;
    fit = worse(fit, fit_value(args[nargs + k], &parameters[i], mismatch));
    name_mismatch(mismatch, &parameters[i]);
  }
  for (int i = 0; i < count; i++)
    if (!bound[i] && !parameters[i].variadic)
      return DOES_NOT_FIT;
  return fit;
}

/* ---- the line that says so ---------------------------------------------------------------- */

/* "FloatTensor" for "torch_early.FloatTensor", "sparse.FloatTensor" for a sparse one. */
static const char *short_name(const char *name)
{
  size_t package_length = strlen(THPUtils_publicName());
  if (strncmp(name, THPUtils_publicName(), package_length) == 0 && name[package_length] == '.')
    return name + package_length + 1;
  return name;
}

static int is_sparse(const char *name)
{
  return strncmp(short_name(name), "sparse.", 7) == 0;
}

/* The tensor given and the one needed differ in dtype only, not in layout (sparse or dense). */
static int only_dtype(const Mismatch *mismatch)
{
  return is_sparse(mismatch->expected) == is_sparse(mismatch->given);
}

/* The method that converts to a tensor type's dtype: "float" for "torch_early.FloatTensor". */
static void conversion(const char *name, char *method)
{
  const char *dtype = short_name(name);
  if (is_sparse(name))
    dtype += 7;
  size_t length = strlen(dtype) - strlen("Tensor");
  copy_text(method, dtype, length);
  method[0] = (char)(method[0] - 'A' + 'a');
}

/* A value as the first line shows it: a tensor by its short name, a list of tensors as
 * [FloatTensor, DoubleTensor], anything else by its type. Appended to `parts`. */
static void append_value(PyObject *parts, PyObject *value)
{
  char name[NAME_SIZE];
  PyObject *text = NULL;
  if (tensor_type_name(value, name)) {
    text = PyUnicode_FromString(short_name(name));
  } else if ((PyList_Check(value) || PyTuple_Check(value)) && PySequence_Fast_GET_SIZE(value) > 0 &&
             THPModule_tensorClassOf(PySequence_Fast_GET_ITEM(value, 0)) != NULL) {
    PyObject *items = PyList_New(0);
    for (Py_ssize_t i = 0; items != NULL && i < PySequence_Fast_GET_SIZE(value); i++)
      append_value(items, PySequence_Fast_GET_ITEM(value, i));
    PyObject *separator = PyUnicode_FromString(", ");
    PyObject *joined = items && separator ? PyUnicode_Join(separator, items) : NULL;
    if (joined != NULL)
      text = PyUnicode_FromFormat(PyList_Check(value) ? "[%U]" : "(%U)", joined);
    Py_XDECREF(joined);
    Py_XDECREF(separator);
    Py_XDECREF(items);
  } else {
    text = PyUnicode_FromString(THPUtils_typename(value, name, sizeof(name)));
  }
  if (text != NULL)
    PyList_Append(parts, text);
  Py_XDECREF(text);
}

/* "FloatTensor.mm(DoubleTensor, out=FloatTensor)": the call as the user wrote it. New. */
static PyObject *written_call(PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                              const THPCallee *callee)
{
  PyObject *parts = PyList_New(0);
  Py_ssize_t nkw = kwnames ? PyTuple_GET_SIZE(kwnames) : 0;
  for (Py_ssize_t i = 0; parts != NULL && i < nargs + nkw; i++) {
    Py_ssize_t before = PyList_GET_SIZE(parts);
    append_value(parts, args[i]);
    if (i >= nargs && PyList_GET_SIZE(parts) > before) {
      PyObject *named = PyUnicode_FromFormat("%U=%U", PyTuple_GET_ITEM(kwnames, i - nargs),
                                             PyList_GET_ITEM(parts, before));
      if (named != NULL)
        PyList_SetItem(parts, before, named);
    }
  }
  PyObject *separator = PyUnicode_FromString(", ");
  PyObject *joined = parts && separator ? PyUnicode_Join(separator, parts) : NULL;
  PyObject *written = joined ? PyUnicode_FromFormat("%s(%U)", callee->written_name, joined) : NULL;
  Py_XDECREF(joined);
  Py_XDECREF(separator);
  Py_XDECREF(parts);
  return written;
}

/* How many tensors the call involves: its receiver, the values and the items of sequences. */
static Py_ssize_t count_tensors(PyObject *const *args, Py_ssize_t total, const THPCallee *callee)
{
  Py_ssize_t count = callee->is_method;
  for (Py_ssize_t i = 0; i < total; i++) {
    if (THPModule_tensorClassOf(args[i]) != NULL)
      count++;
    else if (PyList_Check(args[i]) || PyTuple_Check(args[i]))
      for (Py_ssize_t j = 0; j < PySequence_Fast_GET_SIZE(args[i]); j++)
        count += THPModule_tensorClassOf(PySequence_Fast_GET_ITEM(args[i], j)) != NULL;
  }
  return count;
}

/* "a" or "an" before a type's short name: an IntTensor, a sparse.IntTensor. */
static const char *article(const char *name)
{
  return strchr("AEIOU", name[0]) != NULL ? "an" : "a";
}

/* What to say about the mismatch, after the call: two dense (or two sparse) tensors of the
 * call's own dtype and another are "of one type", and either may be converted; a tensor where
 * one of a fixed dtype (indices: LongTensor) or of another layout is needed is the argument's
 * fault alone. */
static PyObject *advice(const Mismatch *mismatch, Py_ssize_t tensors, const THPCallee *callee)
{
  char expected_method[NAME_SIZE], given_method[NAME_SIZE], own_method[NAME_SIZE] = "";
  conversion(mismatch->expected, expected_method);
  conversion(mismatch->given, given_method);
  if (callee->own_type != NULL)
    conversion(callee->own_type, own_method);
  int same_layout = only_dtype(mismatch);
  if (same_layout && strcmp(expected_method, own_method) == 0)
    return PyUnicode_FromFormat("%s tensors must be of one type; convert one with .%s(), .%s() "
                                "or .type_as(other)", tensors == 2 ? "both" : "the",
                                own_method, given_method);
  char fix[2 * NAME_SIZE] = "";
  if (same_layout)
    snprintf(fix, sizeof(fix), "; convert it with .%s()", expected_method);
  else if (is_sparse(mismatch->given) && strcmp(expected_method, given_method) == 0)
    snprintf(fix, sizeof(fix), "; convert it with .to_dense()");
  else if (is_sparse(mismatch->given))
    snprintf(fix, sizeof(fix), "; convert it with .to_dense().%s()", expected_method);
  const char *expected = short_name(mismatch->expected), *given = short_name(mismatch->given);
  return PyUnicode_FromFormat("argument '%s' must be %s %s, not %s %s%s", mismatch->parameter,
                              article(expected), expected, article(given), given, fix);
}

/* ---- the search --------------------------------------------------------------------------- */

int THPTypeMix_find(THPTypeMix *mix, PyObject *const *args, Py_ssize_t nargs, PyObject *kwnames,
                    PyObject *options, const THPCallee *callee)
{
  if (callee == NULL)
    return 0;
  mix->near = PyList_New(0);
  if (mix->near == NULL)
    return -1;
  Mismatch reported;
  int have_report = 0;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(options); i++) {
    const char *signature = PyUnicode_AsUTF8(PyList_GET_ITEM(options, i));
    Mismatch mismatch = {"", "", ""};
    if (signature == NULL)
      return -1;
    if (fit_signature(signature, args, nargs, kwnames, &mismatch) != OTHER_TENSOR_TYPE)
      continue;
    if (PyList_Append(mix->near, PyList_GET_ITEM(options, i)) < 0)
      return -1;
    /* the first signature that needs only another dtype, or else the first at all */
    if (!have_report || (only_dtype(&mismatch) && !only_dtype(&reported))) {
      reported = mismatch;
      have_report = 1;
    }
  }
  if (!have_report)
    return 0;
  Py_ssize_t total = nargs + (kwnames ? PyTuple_GET_SIZE(kwnames) : 0);
  mix->written = written_call(args, nargs, kwnames, callee);
  PyObject *said = advice(&reported, count_tensors(args, total, callee), callee);
  if (mix->written != NULL && said != NULL)
    mix->line = PyUnicode_FromFormat("%U: %U", mix->written, said);
  Py_XDECREF(said);
  return mix->line != NULL ? 1 : -1;
}

void THPTypeMix_clear(THPTypeMix *mix)
{
  Py_CLEAR(mix->line);
  Py_CLEAR(mix->written);
  Py_CLEAR(mix->near);
}
