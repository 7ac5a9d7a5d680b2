# the fuzzer: expand(2**62, 3) was accepted with nelement() = -2**62 (the element count overflows
# 64 bits). Item 3 family.
# expect: Exception
import torch_early

torch_early.ByteTensor([[1]]).expand(2**62, 3)
