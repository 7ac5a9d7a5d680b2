# issue 21, item 4: eig of a matrix with infinities (SIGSEGV).
import torch_early

torch_early.DoubleTensor([[1, -float('inf')], [float('inf'), 1]]).eig()
