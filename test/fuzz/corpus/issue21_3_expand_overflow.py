# issue 21, item 3: expand to 2**62 x 2**62 elements succeeded, nelement() said 0 and sum()
# returned a number.
# expect: Exception
import torch_early

x = torch_early.ShortTensor(1, 1).expand(2**62, 2**62)
x.nelement(); x.sum()
