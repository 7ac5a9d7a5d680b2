"""legacy.nn.ReLU: max(0, input), the Threshold at 0 with value 0 (in place when asked)."""
from .Threshold import Threshold


class ReLU(Threshold):

    def __init__(self, inplace=False):
        super(ReLU, self).__init__(0, 0, inplace)
