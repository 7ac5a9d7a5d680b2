# issue 21, item 8: pixel_shuffle(x, 0) raised a bare ZeroDivisionError.
# expect: not ZeroDivisionError
import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable

F.pixel_shuffle(Variable(torch_early.FloatTensor(1, 4, 2, 2).fill_(1)), 0)
