# issue 21, item 4: svd(some, out=(u, s, v)) with outputs of the wrong shape hung.
import torch_early

a = torch_early.DoubleTensor([[2, 1, 0], [1, 3, 1], [0, 1, 4]])
u = torch_early.DoubleTensor(1).zero_(); s = torch_early.DoubleTensor(7, 7).zero_(); v = torch_early.DoubleTensor(2, 5).zero_()
torch_early.svd(a, True, out=(u, s, v))
