/* THDReduce: the reduction kernels (see THDReduce.h). One simple loop per type and operation over
 * restrict pointers, which the compiler vectorises; the macros below only stamp out that loop. */
#include "THDReduce.h"

#include <stdint.h>

/* into[i] = EXPRESSION, with a = into[i] and b = from[i] of C type T. */
#define REDUCE_LOOP(T, EXPRESSION)                      \
  do {                                                  \
    T *restrict out = into;                             \
    const T *restrict in = from;                        \
    for (size_t i = 0; i < count; i++) {                \
      T a = out[i], b = in[i];                          \
      out[i] = EXPRESSION;                              \
    }                                                   \
  } while (0)

/* The four operations for type T; U is the unsigned type of its width, in which integer sums and
 * products wrap (for floating types U is T itself). */
#define REDUCE_TYPE(T, U)                                                \
  switch (op) {                                                          \
    case THDReduceSum: REDUCE_LOOP(T, (T)((U)a + (U)b)); break;          \
    case THDReduceProduct: REDUCE_LOOP(T, (T)((U)a * (U)b)); break;      \
    case THDReduceMin: REDUCE_LOOP(T, b < a ? b : a); break;             \
    case THDReduceMax: REDUCE_LOOP(T, b > a ? b : a); break;             \
  }

void THDReduce_apply(THDScalarType type, THDReduceOp op, void *into, const void *from,
                     size_t count)
{
  switch (type) {
    case THDByte: REDUCE_TYPE(uint8_t, uint32_t); break;
    case THDChar: REDUCE_TYPE(int8_t, uint32_t); break;
    case THDShort: REDUCE_TYPE(int16_t, uint32_t); break;
    case THDInt: REDUCE_TYPE(int32_t, uint32_t); break;
    case THDLong: REDUCE_TYPE(int64_t, uint64_t); break;
    case THDFloat: REDUCE_TYPE(float, float); break;
    case THDDouble: REDUCE_TYPE(double, double); break;
    case THDNumScalarTypes: break;
  }
}

const char *THDReduce_name(THDReduceOp op)
{
  static const char *const names[] = {"sum", "product", "min", "max"};
  return (unsigned)op < 4 ? names[op] : "an unknown reduction";
}
