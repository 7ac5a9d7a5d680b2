# issue 21, item 7: ((-1.5) ** x).sum().backward() raised ValueError: math domain error.
import torch_early
from torch_early.autograd import Variable

x = Variable(torch_early.DoubleTensor([1, 2]), requires_grad=True)
((-1.5) ** x).sum().backward()
