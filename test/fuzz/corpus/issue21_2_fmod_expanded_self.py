# issue 21, item 2: integer fmod_ of an expanded tensor by itself (SIGFPE).
import torch_early

a = torch_early.IntTensor([[3]]).expand(2, 2); a.fmod_(a)
