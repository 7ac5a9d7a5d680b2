# issue 21, item 1: a tensor whose storage shrank under it: sum() read past the storage (SIGSEGV).
# expect: RuntimeError
import torch_early

x = torch_early.LongTensor(1, 7).zero_(); x.storage().resize_(0); x.sum()
