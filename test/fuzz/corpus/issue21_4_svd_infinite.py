# issue 21, item 4: svd of a matrix with an infinity never returned.
import torch_early

torch_early.DoubleTensor([[float('inf'), 1, 1], [1, 1, 1], [1, 1, 1]]).svd()
