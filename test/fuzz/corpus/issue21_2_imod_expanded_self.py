# issue 21, item 2: a %= a on an expanded integer tensor (SIGFPE).
import torch_early

a = torch_early.IntTensor([[3]]).expand(2, 2)
a %= a
