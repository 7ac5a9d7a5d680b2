/* THVector: kernels over one contiguous run of elements (fill, add, multiply, divide, sum, exp,
 * sigmoid, tanh), built once per SIMD level of x86 and chosen for the running CPU when the library loads.
 * On the path of `a.add(b)`: THFloatTensor_cadd splits the elements over the OpenMP threads and
 * each thread calls THFloatVector_cadd on its share. */
#ifndef TH_VECTOR_INC
#define TH_VECTOR_INC

#include "THGeneral.h"

#define THVector_(NAME) TH_CONCAT_4(TH, Real, Vector_, NAME)

/* The SIMD level the kernels run at on this CPU: "avx512f", "avx2", "avx", "sse4.2" or "default"
 * (plain C, which on x86-64 still means SSE2). */
TH_API const char *THVector_simdLevel(void);

#include "generic/THVector.h"
#include "THGenerateAllTypes.h"

#endif
