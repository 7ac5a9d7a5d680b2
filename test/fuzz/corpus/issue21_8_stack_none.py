# issue 21, item 8: torch_early.stack([None, t]) raised an AttributeError.
# expect: not AttributeError
import torch_early

t = torch_early.FloatTensor(2).fill_(1); torch_early.stack([None, t])
