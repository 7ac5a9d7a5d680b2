# the fuzzer (seed night1, call 202090): cdiv with out= the expanded divisor wrote a zero quotient
# into the divisor and divided by it (SIGFPE); item 2 through out=.
import torch_early

d = torch_early.ShortTensor([[2]]).expand(5, 4)
torch_early.ShortTensor(5, 4).fill_(1).cdiv(d, out=d)
