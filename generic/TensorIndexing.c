/* t[key] and t[key] = value, in C; included by generic/Tensor.c.
 * Keys: an int (negative counts from the end), a slice (a positive step takes every step-th
 * position, as in v0.1.12), None (a new dimension of size 1), a tuple of them with at most one
 * Ellipsis, a lone Ellipsis (the whole tensor), or a ByteTensor mask. Ints select (removing a
 * dimension), slices narrow.
 * When the last remaining dimension is selected the result is a Python number, so a full int index
 * of a 1-D tensor gives a number. Everything else is a view sharing the storage; a mask gives a
 * 1-D copy (masked_select), and mask assignment fills or copies in order. A LongTensor key (the
 * whole key only) gives the slices it lists along dimension 0 (index_select), and assigning to it
 * is index_fill_ or index_copy_ along dimension 0. The methods index(key)
 * and set_index(key, value) do the same, except that a single element stays a 1-element tensor. */

typedef struct {
  THTensor *source;    /* in */
  PyObject *key;       /* in */
  THTensor *view;      /* out: the indexed region, unless `is_element` */
  int selected;        /* dimensions removed so far by int items, to name dimensions as the user
                        * counts them (those of the source) */
  int force_tensor;    /* in: an int on the last dimension narrows it to length 1 (index()) */
  int is_element;      /* out: the key named a single element ... */
  ptrdiff_t offset;    /* out: ... at this storage offset */
  int failed;          /* out: a Python exception is set */
} THPTensor_(Index);

/* Applies one int, slice or None to dimension *dim of c->view. */
static int THPTensor_(applyIndexItem)(THPTensor_(Index) *c, PyObject *item, int *dim, int is_last)
{
  THTensor *view = c->view;
  char name[128];
  if (item == Py_None) { /* a new dimension of size 1 here (even after the last), as unsqueeze */
    THTensor_(unsqueeze1d)(view, NULL, *dim);
    (*dim)++;
    return 0;
  }
  if (*dim >= view->nDimension) {
    PyErr_Format(PyExc_IndexError, "too many indices for a %d-dimensional tensor",
                 c->source->nDimension);
    return -1;
  }
  if (THPUtils_checkLong(item)) {
    long index = THPUtils_unpackLong(item);
    if ((index == -1 && PyErr_Occurred()) ||
        THPUtils_wrapIndex(&index, view->size[*dim], *dim + c->selected) < 0)
      return -1;
    if (view->nDimension == 1 && c->force_tensor) {
      THTensor_(narrow)(view, NULL, *dim, index, 1);
      (*dim)++;
      return 0;
    }
    if (view->nDimension == 1) {
      if (!is_last) {
        PyErr_Format(PyExc_IndexError, "too many indices for a %d-dimensional tensor",
                     c->source->nDimension);
        return -1;
      }
      THTensor_(checkInStorage)(view);  /* the element is read or written directly */
      c->is_element = 1;
      c->offset = view->storageOffset + index * view->stride[0];
      return 0;
    }
    THTensor_(select)(view, NULL, *dim, index);
    c->selected++;
    return 0;
  }
  if (PySlice_Check(item)) {
    Py_ssize_t start, stop, step;
    if (PySlice_Unpack(item, &start, &stop, &step) < 0) /* a zero step is a ValueError here */
      return -1;
    if (step < 0) {
      PyErr_Format(PyExc_ValueError, "slices with a negative step are not supported (got step "
                   "%zd for dimension %d)", step, *dim + c->selected);
      return -1;
    }
    Py_ssize_t length = PySlice_AdjustIndices(view->size[*dim], &start, &stop, step);
    if (length <= 0) {
      PyErr_Format(PyExc_IndexError,
                   "slice [%zd:%zd] of dimension %d (of size %ld) is empty, and tensors cannot "
                   "have empty dimensions", start, stop, *dim + c->selected, view->size[*dim]);
      return -1;
    }
    /* Every step-th position from start: narrow to the span from the first to the last of them,
     * then take that dimension's stride step times over (the view is ours alone). */
    THTensor_(narrow)(view, NULL, *dim, start, (length - 1) * step + 1);
    view->size[*dim] = length;
    view->stride[*dim] *= step;
    (*dim)++;
    return 0;
  }
  PyErr_Format(PyExc_TypeError,
               "indexing a tensor with %s is not supported; use an int, a slice, None, a tuple of "
               "them (with at most one Ellipsis), a torch_early.ByteTensor mask or a "
               "torch_early.LongTensor index",
               THPUtils_typename(item, name, sizeof(name)));
  return -1;
}

/* How many dimensions the items of the tuple key from position `first` on consume: all but None,
 * which adds one. */
static long THPTensor_(dimensionsUsed)(PyObject *key, Py_ssize_t first)
{
  long used = 0;
  for (Py_ssize_t i = first; i < PyTuple_GET_SIZE(key); i++)
    used += PyTuple_GET_ITEM(key, i) != Py_None;
  return used;
}

/* Runs inside a TH error guard: select/narrow are bounds-checked above, so TH can only fail on
 * memory exhaustion here, or on a source that no longer lies inside its storage. */
static void THPTensor_(indexBody)(void *opaque)
{
  THPTensor_(Index) *c = opaque;
  PyObject *key = c->key;
  c->view = THTensor_(newWithTensor)(c->source);
  if (c->source->nDimension == 0) {
    PyErr_SetString(PyExc_IndexError, "cannot index an empty tensor");
    c->failed = 1;
    return;
  }
  int dim = 0;
  if (key == Py_Ellipsis) /* t[...] is the whole tensor */
    return;
  if (!PyTuple_Check(key)) {
    c->failed = THPTensor_(applyIndexItem)(c, key, &dim, 1) < 0;
    return;
  }
  Py_ssize_t n = PyTuple_GET_SIZE(key);
  int seen_ellipsis = 0;
  for (Py_ssize_t i = 0; i < n && !c->is_element; i++) {
    PyObject *item = PyTuple_GET_ITEM(key, i);
    if (item == Py_Ellipsis) {
      if (seen_ellipsis) {
        PyErr_SetString(PyExc_IndexError, "an index can only have a single Ellipsis (...)");
        c->failed = 1;
        return;
      }
      seen_ellipsis = 1;
      /* Skip the dimensions the items after the Ellipsis do not reach: the trailing items align
       * with the trailing dimensions, one each (ints before here already removed theirs). */
      long skip = (long)c->view->nDimension - dim - THPTensor_(dimensionsUsed)(key, i + 1);
      if (skip < 0) {
        PyErr_Format(PyExc_IndexError, "too many indices for a %d-dimensional tensor",
                     c->source->nDimension);
        c->failed = 1;
        return;
      }
      dim += skip;
      continue;
    }
    /* An item is the last one when only a trailing Ellipsis (matching no dimension) follows. */
    int is_last = i == n - 1 ||
                  (i == n - 2 && PyTuple_GET_ITEM(key, n - 1) == Py_Ellipsis && !seen_ellipsis);
    if (THPTensor_(applyIndexItem)(c, item, &dim, is_last) < 0) {
      c->failed = 1;
      return;
    }
  }
}

/* Resolves `key` on self: 0 with c->view (new reference, or NULL for an element) set, or -1. */
static int THPTensor_(resolveIndex)(THPTensor *self, PyObject *key, int force_tensor,
                                    THPTensor_(Index) *c)
{
  memset(c, 0, sizeof(*c));
  c->source = self->cdata;
  c->key = key;
  c->force_tensor = force_tensor;
  int status = THPError_guard(THPTensor_(indexBody), c, NULL);
  if (status < 0 || c->failed || c->is_element) {
    THTensor_(free)(c->view);
    c->view = NULL;
  }
  return (status < 0 || c->failed) ? -1 : 0;
}

#if !defined(TH_REAL_IS_HALF)
typedef struct {
  THTensor *tensor;
  THByteTensor *mask;
  THTensor *values; /* maskedSelect result, or maskedCopy source */
  real fill;
} THPTensor_(Masked);

static void THPTensor_(maskedSelectBody)(void *opaque)
{
  THPTensor_(Masked) *m = opaque;
  THTensor_(maskedSelect)(m->values, m->tensor, m->mask);
}

static void THPTensor_(maskedFillBody)(void *opaque)
{
  THPTensor_(Masked) *m = opaque;
  THTensor_(maskedFill)(m->tensor, m->mask, m->fill);
}

static void THPTensor_(maskedCopyBody)(void *opaque)
{
  THPTensor_(Masked) *m = opaque;
  THTensor_(maskedCopy)(m->tensor, m->mask, m->values);
}

/* A LongTensor key picks whole slices along dimension 0, as index_select(0, key) does; assigning
 * to it is index_fill_(0, key, number) or index_copy_(0, key, tensor). As in v0.1.12, only as the
 * whole key: inside a tuple it is refused like any other unsupported item. */
typedef struct {
  THTensor *tensor;
  THLongTensor *index;
  THTensor *values; /* indexSelect result, or indexCopy source */
  real fill;
} THPTensor_(Indexed);

static void THPTensor_(indexSelectBody)(void *opaque)
{
  THPTensor_(Indexed) *x = opaque;
  THTensor_(indexSelect)(x->values, x->tensor, 0, x->index);
}

static void THPTensor_(indexFillBody)(void *opaque)
{
  THPTensor_(Indexed) *x = opaque;
  THTensor_(indexFill)(x->tensor, 0, x->index, x->fill);
}

static void THPTensor_(indexCopyBody)(void *opaque)
{
  THPTensor_(Indexed) *x = opaque;
  THTensor_(indexCopy)(x->tensor, 0, x->index, x->values);
}
#endif

static PyObject *THPTensor_(getValueAs)(THPTensor *self, PyObject *key, int force_tensor)
{
#if !defined(TH_REAL_IS_HALF)
  if (THPLongTensor_Check(key)) {
    THPTensor_(Indexed) x = {self->cdata, ((THPLongTensor *)key)->cdata, THTensor_(new)(), 0};
    if (THPError_guard(THPTensor_(indexSelectBody), &x, "- self - key") < 0) {
      THTensor_(free)(x.values);
      return NULL;
    }
    return THPTensor_(New)(x.values);
  }
#endif
  if (THPByteTensor_Check(key)) {
#if defined(TH_REAL_IS_HALF)
    THPUtils_setError(PyExc_TypeError, "torch_early.HalfTensor does not support mask indexing");
    return NULL;
#else
    THPTensor_(Masked) m = {self->cdata, ((THPByteTensor *)key)->cdata, THTensor_(new)(), 0};
    if (THPError_guard(THPTensor_(maskedSelectBody), &m, "- self key") < 0) {
      THTensor_(free)(m.values);
      return NULL;
    }
    return THPTensor_(New)(m.values);
#endif
  }
  THPTensor_(Index) c;
  if (THPTensor_(resolveIndex)(self, key, force_tensor, &c) < 0)
    return NULL;
  if (c.is_element)
    return THPUtils_(newReal)(self->cdata->storage->data[c.offset]);
  return THPTensor_(New)(c.view);
}

static PyObject *THPTensor_(getValue)(THPTensor *self, PyObject *key)
{
  return THPTensor_(getValueAs)(self, key, 0);
}

/* Fills every element of a strided region with one value (used for t[a:b] = 3). */
static void THPTensor_(fillRegion)(THTensor *region, real value)
{
  TH_TENSOR_APPLY(real, region, *region_data = value;);
}

typedef struct {
  THTensor *region;
  real value;
} THPTensor_(Fill);

static void THPTensor_(fillBody)(void *opaque)
{
  THPTensor_(Fill) *f = opaque;
  THPTensor_(fillRegion)(f->region, f->value);
}

static int THPTensor_(setValueAs)(THPTensor *self, PyObject *key, PyObject *value, int force_tensor)
{
  char name[128];
  if (value == NULL) {
    PyErr_SetString(PyExc_TypeError, "tensor elements cannot be deleted");
    return -1;
  }
  int value_is_number = THPUtils_(checkReal)(value);
  if (!value_is_number && !THPTensor_(isAnyTensor)(value)) {
    THPUtils_setError(PyExc_TypeError, "can only assign a %s or a tensor to a %s, but got %s", RealStr,
                 THPTensorStr, THPUtils_typename(value, name, sizeof(name)));
    return -1;
  }
  real number = value_is_number ? THPUtils_(unpackReal)(value) : (real){0};
  if (PyErr_Occurred())
    return -1;

#if !defined(TH_REAL_IS_HALF)
  if (THPLongTensor_Check(key)) {
    THPTensor_(Indexed) x = {self->cdata, ((THPLongTensor *)key)->cdata, NULL, number};
    if (value_is_number)
      return THPError_guard(THPTensor_(indexFillBody), &x, "self - key value");
    if (!THPTensor_(Check)(value)) {
      THPUtils_setError(PyExc_TypeError, "assignment through a torch_early.LongTensor index to "
                        "a %s needs a %s source, but got %s", THPTensorStr, THPTensorStr,
                        THPUtils_typename(value, name, sizeof(name)));
      return -1;
    }
    x.values = ((THPTensor *)value)->cdata;
    return THPError_guard(THPTensor_(indexCopyBody), &x, "self - key value");
  }
#endif
  if (THPByteTensor_Check(key)) {
#if defined(TH_REAL_IS_HALF)
    THPUtils_setError(PyExc_TypeError, "torch_early.HalfTensor does not support mask indexing");
    return -1;
#else
    THPTensor_(Masked) m = {self->cdata, ((THPByteTensor *)key)->cdata, NULL, number};
    if (value_is_number)
      return THPError_guard(THPTensor_(maskedFillBody), &m, "self key value");
    if (!THPTensor_(Check)(value)) {
      THPUtils_setError(PyExc_TypeError, "masked assignment to a %s needs a %s source, but got %s",
                   THPTensorStr, THPTensorStr, THPUtils_typename(value, name, sizeof(name)));
      return -1;
    }
    m.values = ((THPTensor *)value)->cdata;
    return THPError_guard(THPTensor_(maskedCopyBody), &m, "self key value");
#endif
  }

  THPTensor_(Index) c;
  if (THPTensor_(resolveIndex)(self, key, force_tensor, &c) < 0)
    return -1;
  if (c.is_element) {
    if (!value_is_number) {
      THPUtils_setError(PyExc_TypeError, "an element of a %s can only be set to a %s, but got %s",
                   THPTensorStr, RealStr, THPUtils_typename(value, name, sizeof(name)));
      return -1;
    }
    self->cdata->storage->data[c.offset] = number;
    return 0;
  }
  int status;
  if (value_is_number) {
    THPTensor_(Fill) f = {c.view, number};
    status = THPError_guard(THPTensor_(fillBody), &f, NULL);
  } else {
    status = THPTensor_(copyFrom)(c.view, value, "key value");
  }
  THTensor_(free)(c.view);
  return status;
}

static int THPTensor_(setValue)(THPTensor *self, PyObject *key, PyObject *value)
{
  return THPTensor_(setValueAs)(self, key, value, 0);
}

/* index(key): self[key], except that a key naming one element gives a 1-element tensor (a view)
 * instead of a Python number; autograd's indexing relies on getting a tensor back. */
static PyObject *THPTensor_(index)(THPTensor *self, PyObject *key)
{
  return THPTensor_(getValueAs)(self, key, 1);
}

/* set_index(key, value) -> self: self[key] = value, where a key naming one element names a
 * 1-element view, so that value may also be a 1-element tensor. */
static PyObject *THPTensor_(setIndex)(THPTensor *self, PyObject *const *args, Py_ssize_t nargs)
{
  if (nargs != 2)
    return THPUtils_invalidArguments(args, nargs, NULL, "set_index", 1, "(object key, value)");
  if (THPTensor_(setValueAs)(self, args[0], args[1], 1) < 0)
    return NULL;
  Py_INCREF(self);
  return (PyObject *)self;
}

static Py_ssize_t THPTensor_(length)(THPTensor *self)
{
  return self->cdata->nDimension == 0 ? 0 : self->cdata->size[0];
}

static PyMappingMethods THPTensor_(mappingMethods) = {
  (lenfunc)THPTensor_(length),
  (binaryfunc)THPTensor_(getValue),
  (objobjargproc)THPTensor_(setValue),
};
