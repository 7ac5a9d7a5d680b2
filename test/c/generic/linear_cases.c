/* The THTensorLinear cases for one dtype (expanded by test_linear.c through THGenerateAllTypes.h).
 * Every product is checked against the obvious loop, reading the operands with get1d/get2d/get3d
 * so that any layout works the same; values are small integers, so every result is exact. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/linear_cases.c"
#else

#include "layouts.c"

/* A rows x cols matrix in the given layout with element (i, j) = (start + i*cols + j) % modulus
 * (EXPANDED: every row is (start + j) % modulus). Memory around a view holds 99. */
static THTensor *Case_(matrix)(enum layout layout, long rows, long cols, long start, long modulus) {
  THTensor *t;
  if (layout == EXPANDED) {
    THTensor *row = THTensor_(newWithSize1d)(cols);
    for (long j = 0; j < cols; j++)
      THTensor_(set1d)(row, j, (real)((start + j) % modulus));
    t = THTensor_(newWithStorage2d)(row->storage, 0, rows, 0, cols, 1);
    THTensor_(free)(row);
    return t;
  }
  t = Case_(inLayout)(layout, rows, cols);
  for (long i = 0; i < rows; i++)
    for (long j = 0; j < cols; j++)
      THTensor_(set2d)(t, i, j, (real)((start + i * cols + j) % modulus));
  return t;
}

/* A vector of n elements (start + i) % modulus: contiguous, every other element of a larger one
 * (STRIDED), or one value repeated with stride 0 (EXPANDED). */
static THTensor *Case_(vector)(enum layout layout, long n, long start, long modulus) {
  THTensor *v;
  if (layout == EXPANDED) {
    THTensor *one = THTensor_(newWithSize1d)(1);
    THTensor_(set1d)(one, 0, (real)(start % modulus));
    v = THTensor_(newWithStorage1d)(one->storage, 0, n, 0);
    THTensor_(free)(one);
    return v;
  }
  if (layout == STRIDED) {
    THTensor *base = THTensor_(newWithSize1d)(2 * n);
    THTensor_(fill)(base, 99);
    v = THTensor_(newWithStorage1d)(base->storage, 0, n, 2);
    THTensor_(free)(base);
  } else {
    v = THTensor_(newWithSize1d)(n);
  }
  for (long i = 0; i < n; i++)
    THTensor_(set1d)(v, i, (real)((start + i) % modulus));
  return v;
}

/* A batch of B rows x cols matrices: each one in the given matrix layout (EXPANDED: the same
 * matrix B times, stride 0 along the batch). */
static THTensor *Case_(batch)(enum layout layout, long B, long rows, long cols, long start,
                              long modulus) {
  if (layout == EXPANDED) {
    THTensor *one = Case_(matrix)(CONTIGUOUS, rows, cols, start, modulus);
    long size[3] = {B, rows, cols}, stride[3] = {0, cols, 1};
    THTensor *t = THTensor_(new)();
    THTensor_(setStorageNd)(t, one->storage, 0, 3, size, stride);
    THTensor_(free)(one);
    return t;
  }
  THTensor *t;
  if (layout == TRANSPOSED) {        /* each matrix column-major */
    THTensor *base = THTensor_(newWithSize3d)(B, cols, rows);
    t = THTensor_(newTranspose)(base, 1, 2);
    THTensor_(free)(base);
  } else {
    t = THTensor_(newWithSize3d)(B, rows, cols);
  }
  THTensor *slice = THTensor_(new)();
  for (long b = 0; b < B; b++) {
    THTensor_(select)(slice, t, 0, b);
    THTensor *m = Case_(matrix)(CONTIGUOUS, rows, cols, start + b, modulus);
    THTensor_(copy)(slice, m);
    THTensor_(free)(m);
  }
  THTensor_(free)(slice);
  return t;
}

/* How many elements of r differ from expected (row-major, n x m; a vector when m is 0). */
static long Case_(countWrong)(THTensor *r, const accreal *expected, long n, long m) {
  long wrong = 0;
  for (long i = 0; i < n; i++) {
    if (m == 0)
      wrong += THTensor_(get1d)(r, i) != (real)expected[i];
    else
      for (long j = 0; j < m; j++)
        wrong += THTensor_(get2d)(r, i, j) != (real)expected[i * m + j];
  }
  return wrong;
}

/* ---- dot ---- */

TEST(Case_(dot_on_every_layout)) {
  for (int layout = 0; layout < LAYOUTS; layout++) {
    THTensor *t = Case_(matrix)((enum layout)layout, 3, 4, 1, 13);   /* 1..12 */
    THTensor *u = Case_(matrix)((enum layout)(LAYOUTS - 1 - layout), 4, 3, 0, 3);
    accreal expected = 0;
    for (long k = 0; k < 12; k++)
      expected += (accreal)(1 + k) * (k % 3);
    CHECK_EQ_LONG(THTensor_(dot)(t, u), expected);
    THTensor_(free)(u);
    THTensor_(free)(t);
  }
  THTensor *empty = THTensor_(new)();
  CHECK_EQ_LONG(THTensor_(dot)(empty, empty), 0);
  THTensor *big = THTensor_(newWithSize2d)(2, 150001);
  THTensor_(fill)(big, 1);
  CHECK_EQ_LONG(THTensor_(dot)(big, big), 300002);
  THTensor *five = THTensor_(newWithSize1d)(5);
  THTensor_(fill)(five, 1);
  EXPECT_TH_ERROR(THTensor_(dot)(big, five), "inconsistent tensor size");
  THTensor_(free)(five);
  THTensor_(free)(big);
  THTensor_(free)(empty);
}

/* ---- addmm ---- */

/* addmm against a triple loop: all layouts of mat1, mat2 and the result (or the result being t),
 * with beta 0, 1, 2 and alpha 1, 2. */
static void Case_(checkAddmm)(long n, long k, long m, int l1, int l2, int lr, real beta, real alpha) {
  THTensor *m1 = Case_(matrix)((enum layout)l1, n, k, 0, 3);
  THTensor *m2 = Case_(matrix)((enum layout)l2, k, m, 1, 3);
  THTensor *t = Case_(matrix)(CONTIGUOUS, n, m, 2, 5);
  THTensor *r = lr == LAYOUTS ? t : Case_(matrix)((enum layout)lr, n, m, 0, 7);
  if (lr == LAYOUTS)
    THTensor_(retain)(t);
  accreal *expected = THAlloc(sizeof(accreal) * n * m);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++) {
      accreal acc = 0;
      for (long l = 0; l < k; l++)
        acc += (accreal)THTensor_(get2d)(m1, i, l) * THTensor_(get2d)(m2, l, j);
      expected[i * m + j] = beta * (accreal)THTensor_(get2d)(t, i, j) + alpha * acc;
    }
  THTensor_(addmm)(r, beta, t, alpha, m1, m2);
  long wrong = 0;
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      wrong += THTensor_(get2d)(r, i, j) != (real)expected[i * m + j];
  CHECK_EQ_LONG(wrong, 0);
  THFree(expected);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THTensor_(free)(m2);
  THTensor_(free)(m1);
}

TEST(Case_(addmm_matches_a_triple_loop)) {
  static const real betas[3] = {0, 1, 2}, alphas[2] = {1, 2};
  for (int l1 = 0; l1 < LAYOUTS; l1++)
    for (int l2 = 0; l2 < LAYOUTS; l2++)
      for (int lr = 0; lr <= LAYOUTS; lr++)
        for (int b = 0; b < 3; b++)
          for (int a = 0; a < 2; a++)
            Case_(checkAddmm)(3, 4, 5, l1, l2, lr, betas[b], alphas[a]);
  Case_(checkAddmm)(1, 4, 5, CONTIGUOUS, TRANSPOSED, CONTIGUOUS, 1, 1);   /* degenerate shapes */
  Case_(checkAddmm)(3, 1, 5, TRANSPOSED, CONTIGUOUS, TRANSPOSED, 1, 1);
  Case_(checkAddmm)(3, 4, 1, CONTIGUOUS, CONTIGUOUS, CONTIGUOUS, 1, 2);
  Case_(checkAddmm)(1, 1, 1, STRIDED, STRIDED, STRIDED, 2, 2);
  Case_(checkAddmm)(40, 9, 50, CONTIGUOUS, TRANSPOSED, CONTIGUOUS, 1, 1); /* parallel reference */
  Case_(checkAddmm)(40, 9, 50, TRANSPOSED, CONTIGUOUS, NARROWED, 2, 1);
}

TEST(Case_(addmm_checks_its_operands)) {
  THTensor *m1 = Case_(matrix)(CONTIGUOUS, 3, 4, 0, 3), *m2 = Case_(matrix)(CONTIGUOUS, 3, 5, 0, 3);
  THTensor *t = Case_(matrix)(CONTIGUOUS, 3, 5, 0, 3), *r = THTensor_(new)();
  THTensor *v = THTensor_(newWithSize1d)(4);
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, t, 1, v, m2), "expected a matrix for mat1, got a 1D tensor");
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, t, 1, m1, v), "expected a matrix for mat2");
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, t, 1, m1, m2), "size mismatch: mat1 is 3x4 and mat2 is 3x5");
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, m1, 1, t, m1), "size mismatch");
  THTensor *m2ok = Case_(matrix)(CONTIGUOUS, 4, 5, 0, 3);
  EXPECT_TH_ERROR(THTensor_(addmm)(r, 1, m1, 1, m1, m2ok), "expected the added matrix to be 3x5");
  CHECK_EQ_LONG(r->nDimension, 0);
  THTensor_(free)(m2ok);
  THTensor_(free)(v);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THTensor_(free)(m2);
  THTensor_(free)(m1);
}

/* ---- addmv and mv ---- */

static void Case_(checkAddmv)(long n, long m, int lm, int lv, int lr, real beta, real alpha) {
  THTensor *mat = Case_(matrix)((enum layout)lm, n, m, 0, 3);
  THTensor *vec = Case_(vector)((enum layout)lv, m, 1, 3);
  THTensor *t = Case_(vector)(CONTIGUOUS, n, 2, 5);
  THTensor *r = lr == LAYOUTS ? t : Case_(vector)((enum layout)lr, n, 0, 7);
  if (lr == LAYOUTS)
    THTensor_(retain)(t);
  accreal product[16], expected[16];
  for (long i = 0; i < n; i++) {
    product[i] = 0;
    for (long j = 0; j < m; j++)
      product[i] += (accreal)THTensor_(get2d)(mat, i, j) * THTensor_(get1d)(vec, j);
    expected[i] = beta * (accreal)THTensor_(get1d)(t, i) + alpha * product[i];
  }
  THTensor_(addmv)(r, beta, t, alpha, mat, vec);
  CHECK_EQ_LONG(Case_(countWrong)(r, expected, n, 0), 0);
  THTensor *plain = THTensor_(new)();
  THTensor_(mv)(plain, mat, vec);
  CHECK_EQ_LONG(Case_(countWrong)(plain, product, n, 0), 0);
  THTensor_(free)(plain);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THTensor_(free)(vec);
  THTensor_(free)(mat);
}

TEST(Case_(addmv_and_mv_on_every_layout)) {
  static const real betas[3] = {0, 1, 2}, alphas[2] = {1, 2};
  static const int vectorLayouts[3] = {CONTIGUOUS, STRIDED, EXPANDED};
  for (int lm = 0; lm < LAYOUTS; lm++)
    for (int v = 0; v < 3; v++)
      for (int b = 0; b < 3; b++)
        for (int a = 0; a < 2; a++) {
          Case_(checkAddmv)(3, 4, lm, vectorLayouts[v], CONTIGUOUS, betas[b], alphas[a]);
          Case_(checkAddmv)(3, 4, lm, vectorLayouts[v], LAYOUTS, betas[b], alphas[a]);
        }
  Case_(checkAddmv)(3, 4, CONTIGUOUS, CONTIGUOUS, STRIDED, 2, 1);
  Case_(checkAddmv)(1, 4, TRANSPOSED, STRIDED, CONTIGUOUS, 1, 1);    /* degenerate shapes */
  Case_(checkAddmv)(4, 1, CONTIGUOUS, CONTIGUOUS, CONTIGUOUS, 1, 2);
  Case_(checkAddmv)(1, 1, STRIDED, EXPANDED, CONTIGUOUS, 2, 2);
}

TEST(Case_(mv_may_write_over_its_vector)) {
  THTensor *mat = Case_(matrix)(CONTIGUOUS, 3, 3, 0, 4), *vec = Case_(vector)(CONTIGUOUS, 3, 1, 4);
  accreal expected[3];
  for (long i = 0; i < 3; i++)
    expected[i] = (accreal)THTensor_(get2d)(mat, i, 0) * 1 + (accreal)THTensor_(get2d)(mat, i, 1) * 2 +
                  (accreal)THTensor_(get2d)(mat, i, 2) * 3;
  THTensor_(mv)(vec, mat, vec);
  CHECK_EQ_LONG(Case_(countWrong)(vec, expected, 3, 0), 0);
  THTensor_(free)(vec);
  THTensor_(free)(mat);
}

/* ---- addr and ger ---- */

static void Case_(checkAddr)(long n, long m, int l1, int l2, int lr, real beta, real alpha) {
  THTensor *v1 = Case_(vector)((enum layout)l1, n, 1, 3), *v2 = Case_(vector)((enum layout)l2, m, 2, 3);
  THTensor *t = Case_(matrix)(CONTIGUOUS, n, m, 2, 5);
  THTensor *r = lr == LAYOUTS ? t : Case_(matrix)((enum layout)lr, n, m, 0, 7);
  if (lr == LAYOUTS)
    THTensor_(retain)(t);
  accreal expected[64];
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      expected[i * m + j] = beta * (accreal)THTensor_(get2d)(t, i, j) +
                            alpha * (accreal)THTensor_(get1d)(v1, i) * THTensor_(get1d)(v2, j);
  THTensor_(addr)(r, beta, t, alpha, v1, v2);
  CHECK_EQ_LONG(Case_(countWrong)(r, expected, n, m), 0);
  THTensor *outer = THTensor_(new)();
  THTensor_(ger)(outer, v1, v2);
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      expected[i * m + j] = (accreal)THTensor_(get1d)(v1, i) * THTensor_(get1d)(v2, j);
  CHECK_EQ_LONG(Case_(countWrong)(outer, expected, n, m), 0);
  THTensor_(free)(outer);
  THTensor_(free)(r);
  THTensor_(free)(t);
  THTensor_(free)(v2);
  THTensor_(free)(v1);
}

TEST(Case_(addr_and_ger_on_every_layout)) {
  static const real betas[3] = {0, 1, 2};
  static const int vectorLayouts[3] = {CONTIGUOUS, STRIDED, EXPANDED};
  for (int l1 = 0; l1 < 3; l1++)
    for (int l2 = 0; l2 < 3; l2++)
      for (int lr = 0; lr <= LAYOUTS; lr++)
        for (int b = 0; b < 3; b++)
          Case_(checkAddr)(3, 4, vectorLayouts[l1], vectorLayouts[l2], lr, betas[b], 2);
  Case_(checkAddr)(1, 4, CONTIGUOUS, CONTIGUOUS, TRANSPOSED, 1, 1);
  Case_(checkAddr)(4, 1, STRIDED, CONTIGUOUS, CONTIGUOUS, 1, 1);
}

/* ---- mm ---- */

TEST(Case_(mm_on_every_layout_and_into_an_operand)) {
  static const int layouts[5] = {CONTIGUOUS, TRANSPOSED, NARROWED, STRIDED, EXPANDED};
  for (int l1 = 0; l1 < 5; l1++)
    for (int l2 = 0; l2 < 5; l2++) {
      THTensor *m1 = Case_(matrix)((enum layout)layouts[l1], 3, 4, 0, 3);
      THTensor *m2 = Case_(matrix)((enum layout)layouts[l2], 4, 3, 1, 3);
      accreal expected[9];
      for (long i = 0; i < 3; i++)
        for (long j = 0; j < 3; j++) {
          expected[i * 3 + j] = 0;
          for (long l = 0; l < 4; l++)
            expected[i * 3 + j] += (accreal)THTensor_(get2d)(m1, i, l) * THTensor_(get2d)(m2, l, j);
        }
      THTensor *r = THTensor_(new)();
      THTensor_(mm)(r, m1, m2);
      CHECK_EQ_LONG(Case_(countWrong)(r, expected, 3, 3), 0);
      if (layouts[l1] != EXPANDED) {                   /* the result replaces mat1 */
        THTensor_(mm)(m1, m1, m2);
        CHECK_EQ_LONG(Case_(countWrong)(m1, expected, 3, 3), 0);
      }
      THTensor_(free)(r);
      THTensor_(free)(m2);
      THTensor_(free)(m1);
    }
}

/* ---- Batches: bmm, baddbmm, addbmm ---- */

static void Case_(checkBatches)(int l1, int l2, real beta, real alpha) {
  long B = 3, n = 2, k = 4, m = 3;
  THTensor *b1 = Case_(batch)((enum layout)l1, B, n, k, 0, 3);
  THTensor *b2 = Case_(batch)((enum layout)l2, B, k, m, 1, 3);
  THTensor *t3 = Case_(batch)(CONTIGUOUS, B, n, m, 2, 5);
  THTensor *t2 = Case_(matrix)(TRANSPOSED, n, m, 1, 5);
  accreal products[18], summed[6], expected[6];
  for (long i = 0; i < n * m; i++)
    summed[i] = 0;
  for (long b = 0; b < B; b++)
    for (long i = 0; i < n; i++)
      for (long j = 0; j < m; j++) {
        accreal acc = 0;
        for (long l = 0; l < k; l++)
          acc += (accreal)THTensor_(get3d)(b1, b, i, l) * THTensor_(get3d)(b2, b, l, j);
        products[(b * n + i) * m + j] = acc;
        summed[i * m + j] += acc;
      }
  THTensor *r = THTensor_(new)(), *slice = THTensor_(new)();
  THTensor_(bmm)(r, b1, b2);
  for (long b = 0; b < B; b++) {
    THTensor_(select)(slice, r, 0, b);
    CHECK_EQ_LONG(Case_(countWrong)(slice, products + b * n * m, n, m), 0);
  }
  THTensor_(baddbmm)(r, beta, t3, alpha, b1, b2);
  for (long b = 0; b < B; b++) {
    for (long i = 0; i < n; i++)
      for (long j = 0; j < m; j++)
        expected[i * m + j] = beta * (accreal)THTensor_(get3d)(t3, b, i, j) +
                              alpha * products[(b * n + i) * m + j];
    THTensor_(select)(slice, r, 0, b);
    CHECK_EQ_LONG(Case_(countWrong)(slice, expected, n, m), 0);
  }
  for (long i = 0; i < n; i++)
    for (long j = 0; j < m; j++)
      expected[i * m + j] = beta * (accreal)THTensor_(get2d)(t2, i, j) + alpha * summed[i * m + j];
  THTensor_(addbmm)(r, beta, t2, alpha, b1, b2);
  CHECK_EQ_LONG(Case_(countWrong)(r, expected, n, m), 0);
  THTensor_(addbmm)(t2, beta, t2, alpha, b1, b2);      /* in place, into a transposed result */
  CHECK_EQ_LONG(Case_(countWrong)(t2, expected, n, m), 0);
  THTensor_(free)(slice);
  THTensor_(free)(r);
  THTensor_(free)(t2);
  THTensor_(free)(t3);
  THTensor_(free)(b2);
  THTensor_(free)(b1);
}

TEST(Case_(bmm_baddbmm_addbmm_on_every_layout)) {
  static const int batchLayouts[3] = {CONTIGUOUS, TRANSPOSED, EXPANDED};
  for (int l1 = 0; l1 < 3; l1++)
    for (int l2 = 0; l2 < 3; l2++) {
      Case_(checkBatches)(batchLayouts[l1], batchLayouts[l2], 1, 1);
      Case_(checkBatches)(batchLayouts[l1], batchLayouts[l2], 0, 2);
      Case_(checkBatches)(batchLayouts[l1], batchLayouts[l2], 2, 1);
    }
}

/* ---- cross ---- */

TEST(Case_(cross_along_a_given_or_the_first_dimension_of_size_3)) {
  THTensor *a = Case_(matrix)(TRANSPOSED, 3, 4, 0, 5), *b = Case_(matrix)(NARROWED, 3, 4, 2, 5);
  THTensor *r = THTensor_(new)();
  THTensor_(cross)(r, a, b, -1);                           /* dimension 0, the first of size 3 */
  for (long j = 0; j < 4; j++) {
    real a0 = THTensor_(get2d)(a, 0, j), a1 = THTensor_(get2d)(a, 1, j), a2 = THTensor_(get2d)(a, 2, j);
    real b0 = THTensor_(get2d)(b, 0, j), b1 = THTensor_(get2d)(b, 1, j), b2 = THTensor_(get2d)(b, 2, j);
    CHECK_NEAR(THTensor_(get2d)(r, 0, j), (real)(a1 * b2 - a2 * b1), 0);
    CHECK_NEAR(THTensor_(get2d)(r, 1, j), (real)(a2 * b0 - a0 * b2), 0);
    CHECK_NEAR(THTensor_(get2d)(r, 2, j), (real)(a0 * b1 - a1 * b0), 0);
  }
  accreal expected[12];
  for (long k = 0; k < 12; k++)
    expected[k] = THTensor_(get2d)(r, k / 4, k % 4);
  THTensor_(cross)(a, a, b, 0);                            /* the result may be an operand */
  CHECK_EQ_LONG(Case_(countWrong)(a, expected, 3, 4), 0);
  THTensor *rows = Case_(matrix)(CONTIGUOUS, 2, 3, 0, 5), *other = Case_(matrix)(STRIDED, 2, 3, 1, 5);
  THTensor_(cross)(r, rows, other, 1);
  CHECK_NEAR(THTensor_(get2d)(r, 1, 0), (real)(THTensor_(get2d)(rows, 1, 1) * THTensor_(get2d)(other, 1, 2) -
                                              THTensor_(get2d)(rows, 1, 2) * THTensor_(get2d)(other, 1, 1)), 0);
  THTensor_(free)(other);
  THTensor_(free)(rows);
  THTensor_(free)(r);
  THTensor_(free)(b);
  THTensor_(free)(a);
}

/* ---- Errors: every check runs before the result is touched ---- */

TEST(Case_(products_check_their_operands)) {
  THTensor *m34 = Case_(matrix)(CONTIGUOUS, 3, 4, 0, 3), *v3 = Case_(vector)(CONTIGUOUS, 3, 0, 3);
  THTensor *v4 = Case_(vector)(CONTIGUOUS, 4, 0, 3), *r = THTensor_(new)();
  THTensor *b234 = Case_(batch)(CONTIGUOUS, 2, 3, 4, 0, 3), *b333 = Case_(batch)(CONTIGUOUS, 3, 3, 3, 0, 3);
  EXPECT_TH_ERROR(THTensor_(mv)(r, m34, v3), "size mismatch: mat is 3x4 and vec is 3");
  EXPECT_TH_ERROR(THTensor_(mv)(r, v4, v4), "expected a matrix for mat, got a 1D tensor");
  EXPECT_TH_ERROR(THTensor_(mv)(r, m34, m34), "expected a vector for vec, got a 2D tensor");
  EXPECT_TH_ERROR(THTensor_(addmv)(r, 1, v4, 1, m34, v4), "expected the added vector to have size 3");
  EXPECT_TH_ERROR(THTensor_(mm)(r, m34, m34), "size mismatch: mat1 is 3x4 and mat2 is 3x4");
  EXPECT_TH_ERROR(THTensor_(ger)(r, m34, v4), "expected a vector for vec1, got a 2D tensor");
  EXPECT_TH_ERROR(THTensor_(addr)(r, 1, m34, 1, v4, v3), "expected the added matrix to be 4x3");
  EXPECT_TH_ERROR(THTensor_(bmm)(r, m34, b234), "expected a 3D tensor for batch1, got a 2D tensor");
  EXPECT_TH_ERROR(THTensor_(bmm)(r, b234, b333), "batch sizes differ: batch1 is 2x3x4 and batch2 is 3x3x3");
  EXPECT_TH_ERROR(THTensor_(bmm)(r, b234, b234), "size mismatch: batch1 is 2x3x4 and batch2 is 2x3x4");
  EXPECT_TH_ERROR(THTensor_(addbmm)(r, 1, m34, 1, b333, b333), "expected the added matrix to be 3x3");
  EXPECT_TH_ERROR(THTensor_(baddbmm)(r, 1, m34, 1, b333, b333), "expected the added tensor to be 3x3x3");
  EXPECT_TH_ERROR(THTensor_(cross)(r, m34, v4, -1), "inconsistent tensor sizes: input is 3x4 and other is 4");
  EXPECT_TH_ERROR(THTensor_(cross)(r, v4, v4, -1), "no dimension of size 3 in a tensor of size 4");
  EXPECT_TH_ERROR(THTensor_(cross)(r, m34, m34, 1), "dimension 1 does not have size 3 (tensor of size 3x4)");
  EXPECT_TH_ERROR(THTensor_(cross)(r, m34, m34, 2), "dimension 2 out of range of 2D tensor");
  CHECK_EQ_LONG(r->nDimension, 0);
  THTensor_(free)(b333);
  THTensor_(free)(b234);
  THTensor_(free)(r);
  THTensor_(free)(v4);
  THTensor_(free)(v3);
  THTensor_(free)(m34);
}

static const harness_test Case_(tests)[] = {
  TEST_ENTRY(Case_(dot_on_every_layout)),
  TEST_ENTRY(Case_(addmm_matches_a_triple_loop)),
  TEST_ENTRY(Case_(addmm_checks_its_operands)),
  TEST_ENTRY(Case_(addmv_and_mv_on_every_layout)),
  TEST_ENTRY(Case_(mv_may_write_over_its_vector)),
  TEST_ENTRY(Case_(addr_and_ger_on_every_layout)),
  TEST_ENTRY(Case_(mm_on_every_layout_and_into_an_operand)),
  TEST_ENTRY(Case_(bmm_baddbmm_addbmm_on_every_layout)),
  TEST_ENTRY(Case_(cross_along_a_given_or_the_first_dimension_of_size_3)),
  TEST_ENTRY(Case_(products_check_their_operands)),
};

#endif
