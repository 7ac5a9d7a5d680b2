/* THHalf: float <-> IEEE 754 binary16 by bit manipulation. float2half rounds to nearest, ties to
 * even, overflows to infinity, produces subnormals below 2^-14 and keeps NaN a (quiet) NaN.
 * On the path of `h.copy_(f)`: THHalfTensor_copyFloat → TH_float2half for each element. */
#include "THHalf.h"

#include <stdint.h>

/* Shifts mantissa right by shift bits, rounding to nearest, ties to even. */
static uint32_t THHalf_shiftRound(uint32_t mantissa, int shift) {
  uint32_t result = mantissa >> shift;
  uint32_t rest = mantissa & ((1u << shift) - 1);
  uint32_t halfway = 1u << (shift - 1);
  if (rest > halfway || (rest == halfway && (result & 1)))
    result++;
  return result;
}

THHalf TH_float2half(float f) {
  uint32_t bits;
  memcpy(&bits, &f, sizeof(bits));
  uint16_t sign = (uint16_t)((bits >> 16) & 0x8000);
  int exponent = (int)((bits >> 23) & 0xff);
  uint32_t mantissa = bits & 0x7fffff;
  THHalf h;

  if (exponent == 0xff) {                          /* infinity or NaN */
    h.x = (unsigned short)(sign | 0x7c00 | (mantissa ? 0x200 | (mantissa >> 13) : 0));
    return h;
  }
  int e = exponent - 127;                          /* unbiased */
  if (e > 15) {                                    /* too large even before rounding */
    h.x = (unsigned short)(sign | 0x7c00);
  } else if (e >= -14) {                           /* normal; a rounding carry may reach inf */
    uint32_t bodyBits = ((uint32_t)(e + 15) << 23) | mantissa;
    h.x = (unsigned short)(sign | THHalf_shiftRound(bodyBits, 13));
  } else if (e >= -25) {                           /* subnormal: counts of 2^-24 */
    h.x = (unsigned short)(sign | THHalf_shiftRound(mantissa | 0x800000, -e - 1));
  } else {                                         /* below half of the smallest subnormal */
    h.x = sign;
  }
  return h;
}

float TH_half2float(THHalf h) {
  uint32_t sign = (uint32_t)(h.x & 0x8000) << 16;
  int exponent = (h.x >> 10) & 0x1f;
  uint32_t mantissa = h.x & 0x3ff;
  uint32_t bits;

  if (exponent == 0x1f) {                          /* infinity or NaN */
    bits = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent != 0) {                      /* normal */
    bits = sign | ((uint32_t)(exponent - 15 + 127) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {                      /* signed zero */
    bits = sign;
  } else {                                         /* subnormal: normalise the mantissa */
    int e = -14;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      e--;
    }
    bits = sign | ((uint32_t)(e + 127) << 23) | ((mantissa & 0x3ff) << 13);
  }
  float f;
  memcpy(&f, &bits, sizeof(f));
  return f;
}
