# issue 21, item 8: hinge_embedding_loss on an empty batch raised a bare ZeroDivisionError.
# expect: not ZeroDivisionError
import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable

F.hinge_embedding_loss(Variable(torch_early.FloatTensor()), Variable(torch_early.FloatTensor()))
