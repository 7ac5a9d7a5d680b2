# issue 21, item 2: integer addcdiv_ whose divisor is the expanded result itself (SIGFPE).
import torch_early

a = torch_early.IntTensor([[2]]).expand(3, 1); a.addcdiv_(-1, torch_early.IntTensor([[4], [4], [4]]), a)
