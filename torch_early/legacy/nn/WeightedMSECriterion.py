"""WeightedMSECriterion(weight): MSECriterion against the target scaled elementwise by weight,
sum((input - weight * target)^2), divided by the number of elements when sizeAverage is true (as
Lua nn defined it: the weight scales the target, not the error). weight has the size of one
sample or of the whole input. Over THNN's MSECriterion."""
import torch_early as torch
from . import utils
from .MSECriterion import MSECriterion


class WeightedMSECriterion(MSECriterion):

    def __init__(self, weight, sizeAverage=True):
        super(WeightedMSECriterion, self).__init__(sizeAverage)
        if not torch.is_tensor(weight):
            raise TypeError("WeightedMSECriterion: weight must be a tensor, but got {}"
                            .format(type(weight).__name__))
        self.weight = weight.clone()
        self.buffer = torch.Tensor()

    def _weightedTarget(self, input, target):
        """weight * target in self.buffer; a weight of one sample's size scales every sample."""
        if target.nelement() != input.nelement():
            raise RuntimeError("WeightedMSECriterion: the target has {} elements, the input {}"
                               .format(target.nelement(), input.nelement()))
        weight = self.weight.contiguous()
        if input.dim() == weight.dim() + 1:
            weight = weight.view(1, weight.nelement()).expand(input.size(0), weight.nelement())
        if weight.nelement() != input.nelement():
            raise RuntimeError("WeightedMSECriterion: the weight has size {}, neither the "
                               "input's ({}) nor one sample's".format(tuple(self.weight.size()),
                                                                     tuple(input.size())))
        self.buffer.resize_as_(input).copy_(target)
        self.buffer.cmul_(weight.contiguous().view_as(input))
        return self.buffer

    def updateOutput(self, input, target):
        return super(WeightedMSECriterion, self).updateOutput(
            input, self._weightedTarget(input, target))

    def updateGradInput(self, input, target):
        return super(WeightedMSECriterion, self).updateGradInput(
            input, self._weightedTarget(input, target))

    def clearState(self):
        utils.clear(self, 'buffer')
        return super(WeightedMSECriterion, self).clearState()
