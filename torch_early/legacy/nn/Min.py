"""legacy.nn.Min: the smallest element of the input along one dimension, which disappears (unless
the input is 1-D); backward sends gradOutput to where each minimum came from. Max's twin."""
import torch_early
from .Max import Max


class Min(Max):

    _reduce = staticmethod(torch_early.min)
