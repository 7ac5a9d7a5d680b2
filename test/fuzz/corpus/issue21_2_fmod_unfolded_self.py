# issue 21, item 2: integer fmod_ of an unfolded (overlapping) tensor by itself (SIGFPE).
import torch_early

u = torch_early.IntTensor(5).fill_(3).unfold(0, 2, 1); u.fmod_(u)
