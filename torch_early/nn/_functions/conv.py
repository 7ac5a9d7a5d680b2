"""ConvNd: the convolution Function of Conv1d/Conv2d, computed by THNN's SpatialConvolutionMM
(im2col + one matrix product per image). A 1-D convolution runs as a 2-D one of height 1;
groups split the channels, convolve each part on its own and concatenate the results."""

import torch_early
from ...autograd import Function
from ... import _thnn


class ConvNd(Function):
    """ConvNd(stride, padding, dilation, transposed, output_padding, groups), each size a tuple
    with one entry per spatial dimension; forward(input, weight[, bias]) on tensors, input
    (batch, in_channels, *spatial), weight (out_channels, in_channels/groups, *kernel)."""

    def __init__(self, stride, padding, dilation, transposed, output_padding, groups):
        super(ConvNd, self).__init__()
        self.stride = tuple(stride)
        self.padding = tuple(padding)
        self.dilation = tuple(dilation)
        self.transposed = transposed
        self.output_padding = tuple(output_padding)
        self.groups = groups

    def forward(self, input, weight, bias=None):
        self._check_supported(input)
        _check_sizes(input, weight, bias, self.groups)
        self.save_for_backward(input, weight, bias)
        self._kernel = (1, weight.size(2)) if weight.dim() == 3 else tuple(weight.size()[2:])
        backend = _thnn.type2backend[type(input)]
        input4, weight4 = _as_2d(input), _as_2d(weight)
        # one pair of im2col buffers per group, kept for accGradParameters in backward
        self._columns = []
        outputs = []
        for g in range(self.groups):
            finput, fgradInput = input.new(), input.new()
            output = input.new()
            backend.SpatialConvolutionMM_updateOutput(
                backend.library_state, _group(input4, 1, g, self.groups),
                output, _group(weight4, 0, g, self.groups),
                None if bias is None else _group(bias, 0, g, self.groups),
                finput, fgradInput, *self._window())
            self._columns.append((finput, fgradInput))
            outputs.append(output)
        output = outputs[0] if self.groups == 1 else _cat(outputs, 1)
        return output.view(*self._output_size(input, output))

    def backward(self, grad_output):
        input, weight, bias = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        input4, weight4 = _as_2d(input), _as_2d(weight)
        grad_output4 = _as_2d(grad_output)
        grad_input = grad_weight = grad_bias = None
        grad_inputs, grad_weights, grad_biases = [], [], []
        for g in range(self.groups):
            group_input = _group(input4, 1, g, self.groups)
            group_weight = _group(weight4, 0, g, self.groups)
            group_grad_output = _group(grad_output4, 1, g, self.groups)
            finput, fgradInput = self._columns[g]
            if self.needs_input_grad[0]:
                gi = input.new()
                backend.SpatialConvolutionMM_updateGradInput(
                    backend.library_state, group_input, group_grad_output, gi, group_weight,
                    finput, fgradInput, *self._window())
                grad_inputs.append(gi)
            if any(self.needs_input_grad[1:]):
                gw = group_weight.new(group_weight.size()).zero_()
                gb = None if bias is None else gw.new(gw.size(0)).zero_()
                backend.SpatialConvolutionMM_accGradParameters(
                    backend.library_state, group_input, group_grad_output, gw, gb,
                    finput, fgradInput, *(self._window() + (1,)))
                grad_weights.append(gw)
                grad_biases.append(gb)
        if grad_inputs:
            grad_input = _cat(grad_inputs, 1).view_as(input)
        if grad_weights:
            grad_weight = _cat(grad_weights, 0).view_as(weight)
            if bias is not None:
                grad_bias = _cat(grad_biases, 0)
        if bias is None:
            return grad_input, grad_weight
        return grad_input, grad_weight, grad_bias

    def _check_supported(self, input):
        if self.transposed:
            raise NotImplementedError("transposed convolution is not implemented yet: it needs "
                                      "the THNN full-convolution kernels")
        if any(d != 1 for d in self.dilation):
            raise NotImplementedError("dilated convolution (dilation={}) is not implemented yet: "
                                      "it needs the THNN dilated-convolution kernels".format(
                                          self.dilation))
        if input.dim() not in (3, 4):
            raise NotImplementedError("only 1-D and 2-D convolutions are implemented: an input "
                                      "of {} dimensions needs the volumetric THNN kernels"
                                      .format(input.dim()))

    def _window(self):
        """kW, kH, dW, dH, padW, padH for SpatialConvolutionMM; a 1-D convolution has height 1."""
        kernel = self._kernel
        stride, padding = self.stride, self.padding
        if len(stride) == 1:
            stride, padding = (1,) + stride, (0,) + padding
        return (kernel[1], kernel[0], stride[1], stride[0], padding[1], padding[0])

    def _output_size(self, input, output):
        if input.dim() == 3:                       # drop the unit height of a 1-D convolution
            return output.size(0), output.size(1), output.size(3)
        return output.size()



def _as_2d(tensor):
    """A 1-D convolution's (batch, channels, length) tensor as (batch, channels, 1, length)."""
    if tensor.dim() == 3:
        return tensor.contiguous().view(tensor.size(0), tensor.size(1), 1, tensor.size(2))
    return tensor


def _group(tensor, dim, g, groups):
    """The g-th of `groups` equal slices of `tensor` along `dim`, contiguous for the kernel."""
    if groups == 1:
        return tensor.contiguous()
    n = tensor.size(dim) // groups
    return tensor.narrow(dim, g * n, n).contiguous()


def _cat(tensors, dim):
    return torch_early.cat(tensors, dim) if len(tensors) > 1 else tensors[0]


def _check_sizes(input, weight, bias, groups):
    if input.dim() != weight.dim():
        raise RuntimeError("convolution expects an input of {} dimensions (batch x channels x "
                           "...) for a weight of size {}, but got an input of size {}".format(
                               weight.dim(), _size_str(weight), _size_str(input)))
    if input.size(1) != weight.size(1) * groups:
        raise RuntimeError("convolution: input of size {} should have {} channels (weight of "
                           "size {}, groups={}), but has {}".format(
                               _size_str(input), weight.size(1) * groups, _size_str(weight),
                               groups, input.size(1)))
    if weight.size(0) % groups != 0:
        raise RuntimeError("convolution: weight of size {} has {} output channels, which "
                           "groups={} does not divide".format(
                               _size_str(weight), weight.size(0), groups))
    if bias is not None and (bias.dim() != 1 or bias.size(0) != weight.size(0)):
        raise RuntimeError("convolution: bias of size {} should have {} elements (weight of "
                           "size {})".format(_size_str(bias), weight.size(0), _size_str(weight)))


def _size_str(tensor):
    return 'x'.join(str(n) for n in tensor.size()) if tensor.dim() else '[]'
