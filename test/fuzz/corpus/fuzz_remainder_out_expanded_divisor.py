# the fuzzer (seed night21, call 217513): remainder into out= its own divisor, expanded and of
# other sizes than the dividend, died of SIGFPE: resizing the result laid the divisor out anew
# (a storage grown with fresh elements) after its values were checked. Also add, mul... read
# garbage that way.
import torch_early

t0 = torch_early.IntTensor([[[4]]]).expand(1, 1, 3); t1 = torch_early.IntTensor([[2]]).expand(1, 3)
t0.remainder(t1, out=t1)
