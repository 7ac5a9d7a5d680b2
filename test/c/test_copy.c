/* Copies between every pair of the eight dtypes (Half included), for tensors (contiguous and
 * transposed, different shapes with the same element count) and storages; value conversions;
 * the size checks; and the float <-> half conversion itself (rounding, infinities, subnormals). */
#include "harness.h"

/* One value of each dtype, to and from double. */
static unsigned char to_Byte(double v) { return (unsigned char)v; }
static signed char to_Char(double v) { return (signed char)v; }
static short to_Short(double v) { return (short)v; }
static int to_Int(double v) { return (int)v; }
static long to_Long(double v) { return (long)v; }
static float to_Float(double v) { return (float)v; }
static double to_Double(double v) { return v; }
static THHalf to_Half(double v) { return TH_float2half((float)v); }
static double from_Byte(unsigned char x) { return x; }
static double from_Char(signed char x) { return x; }
static double from_Short(short x) { return x; }
static double from_Int(int x) { return x; }
static double from_Long(long x) { return (double)x; }
static double from_Float(float x) { return x; }
static double from_Double(double x) { return x; }
static double from_Half(THHalf x) { return TH_half2float(x); }

/* X(arg, Type) for every dtype; two copies of the list so that pairs can be generated. */
#define DTYPES(X, arg) X(arg, Byte) X(arg, Char) X(arg, Short) X(arg, Int) \
                       X(arg, Long) X(arg, Float) X(arg, Double) X(arg, Half)
#define DTYPES_OUTER(X, arg) X(arg, Byte) X(arg, Char) X(arg, Short) X(arg, Int) \
                             X(arg, Long) X(arg, Float) X(arg, Double) X(arg, Half)

/* copy_<Dst>_from_<Src>: a 2x3 source holding 0..5 copied into a 3x2 destination, from the
 * contiguous source (same order) and from its 3x2 transpose (dst(i,j) = src(j,i) = 3j + i);
 * then the storages; then a size mismatch. */
#define DEFINE_COPY_PAIR(Src, Dst)                                                       \
  TEST(copy_##Dst##_from_##Src) {                                                        \
    TH##Src##Tensor *src = TH##Src##Tensor_newWithSize2d(2, 3);                          \
    for (long k = 0; k < 6; k++)                                                         \
      TH##Src##Tensor_data(src)[k] = to_##Src((double)k);                                \
    TH##Src##Tensor *srcT = TH##Src##Tensor_newTranspose(src, 0, 1);                     \
    TH##Dst##Tensor *dst = TH##Dst##Tensor_newWithSize2d(3, 2);                          \
    TH##Dst##Tensor_copy##Src(dst, src);                                                 \
    for (long k = 0; k < 6; k++)                                                         \
      CHECK_NEAR(from_##Dst(TH##Dst##Tensor_data(dst)[k]), k, 0);                        \
    TH##Dst##Tensor_copy##Src(dst, srcT);                                                \
    for (long i = 0; i < 3; i++)                                                         \
      for (long j = 0; j < 2; j++)                                                       \
        CHECK_NEAR(from_##Dst(TH##Dst##Tensor_get2d(dst, i, j)), 3 * j + i, 0);          \
    TH##Dst##Storage *storage = TH##Dst##Storage_newWithSize(6);                         \
    TH##Dst##Storage_copy##Src(storage, src->storage);                                   \
    CHECK_NEAR(from_##Dst(storage->data[5]), 5, 0);                                      \
    TH##Dst##Tensor *small = TH##Dst##Tensor_newWithSize1d(4);                           \
    EXPECT_TH_ERROR(TH##Dst##Tensor_copy##Src(small, src),                               \
                    "cannot copy 6 elements (size 2x3) into a tensor of 4 elements");    \
    TH##Dst##Tensor_free(small);                                                         \
    TH##Dst##Storage_free(storage);                                                      \
    TH##Dst##Tensor_free(dst);                                                           \
    TH##Src##Tensor_free(srcT);                                                          \
    TH##Src##Tensor_free(src);                                                           \
  }
#define DEFINE_COPIES_FROM(unused, Src) DTYPES(DEFINE_COPY_PAIR, Src)
DTYPES_OUTER(DEFINE_COPIES_FROM, unused)

#define COPY_PAIR_ENTRY(Src, Dst) TEST_ENTRY(copy_##Dst##_from_##Src),
#define COPY_ENTRIES_FROM(unused, Src) DTYPES(COPY_PAIR_ENTRY, Src)

TEST(same_type_copy_handles_every_layout) {
  THFloatTensor *a = THFloatTensor_newWithSize2d(3, 4);
  for (long k = 0; k < 12; k++)
    THFloatTensor_data(a)[k] = (float)k;
  THFloatTensor *b = THFloatTensor_newWithSize2d(4, 3);
  THFloatTensor *bT = THFloatTensor_newTranspose(b, 0, 1);
  THFloatTensor_copy(bT, a);                     /* bT(i,j) = a(i,j), so b = a' */
  CHECK_NEAR(THFloatTensor_get2d(b, 3, 1), 7, 0);
  THFloatTensor_copy(a, a);
  CHECK_NEAR(THFloatTensor_get2d(a, 2, 3), 11, 0);
  THFloatTensor *empty1 = THFloatTensor_new(), *empty2 = THFloatTensor_new();
  THFloatTensor_copy(empty1, empty2);
  CHECK_EQ_LONG(empty1->nDimension, 0);
  THFloatTensor_free(empty1);
  THFloatTensor_free(empty2);
  THFloatTensor_free(bT);
  THFloatTensor_free(b);
  THFloatTensor_free(a);
}

TEST(conversions_truncate_and_wrap_like_c) {
  THDoubleTensor *d = THDoubleTensor_newWithSize1d(3);
  THDoubleTensor_set1d(d, 0, 2.7);
  THDoubleTensor_set1d(d, 1, -2.7);
  THDoubleTensor_set1d(d, 2, 100.5);
  THIntTensor *i = THIntTensor_newWithSize1d(3);
  THIntTensor_copyDouble(i, d);
  CHECK_EQ_LONG(THIntTensor_get1d(i, 0), 2);
  CHECK_EQ_LONG(THIntTensor_get1d(i, 1), -2);
  CHECK_EQ_LONG(THIntTensor_get1d(i, 2), 100);
  THLongTensor *l = THLongTensor_newWithSize1d(3);
  THLongTensor_set1d(l, 0, -1);
  THLongTensor_set1d(l, 1, 300);
  THLongTensor_set1d(l, 2, 255);
  THByteTensor *b = THByteTensor_newWithSize1d(3);
  THByteTensor_copyLong(b, l);
  CHECK_EQ_LONG(THByteTensor_get1d(b, 0), 255);
  CHECK_EQ_LONG(THByteTensor_get1d(b, 1), 44);
  THCharTensor *c = THCharTensor_newWithSize1d(3);
  THCharTensor_copyByte(c, b);
  CHECK_EQ_LONG(THCharTensor_get1d(c, 2), -1);    /* 255 as a signed byte */
  THHalfTensor *h = THHalfTensor_newWithSize1d(3);
  THHalfTensor_copyDouble(h, d);
  CHECK_NEAR(TH_half2float(THHalfTensor_get1d(h, 0)), 2.69921875, 0);  /* nearest half to 2.7 */
  THIntTensor_copyHalf(i, h);
  CHECK_EQ_LONG(THIntTensor_get1d(i, 2), 100);
  THHalfTensor_free(h);
  THCharTensor_free(c);
  THByteTensor_free(b);
  THLongTensor_free(l);
  THIntTensor_free(i);
  THDoubleTensor_free(d);
}

TEST(large_contiguous_copies_run_in_parallel_and_agree) {
  long n = 300001;
  THFloatTensor *f = THFloatTensor_newWithSize1d(n);
  for (long k = 0; k < n; k++)
    THFloatTensor_data(f)[k] = (float)(k % 1000) - 500;
  THDoubleTensor *d = THDoubleTensor_newWithSize2d(1, n);
  THDoubleTensor_copyFloat(d, f);
  long wrong = 0;
  for (long k = 0; k < n; k++)
    wrong += THDoubleTensor_data(d)[k] != (double)(k % 1000) - 500;
  CHECK_EQ_LONG(wrong, 0);
  THDoubleTensor_free(d);
  THFloatTensor_free(f);
}

TEST(half_encodes_known_values) {
  CHECK_EQ_LONG(TH_float2half(1.0f).x, 0x3C00);
  CHECK_EQ_LONG(TH_float2half(-2.0f).x, 0xC000);
  CHECK_EQ_LONG(TH_float2half(65504.0f).x, 0x7BFF);
  CHECK_EQ_LONG(TH_HALF_MAX.x, 0x7BFF);
  CHECK_EQ_LONG(TH_float2half(65519.0f).x, 0x7BFF);    /* below the rounding midpoint */
  CHECK_EQ_LONG(TH_float2half(65520.0f).x, 0x7C00);    /* the midpoint rounds to even: infinity */
  CHECK_EQ_LONG(TH_float2half(1e10f).x, 0x7C00);
  CHECK_EQ_LONG(TH_float2half(-INFINITY).x, 0xFC00);
  CHECK_EQ_LONG(TH_float2half(-0.0f).x, 0x8000);
  CHECK_EQ_LONG(TH_float2half(ldexpf(1, -14)).x, 0x0400);  /* smallest normal */
  CHECK_EQ_LONG(TH_float2half(ldexpf(1, -24)).x, 0x0001);  /* smallest subnormal */
  CHECK_EQ_LONG(TH_float2half(ldexpf(1, -25)).x, 0x0000);  /* halfway to 0: ties to even */
  CHECK_EQ_LONG(TH_float2half(ldexpf(3, -25)).x, 0x0002);  /* 1.5 subnormal steps: to even */
  CHECK_EQ_LONG(TH_float2half(1.0f + ldexpf(1, -11)).x, 0x3C00);      /* tie: to even */
  CHECK_EQ_LONG(TH_float2half(1.0f + ldexpf(3, -11)).x, 0x3C02);      /* tie: to even */
  CHECK_EQ_LONG(TH_float2half(1.0f + ldexpf(1, -11) + ldexpf(1, -20)).x, 0x3C01);
  THHalf nan = TH_float2half(NAN);
  CHECK((nan.x & 0x7C00) == 0x7C00 && (nan.x & 0x03FF) != 0);
}

TEST(every_half_survives_a_round_trip_through_float) {
  long wrong = 0;
  for (long bits = 0; bits < 65536; bits++) {
    THHalf h = {(unsigned short)bits};
    float f = TH_half2float(h);
    THHalf back = TH_float2half(f);
    if (isnan(f))
      wrong += (bits & 0x7C00) != 0x7C00 || (back.x & 0x7C00) != 0x7C00 || (back.x & 0x3FF) == 0;
    else
      wrong += back.x != bits;
  }
  CHECK_EQ_LONG(wrong, 0);
  CHECK_NEAR(TH_half2float((THHalf){0x0001}), ldexp(1, -24), 0);
  CHECK_NEAR(TH_half2float((THHalf){0x3555}), 0.333251953125, 0);
  CHECK(isinf(TH_half2float((THHalf){0x7C00})));
}

HARNESS_MAIN(DTYPES_OUTER(COPY_ENTRIES_FROM, unused)
             TEST_ENTRY(same_type_copy_handles_every_layout),
             TEST_ENTRY(conversions_truncate_and_wrap_like_c),
             TEST_ENTRY(large_contiguous_copies_run_in_parallel_and_agree),
             TEST_ENTRY(half_encodes_known_values),
             TEST_ENTRY(every_half_survives_a_round_trip_through_float))
