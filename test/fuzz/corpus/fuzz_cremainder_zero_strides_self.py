# the fuzzer (seed night1, call 190397): cremainder_ of a tensor set_ with strides (0, 0) by
# itself (SIGFPE); item 2 family.
import torch_early

t = torch_early.IntTensor().set_(torch_early.IntTensor([-4]).storage(), 0, torch_early.Size([5, 4]), (0, 0)); t.cremainder_(t)
