# issue 21, item 1: tolist() of a tensor whose storage shrank returned garbage.
# expect: RuntimeError
import torch_early

a = torch_early.FloatTensor(1000, 1000).fill_(1); a.storage().resize_(1)
a.tolist()
