# the fuzzer: torch_early.remainder with out= the expanded divisor (SIGFPE); item 2 through out=.
import torch_early

d = torch_early.IntTensor([[2]]).expand(3, 3)
torch_early.remainder(torch_early.IntTensor(3, 3).fill_(7), d, out=d)
