# Part VII: one convolution, for stepping through THNN's im2col (docs/tour/7-debugging.md).
import torch_early as torch
import torch_early.nn.functional as F
from torch_early.autograd import Variable

torch.set_num_threads(1)            # one thread: the im2col runs on the main thread
image = Variable(torch.range(1, 16).view(1, 1, 4, 4))
weight = Variable(torch.ones(1, 1, 2, 2))
print(F.conv2d(image, weight).data.view(9))
