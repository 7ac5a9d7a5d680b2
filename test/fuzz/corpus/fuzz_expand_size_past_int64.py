# the fuzzer (seed night1, call 755149): expand to 2**63 (past int64) was clamped to 2**63 - 1
# and accepted; backward then looped for ever; expand(2**62, 3) gives a negative nelement(). Item 3
# family: a size that does not fit must be refused.
# expect: Exception
import torch_early

torch_early.ByteTensor([[1]]).expand(2**63, 3)
