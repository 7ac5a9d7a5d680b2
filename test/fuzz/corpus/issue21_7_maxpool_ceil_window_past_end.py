# issue 21, item 7: max_pool2d with ceil_mode and padding 0 added a window past the input ([1, 4,
# 7, -inf], index -1).
import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable

F.max_pool2d(Variable(torch_early.range(1, 8).view(1, 1, 1, 8)), (1, 1), (1, 3), 0, 1, True)
