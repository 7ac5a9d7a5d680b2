# issue 21, item 3: repeat(2**31) of a 2-element tensor: may allocate, must fail fast with a
# MemoryError when the allocation fails.
import torch_early

torch_early.FloatTensor(2).fill_(1).repeat(2**31)
