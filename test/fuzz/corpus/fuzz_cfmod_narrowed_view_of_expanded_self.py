# the fuzzer (seed night1, call 32255): cfmod_ of an expanded tensor by a narrowed view of itself
# (SIGFPE); item 2 family.
import torch_early

t = torch_early.IntTensor([[[3]]]).expand(1, 2, 1); t.cfmod_(t.narrow(0, 0, 1))
