# Part VII: a view taken and dropped, for watching a storage's refcount (docs/tour/7-debugging.md).
import torch_early as torch

a = torch.FloatTensor([1, 2, 3, 4])
a.add(a)                            # a stop in THFloatTensor_cadd, to find a's storage
view = a[1:3]                       # a second tensor on the same storage: refcount 1 -> 2
del view                            # dropped: 2 -> 1
print(a)
