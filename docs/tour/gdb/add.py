# Part VII: one a.add(b), for a breakpoint in THFloatTensor_cadd (docs/tour/7-debugging.md).
import torch_early as torch

a = torch.FloatTensor([[1, 2, 3], [4, 5, 6]])
b = torch.FloatTensor([[10, 20, 30], [40, 50, 60]]).t()     # a transposed view: strides (1, 3)
print(a.add(b))
