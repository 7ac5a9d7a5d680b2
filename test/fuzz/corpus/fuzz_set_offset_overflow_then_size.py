# the fuzzer (seed night1, call 81439): set_ with an offset past 64 bits and a torch_early.Size
# raised SystemError (an OverflowError left set while the next argument was checked).
import torch_early

t = torch_early.LongTensor(4).zero_(); s = torch_early.LongStorage(12).fill_(0)
t.set_(s, 2**63, torch_early.Size([4]))
