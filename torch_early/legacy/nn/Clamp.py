"""legacy.nn.Clamp: y = min(max(x, min_value), max_value) elementwise: HardTanh with the bounds
given (THNN's HardTanh kernels; the gradient passes where x lies strictly between the bounds)."""
from .HardTanh import HardTanh


class Clamp(HardTanh):

    def __init__(self, min_value, max_value):
        super(Clamp, self).__init__(min_value, max_value)

    def __repr__(self):
        return super(Clamp, self).__repr__() + '(%s, %s)' % (self.min_val, self.max_val)
