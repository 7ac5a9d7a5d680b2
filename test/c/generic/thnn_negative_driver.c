/* The driver of the THNN negative test, for one float type (expanded for Float and Double by
 * test_thnn_negative.c): replays the valid call of an entry point as recorded, then once per bad
 * variant of each tensor argument (thnn_negative.h lists them). A variant may be refused by a TH
 * error or complete; a variant that is only laid out differently (not contiguous) must give the
 * valid call's results. Anything else - a crash, a sanitizer report, a hang - is the failure
 * this test is for, and test_thnn_negative.c names the call it happened in. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_negative_driver.c"
#else

#define Neg_(NAME) TH_CONCAT_4(thnn_negative_, Real, _, NAME)

/* ---- a tensor argument of any kind ---- */

static void *Neg_(make)(neg_kind kind, int nDimension, const long *size, const double *values,
                        long count, int strided) {
  switch (kind) {
    case NEG_REAL:
      return TH_CONCAT_4(neg_, Real, _, make)(nDimension, size, values, count, strided);
    case NEG_INDEX: return neg_Long_make(nDimension, size, values, count, strided);
    case NEG_INTEGER: return neg_Int_make(nDimension, size, values, count, strided);
    default: return NULL;
  }
}

static void Neg_(free)(neg_kind kind, void *t) {
  if (t == NULL)
    return;
  switch (kind) {
    case NEG_REAL: THTensor_(free)(t); break;
    case NEG_INDEX: THLongTensor_free(t); break;
    case NEG_INTEGER: THIntTensor_free(t); break;
    case NEG_GENERATOR: THGenerator_free(t); break;
    default: break;
  }
}

static void Neg_(retain)(neg_kind kind, void *t) {
  switch (kind) {
    case NEG_REAL: THTensor_(retain)(t); break;
    case NEG_INDEX: THLongTensor_retain(t); break;
    case NEG_INTEGER: THIntTensor_retain(t); break;
    default: break;
  }
}

static long Neg_(nElement)(neg_kind kind, void *t) {
  switch (kind) {
    case NEG_REAL: return (long)THTensor_(nElement)(t);
    case NEG_INDEX: return (long)THLongTensor_nElement(t);
    case NEG_INTEGER: return (long)THIntTensor_nElement(t);
    default: return 0;
  }
}

static void *Neg_(viewInto)(neg_kind kind, void *t) {
  switch (kind) {
    case NEG_REAL: return TH_CONCAT_4(neg_, Real, _, viewInto)(t);
    case NEG_INDEX: return neg_Long_viewInto(t);
    case NEG_INTEGER: return neg_Int_viewInto(t);
    default: return NULL;
  }
}

static long Neg_(values)(neg_kind kind, void *t, double *values, long max) {
  switch (kind) {
    case NEG_REAL: return TH_CONCAT_4(neg_, Real, _, values)(t, values, max);
    case NEG_INDEX: return neg_Long_values(t, values, max);
    case NEG_INTEGER: return neg_Int_values(t, values, max);
    default: return 0;
  }
}

static int Neg_(isTensor)(const neg_argument *a) {
  return a->kind == NEG_REAL || a->kind == NEG_INDEX || a->kind == NEG_INTEGER;
}

/* The tensor of argument a in the layout of variant v (one that needs no other argument). */
static void *Neg_(variantOf)(const neg_argument *a, neg_variant v) {
  long size[NEG_MAX_DIMS], count = 1;
  int n = a->nDimension;
  for (int d = 0; d < n; d++) {
    size[d] = a->size[d];
    count *= a->size[d];
  }
  if (n == 0)
    count = 0;
  if ((a->isNull && v == NEG_AS_RECORDED) || v == NEG_NULL)
    return NULL;
  switch (v) {
    case NEG_EMPTY:
      return Neg_(make)(a->kind, 0, size, a->data, count, 0);
    case NEG_FLAT:
      return Neg_(make)(a->kind, 1, &count, a->data, count, 0);
    case NEG_EXTRA_DIM: {
      long extended[NEG_MAX_DIMS + 1] = {1};
      for (int d = 0; d < n; d++)
        extended[d + 1] = size[d];
      return Neg_(make)(a->kind, n + 1, extended, a->data, count, 0);
    }
    case NEG_GROWN:
      size[n - 1]++;
      return Neg_(make)(a->kind, n, size, a->data, count, 0);
    case NEG_SHRUNK:
      size[0]--;
      return Neg_(make)(a->kind, n, size, a->data, count, 0);
    default:
      return Neg_(make)(a->kind, n, size, a->data, count, v == NEG_STRIDED);
  }
}

/* ---- one call ---- */

typedef struct {
  const neg_call *call;
  void *slots[NEG_MAX_ARGUMENTS];
} Neg_(Invocation);

static void Neg_(invoke)(void *p) {
  Neg_(Invocation) *invocation = p;
  invocation->call->call(invocation->slots);
}

/* The slots of the valid call with argument `target` replaced by variant v (of argument
 * `other` for NEG_SAME_AS and NEG_VIEW_INTO); target -1 for the valid call itself. */
static void Neg_(build)(Neg_(Invocation) *inv, int target, neg_variant v, int other) {
  const neg_call *c = inv->call;
  int needsOther = v == NEG_SAME_AS || v == NEG_VIEW_INTO;
  for (int i = 0; i < c->nArguments; i++) {
    const neg_argument *a = &c->arguments[i];
    inv->slots[i] = NULL;
    if (a->kind == NEG_GENERATOR) {
      THGenerator *generator = THGenerator_new();
      THRandom_manualSeed(generator, 1);
      inv->slots[i] = generator;
    } else if (Neg_(isTensor)(a) && (a->sameAs < 0 || i == target) &&
               !(i == target && needsOther)) {
      inv->slots[i] = Neg_(variantOf)(a, i == target ? v : NEG_AS_RECORDED);
    }
  }
  for (int i = 0; i < c->nArguments; i++) {
    const neg_argument *a = &c->arguments[i];
    if (Neg_(isTensor)(a) && a->sameAs >= 0 && i != target) {
      inv->slots[i] = inv->slots[a->sameAs];
      if (inv->slots[i])
        Neg_(retain)(a->kind, inv->slots[i]);
    }
  }
  if (target >= 0 && needsOther) {
    const neg_argument *a = &c->arguments[target];
    if (v == NEG_SAME_AS) {
      inv->slots[target] = inv->slots[other];
      Neg_(retain)(a->kind, inv->slots[target]);
    } else {
      inv->slots[target] = Neg_(viewInto)(a->kind, inv->slots[other]);
    }
  }
}

static void Neg_(release)(Neg_(Invocation) *inv) {
  for (int i = 0; i < inv->call->nArguments; i++)
    Neg_(free)(inv->call->arguments[i].kind, inv->slots[i]);
}

/* The contents of every tensor slot after a call, to compare a variant's results with. */
typedef struct {
  int nDimension[NEG_MAX_ARGUMENTS];
  long size[NEG_MAX_ARGUMENTS][NEG_MAX_DIMS + 1];
  long count[NEG_MAX_ARGUMENTS];
  double *values[NEG_MAX_ARGUMENTS];
} Neg_(Results);

static void Neg_(keepResults)(Neg_(Invocation) *inv, Neg_(Results) *r) {
  for (int i = 0; i < inv->call->nArguments; i++) {
    const neg_argument *a = &inv->call->arguments[i];
    r->values[i] = NULL;
    r->count[i] = 0;
    r->nDimension[i] = 0;
    if (!Neg_(isTensor)(a) || inv->slots[i] == NULL)
      continue;
    THTensor *t = inv->slots[i];   /* the fields read are alike in every tensor type */
    r->nDimension[i] = t->nDimension;
    for (int d = 0; d < t->nDimension && d <= NEG_MAX_DIMS; d++)
      r->size[i][d] = t->size[d];
    r->count[i] = Neg_(nElement)(a->kind, t);
    r->values[i] = malloc(sizeof(double) * (r->count[i] + 1));
    Neg_(values)(a->kind, t, r->values[i], r->count[i]);
  }
}

static void Neg_(freeResults)(Neg_(Invocation) *inv, Neg_(Results) *r) {
  for (int i = 0; i < inv->call->nArguments; i++)
    free(r->values[i]);
}

#if defined(TH_REAL_IS_FLOAT)
#define NEG_TOLERANCE 1e-4
#else
#define NEG_TOLERANCE 1e-9
#endif

/* Whether the results equal the valid call's; a message naming the first difference if not. */
static int Neg_(sameResults)(Neg_(Invocation) *inv, Neg_(Results) *valid, Neg_(Results) *got,
                             char *message, size_t length) {
  for (int i = 0; i < inv->call->nArguments; i++) {
    const char *name = inv->call->arguments[i].name;
    int same = valid->nDimension[i] == got->nDimension[i] && valid->count[i] == got->count[i];
    for (int d = 0; same && d < valid->nDimension[i] && d <= NEG_MAX_DIMS; d++)
      same = valid->size[i][d] == got->size[i][d];
    if (!same) {
      snprintf(message, length, "'%s' has %ld elements in %d dimensions, the valid call's %ld "
               "in %d", name, got->count[i], got->nDimension[i], valid->count[i],
               valid->nDimension[i]);
      return 0;
    }
    for (long k = 0; k < valid->count[i]; k++) {
      double a = valid->values[i][k], b = got->values[i][k];
      if (!(fabs(a - b) <= NEG_TOLERANCE * (1 + fabs(a))) && !(isnan(a) && isnan(b))) {
        snprintf(message, length, "element %ld of '%s' is %.17g, the valid call's %.17g", k,
                 name, b, a);
        return 0;
      }
    }
  }
  return 1;
}

/* ---- the variants of one entry point ---- */

static const char *Neg_(describe)(const neg_call *c, int target, neg_variant v, int other,
                                  char *text, size_t length) {
  static const char *what[] = {"as recorded", "an empty tensor", "NULL", "flattened to 1-D",
                               "with a leading dimension of 1", "one longer in its last dimension",
                               "one shorter in its first dimension", "not contiguous"};
  if (target < 0)
    snprintf(text, length, "%s %s (the valid call)", HARNESS_STRING(Real), c->name);
  else if (v == NEG_SAME_AS || v == NEG_VIEW_INTO)
    snprintf(text, length, "%s %s with argument %d '%s' %s argument %d '%s'",
             HARNESS_STRING(Real), c->name, target + 1, c->arguments[target].name,
             v == NEG_SAME_AS ? "the very tensor of" : "a view into", other + 1,
             c->arguments[other].name);
  else
    snprintf(text, length, "%s %s with argument %d '%s' %s", HARNESS_STRING(Real), c->name,
             target + 1, c->arguments[target].name, what[v]);
  return text;
}

/* Runs one variant under the watch of test_thnn_negative.c; compares a NEG_STRIDED completion
 * with the valid results (unless the valid call passed that tensor twice: then the variant is
 * a different call). */
static void Neg_(runVariant)(const neg_call *c, Neg_(Results) *valid, int target, neg_variant v,
                             int other) {
  Neg_(Invocation) inv;
  inv.call = c;
  Neg_(build)(&inv, target, v, other);
  neg_watch_begin(Neg_(describe)(c, target, v, other, neg_current_call, sizeof(neg_current_call)));
  int refused = harness_try(Neg_(invoke), &inv);
  neg_watch_end(refused);
  const neg_argument *a = &c->arguments[target];
  int twice = a->sameAs >= 0;
  for (int i = 0; i < c->nArguments; i++)
    twice |= c->arguments[i].sameAs == target;
  if (v == NEG_STRIDED && !refused && !twice) {
    Neg_(Results) got;
    char message[512], failure[1200];
    Neg_(keepResults)(&inv, &got);
    if (!Neg_(sameResults)(&inv, valid, &got, message, sizeof(message))) {
      snprintf(failure, sizeof(failure), "%s: %s", neg_current_call, message);
      harness_fail_message(__FILE__, __LINE__, failure);
    }
    Neg_(freeResults)(&inv, &got);
  }
  Neg_(release)(&inv);
}

/* Every variant of argument i. */
static void Neg_(runArgument)(const neg_call *c, Neg_(Results) *valid, int i) {
  const neg_argument *a = &c->arguments[i];
  long count = 1;
  for (int d = 0; d < a->nDimension; d++)
    count *= a->size[d];
  int n = a->isNull ? 0 : a->nDimension;
  if (a->optional && !a->isNull)
    Neg_(runVariant)(c, valid, i, NEG_NULL, -1);
  if (n > 0) {
    Neg_(runVariant)(c, valid, i, NEG_EMPTY, -1);
    Neg_(runVariant)(c, valid, i, NEG_GROWN, -1);
    if (n < NEG_MAX_DIMS)
      Neg_(runVariant)(c, valid, i, NEG_EXTRA_DIM, -1);
    if (n >= 2)
      Neg_(runVariant)(c, valid, i, NEG_FLAT, -1);
    if (a->size[0] > 1)
      Neg_(runVariant)(c, valid, i, NEG_SHRUNK, -1);
    if (count > 1)
      Neg_(runVariant)(c, valid, i, NEG_STRIDED, -1);
  }
  for (int j = 0; j < c->nArguments; j++) {
    const neg_argument *b = &c->arguments[j];
    if (j == i || b->kind != a->kind || b->isNull || a->sameAs == j || b->sameAs == i)
      continue;
    Neg_(runVariant)(c, valid, i, NEG_SAME_AS, j);
    if (b->nDimension > 0)
      Neg_(runVariant)(c, valid, i, NEG_VIEW_INTO, j);
  }
}

/* The test of one entry point: the valid call completes, then every variant of every tensor
 * argument. */
static void Neg_(runCall)(const neg_call *c) {
  Neg_(Invocation) inv;
  Neg_(Results) valid;
  inv.call = c;
  Neg_(build)(&inv, -1, NEG_AS_RECORDED, -1);
  neg_watch_begin(Neg_(describe)(c, -1, NEG_AS_RECORDED, -1, neg_current_call,
                                 sizeof(neg_current_call)));
  int refused = harness_try(Neg_(invoke), &inv);
  neg_watch_end(-1);
  if (refused) {
    char failure[2600];
    snprintf(failure, sizeof(failure), "%s raised: %s (is thnn_valid_calls.json out of date?)",
             neg_current_call, harness_last_error());
    harness_fail_message(__FILE__, __LINE__, failure);
    Neg_(release)(&inv);
    return;
  }
  Neg_(keepResults)(&inv, &valid);
  Neg_(release)(&inv);
  for (int i = 0; i < c->nArguments; i++)
    if (Neg_(isTensor)(&c->arguments[i]))
      Neg_(runArgument)(c, &valid, i);
  Neg_(freeResults)(&inv, &valid);
  if (neg_leaked()) {
    char failure[600];
    snprintf(failure, sizeof(failure), "%s %s leaked memory (a check after an allocation?): "
             "see LeakSanitizer's report above", HARNESS_STRING(Real), c->name);
    harness_fail_message(__FILE__, __LINE__, failure);
  }
}

#undef NEG_TOLERANCE
#undef Neg_

#endif
