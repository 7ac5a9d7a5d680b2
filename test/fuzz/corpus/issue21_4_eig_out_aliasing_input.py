# issue 21, item 4: eig(True, out=(x, x)) with x the input returned garbage.
import torch_early

x = torch_early.DoubleTensor([[2, 1], [1, 3]]); x.eig(True, out=(x, x))
