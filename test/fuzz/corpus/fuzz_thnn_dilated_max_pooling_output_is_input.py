# the fuzzer under ASan (seed asan4, call 19615): SpatialDilatedMaxPooling_updateOutput with the
# output the input itself: heap-buffer-overflow in THNN_FloatSpatialDilatedMaxPooling_plane; item
# 6 family.
import torch_early
from torch_early._thnn import _THNN, type2backend

t0 = torch_early.FloatTensor().set_(torch_early.range(0, 31).fmod_(3).add_(-1).view(32).storage(), 1, torch_early.Size([5, 4, 4, 4]), (3, 0, 3, 3,)); t1 = torch_early.LongTensor(5).zero_()
type2backend['torch.FloatTensor'].SpatialDilatedMaxPooling_updateOutput(None, t0, t0, t1, 2, 3, 1, 2, 0, 1, 2, 1, False)
