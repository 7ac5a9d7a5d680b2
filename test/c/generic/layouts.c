/* Included inside the generic expansion of a per-dtype case file (e.g. generic/arithmetic_cases.c): a
 * rows x cols tensor of the current dtype in one of the layouts of layouts.h (not EXPANDED, which
 * each case builds from its values). Its elements are uninitialised; memory around a view holds 99,
 * so that an operation writing outside the view shows up. */
static THTensor *Case_(inLayout)(enum layout layout, long rows, long cols) {
  THTensor *t, *base;
  switch (layout) {
  case TRANSPOSED:
    base = THTensor_(newWithSize2d)(cols, rows);
    t = THTensor_(newTranspose)(base, 0, 1);
    break;
  case NARROWED:
    base = THTensor_(newWithSize2d)(rows + 2, cols + 3);
    THTensor_(fill)(base, 99);
    t = THTensor_(newNarrow)(base, 0, 1, rows);
    THTensor_(narrow)(t, NULL, 1, 2, cols);
    break;
  case STRIDED:
    base = THTensor_(newWithSize2d)(rows, 2 * cols);
    THTensor_(fill)(base, 99);
    t = THTensor_(newWithStorage2d)(base->storage, 0, rows, 2 * cols, cols, 2);
    break;
  default:
    return THTensor_(newWithSize2d)(rows, cols);
  }
  THTensor_(free)(base);
  return t;
}

/* A rows x cols tensor in the given layout whose element (i, j) is (i*cols + j) * 7 % modulus:
 * small values in a scrambled order, with ties when modulus is small. (static inline: case files
 * that do not use it get no unused-function warning.) */
static inline THTensor *Case_(scrambled)(enum layout layout, long rows, long cols, long modulus) {
  THTensor *t = Case_(inLayout)(layout, rows, cols);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THTensor_(set2d)(t, i, j, (real)((i * cols + j) * 7 % modulus));
  return t;
}
