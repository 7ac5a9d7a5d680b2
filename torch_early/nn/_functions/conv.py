"""ConvNd: the convolution Function of every nn.Conv and nn.ConvTranspose module, computed by the
THNN module that fits: SpatialConvolutionMM for a 2-D convolution, SpatialDilatedConvolution when
it is dilated, SpatialFullConvolution when it is transposed, and their Volumetric counterparts in
3-D (all im2col or vol2col + one matrix product per image). A 1-D convolution runs as a 2-D one of
height 1; groups split the channels, convolve each part on its own and concatenate the results."""

import numbers

import torch_early
from ...autograd import Function
from ... import _thnn


class _ThnnConvolution(object):
    """How ConvNd calls one THNN convolution module: how many scratch buffers each of its three
    entry points takes (always the first ones of the same list, which the forward creates), and
    which numbers follow them (`window(conv, kernel)`, in THNN's order: width before height)."""

    def __init__(self, name, buffers, window):
        self.name = name
        self.update_output_buffers, self.grad_input_buffers, self.grad_params_buffers = buffers
        self.window = window

    def update_output(self, backend, input, output, weight, bias, bufs, window):
        getattr(backend, self.name + '_updateOutput')(
            backend.library_state, input, output, weight, bias,
            *(bufs[:self.update_output_buffers] + window))

    def update_grad_input(self, backend, input, grad_output, grad_input, weight, bufs, window):
        getattr(backend, self.name + '_updateGradInput')(
            backend.library_state, input, grad_output, grad_input, weight,
            *(bufs[:self.grad_input_buffers] + window))

    def acc_grad_parameters(self, backend, input, grad_output, grad_weight, grad_bias, bufs,
                            window):
        getattr(backend, self.name + '_accGradParameters')(
            backend.library_state, input, grad_output, grad_weight, grad_bias,
            *(bufs[:self.grad_params_buffers] + window + [1]))


def _thnn_order(sizes):
    """(h, w) as THNN takes them, (w, h); (t, h, w) as (t, w, h)."""
    sizes = list(sizes)
    return sizes[:-2] + [sizes[-1], sizes[-2]]


def _with_kernel(conv, kernel, extra=()):
    window = _thnn_order(kernel) + _thnn_order(conv.stride2) + _thnn_order(conv.padding2)
    for sizes in extra:
        window += _thnn_order(sizes)
    return window


_CONVOLUTIONS = {
    # (dimensions, transposed, dilated): the module and its buffers (updateOutput,
    # updateGradInput, accGradParameters)
    (2, False, False): _ThnnConvolution(
        'SpatialConvolutionMM', (2, 2, 2), lambda c, k: _with_kernel(c, k)),
    (2, False, True): _ThnnConvolution(
        'SpatialDilatedConvolution', (2, 1, 2), lambda c, k: _with_kernel(c, k, [c.dilation2])),
    (2, True, False): _ThnnConvolution(
        'SpatialFullConvolution', (2, 1, 2),
        lambda c, k: _with_kernel(c, k, [c.output_padding2])),
    (3, False, False): _ThnnConvolution(
        'VolumetricConvolutionMM', (1, 2, 1), lambda c, k: _with_kernel(c, k)),
    (3, False, True): _ThnnConvolution(
        'VolumetricDilatedConvolution', (2, 1, 2),
        lambda c, k: _with_kernel(c, k, [c.dilation2])),
    # the kernel size of VolumetricFullConvolution comes from its weight
    (3, True, False): _ThnnConvolution(
        'VolumetricFullConvolution', (2, 2, 2),
        lambda c, k: (_thnn_order(c.stride2) + _thnn_order(c.padding2) +
                      _thnn_order(c.output_padding2))),
}


class _DilatedTransposedConvolution(object):
    """A dilated transposed convolution, which THNN has no module for, as the transpose of the
    dilated convolution: its output is that convolution's gradient with respect to its input
    (updateGradInput, the output's size passed as an empty `input` of that size), its input's
    gradient is that convolution's output (updateOutput), and its weight's gradient is that
    convolution's with input and gradient exchanged. The weight layout (in_channels,
    out_channels/groups, *kernel) is the dilated convolution's (out, in, *kernel) as it is."""

    def __init__(self, conv, kernel):
        self.name = 'SpatialDilatedConvolution' if len(kernel) == 2 else \
            'VolumetricDilatedConvolution'
        self.sizes = list(zip(kernel, conv.stride2, conv.padding2, conv.dilation2,
                              conv.output_padding2))

    def window(self, conv, kernel):
        return _with_kernel(conv, kernel, [conv.dilation2])

    def _output_shape(self, input, weight):
        spatial = [(n - 1) * s - 2 * p + d * (k - 1) + 1 + op
                   for n, (k, s, p, d, op) in zip(input.size()[2:], self.sizes)]
        return [input.size(0), weight.size(1)] + spatial

    def update_output(self, backend, input, output, weight, bias, bufs, window):
        shape = input.new(*self._output_shape(input, weight))
        getattr(backend, self.name + '_updateGradInput')(
            backend.library_state, shape, input, output, weight, bufs[0], *window)
        if bias is not None:
            view = [1, bias.size(0)] + [1] * (output.dim() - 2)
            output.add_(bias.contiguous().view(*view).expand_as(output))

    def update_grad_input(self, backend, input, grad_output, grad_input, weight, bufs, window):
        getattr(backend, self.name + '_updateOutput')(
            backend.library_state, grad_output, grad_input, weight, None, bufs[0], bufs[1],
            *window)

    def acc_grad_parameters(self, backend, input, grad_output, grad_weight, grad_bias, bufs,
                            window):
        getattr(backend, self.name + '_accGradParameters')(
            backend.library_state, grad_output, input, grad_weight, None, bufs[0], bufs[1],
            *(window + [1]))
        if grad_bias is not None:
            # the bias was added to every position of every sample of its channel
            channels = grad_output.size(1)
            per_channel = grad_output.transpose(0, 1).contiguous().view(channels, -1)
            grad_bias.add_(per_channel.sum(1).view(channels))


class ConvNd(Function):
    """ConvNd(stride, padding, dilation, transposed, output_padding, groups), each size a tuple
    with one entry per spatial dimension; forward(input, weight[, bias]) on tensors, input
    (batch, in_channels, *spatial), weight (out_channels, in_channels/groups, *kernel), or for a
    transposed convolution (in_channels, out_channels/groups, *kernel)."""

    def __init__(self, stride, padding, dilation, transposed, output_padding, groups):
        super(ConvNd, self).__init__()
        self.stride = tuple(stride)
        self.padding = tuple(padding)
        self.dilation = tuple(dilation)
        self.transposed = transposed
        self.output_padding = tuple(output_padding)
        self.groups = groups
        _check_arguments(self)

    def forward(self, input, weight, bias=None):
        _check_sizes(input, weight, bias, self.groups, self.transposed, len(self.stride))
        self.save_for_backward(input, weight, bias)
        self._prepare_window(weight)
        backend = _thnn.type2backend[type(input)]
        input_nd, weight_nd = _as_2d(input), _as_2d(weight)
        # the scratch buffers of each group, kept for the backward
        self._buffers = []
        outputs = []
        for g in range(self.groups):
            bufs = [input.new(), input.new()]
            output = input.new()
            self._convolution.update_output(
                backend, _group(input_nd, 1, g, self.groups), output,
                _group(weight_nd, 0, g, self.groups),
                None if bias is None else _group(bias, 0, g, self.groups), bufs, self._window)
            self._buffers.append(bufs)
            outputs.append(output)
        output = _cat(outputs, 1)
        if input.dim() == 3:                       # drop the unit height of a 1-D convolution
            return output.view(output.size(0), output.size(1), output.size(3))
        return output

    def backward(self, grad_output):
        input, weight, bias = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        input_nd, weight_nd = _as_2d(input), _as_2d(weight)
        grad_output_nd = _as_2d(grad_output)
        grad_input = grad_weight = grad_bias = None
        grad_inputs, grad_weights, grad_biases = [], [], []
        for g in range(self.groups):
            group_input = _group(input_nd, 1, g, self.groups)
            group_weight = _group(weight_nd, 0, g, self.groups)
            group_grad_output = _group(grad_output_nd, 1, g, self.groups)
            bufs = self._buffers[g]
            if self.needs_input_grad[0]:
                gi = input.new()
                self._convolution.update_grad_input(backend, group_input, group_grad_output, gi,
                                                    group_weight, bufs, self._window)
                grad_inputs.append(gi)
            if any(self.needs_input_grad[1:]):
                gw = group_weight.new(group_weight.size()).zero_()
                gb = None if bias is None else gw.new(group_grad_output.size(1)).zero_()
                self._convolution.acc_grad_parameters(backend, group_input, group_grad_output,
                                                      gw, gb, bufs, self._window)
                grad_weights.append(gw)
                grad_biases.append(gb)
        # the gradients have the 2-D view's sizes: a 1-D convolution's lose the unit height
        one_d = input.dim() == 3
        if grad_inputs:
            grad_input = _cat(grad_inputs, 1)
            if one_d:
                grad_input = grad_input.view_as(input)
        if grad_weights:
            grad_weight = _cat(grad_weights, 0)
            if one_d:
                grad_weight = grad_weight.view_as(weight)
            if bias is not None:
                grad_bias = _cat(grad_biases, 0)
        if bias is None:
            return grad_input, grad_weight
        return grad_input, grad_weight, grad_bias

    def _prepare_window(self, weight):
        """Picks the THNN module and its numbers. A 1-D convolution is a 2-D one of height 1."""
        kernel = tuple(weight.size()[2:])
        self.stride2, self.padding2 = self.stride, self.padding
        self.dilation2, self.output_padding2 = self.dilation, self.output_padding
        if len(kernel) == 1:
            kernel = (1,) + kernel
            self.stride2, self.padding2 = (1,) + self.stride, (0,) + self.padding
            self.dilation2 = (1,) + self.dilation
            self.output_padding2 = (0,) + self.output_padding
        dilated = any(d != 1 for d in self.dilation)
        if self.transposed and dilated:
            self._convolution = _DilatedTransposedConvolution(self, kernel)
        else:
            self._convolution = _CONVOLUTIONS[(len(kernel), self.transposed, dilated)]
        self._window = self._convolution.window(self, kernel)


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


def _check_arguments(f):
    """The numbers a convolution is built from: one of each size per spatial dimension (1, 2 or
    3 of them: THNN has no other kernels), and a whole number of groups."""
    named = (('stride', f.stride), ('padding', f.padding), ('dilation', f.dilation),
             ('output_padding', f.output_padding))
    lengths = set(len(value) for _, value in named)
    if len(lengths) != 1 or not lengths <= {1, 2, 3}:
        raise ValueError("convolution: stride, padding, dilation and output_padding must give "
                         "one number for each of the 1, 2 or 3 spatial dimensions, but got "
                         + ", ".join("{}={}".format(name, value) for name, value in named))
    if isinstance(f.groups, bool) or not isinstance(f.groups, numbers.Integral):
        raise TypeError("convolution: groups must be a whole number, but got {}".format(
            type(f.groups).__name__))
    if f.groups < 1:
        raise ValueError("convolution: groups must be at least 1, but got {}".format(f.groups))


def _check_sizes(input, weight, bias, groups, transposed, spatial_dims):
    """The sizes THNN cannot check: the dimensions, and the channels of the groups; and one
    tensor type for input, weight and bias."""
    for name, tensor in (('weight', weight), ('bias', bias)):
        if tensor is not None and type(tensor) != type(input):
            raise RuntimeError("convolution: input is a {} but {} is a {}; they must be of one "
                               "type".format(torch_early.typename(input), name,
                                             torch_early.typename(tensor)))
    dims = spatial_dims + 2
    if weight.dim() != dims:
        raise RuntimeError("a {}-D convolution expects a weight of {} dimensions, but got one of "
                           "size {}".format(spatial_dims, dims, _size_str(weight)))
    if input.dim() != dims:
        raise RuntimeError("convolution expects an input of {} dimensions (batch x channels x "
                           "...) for a weight of size {}, but got an input of size {}".format(
                               dims, _size_str(weight), _size_str(input)))
    if transposed:
        in_channels, out_channels = weight.size(0), weight.size(1) * groups
        layout = "in_channels x out_channels/groups x ..."
    else:
        in_channels, out_channels = weight.size(1) * groups, weight.size(0)
        layout = "out_channels x in_channels/groups x ..."
    if input.size(1) != in_channels:
        raise RuntimeError("convolution: input of size {} should have {} channels (weight of "
                           "size {}: {}, groups={}), but has {}".format(
                               _size_str(input), in_channels, _size_str(weight), layout, groups,
                               input.size(1)))
    if weight.size(0) % groups != 0:
        raise RuntimeError("convolution: weight of size {} has {} {} channels, which "
                           "groups={} does not divide".format(
                               _size_str(weight), weight.size(0),
                               "input" if transposed else "output", groups))
    if bias is not None and (bias.dim() != 1 or bias.size(0) != out_channels):
        raise RuntimeError("convolution: bias of size {} should have {} elements (weight of "
                           "size {})".format(_size_str(bias), out_channels, _size_str(weight)))


def _size_str(tensor):
    return 'x'.join(str(n) for n in tensor.size()) if tensor.dim() else '[]'
