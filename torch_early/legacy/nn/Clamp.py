"""legacy.nn.Clamp: y = min(max(x, min_value), max_value) elementwise; the gradient passes where x
lies strictly between the bounds and is 0 elsewhere (as HardTanh, which Clamp generalises)."""
import numbers

from .Module import Module


class Clamp(Module):

    def __init__(self, min_value, max_value):
        super(Clamp, self).__init__()
        for value in (min_value, max_value):
            if not isinstance(value, numbers.Real):
                raise TypeError('Clamp: the bounds must be numbers, but got %s'
                                % type(value).__name__)
        if min_value > max_value:
            raise ValueError('Clamp: min_value (%s) must not be greater than max_value (%s)'
                             % (min_value, max_value))
        self.min_val = min_value
        self.max_val = max_value

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input).clamp_(self.min_val, self.max_val)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput)
        self.gradInput.masked_fill_(input.le(self.min_val), 0)
        self.gradInput.masked_fill_(input.ge(self.max_val), 0)
        return self.gradInput

    def __repr__(self):
        return super(Clamp, self).__repr__() + '(%s, %s)' % (self.min_val, self.max_val)
