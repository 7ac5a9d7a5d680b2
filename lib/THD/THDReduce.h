/* THDReduce: the element-wise reductions that the channels apply to what they receive — sum,
 * product, min and max for the seven scalar types. Integers wrap around like the tensors' own
 * arithmetic (computed in unsigned, so that a signed overflow is never undefined behaviour).
 * On the path of `dist.all_reduce(t)`: the tcp channel's ring receives a chunk of a peer's
 * buffer → THDReduce_apply(type, op, into = own buffer, from = the chunk, count). */
#ifndef THD_REDUCE_INC
#define THD_REDUCE_INC

#include "THDChannel.h"

/* into[i] = into[i] op from[i] for i < count; the buffers must not overlap. */
void THDReduce_apply(THDScalarType type, THDReduceOp op, void *into, const void *from,
                     size_t count);

/* "sum", "product", "min", "max": for messages. */
const char *THDReduce_name(THDReduceOp op);

#endif
