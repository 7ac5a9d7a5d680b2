/* THHalf: IEEE 754 binary16, stored as its 16 raw bits. CPU half tensors only store and copy; every
 * conversion goes through float with these two functions (round to nearest, ties to even).
 * On the path of `h.copy_(f)`: THHalfTensor_copyFloat converts each element with TH_float2half. */
#ifndef TH_HALF_INC
#define TH_HALF_INC

#include "THGeneral.h"

typedef struct THHalf {
  unsigned short x;
} THHalf;

/* The largest finite half, 65504. */
#define TH_HALF_BITS_MAX 0x7BFF
#define TH_HALF_MAX ((THHalf){ .x = TH_HALF_BITS_MAX })

TH_API THHalf TH_float2half(float f);
TH_API float TH_half2float(THHalf h);

#endif
