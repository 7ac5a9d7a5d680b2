# the fuzzer: fmod with out= the expanded divisor (SIGFPE); item 2 through out=.
import torch_early

d = torch_early.IntTensor([[2]]).expand(3, 3)
torch_early.IntTensor(3, 3).fill_(7).fmod(d, out=d)
