# issue 21, item 7: mm with out= a transposed view of an input gave wrong values.
import torch_early

a = torch_early.DoubleTensor([[1, 2], [3, 4]]); b = torch_early.DoubleTensor([[5, 6], [7, 8]])
torch_early.mm(a, b, out=a.t())
