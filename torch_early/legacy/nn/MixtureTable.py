"""legacy.nn.MixtureTable(dim=1): a mixture of experts. The input is [gater, experts]: the
gater gives K weights (a vector K, or B x K for a batch), the experts are a table of K tensors of
one size, or one tensor with the K experts along dimension dim of a batch (0-based, 1 by default
as in v0.1.12); for one example, whose experts have no batch dimension, along dim - 1. The output
is the sum of the experts weighted by the gater."""
import torch_early
from .Module import Module
from ._tables import sizes


class MixtureTable(Module):

    def __init__(self, dim=1):
        super(MixtureTable, self).__init__()
        self.dim = dim
        self.gradInput = []

    def _parts(self, input):
        """(gater, [expert k], batch): the experts of a tensor as its slices along the expert
        dimension."""
        if not isinstance(input, list) or len(input) != 2 or not torch_early.is_tensor(input[0]):
            raise TypeError('MixtureTable expects the table [gater, experts], but got %s'
                            % type(input).__name__)
        gater, experts = input
        if gater.dim() not in (1, 2):
            raise RuntimeError('MixtureTable: the gater must be a vector or a batch of vectors, '
                               'but got size %s' % sizes(gater))
        batch = gater.dim() == 2
        if torch_early.is_tensor(experts):
            dim = self._expert_dim(experts, batch)
            experts = [experts.select(dim, k) for k in range(experts.size(dim))]
        count = gater.size(gater.dim() - 1)
        if len(experts) != count:
            raise RuntimeError('MixtureTable: the gater weighs %d experts, but there are %d'
                               % (count, len(experts)))
        for expert in experts:
            if expert.size() != experts[0].size() or (batch and expert.size(0) != gater.size(0)):
                raise RuntimeError('MixtureTable: the experts must have one size (and the batch '
                                   'size of the gater), but got %s and %s'
                                   % (sizes(experts[0]), sizes(expert)))
        return gater, experts, batch

    def _expert_dim(self, experts, batch):
        dim = self.dim if batch else self.dim - 1
        if not 0 <= dim < experts.dim() or experts.dim() < 2:
            raise IndexError('MixtureTable: expert dimension %d out of range for experts of size %s'
                             % (dim, sizes(experts)))
        return dim

    @staticmethod
    def _weight(gater, k, expert, batch):
        """Gater weight k spread over an expert's size."""
        column = gater.narrow(gater.dim() - 1, k, 1).contiguous()
        shape = [gater.size(0) if batch else 1] + [1] * (expert.dim() - 1)
        return column.view(*shape).expand_as(expert)

    def updateOutput(self, input):
        gater, experts, batch = self._parts(input)
        self.output.resize_as_(experts[0]).zero_()
        for k, expert in enumerate(experts):
            self.output.addcmul_(1, self._weight(gater, k, expert, batch), expert)
        return self.output

    def updateGradInput(self, input, gradOutput):
        gater, experts, batch = self._parts(input)
        grad_gater = self.gradInput[0] if len(self.gradInput) == 2 else gater.new()
        grad_gater.resize_as_(gater)
        grad_experts = []
        for k, expert in enumerate(experts):
            # d out / d gater[k] = expert (summed against gradOutput over each example)
            rows = expert.clone().mul_(gradOutput).contiguous().view(gater.size(0) if batch else 1, -1)
            grad_gater.narrow(gater.dim() - 1, k, 1).copy_(rows.sum(1).view_as(
                grad_gater.narrow(gater.dim() - 1, k, 1)))
            grad_experts.append(gradOutput.clone().mul_(self._weight(gater, k, expert, batch)))
        if torch_early.is_tensor(input[1]):
            dim = self._expert_dim(input[1], batch)
            whole = input[1].new().resize_as_(input[1])
            for k, grad in enumerate(grad_experts):
                whole.select(dim, k).copy_(grad)
            grad_experts = whole
        self.gradInput = [grad_gater, grad_experts]
        return self.gradInput
