"""BatchNorm: normalise each channel of a (batch, channels, ...) input over THNN's
BatchNormalization. Training normalises by the batch's own mean and variance and folds them
into the running statistics; evaluation normalises by the running statistics."""

from ....autograd.function import Function
from .... import _thnn


class BatchNorm(Function):
    """BatchNorm(running_mean, running_var, training, momentum, eps); forward(input[, weight,
    bias]) on tensors. running_mean and running_var (one entry per channel) are updated in
    place while training: new = (1 - momentum)·old + momentum·batch statistic (the variance
    unbiased)."""

    def __init__(self, running_mean, running_var, training, momentum, eps):
        super(BatchNorm, self).__init__()
        self.running_mean = running_mean
        self.running_var = running_var
        self.training = bool(training)
        self.momentum = momentum
        self.eps = eps

    def forward(self, input, weight=None, bias=None):
        _check_sizes(input, self.running_mean, self.running_var, weight, bias)
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        # the batch's mean and 1/std, computed by the forward and reused by the backward
        self.save_mean, self.save_std = input.new(), input.new()
        backend.BatchNormalization_updateOutput(
            backend.library_state, input, output, weight, bias, self.running_mean,
            self.running_var, self.save_mean, self.save_std, self.training,
            float(self.momentum), float(self.eps))
        self.save_for_backward(input, weight, bias)
        return output

    def backward(self, grad_output):
        input, weight, bias = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_weight = grad_bias = None
        if self.needs_input_grad[0]:
            grad_input = input.new()
        if weight is not None and any(self.needs_input_grad[1:]):
            grad_weight = weight.new(weight.size()).zero_()
            grad_bias = weight.new(weight.size()).zero_()
        backend.BatchNormalization_backward(
            backend.library_state, input, grad_output.contiguous(), grad_input, grad_weight,
            grad_bias, weight, self.running_mean, self.running_var, self.save_mean,
            self.save_std, self.training, 1.0, float(self.eps))
        if weight is None:
            return grad_input
        return grad_input, grad_weight, grad_bias


def _check_sizes(input, running_mean, running_var, weight, bias):
    if input.dim() < 2:
        raise RuntimeError("batch norm expects an input of at least 2 dimensions (batch x "
                           "channels x ...), but got one of size {}".format(_size_str(input)))
    channels = input.size(1)
    for name, tensor in (('running_mean', running_mean), ('running_var', running_var),
                         ('weight', weight), ('bias', bias)):
        if tensor is not None and tensor.numel() != channels:
            raise RuntimeError("batch norm: {} of size {} should have {} elements, one per "
                               "channel of the input of size {}".format(
                                   name, _size_str(tensor), channels, _size_str(input)))


def _size_str(tensor):
    return 'x'.join(str(n) for n in tensor.size()) if tensor.dim() else '[]'
