# issue 21, item 5: conv3d with a stride near 2**31 hung.
import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable

x = Variable(torch_early.FloatTensor(1, 1, 3, 3, 3).fill_(1)); w = Variable(torch_early.FloatTensor(1, 1, 1, 1, 1).fill_(1))
F.conv3d(x, w, stride=2**31 - 1)
