# issue 21, item 6: BatchNormalization_updateOutput with save_mean and save_std the input: a heap-
# buffer-overflow.
import torch_early
from torch_early._thnn import _THNN

I = torch_early.DoubleTensor(7, 2).normal_(); B = torch_early._thnn._THNN; B.DoubleBatchNormalization_updateOutput(None, I, torch_early.DoubleTensor(), None, None, torch_early.DoubleTensor(2).zero_(), torch_early.DoubleTensor(2).fill_(1), I, I, True, .1, 1e-5)
