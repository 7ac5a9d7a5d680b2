"""legacy.nn.Criterion: the base of every Lua-style loss. forward(input, target) gives the loss as a
number (kept in self.output); backward(input, target) its gradient with respect to input (kept in
self.gradInput)."""
import copy

import torch_early
from ... import _thnn
from . import utils


class Criterion(object):

    # As for modules (Module._WRITES): backward writes gradInput, which input or target may share.
    _WRITES = {'updateGradInput': 'gradInput', 'backward': 'gradInput'}

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        utils.writeApartInSubclass(cls, Criterion._WRITES)

    def __init__(self):
        self.gradInput = torch_early.Tensor()
        self.output = 0
        self._type = self.gradInput.type()

    @property
    def _backend(self):
        """The THNN functions for this criterion's tensor type."""
        return _thnn.type2backend[self._type]

    def updateOutput(self, input, target):
        raise NotImplementedError('%s does not define updateOutput' % type(self).__name__)

    def updateGradInput(self, input, target):
        raise NotImplementedError('%s does not define updateGradInput' % type(self).__name__)

    def forward(self, input, target):
        return self.updateOutput(input, target)

    def backward(self, input, target):
        return self.updateGradInput(input, target)

    def clone(self):
        return copy.deepcopy(self)

    def type(self, type=None, tensorCache=None):
        """With no type, the criterion's tensor type; else converts its floating tensors (and the
        criteria inside it) to type."""
        if type is None:
            return self._type
        type = utils.normalize_type(type)
        tensor_cache = {} if tensorCache is None else tensorCache
        for name, value in list(self.__dict__.items()):
            setattr(self, name, utils.recursiveType(value, type, tensor_cache))
        self._type = type
        return self

    def float(self):
        return self.type('torch.FloatTensor')

    def double(self):
        return self.type('torch.DoubleTensor')

    def cuda(self):
        return self.type('torch.cuda.FloatTensor')

    def clearState(self):
        return utils.clear(self, 'gradInput')

    def __repr__(self):
        return 'nn.' + type(self).__name__
