/* The memory layouts that the per-dtype cases run operations on (see generic/layouts.c): each
 * operation must give the same answer whatever the strides of its operands. */
#ifndef TEST_LAYOUTS_H
#define TEST_LAYOUTS_H

enum layout {
  CONTIGUOUS, /* row-major, no gaps */
  TRANSPOSED, /* the transpose of a contiguous tensor: column-major */
  NARROWED,   /* a window of a larger tensor: rows with gaps between them */
  STRIDED,    /* every other column of a larger tensor: neither row- nor column-major */
  LAYOUTS,    /* the number of layouts above; some cases also use it to mean "the result is t" */
  EXPANDED    /* one row repeated with stride 0: an operand only, never written */
};

#endif
