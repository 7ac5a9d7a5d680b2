# issue 21, item 8: margin_ranking_loss on an empty batch raised a bare ZeroDivisionError.
# expect: not ZeroDivisionError
import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable

e = Variable(torch_early.FloatTensor())
F.margin_ranking_loss(e, e, e)
