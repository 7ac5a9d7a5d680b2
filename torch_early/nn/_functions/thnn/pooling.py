"""The pooling Functions over THNN: MaxPool2d (SpatialDilatedMaxPooling, which also records
where each maximum came from), AvgPool2d (SpatialAveragePooling) and MaxUnpool2d
(SpatialMaxUnpooling, which scatters values back to the positions a MaxPool2d recorded); their
1-D forms, which run the 2-D kernels on a height-1 view of a (batch, channels, length) input; and
the 3-D ones over VolumetricDilatedMaxPooling, VolumetricAveragePooling and
VolumetricMaxUnpooling; then AdaptiveMaxPool2d (SpatialAdaptiveMaxPooling) and
FractionalMaxPool2d (SpatialFractionalMaxPooling, with the random offsets of its windows), which
record their maxima the same way."""

import torch_early
from ....autograd.function import Function
from .... import _thnn
from ...modules.utils import _single, _pair, _triple


class MaxPool2d(Function):
    """forward(input) on a (channels, h, w) or (batch, channels, h, w) tensor: the output, and
    with return_indices also the indices (a LongTensor, each the flat position h*width+w of the
    maximum within its input plane), which are not differentiable."""

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super(MaxPool2d, self).__init__()
        self.kernel_size = _pair(kernel_size)
        self.stride = _pair(stride if stride is not None else kernel_size)
        self.padding = _pair(padding)
        self.dilation = _pair(dilation)
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def _args(self):
        """kW, kH, dW, dH, padW, padH, dilationW, dilationH, ceil_mode in THNN's order."""
        return (self.kernel_size[1], self.kernel_size[0], self.stride[1], self.stride[0],
                self.padding[1], self.padding[0], self.dilation[1], self.dilation[0],
                bool(self.ceil_mode))

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        indices = torch_early.LongTensor()     # THNN's index tensor type on the CPU
        backend.SpatialDilatedMaxPooling_updateOutput(
            backend.library_state, input, output, indices, *self._args())
        if self.return_indices:
            # saved and returned: changing the returned indices invalidates the backward
            self.save_for_backward(input, indices)
            self.mark_non_differentiable(indices)
            return output, indices
        self.save_for_backward(input)
        self.indices = indices
        return output

    def backward(self, grad_output, _grad_indices=None):
        if self.return_indices:
            input, indices = self.saved_tensors
        else:
            input, = self.saved_tensors
            indices = self.indices
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialDilatedMaxPooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, indices,
            *self._args())
        return grad_input


class AvgPool2d(Function):
    """forward(input): the mean of each window; count_include_pad counts the zero padding in
    the divisor of a window that overlaps it."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True):
        super(AvgPool2d, self).__init__()
        self.kernel_size = _pair(kernel_size)
        self.stride = _pair(stride if stride is not None else kernel_size)
        self.padding = _pair(padding)
        self.ceil_mode = ceil_mode
        self.count_include_pad = count_include_pad

    def _args(self):
        """kW, kH, dW, dH, padW, padH, ceil_mode, count_include_pad in THNN's order."""
        return (self.kernel_size[1], self.kernel_size[0], self.stride[1], self.stride[0],
                self.padding[1], self.padding[0], bool(self.ceil_mode),
                bool(self.count_include_pad))

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        backend.SpatialAveragePooling_updateOutput(
            backend.library_state, input, output, *self._args())
        self.save_for_backward(input)
        return output

    def backward(self, grad_output):
        input, = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialAveragePooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, *self._args())
        return grad_input


class MaxUnpool2d(Function):
    """forward(input, indices): a zero tensor of the unpooled size with each input value at the
    position its index names. That size is (in - 1)*stride - 2*padding + kernel unless
    output_size (the last two entries of a sequence) picks another size the pooling could have
    come from: strictly between that size - stride and that size + stride."""

    def __init__(self, kernel_size, stride=None, padding=0, output_size=None):
        super(MaxUnpool2d, self).__init__()
        self.kernel_size = _pair(kernel_size)
        self.stride = _pair(stride if stride is not None else kernel_size)
        self.padding = _pair(padding)
        self.output_size = output_size

    def forward(self, input, indices):
        backend = _thnn.type2backend[type(input)]
        self.height, self.width = _unpooled_size(input, self.kernel_size, self.stride,
                                                 self.padding, self.output_size)
        output = input.new()
        backend.SpatialMaxUnpooling_updateOutput(
            backend.library_state, input, output, indices, self.width, self.height)
        self.save_for_backward(input, indices)
        return output

    def backward(self, grad_output):
        input, indices = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialMaxUnpooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, indices,
            self.width, self.height)
        return grad_input, None


# -- 1-D and 3-D ----------------------------------------------------------------------------


def _check_1d(input, name):
    if input.dim() != 3:
        raise ValueError("{} expects a 3D input (batch x channels x length), but got a {}D input "
                         "of size {}".format(name, input.dim(), tuple(input.size())))


def _unpooled_size(input, kernel_size, stride, padding, output_size):
    """The size of the last len(kernel_size) dimensions of an unpooling of input: (in - 1)*stride
    - 2*padding + kernel along each, unless output_size (those entries, or one per dimension of
    input) picks another size the pooling could have come from: strictly between that size -
    stride and that size + stride."""
    n = len(kernel_size)
    default = tuple((input.size(input.dim() - n + i) - 1) * stride[i] - 2 * padding[i] +
                    kernel_size[i] for i in range(n))
    if output_size is None:
        return default
    requested = tuple(output_size)
    if len(requested) == input.dim():
        requested = requested[-n:]
    if len(requested) != n:
        raise ValueError("output_size should be a sequence of {} or {} elements, but got {}"
                         .format(n, input.dim(), len(requested)))
    smallest = tuple(b - s + 1 for b, s in zip(default, stride))
    largest = tuple(b + s - 1 for b, s in zip(default, stride))
    if not all(lo <= size <= hi for size, lo, hi in zip(requested, smallest, largest)):
        raise ValueError("invalid output_size {} (the sizes this unpooling can give are between "
                         "{} and {})".format(requested, smallest, largest))
    return requested


class _MaxPoolWithIndices(Function):
    """What the max poolings with indices (MaxPool1d, MaxPool3d, AdaptiveMaxPool2d,
    FractionalMaxPool2d) share: the output and indices of forward are kept for
    backward, and with return_indices the indices are returned too (not differentiable: changing
    them invalidates the backward)."""

    def _keep(self, input, output, indices):
        if self.return_indices:
            self.save_for_backward(input, indices)
            self.mark_non_differentiable(indices)
            return output, indices
        self.save_for_backward(input)
        self.indices = indices
        return output

    def _kept(self):
        """(input, indices) as forward kept them."""
        if self.return_indices:
            return self.saved_tensors
        input, = self.saved_tensors
        return input, self.indices


class MaxPool1d(_MaxPoolWithIndices):
    """forward(input) on a (batch, channels, length) tensor: MaxPool2d over a height-1 view. The
    indices are each maximum's position along the length, from 0."""

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super(MaxPool1d, self).__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.dilation = _single(dilation)
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def _args(self):
        """SpatialDilatedMaxPooling's kW, kH, dW, dH, padW, padH, dilationW, dilationH, ceil_mode
        for windows one row high."""
        return (self.kernel_size[0], 1, self.stride[0], 1, self.padding[0], 0,
                self.dilation[0], 1, bool(self.ceil_mode))

    def forward(self, input):
        _check_1d(input, 'MaxPool1d')
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        indices = torch_early.LongTensor()
        backend.SpatialDilatedMaxPooling_updateOutput(
            backend.library_state, input.unsqueeze(2), output, indices, *self._args())
        return self._keep(input, output.squeeze(2), indices.squeeze(2))

    def backward(self, grad_output, _grad_indices=None):
        input, indices = self._kept()
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialDilatedMaxPooling_updateGradInput(
            backend.library_state, input.unsqueeze(2), grad_output.contiguous().unsqueeze(2),
            grad_input, indices.unsqueeze(2), *self._args())
        return grad_input.squeeze(2)


class AvgPool1d(AvgPool2d):
    """forward(input) on a (batch, channels, length) tensor: AvgPool2d over a height-1 view."""

    def __init__(self, kernel_size, stride=None, padding=0, ceil_mode=False,
                 count_include_pad=True):
        stride = _single(stride if stride is not None else kernel_size)
        super(AvgPool1d, self).__init__((1,) + _single(kernel_size), (1,) + stride,
                                        (0,) + _single(padding), ceil_mode, count_include_pad)

    def forward(self, input):
        _check_1d(input, 'AvgPool1d')
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        backend.SpatialAveragePooling_updateOutput(
            backend.library_state, input.unsqueeze(2), output, *self._args())
        self.save_for_backward(input)
        return output.squeeze(2)

    def backward(self, grad_output):
        input, = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialAveragePooling_updateGradInput(
            backend.library_state, input.unsqueeze(2), grad_output.contiguous().unsqueeze(2),
            grad_input, *self._args())
        return grad_input.squeeze(2)


class MaxUnpool1d(Function):
    """forward(input, indices) on (batch, channels, length) tensors: a zero tensor of the
    unpooled length with each input value at the position its index names (SpatialMaxUnpooling
    over height-1 views)."""

    def __init__(self, kernel_size, stride=None, padding=0, output_size=None):
        super(MaxUnpool1d, self).__init__()
        self.kernel_size = _single(kernel_size)
        self.stride = _single(stride if stride is not None else kernel_size)
        self.padding = _single(padding)
        self.output_size = output_size

    def forward(self, input, indices):
        _check_1d(input, 'MaxUnpool1d')
        backend = _thnn.type2backend[type(input)]
        self.length, = _unpooled_size(input, self.kernel_size, self.stride, self.padding,
                                      self.output_size)
        output = input.new()
        backend.SpatialMaxUnpooling_updateOutput(
            backend.library_state, input.unsqueeze(2), output, indices.unsqueeze(2),
            self.length, 1)
        self.save_for_backward(input, indices)
        return output.squeeze(2)

    def backward(self, grad_output):
        input, indices = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialMaxUnpooling_updateGradInput(
            backend.library_state, input.unsqueeze(2), grad_output.contiguous().unsqueeze(2),
            grad_input, indices.unsqueeze(2), self.length, 1)
        return grad_input.squeeze(2), None


class MaxPool3d(_MaxPoolWithIndices):
    """forward(input) on a (channels, t, h, w) or (batch, channels, t, h, w) tensor: the maximum
    of each window, and with return_indices also the indices (a LongTensor, each the position
    t*h_in*w_in + h*w_in + w of the maximum within its input volume, from 0)."""

    def __init__(self, kernel_size, stride=None, padding=0, dilation=1, return_indices=False,
                 ceil_mode=False):
        super(MaxPool3d, self).__init__()
        self.kernel_size = _triple(kernel_size)
        self.stride = _triple(stride if stride is not None else kernel_size)
        self.padding = _triple(padding)
        self.dilation = _triple(dilation)
        self.return_indices = return_indices
        self.ceil_mode = ceil_mode

    def _steps(self):
        """dT, dW, dH, padT, padW, padH, dilationT, dilationW, dilationH in THNN's order."""
        (st, sh, sw), (pt, ph, pw), (lt, lh, lw) = self.stride, self.padding, self.dilation
        return (st, sw, sh, pt, pw, ph, lt, lw, lh)

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        indices = torch_early.LongTensor()
        kt, kh, kw = self.kernel_size
        backend.VolumetricDilatedMaxPooling_updateOutput(
            backend.library_state, input, output, indices, kt, kw, kh, *self._steps(),
            bool(self.ceil_mode))
        return self._keep(input, output, indices)

    def backward(self, grad_output, _grad_indices=None):
        input, indices = self._kept()
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.VolumetricDilatedMaxPooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, indices,
            *self._steps())
        return grad_input


class AvgPool3d(Function):
    """forward(input) on a (channels, t, h, w) or (batch, channels, t, h, w) tensor: the mean of
    each window, windows wholly inside the input."""

    def __init__(self, kernel_size, stride=None):
        super(AvgPool3d, self).__init__()
        self.kernel_size = _triple(kernel_size)
        self.stride = _triple(stride if stride is not None else kernel_size)

    def _args(self):
        """kT, kW, kH, dT, dW, dH in THNN's order."""
        (kt, kh, kw), (st, sh, sw) = self.kernel_size, self.stride
        return (kt, kw, kh, st, sw, sh)

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        backend.VolumetricAveragePooling_updateOutput(
            backend.library_state, input, output, *self._args())
        self.save_for_backward(input)
        return output

    def backward(self, grad_output):
        input, = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.VolumetricAveragePooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, *self._args())
        return grad_input


class MaxUnpool3d(Function):
    """forward(input, indices): a zero tensor of the unpooled size with each input value at the
    position its index names in its volume, as MaxPool3d records them."""

    def __init__(self, kernel_size, stride=None, padding=0, output_size=None):
        super(MaxUnpool3d, self).__init__()
        self.kernel_size = _triple(kernel_size)
        self.stride = _triple(stride if stride is not None else kernel_size)
        self.padding = _triple(padding)
        self.output_size = output_size

    def _args(self):
        """oT, oW, oH, dT, dW, dH, pT, pW, pH in THNN's order."""
        (ot, oh, ow), (st, sh, sw), (pt, ph, pw) = self.size, self.stride, self.padding
        return (ot, ow, oh, st, sw, sh, pt, pw, ph)

    def forward(self, input, indices):
        backend = _thnn.type2backend[type(input)]
        self.size = _unpooled_size(input, self.kernel_size, self.stride, self.padding,
                                   self.output_size)
        output = input.new()
        backend.VolumetricMaxUnpooling_updateOutput(
            backend.library_state, input, output, indices, *self._args())
        self.save_for_backward(input, indices)
        return output

    def backward(self, grad_output):
        input, indices = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.VolumetricMaxUnpooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, indices,
            *self._args())
        return grad_input, None


# -- adaptive and fractional 2-D max pooling ---------------------------------------------------


class AdaptiveMaxPool2d(_MaxPoolWithIndices):
    """forward(input): the maximum over windows chosen to give an output of output_size (h, w)
    whatever the input's size: output row i covers input rows floor(i*H/h) to ceil((i+1)*H/h)."""

    def __init__(self, output_size, return_indices=False):
        super(AdaptiveMaxPool2d, self).__init__()
        self.output_size = _pair(output_size)
        self.return_indices = return_indices

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        indices = torch_early.LongTensor()
        backend.SpatialAdaptiveMaxPooling_updateOutput(
            backend.library_state, input, output, indices, self.output_size[1],
            self.output_size[0])
        return self._keep(input, output, indices)

    def backward(self, grad_output, _grad_indices=None):
        input, indices = self._kept()
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialAdaptiveMaxPooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, indices)
        return grad_input


class AdaptiveMaxPool1d(_MaxPoolWithIndices):
    """forward(input) on a (batch, channels, length) tensor: AdaptiveMaxPool2d over a height-1
    view into an output output_size long; the indices are positions along the length."""

    def __init__(self, output_size, return_indices=False):
        super(AdaptiveMaxPool1d, self).__init__()
        self.output_size = _single(output_size)[0]
        self.return_indices = return_indices

    def forward(self, input):
        _check_1d(input, 'AdaptiveMaxPool1d')
        backend = _thnn.type2backend[type(input)]
        output = input.new()
        indices = torch_early.LongTensor()
        backend.SpatialAdaptiveMaxPooling_updateOutput(
            backend.library_state, input.unsqueeze(2), output, indices, self.output_size, 1)
        return self._keep(input, output.squeeze(2), indices.squeeze(2))

    def backward(self, grad_output, _grad_indices=None):
        input, indices = self._kept()
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialAdaptiveMaxPooling_updateGradInput(
            backend.library_state, input.unsqueeze(2), grad_output.contiguous().unsqueeze(2),
            grad_input, indices.unsqueeze(2))
        return grad_input.squeeze(2)


class FractionalMaxPool2d(_MaxPoolWithIndices):
    """forward(input): fractional max pooling with kernel_size windows into output_size (h, w),
    or into int(size * output_ratio) in each direction. The windows' offsets are
    _random_samples (batch x planes x 2, in [0, 1]) when given, else drawn afresh on each call."""

    def __init__(self, kernel_size, output_size=None, output_ratio=None, return_indices=False,
                 _random_samples=None):
        super(FractionalMaxPool2d, self).__init__()
        self.kernel_size = _pair(kernel_size)
        self.output_size = None if output_size is None else _pair(output_size)
        self.output_ratio = None if output_ratio is None else _pair(output_ratio)
        self.return_indices = return_indices
        self.random_samples = _random_samples

    def _sizes(self, input):
        """(outputH, outputW) for this input."""
        if self.output_size is not None:
            return self.output_size
        return (int(input.size(-2) * self.output_ratio[0]),
                int(input.size(-1) * self.output_ratio[1]))

    def _samples(self, input):
        """The offsets as a tensor of the input's type: batch (1 for one image) x planes x 2."""
        batch, planes = (input.size(0), input.size(1)) if input.dim() == 4 else (1, input.size(0))
        if self.random_samples is None:
            return input.new(batch, planes, 2).uniform_()
        return input.new(self.random_samples.size()).copy_(self.random_samples)

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        if input.dim() not in (3, 4):   # before the sizes are read from it
            raise RuntimeError("input should be a 3D or 4D tensor, but got size {}".format(
                'x'.join(str(s) for s in input.size())))
        self.output_height, self.output_width = self._sizes(input)
        output = input.new()
        indices = torch_early.LongTensor()
        backend.SpatialFractionalMaxPooling_updateOutput(
            backend.library_state, input, output, self.output_width, self.output_height,
            self.kernel_size[1], self.kernel_size[0], indices, self._samples(input))
        return self._keep(input, output, indices)

    def backward(self, grad_output, _grad_indices=None):
        input, indices = self._kept()
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialFractionalMaxPooling_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input,
            self.output_width, self.output_height, self.kernel_size[1], self.kernel_size[0],
            indices)
        return grad_input
