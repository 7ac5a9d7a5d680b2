"""Shared helpers for the legacy.nn tests: jacobians of a legacy module or criterion by central
differences in double (for the input and for the weights), compared with what backward gives,
and comparisons of outputs (tensors or tables, i.e. nested lists) with a reference."""
import itertools

import torch_early as torch
import torch_early.legacy.nn as nn

PRECISION = 1e-5        # what a double-precision jacobian check tolerates
FLOAT_PRECISION = 1e-3  # what a single-precision forward tolerates against a double reference
EPS = 1e-6              # the central-difference step


def random_double(*sizes):
    """A DoubleTensor of the sizes with standard normal entries."""
    return torch.DoubleTensor(*sizes).normal_()


def tensors_of(x):
    """The tensors of x (a tensor or a nested list of them), in order."""
    if torch.is_tensor(x):
        return [x]
    if isinstance(x, (list, tuple)):
        return [t for element in x for t in tensors_of(element)]
    raise TypeError('expected a tensor or a table (list) of tensors, got %s' % type(x).__name__)


def clone_table(x):
    """A deep copy of a tensor or a table."""
    if torch.is_tensor(x):
        return x.clone()
    return [clone_table(element) for element in x]


def to_nested(x):
    """Nested Python lists of numbers for a tensor, a table or numbers."""
    if torch.is_tensor(x):
        return x.tolist()
    if isinstance(x, (list, tuple)):
        return [to_nested(element) for element in x]
    return float(x)


def max_difference(actual, expected):
    """The largest |a - e| over two structures of the same shape (tensors, tables, numbers);
    infinity when their shapes differ."""
    a, e = to_nested(actual), to_nested(expected)
    if isinstance(a, list) != isinstance(e, list):
        return float('inf')
    if not isinstance(a, list):
        return abs(a - e)
    if len(a) != len(e):
        return float('inf')
    return max([max_difference(x, y) for x, y in zip(a, e)] or [0.0])


def assert_close(actual, expected, precision=PRECISION):
    difference = max_difference(actual, expected)
    assert difference <= precision, 'differs by %g (> %g):\n%r\nexpected\n%r' % (
        difference, precision, to_nested(actual), to_nested(expected))


def _element_indices(tensor):
    return itertools.product(*[range(size) for size in tensor.size()])


def _flat(x):
    """All the numbers of a tensor or table as one 1-D DoubleTensor (copied)."""
    parts = [t.contiguous().view(-1).double() for t in tensors_of(x) if t.nelement() > 0]
    if not parts:
        return torch.DoubleTensor()
    return torch.cat(parts, 0).clone()


def _one_hot_like(x, position):
    """A table (or tensor) shaped like x, zero but for a 1 at flat position `position`."""
    result = clone_table(x)
    for t in tensors_of(result):
        t.zero_()
    for t in tensors_of(result):
        if position < t.nelement():
            t.view(-1)[position] = 1
            break
        position -= t.nelement()
    return result


def _numerical_jacobian(function, perturbed, eps):
    """d function() / d each element of the tensors in perturbed, by central differences: one row
    per element, one column per number of the output."""
    rows = []
    for tensor in perturbed:
        for index in _element_indices(tensor):
            original = tensor[index]
            tensor[index] = original + eps
            plus = _flat(function())
            tensor[index] = original - eps
            minus = _flat(function())
            tensor[index] = original
            rows.append(plus.add_(-1, minus).div_(2 * eps))
    return rows


def _analytical_jacobians(module, input, scale):
    """(rows for the input, rows for the weights) from backward: for each number of the output,
    one backward with a one-hot gradOutput; gradInput is a column of d output / d input and the
    gradients accumulated with `scale`, divided by it, a column of d output / d weight."""
    output = clone_table(module.forward(input))
    n_out = _flat(output).nelement()
    parameters = module.parameters()
    input_columns, parameter_columns = [], []
    for position in range(n_out):
        gradOutput = _one_hot_like(output, position)
        module.forward(input)
        module.zeroGradParameters()
        gradInput = module.backward(input, gradOutput, scale)
        input_columns.append(_flat(gradInput))
        if parameters is not None:
            parameter_columns.append(_flat(parameters[1]).div_(scale))
    return _transpose(input_columns), _transpose(parameter_columns)


def _transpose(columns):
    if not columns or columns[0].nelement() == 0:
        return []
    return [torch.DoubleTensor([column[i] for column in columns])
            for i in range(columns[0].nelement())]


def _rows_difference(analytical, numerical):
    if len(analytical) != len(numerical):
        return float('inf')
    return max([(a - n).abs().max() for a, n in zip(analytical, numerical)] or [0.0])


def gradient_errors(module, input, scale=1.0, eps=EPS):
    """{'input': e, 'parameters': e}: the largest difference between the jacobians backward gives
    (gradInput; the weights' gradients accumulated with `scale`) and central differences.
    module in double, input a DoubleTensor or a table of them. 'parameters' is None for a module
    without weights."""
    analytical_input, analytical_parameters = _analytical_jacobians(module, input, scale)

    def forward():
        return module.forward(input)

    errors = {'input': _rows_difference(analytical_input,
                                        _numerical_jacobian(forward, tensors_of(input), eps)),
              'parameters': None}
    parameters = module.parameters()
    if parameters is not None:
        errors['parameters'] = _rows_difference(
            analytical_parameters, _numerical_jacobian(forward, parameters[0], eps))
    return errors


def check_module_gradients(module, input, scale=1.0, precision=PRECISION, check_input=True):
    """Asserts backward's gradients (for the input unless check_input is False, and for every
    weight, accumulated with `scale`) match central differences."""
    errors = gradient_errors(module, input, scale)
    if check_input:
        assert errors['input'] <= precision, 'gradInput off by %g' % errors['input']
    if errors['parameters'] is not None:
        assert errors['parameters'] <= precision, 'weight gradients off by %g' % errors['parameters']
    return errors


def criterion_gradient_error(criterion, input, target, eps=EPS):
    """The largest difference between criterion.backward(input, target) and d loss / d input by
    central differences (criterion in double)."""
    criterion.forward(input, target)
    analytical = _flat(clone_table(criterion.backward(input, target)))
    numerical = []
    for tensor in tensors_of(input):
        for index in _element_indices(tensor):
            original = tensor[index]
            tensor[index] = original + eps
            plus = criterion.forward(input, target)
            tensor[index] = original - eps
            minus = criterion.forward(input, target)
            tensor[index] = original
            numerical.append((plus - minus) / (2 * eps))
    if analytical.nelement() != len(numerical):
        return float('inf')
    return max([abs(analytical[i] - n) for i, n in enumerate(numerical)] or [0.0])


def check_criterion_gradient(criterion, input, target, precision=PRECISION):
    error = criterion_gradient_error(criterion, input, target)
    assert error <= precision, 'gradInput off by %g' % error
    return error


def _converted(x, type_name):
    if torch.is_tensor(x):
        return x.type(type_name) if x.type() in ('torch_early.DoubleTensor',
                                                 'torch_early.FloatTensor') else x
    return [_converted(element, type_name) for element in x]


def check_type_conversion(module, input, precision=FLOAT_PRECISION):
    """module.float() on a float copy of input gives float outputs close to those of
    module.double() on the double input; module is left in double."""
    expected = clone_table(module.double().forward(input))
    output = module.float().forward(_converted(input, 'torch.FloatTensor'))
    assert all(t.type() == 'torch_early.FloatTensor' for t in tensors_of(output))
    assert module.type() == 'torch_early.FloatTensor'
    assert_close(output, expected, precision)
    module.double()
    assert_close(module.forward(input), expected, PRECISION)


def check_clear_state(module, input):
    """clearState empties the output, and the next forward gives the same output again."""
    expected = clone_table(module.forward(input))
    module.clearState()
    assert all(t.nelement() == 0 for t in tensors_of(module.output))
    assert_close(module.forward(input), expected)


# Small layers and a criterion written over tensor operations, so that the protocol and the
# containers can be tested without the library's own layers.
class ScaleShift(nn.Module):
    """output = input * weight + bias, element by element (weight and bias of the input's size)."""

    def __init__(self, *sizes):
        super(ScaleShift, self).__init__()
        self.weight = torch.Tensor(*sizes).uniform_(-1, 1)
        self.bias = torch.Tensor(*sizes).uniform_(-1, 1)
        self.gradWeight = torch.Tensor(*sizes).zero_()
        self.gradBias = torch.Tensor(*sizes).zero_()

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input).mul_(self.weight).add_(self.bias)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(gradOutput).copy_(gradOutput).mul_(self.weight)
        return self.gradInput

    def accGradParameters(self, input, gradOutput, scale=1):
        self.gradWeight.addcmul_(scale, input, gradOutput)
        self.gradBias.add_(scale, gradOutput)


class Square(nn.Module):
    """output = input^2."""

    def updateOutput(self, input):
        self.output.resize_as_(input).copy_(input).mul_(input)
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(input).copy_(input).mul_(gradOutput).mul_(2)
        return self.gradInput


class SumSquares(nn.Criterion):
    """loss = sum((input - target)^2)."""

    def updateOutput(self, input, target):
        self.output = (input - target).pow(2).sum()
        return self.output

    def updateGradInput(self, input, target):
        self.gradInput.resize_as_(input).copy_(input).add_(-1, target).mul_(2)
        return self.gradInput
