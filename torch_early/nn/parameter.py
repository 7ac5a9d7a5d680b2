"""Parameter: a Variable that a Module owns as one of its learnable tensors.

Assigning a Parameter to a Module attribute registers it (module.py); a plain Variable assigned
the same way stays an ordinary attribute. The only other difference from Variable is the repr."""

from ..autograd import Variable


class Parameter(Variable):
    """Parameter(data=None, requires_grad=True): a leaf Variable over `data` (an empty tensor of
    the default type when None) that requires grad unless told otherwise."""

    def __init__(self, data=None, requires_grad=True):
        if data is None:
            import torch_early
            data = torch_early.Tensor()
        super(Parameter, self).__init__(data, requires_grad=requires_grad)

    def __repr__(self):
        return 'Parameter containing:' + repr(self.data)
