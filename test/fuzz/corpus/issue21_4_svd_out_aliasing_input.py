# issue 21, item 4: svd(some, out=(u, s, v)) with outputs that are the input hung.
import torch_early

a = torch_early.DoubleTensor([[2, 1, 0], [1, 3, 1], [0, 1, 4]])
torch_early.svd(a, True, out=(a, a, a))
