/* The parallel cases of test_thnn_convolutions.c for one float type, on the helpers of
 * generic/thnn_convolutions_cases.c (expanded before this file): the unfolding convolutions share
 * the images of a batch among threads (lib/THNN/generic/ConvolutionBatch.c), so on two threads
 * each gives what it gives on one, a call repeated gives the same bits, and the workspace holds
 * one image's columns per thread. */
#ifndef TH_GENERIC_FILE
#define TH_GENERIC_FILE "generic/thnn_convolutions_parallel_cases.c"
#else

/* batch, nIn, nOut, T, H, W, kT, kH, kW, dT, dH, dW, pT, pH, pW, dilT, dilH, dilW, aT, aH, aW:
 * batches of 5 with over 100000 multiply-adds, enough to be shared. */
static const long Case_(parallelShapes)[][22] = {
  {KIND_DILATED, 5, 4, 6, 1, 17, 16, 1, 3, 3, 1, 1, 2, 0, 1, 1, 1, 2, 1, 0, 0, 0},
  {KIND_FULL, 5, 8, 4, 1, 11, 10, 1, 3, 3, 1, 2, 2, 0, 1, 1, 1, 1, 1, 0, 1, 0},
  {KIND_VOLUMETRIC_MM, 5, 3, 6, 5, 7, 6, 2, 3, 3, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0},
  {KIND_VOLUMETRIC, 5, 3, 6, 5, 7, 6, 2, 3, 3, 1, 1, 1, 1, 1, 0, 1, 1, 1, 0, 0, 0},
  {KIND_VOLUMETRIC_DILATED, 5, 3, 6, 6, 7, 6, 2, 2, 3, 1, 1, 1, 1, 1, 1, 2, 2, 1, 0, 0, 0},
  {KIND_VOLUMETRIC_FULL, 5, 6, 3, 4, 5, 5, 2, 3, 3, 2, 1, 2, 1, 1, 1, 1, 1, 1, 1, 0, 1},
};
#define N_PARALLEL_SHAPES (sizeof(Case_(parallelShapes)) / sizeof(Case_(parallelShapes)[0]))

/* The four results of one module on `threads` threads: output, gradInput, gradWeight, gradBias
 * (the gradients added, times 0.5, to zeros). */
static void Case_(resultsOn)(Case_(Conv) *c, THTensor *input, THTensor *gradOutput, int threads,
                             THTensor **results) {
  THSetNumThreads(threads);
  results[0] = THTensor_(new)();
  results[1] = THTensor_(new)();
  results[2] = THTensor_(newClone)(c->weight);
  results[3] = THTensor_(newClone)(c->bias);
  THTensor_(zero)(results[2]);
  THTensor_(zero)(results[3]);
  Case_(forward)(input, results[0], c);
  Case_(backward)(c, input, gradOutput, results[1]);
  Case_(accGradParameters)(c, input, gradOutput, results[2], results[3], 0.5);
}

TEST(Case_(two_threads_give_what_one_gives_and_repeat_exactly)) {
  int threads = THGetNumThreads();
  double tolerance = sizeof(real) == sizeof(float) ? 1e-4 : 1e-10;
  for (size_t k = 0; k < N_PARALLEL_SHAPES; k++) {
    const long *shape = Case_(parallelShapes)[k];
    Case_(Conv) c = Case_(newConv)((int)shape[0], shape + 1);
    THTensor *input = Case_(newInput)(c, 1), *output = THTensor_(new)();
    Case_(forward)(input, output, &c);
    THTensor *gradOutput = Case_(valuesOf)(output->nDimension, output->size, 3);
    THTensor *one[4], *two[4], *again[4];
    Case_(resultsOn)(&c, input, gradOutput, 1, one);
    Case_(resultsOn)(&c, input, gradOutput, 2, two);
    Case_(resultsOn)(&c, input, gradOutput, 2, again);
    for (int r = 0; r < 4; r++) {
      double error = Case_(maxDifference)(one[r], two[r]);
      CHECK(error < tolerance);
      CHECK(Case_(maxDifference)(two[r], again[r]) == 0);
      if (!(error < tolerance))
        printf("  module %d, result %d: error %g\n", c.kind, r, error);
      Case_(freeAll)((THTensor *[]){one[r], two[r], again[r]}, 3);
    }
    Case_(freeAll)((THTensor *[]){input, output, gradOutput}, 3);
    Case_(freeConv)(c);
  }
  THSetNumThreads(threads);
}

TEST(Case_(the_workspace_holds_one_image_of_columns_per_thread)) {
  int threads = THGetNumThreads();
  for (size_t k = 0; k < N_PARALLEL_SHAPES; k++) {
    const long *shape = Case_(parallelShapes)[k];
    Case_(Conv) c = Case_(newConv)((int)shape[0], shape + 1);
    THTensor *input = Case_(newInput)(c, 1), *output = THTensor_(new)();
    /* the columns: the input's planes x kernel rows by the output's positions, or the other way
     * round for a transposed convolution */
    bool transposed = Case_(isTransposed)(c.kind);
    long kernel = (long)c.kT * c.kH * c.kW;
    long rows = (transposed ? c.nOut : c.nIn) * kernel;
    long positions = transposed ? c.T * c.H * c.W : c.outT * c.outH * c.outW;
    for (int count = 1; count <= 2; count++) {
      THSetNumThreads(count);
      THTensor_(resize1d)(c.buffer1, 3);   /* any size before: resized */
      Case_(forward)(input, output, &c);
      CHECK_EQ_LONG((long)THTensor_(nElement)(c.buffer1), count * rows * positions);
    }
    Case_(freeAll)((THTensor *[]){input, output}, 2);
    Case_(freeConv)(c);
  }
  THSetNumThreads(threads);
}

static const harness_test Case_(parallelTests)[] = {
  TEST_ENTRY(Case_(two_threads_give_what_one_gives_and_repeat_exactly)),
  TEST_ENTRY(Case_(the_workspace_holds_one_image_of_columns_per_thread)),
};

#undef N_PARALLEL_SHAPES

#endif
