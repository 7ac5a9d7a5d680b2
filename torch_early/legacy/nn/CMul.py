"""legacy.nn.CMul: y = w * x elementwise with a learnt tensor w, of the input's size or of the size
of one example of a batch (then every example is multiplied by the same w)."""
import math

import torch_early
from .Module import Module
from . import utils


class CMul(Module):

    def __init__(self, *size):
        super(CMul, self).__init__()
        if len(size) == 1 and isinstance(size[0], torch_early.Size):
            size = tuple(size[0])
        if len(size) == 0:
            raise TypeError('CMul(*size): the size of the weight is needed, as numbers or a '
                            'torch.Size, e.g. CMul(3, 4)')
        utils.checkSizes(self, size=size)
        self.size = torch_early.Size(size)
        self.weight = torch_early.Tensor(self.size)
        self.gradWeight = torch_early.Tensor(self.size)
        self._product = None   # x * gradOutput, for gradWeight
        self.reset()

    def reset(self, stdv=None):
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self.weight.nelement())
        self.weight.uniform_(-stdv, stdv)

    def _batch_size(self, input):
        """The number of examples in input: 0 when input holds as many elements as the weight."""
        n = self.weight.nelement()
        if input.nelement() == n:
            return 0
        if input.dim() < 1 or input.nelement() != input.size(0) * n:
            raise RuntimeError('CMul: input of size %s is neither the weight\'s size %s nor a '
                               'batch of it' % (tuple(input.size()), tuple(self.size)))
        return input.size(0)

    def _scaled(self, result, tensor, batch):
        """result = tensor * weight, repeating the weight over a batch; result is contiguous."""
        result.resize_as_(tensor).copy_(tensor)
        if batch == 0:
            result.view(-1).mul_(self.weight.contiguous().view(-1))
        else:
            flat = result.view(batch, -1)
            flat.mul_(self.weight.contiguous().view(1, -1).expand_as(flat))
        return result

    def updateOutput(self, input):
        return self._scaled(self.output, input, self._batch_size(input))

    def updateGradInput(self, input, gradOutput):
        return self._scaled(self.gradInput, gradOutput, self._batch_size(input))

    def accGradParameters(self, input, gradOutput, scale=1):
        batch = self._batch_size(input)
        self._product = self._product if self._product is not None else input.new()
        self._product.resize_as_(input).copy_(input).mul_(gradOutput)
        if batch == 0:
            self.gradWeight.view(-1).add_(scale, self._product.view(-1))
        else:
            summed = self._product.view(batch, -1).sum(0).view(-1)
            self.gradWeight.view(-1).add_(scale, summed)

    def clearState(self):
        utils.clear(self, '_product')
        return super(CMul, self).clearState()

    def __repr__(self):
        return super(CMul, self).__repr__() + '(%s)' % 'x'.join(str(s) for s in self.size)
