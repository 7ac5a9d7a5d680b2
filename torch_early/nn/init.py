"""Initialisation schemes for weights, in place on a tensor or on a Variable's data.

Each function fills its argument and returns it. The fan of a weight is computed as the era did:
for a (out, in) matrix fan_in = in and fan_out = out; for a convolution's (out, in, k1, k2...)
weight both are multiplied by the kernel's size k1·k2·...
"""

import math

import torch_early
from ..autograd import Variable


def calculate_gain(nonlinearity, param=None):
    """The recommended gain for a layer followed by `nonlinearity`: 1 for linear layers,
    convolutions and sigmoid, 5/3 for tanh, √2 for relu, √(2/(1+slope²)) for leaky_relu (slope
    `param`, 0.01 by default)."""
    linear_fns = ['linear', 'conv1d', 'conv2d', 'conv3d', 'conv_transpose1d',
                  'conv_transpose2d', 'conv_transpose3d']
    if nonlinearity in linear_fns or nonlinearity == 'sigmoid':
        return 1
    if nonlinearity == 'tanh':
        return 5.0 / 3
    if nonlinearity == 'relu':
        return math.sqrt(2.0)
    if nonlinearity == 'leaky_relu':
        if param is None:
            negative_slope = 0.01
        elif isinstance(param, (int, float)) and not isinstance(param, bool):
            negative_slope = param
        else:
            raise ValueError("negative_slope {} not a valid number".format(param))
        return math.sqrt(2.0 / (1 + negative_slope ** 2))
    raise ValueError("Unsupported nonlinearity {}".format(nonlinearity))


def uniform(tensor, a=0, b=1):
    """Fill with values drawn uniformly from [a, b)."""
    return _fill(tensor, lambda t: t.uniform_(a, b))


def normal(tensor, mean=0, std=1):
    """Fill with values drawn from N(mean, std²)."""
    return _fill(tensor, lambda t: t.normal_(mean, std))


def constant(tensor, val):
    """Fill with `val`."""
    return _fill(tensor, lambda t: t.fill_(val))


def eye(tensor):
    """Fill a 2D tensor with the identity: ones on the diagonal, zeros elsewhere (a rectangular
    one keeps min(rows, columns) ones). ValueError for any other number of dimensions."""
    data = _tensor_of(tensor)
    if data.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    data.zero_()
    for i in range(min(data.size(0), data.size(1))):
        data[i][i] = 1
    return tensor


def dirac(tensor):
    """Fill a 3, 4 or 5D convolution weight (out, in, *kernel) with the Dirac delta: output
    channel i has a single 1, on input channel i at the kernel's centre, for i < min(out, in);
    all else is zero, so the convolution passes its first input channels through unchanged.
    ValueError for any other number of dimensions."""
    data = _tensor_of(tensor)
    if data.dim() not in (3, 4, 5):
        raise ValueError("Only tensors with 3, 4, or 5 dimensions are supported")
    data.zero_()
    centre = [size // 2 for size in data.size()[2:]]
    for i in range(min(data.size(0), data.size(1))):
        element = data[i][i]
        for position in centre[:-1]:
            element = element[position]
        element[centre[-1]] = 1
    return tensor


def xavier_uniform(tensor, gain=1):
    """Glorot & Bengio (2010): uniform in ±gain·√(6/(fan_in+fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    std = gain * math.sqrt(2.0 / (fan_in + fan_out))
    bound = math.sqrt(3.0) * std
    return uniform(tensor, -bound, bound)


def xavier_normal(tensor, gain=1):
    """Glorot & Bengio (2010): N(0, std²) with std = gain·√(2/(fan_in+fan_out))."""
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return normal(tensor, 0, gain * math.sqrt(2.0 / (fan_in + fan_out)))


def kaiming_uniform(tensor, a=0, mode='fan_in'):
    """He et al. (2015): uniform in ±√3·std with std = √(2/((1+a²)·fan)); `mode` picks fan_in
    (keeps the forward pass's variance) or fan_out (the backward pass's)."""
    std = calculate_gain('leaky_relu', a) / math.sqrt(_calculate_correct_fan(tensor, mode))
    bound = math.sqrt(3.0) * std
    return uniform(tensor, -bound, bound)


def kaiming_normal(tensor, a=0, mode='fan_in'):
    """He et al. (2015): N(0, std²) with std = √(2/((1+a²)·fan))."""
    std = calculate_gain('leaky_relu', a) / math.sqrt(_calculate_correct_fan(tensor, mode))
    return normal(tensor, 0, std)


def orthogonal(tensor, gain=1):
    """Saxe et al. (2013): a (semi-)orthogonal matrix times `gain`, the tensor seen as
    (size(0), rest). Its rows are orthonormal when there are fewer rows than columns, its
    columns otherwise."""
    data = _tensor_of(tensor)
    if data.dim() < 2:
        raise ValueError("Only tensors with 2 or more dimensions are supported")
    rows = data.size(0)
    cols = data.numel() // rows
    flat = data.new(rows, cols).normal_(0, 1)
    if rows < cols:
        flat = flat.t()
    q, r = torch_early.qr(flat)
    # Multiplying each column by the sign of r's diagonal makes the factorisation unique, so the
    # result is uniformly distributed over the orthogonal matrices.
    signs = torch_early.diag(r).sign()
    q.mul_(signs.view(1, -1).expand_as(q))
    if rows < cols:
        q = q.t()
    data.view(rows, cols).copy_(q)
    data.mul_(gain)
    return tensor


def sparse(tensor, sparsity, std=0.01):
    """Martens (2010): a 2D tensor drawn from N(0, std²), then in each column a fraction
    `sparsity` of the entries (rounded up) set to zero at random rows."""
    data = _tensor_of(tensor)
    if data.dim() != 2:
        raise ValueError("Only tensors with 2 dimensions are supported")
    rows, cols = data.size(0), data.size(1)
    num_zeros = int(math.ceil(sparsity * rows))
    data.normal_(0, std)
    for col in range(cols):
        for row in torch_early.randperm(rows)[:num_zeros]:
            data[row][col] = 0
    return tensor


def _tensor_of(tensor):
    if isinstance(tensor, Variable):
        return tensor.data
    if not torch_early.is_tensor(tensor):
        raise TypeError("nn.init expects a tensor or a Variable, but got {}".format(
            type(tensor).__name__))
    return tensor


def _fill(tensor, fill):
    fill(_tensor_of(tensor))
    return tensor


def _calculate_fan_in_and_fan_out(tensor):
    data = _tensor_of(tensor)
    if data.dim() < 2:
        raise ValueError("Fan in and fan out can not be computed for tensor with less than 2 "
                         "dimensions")
    receptive_field_size = 1
    for size in data.size()[2:]:
        receptive_field_size *= size
    return data.size(1) * receptive_field_size, data.size(0) * receptive_field_size


def _calculate_correct_fan(tensor, mode):
    if mode not in ('fan_in', 'fan_out'):
        raise ValueError("Mode {} not supported, please use one of fan_in, fan_out".format(mode))
    fan_in, fan_out = _calculate_fan_in_and_fan_out(tensor)
    return fan_in if mode == 'fan_in' else fan_out
