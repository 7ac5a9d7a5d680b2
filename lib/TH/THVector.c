/* THVector: the contiguous kernels of every dtype (generic/THVector.c), each compiled once per x86
 * SIMD level, and the report of which level the running CPU got.
 * On the path of `a.exp()`: THFloatTensor_exp → THFloatVector_exp on each thread's share. */
#include "THVector.h"

/* The kernels never read the floating-point exception flags, so GCC may turn the comparisons in
 * them (the clamps of exp) into branch-free selects; with its default -ftrapping-math it keeps
 * them as branches, and a loop with branches does not vectorize. */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("no-trapping-math")
#endif

/* How the SIMD level is chosen at run time. A function marked
 *     __attribute__((target_clones("avx512f", "avx2", "avx", "sse4.2", "default")))
 * is compiled five times, once per instruction set (so the same plain C loop becomes 16-wide
 * AVX-512 code in one copy, 8-wide AVX2 code in another and SSE2 code in the last), and its symbol becomes an "ifunc": a symbol whose
 * address is computed by a resolver function that the compiler writes. The dynamic loader runs
 * the resolver once, when it binds the symbol at load time; the resolver asks the CPU (cpuid) and
 * returns the best copy it supports, in the order listed. Every later call goes straight to that
 * copy: nothing is tested per call, and one binary runs everywhere at the widest level each
 * machine has. Compilers or platforms without ifuncs get the plain function (the compiler's
 * baseline level). */
#if defined(__x86_64__) && defined(__ELF__) && defined(__has_attribute)
#if __has_attribute(target_clones)
#define TH_SIMD_CLONES \
  __attribute__((target_clones("avx512f", "avx2", "avx", "sse4.2", "default")))
#define TH_SIMD_CLONES_ENABLED 1
#endif
#endif
#ifndef TH_SIMD_CLONES
#define TH_SIMD_CLONES
#define TH_SIMD_CLONES_ENABLED 0
#endif

/* Asks the CPU the same questions, in the same order, as the resolvers of the kernels do. */
const char *THVector_simdLevel(void) {
#if TH_SIMD_CLONES_ENABLED
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx512f"))
    return "avx512f";
  if (__builtin_cpu_supports("avx2"))
    return "avx2";
  if (__builtin_cpu_supports("avx"))
    return "avx";
  if (__builtin_cpu_supports("sse4.2"))
    return "sse4.2";
#endif
  return "default";
}

/* exp for float written so that a loop of it vectorizes (libm's expf is a call per element):
 * exp(x) = 2^n * exp(r) with n = round(x / ln 2) and |r| <= ln(2)/2, where exp(r) is its Taylor
 * polynomial to degree 7 (truncation error below 1e-8, under a tenth of float precision) and
 * 2^n is built from its exponent bits. ln 2 is split in a short "hi" part, whose product with n
 * is exact, and the rest, so that r keeps its precision. 2^n is applied as two factors so that
 * results near overflow and in the denormal range come out right; NaN is passed through. */
static inline float THVector_expFloat(float x) {
  const float roundingShift = 12582912.0f;      /* 1.5 * 2^23: adding it rounds to an integer */
  const float ln2Hi = 0.693145751953125f, ln2Lo = 1.42860682030941723212e-6f;
  float clamped = x > 88.8f ? 88.8f : x;          /* beyond these, exp is inf or 0 anyway */
  clamped = clamped < -104.0f ? -104.0f : clamped;
  float shifted = clamped * 1.44269504088896341f + roundingShift;
  float n = shifted - roundingShift;
  float r = (clamped - n * ln2Hi) - n * ln2Lo;
  float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 +
            r * (1.0f / 720 + r * (1.0f / 5040)))))));
  int32_t shiftedBits, nInt, half;
  memcpy(&shiftedBits, &shifted, sizeof(float));
  nInt = shiftedBits - 0x4B400000;               /* the bits of roundingShift: n itself remains */
  half = nInt >> 1;                              /* floor(n / 2) */
  uint32_t bits1 = (uint32_t)(half + 127) << 23, bits2 = (uint32_t)(nInt - half + 127) << 23;
  float scale1, scale2;
  memcpy(&scale1, &bits1, sizeof(float));
  memcpy(&scale2, &bits2, sizeof(float));
  float result = p * scale1 * scale2;
  return x != x ? x : result;
}

static inline double THVector_expDouble(double x) {
  return exp(x);
}

/* tanh for float written so that a loop of it vectorizes. Near 0, where 1 - exp(-2|x|) would
 * lose the leading digits, an odd polynomial: |x| + |x|^3 * q(x^2), its five coefficients fitted
 * (least squares, relative error) to tanh on [0, 0.625], within 1.3e-8 of it there. Beyond,
 * (1 - e) / (1 + e) with e = exp(-2|x|) (1 - e >= 0.71: nothing cancels), which is 1 once e
 * underflows. The sign is put back last, so tanh(-0) = -0; a NaN fails the |x| < 0.625 test and
 * goes through exp, which passes it on. Within 3 float roundings of libm's tanh everywhere. */
static inline float THVector_tanhFloat(float x) {
  float magnitude = fabsf(x), square = magnitude * magnitude;
  float q = -0.333332915f + square * (0.133317187f + square * (-0.0537638142f +
            square * (0.0207203292f + square * -0.00579815817f)));
  float nearZero = magnitude + magnitude * square * q;
  float e = THVector_expFloat(-2 * magnitude);
  float farFromZero = (1 - e) / (1 + e);
  return copysignf(magnitude < 0.625f ? nearZero : farFromZero, x);
}

/* double keeps the C library's tanh (exact to its last bit, as TH's strided loop gives it). */
static inline double THVector_tanhDouble(double x) {
  return tanh(x);
}

#include "generic/THVector.c"
#include "THGenerateAllTypes.h"
