/* THNN's 2-D modules (lib/THNN/Spatial.c), for Float and Double: the cases in
 * generic/thnn_spatial_cases.c are expanded once per float type by THGenerateFloatTypes.h. The
 * im2col convolution is compared with a direct convolution by loops, each pooling with windows
 * scanned one element at a time; backwards and parameter gradients with central differences;
 * batches with their images one by one; the size checks raise TH errors. */
#include <math.h>

#include "harness.h"
#include "THNN.h"
#include "THNNSizes.h"

#define Case_(NAME) TH_CONCAT_4(thnn_spatial_, Real, _, NAME)

#define TH_GENERIC_FILE "generic/thnn_spatial_cases.c"
#include "THGenerateFloatTypes.h"

/* ---- THNNSizes.h, the output sizes every module computes through ---- */

TEST(window_output_sizes_floor_and_ceil) {
  /* inputSize, k, stride, pad, dilation, ceil_mode, the size */
  static const long cases[][7] = {
      {4, 2, 2, 0, 1, 0, 2}, {5, 2, 2, 0, 1, 0, 2}, {5, 2, 2, 0, 1, 1, 3},
      {8, 1, 3, 0, 1, 0, 3}, {8, 1, 3, 0, 1, 1, 3},   /* ceil: a 4th window would start at 9 */
      {7, 1, 3, 0, 1, 1, 3}, {7, 2, 3, 0, 1, 1, 3},   /* ... the 3rd starts at 6, inside */
      {5, 3, 3, 1, 1, 1, 2}, {4, 3, 2, 1, 1, 1, 3},   /* with padding */
      {7, 2, 1, 1, 2, 0, 7}, {3, 2, 1, 0, 3, 0, 0},   /* dilation; a span longer than the input */
      {1, 1, 1, 0, 1, 1, 1}, {3, 2147483647, 1, 1073741823, 1, 0, 3},
      {1, 2, 2147483647, 0, 1073741824, 1, 0}};
  for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
    const long *c = cases[i];
    CHECK_EQ_LONG(THNN_windowOutputSize(c[0], c[1], c[2], c[3], c[4], c[5]), c[6]);
  }
  CHECK_EQ_LONG(THNN_windowOutputSize(LONG_MAX - 1, 1, 1, 2147483647, 1, false),
                THNN_SIZE_OVERFLOW);
}

TEST(transposed_and_scaled_output_sizes) {
  CHECK_EQ_LONG(THNN_transposedOutputSize(3, 3, 2, 1, 1, 1), 6);   /* (3-1)*2 - 2 + 3 + 1 */
  CHECK_EQ_LONG(THNN_transposedOutputSize(1, 2, 1, 1, 1, 0), 0);   /* padding takes it all */
  CHECK_EQ_LONG(THNN_transposedOutputSize(1L << 31, 2, 2147483647, 0, 1, 0),
                2147483647L * 2147483647L + 2);
  CHECK_EQ_LONG(THNN_transposedOutputSize(1L << 40, 2, 2147483647, 0, 1, 0), THNN_SIZE_OVERFLOW);
  CHECK_EQ_LONG(THNN_scaledOutputSize(6, 2147483647), 12884901882L);
  CHECK_EQ_LONG(THNN_scaledOutputSize(1L << 40, 1L << 30), THNN_SIZE_OVERFLOW);
}

TEST(window_taps_are_clipped_without_a_search) {
  long first, last;
  THNN_windowTaps(-1073741823, 2147483647, 1, 3, &first, &last);  /* a 2^31 window over 3 */
  CHECK_EQ_LONG(first, 1073741823);
  CHECK_EQ_LONG(last, 1073741826);
  THNN_windowTaps(-3, 4, 2, 5, &first, &last);   /* taps at -3, -1, 1, 3 */
  CHECK_EQ_LONG(first, 2);
  CHECK_EQ_LONG(last, 4);
  THNN_windowTaps(4, 3, 2, 5, &first, &last);    /* taps at 4, 6, 8 */
  CHECK_EQ_LONG(first, 0);
  CHECK_EQ_LONG(last, 1);
  THNN_windowTaps(-5, 2, 2, 5, &first, &last);   /* taps at -5, -3: none inside */
  CHECK_EQ_LONG(last - first, 0);
  THNN_windowTaps(6, 2, 1, 5, &first, &last);    /* past the input */
  CHECK_EQ_LONG(last - first, 0);
}

static const harness_test sizes_tests[] = {
    TEST_ENTRY(window_output_sizes_floor_and_ceil),
    TEST_ENTRY(transposed_and_scaled_output_sizes),
    TEST_ENTRY(window_taps_are_clipped_without_a_search),
};

HARNESS_MAIN_TABLES(HARNESS_TABLE(sizes_tests), HARNESS_PER_FLOAT_TYPE(thnn_spatial))
