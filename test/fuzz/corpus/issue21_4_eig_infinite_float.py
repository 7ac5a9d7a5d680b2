# issue 21, item 4: eig of a float matrix with infinities (SIGSEGV).
import torch_early

torch_early.FloatTensor([[1, -float('inf')], [float('inf'), 1]]).eig()
