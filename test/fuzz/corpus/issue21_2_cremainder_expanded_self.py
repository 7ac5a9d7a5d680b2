# issue 21, item 2: integer cremainder_ of an expanded tensor by itself: a divisor written as 0
# during the loop (SIGFPE).
import torch_early

x = torch_early.IntTensor(1, 3).fill_(5).expand(4, 3); x.cremainder_(x)
