/* The negative test of every THNN entry point (test_thnn_negative.c): how a valid call is
 * described. gen_thnn_negative.py writes one description per entry point from the table of
 * valid calls (thnn_valid_calls.json); the driver (generic/thnn_negative_driver.c) replays each
 * call with one argument at a time replaced by a bad variant of it. */
#ifndef TEST_THNN_NEGATIVE_H
#define TEST_THNN_NEGATIVE_H

/* What an argument of a THNN function is. The tensors are the ones a variant replaces. */
typedef enum {
  NEG_NUMBER,     /* state, or a number: written into the call itself */
  NEG_REAL,       /* THTensor* of the float type under test */
  NEG_INDEX,      /* THIndexTensor*: a THLongTensor */
  NEG_INTEGER,    /* THIntegerTensor*: a THIntTensor */
  NEG_GENERATOR   /* THGenerator*: a fresh one, seeded alike for every call */
} neg_kind;

#define NEG_MAX_DIMS 6

/* One argument of a valid call. */
typedef struct {
  const char *name;           /* as THNN.h names it */
  neg_kind kind;
  int optional;               /* the header marks it [OPTIONAL]: NULL is allowed */
  int sameAs;                 /* -1, or the earlier argument whose very tensor the call passes */
  int nDimension;             /* 0: an empty tensor, or NULL for an optional one */
  long size[NEG_MAX_DIMS];
  const double *data;         /* the values, in row-major order */
  int isNull;                 /* an optional tensor the valid call leaves out */
} neg_argument;

/* The valid call of one entry point: its arguments, and the function that makes the call with
 * the tensors (and generator) in slots[i] for argument i, the numbers written in. */
typedef struct {
  const char *name;
  int nArguments;
  const neg_argument *arguments;
  void (*call)(void **slots);
} neg_call;

/* How a variant replaces the argument it is about. */
typedef enum {
  NEG_AS_RECORDED,  /* the valid call's own tensor (no variant) */
  NEG_EMPTY,        /* an empty tensor (0 dimensions) */
  NEG_NULL,         /* NULL, for an optional tensor */
  NEG_FLAT,         /* the same values as a 1-D tensor */
  NEG_EXTRA_DIM,    /* the same values with a leading dimension of 1 */
  NEG_GROWN,        /* the last dimension one longer (the values repeat) */
  NEG_SHRUNK,       /* the first dimension one shorter */
  NEG_STRIDED,      /* the same sizes and values, not contiguous: must give the valid results */
  NEG_SAME_AS,      /* the very tensor of another argument */
  NEG_VIEW_INTO     /* a 1-element view of the start of another argument's memory */
} neg_variant;

#endif
