# the fuzzer: lp_pool2d with norm_type 0 raised a bare ZeroDivisionError; item 8 family.
# expect: not ZeroDivisionError
import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable

F.lp_pool2d(Variable(torch_early.FloatTensor(1, 1, 2, 2).fill_(1)), 0, 1)
