"""Linear: output = input · weightᵀ + bias, as one autograd Function with a hand-written backward
(one matrix product each way instead of a graph of small operations)."""

from ...autograd import Function


class Linear(Function):
    """forward(input, weight[, bias]) on tensors: input is (batch, in_features), weight is
    (out_features, in_features), bias is (out_features)."""

    def forward(self, input, weight, bias=None):
        _check_sizes(input, weight, bias)
        self.save_for_backward(input, weight, bias)
        output = input.mm(weight.t())
        if bias is not None:
            # bias added to every row as the outer product ones ⊗ bias, which needs no broadcast
            self.ones = input.new(input.size(0)).fill_(1)
            output.addr_(self.ones, bias)
        return output

    def backward(self, grad_output):
        input, weight, bias = self.saved_tensors
        grad_input = grad_weight = grad_bias = None
        if self.needs_input_grad[0]:
            grad_input = grad_output.mm(weight)
        if self.needs_input_grad[1]:
            grad_weight = grad_output.t().mm(input)
        if bias is not None and self.needs_input_grad[2]:
            grad_bias = grad_output.t().mv(self.ones)
        if bias is None:
            return grad_input, grad_weight
        return grad_input, grad_weight, grad_bias


def _check_sizes(input, weight, bias):
    if input.dim() != 2:
        raise RuntimeError("Linear expects a 2D input (batch x in_features), but got an input "
                           "of size {}".format(_size_str(input)))
    if weight.dim() != 2 or weight.size(1) != input.size(1):
        raise RuntimeError("Linear: input of size {} does not match weight of size {} (the "
                           "weight must be out_features x {})".format(
                               _size_str(input), _size_str(weight), input.size(1)))
    if bias is not None and (bias.dim() != 1 or bias.size(0) != weight.size(0)):
        raise RuntimeError("Linear: bias of size {} does not match weight of size {} (the bias "
                           "must have {} elements)".format(
                               _size_str(bias), _size_str(weight), weight.size(0)))


def _size_str(tensor):
    return 'x'.join(str(n) for n in tensor.size()) if tensor.dim() else '[]'


class Bilinear(Function):
    """forward(input1, input2, weight[, bias]) on tensors: input1 (batch, in1), input2
    (batch, in2), weight (out, in1, in2), bias (out); output[n, o] = input1[n]ᵀ weight[o]
    input2[n] + bias[o]. One matrix product per output feature each way."""

    def forward(self, input1, input2, weight, bias=None):
        _check_bilinear_sizes(input1, input2, weight, bias)
        self.save_for_backward(input1, input2, weight, bias)
        output = input1.new(input1.size(0), weight.size(0))
        for o in range(weight.size(0)):
            # row n of input1 · weight[o], times input2[n] elementwise, summed over the row
            projected = input1.mm(weight[o])
            output.select(1, o).copy_(projected.mul_(input2).sum(1))
        if bias is not None:
            output.add_(bias.view(1, -1).expand_as(output))
        return output

    def backward(self, grad_output):
        input1, input2, weight, bias = self.saved_tensors
        grad_output = grad_output.contiguous()
        grad_input1 = grad_input2 = grad_weight = grad_bias = None
        if self.needs_input_grad[0]:
            grad_input1 = input1.new(input1.size()).zero_()
        if self.needs_input_grad[1]:
            grad_input2 = input2.new(input2.size()).zero_()
        if self.needs_input_grad[2]:
            grad_weight = weight.new(weight.size())
        for o in range(weight.size(0)):
            grad_o = grad_output.select(1, o).contiguous().view(-1, 1)
            if grad_input1 is not None:
                grad_input1.add_(input2.mm(weight[o].t()).mul_(grad_o.expand_as(input1)))
            if grad_input2 is not None:
                grad_input2.add_(input1.mm(weight[o]).mul_(grad_o.expand_as(input2)))
            if grad_weight is not None:
                grad_weight[o].copy_(input1.mul(grad_o.expand_as(input1)).t().mm(input2))
        if bias is not None and self.needs_input_grad[3]:
            grad_bias = grad_output.sum(0).view(-1)
        if bias is None:
            return grad_input1, grad_input2, grad_weight
        return grad_input1, grad_input2, grad_weight, grad_bias


def _check_bilinear_sizes(input1, input2, weight, bias):
    if input1.dim() != 2 or input2.dim() != 2 or weight.dim() != 3:
        raise RuntimeError("bilinear expects 2D inputs and a 3D weight, but got input1 {}, "
                           "input2 {}, weight {}".format(_size_str(input1), _size_str(input2),
                                                         _size_str(weight)))
    if (input1.size(0) != input2.size(0) or input1.size(1) != weight.size(1)
            or input2.size(1) != weight.size(2)):
        raise RuntimeError("bilinear: sizes do not match: input1 {}, input2 {}, weight {} "
                           "(weight must be out x in1 x in2)".format(
                               _size_str(input1), _size_str(input2), _size_str(weight)))
    if bias is not None and (bias.dim() != 1 or bias.size(0) != weight.size(0)):
        raise RuntimeError("bilinear: bias of size {} does not match weight of size {}".format(
            _size_str(bias), _size_str(weight)))
