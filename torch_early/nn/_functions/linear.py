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
