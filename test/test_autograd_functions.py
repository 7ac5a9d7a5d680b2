"""Every Function class of torch_early.autograd._functions, built with its historical
constructor arguments and called directly (not through a Variable method), against numerical
gradients. A Function added to `_functions` without a case here fails
test_every_function_has_a_case."""
import pytest

import torch_early
from torch_early.autograd import Function, InplaceFunction, Variable, gradcheck
from torch_early.autograd import _functions as F

from autograd_checks import double


def var(*sizes, low=-1.0, high=1.0):
    return Variable(double(*sizes, low=low, high=high), requires_grad=True)


def away_from_zero(*sizes):
    """Values in +-[0.3, 1], signs alternating: no kinks of abs/sign/clamp nearby."""
    t = double(*sizes, low=0.3, high=1.0)
    flat = t.view(-1)
    for i in range(0, flat.numel(), 2):
        flat[i] = -flat[i]
    return Variable(t, requires_grad=True)


def distinct(*sizes, shift=0.1):
    """Values 0.5 apart from each other (no ties for max/sort/median), from `shift` up."""
    n = 1
    for s in sizes:
        n *= s
    values = torch_early.randperm(n).double().mul_(0.5).add_(shift)
    return Variable(values.view(*sizes), requires_grad=True)


def spd(n):
    a = double(n, n)
    return Variable(a.mm(a.t()).add_(torch_early.eye(n).double().mul_(n)), requires_grad=True)


def long_var(values):
    return Variable(torch_early.LongTensor(values))


def mask_var(values):
    return Variable(torch_early.ByteTensor(values))


class _OnACopy(object):
    """Calls an in-place Function on a copy of its first input (a leaf may not change)."""

    def __init__(self, function):
        self.function = function

    def __call__(self, first, *rest):
        return self.function(first.clone(), *rest)


# name -> (Function instance maker, inputs maker)
CASES = {
    'Abs': (lambda: F.Abs(), lambda: [away_from_zero(3, 4)]),
    'Acos': (lambda: F.Acos(), lambda: [var(3, 4, low=-0.8, high=0.8)]),
    'Add': (lambda: F.Add(), lambda: [var(2, 3), var(2, 3)]),
    'AddConstant': (lambda: F.AddConstant(2.5), lambda: [var(2, 3)]),
    'Addbmm': (lambda: F.Addbmm(0.5, 2), lambda: [var(2, 4), var(3, 2, 5), var(3, 5, 4)]),
    'Addcdiv': (lambda: F.Addcdiv(0.5),
                lambda: [var(2, 3), var(2, 3), var(2, 3, low=0.5, high=1.5)]),
    'Addcmul': (lambda: F.Addcmul(2), lambda: [var(2, 3), var(2, 3), var(2, 3)]),
    'Addmm': (lambda: F.Addmm(0.5, 2), lambda: [var(2, 4), var(2, 3), var(3, 4)]),
    'Addmv': (lambda: F.Addmv(0.5, 2), lambda: [var(2), var(2, 3), var(3)]),
    'Addr': (lambda: F.Addr(0.5, 2), lambda: [var(2, 3), var(2), var(3)]),
    'Asin': (lambda: F.Asin(), lambda: [var(3, 4, low=-0.8, high=0.8)]),
    'Atan': (lambda: F.Atan(), lambda: [var(3, 4)]),
    'Atan2': (lambda: F.Atan2(), lambda: [var(3, 4), var(3, 4, low=0.5, high=1.5)]),
    'Baddbmm': (lambda: F.Baddbmm(0.5, 2), lambda: [var(3, 2, 4), var(3, 2, 5), var(3, 5, 4)]),
    'Ceil': (lambda: F.Ceil(), lambda: [var(2, 3, low=0.1, high=0.9)]),
    'Chunk': (lambda: F.Chunk(2, 1), lambda: [var(2, 4)]),
    'Clamp': (lambda: F.Clamp(-0.5, 0.5), lambda: [away_from_zero(3, 4)]),
    'Clone': (lambda: F.Clone(), lambda: [var(2, 3)]),
    'Cmax': (lambda: F.Cmax(), lambda: [distinct(2, 3), distinct(2, 3, shift=0.35)]),
    'CmaxConstant': (lambda: F.CmaxConstant(0.05), lambda: [away_from_zero(2, 3)]),
    'Cmin': (lambda: F.Cmin(), lambda: [distinct(2, 3), distinct(2, 3, shift=0.35)]),
    'CminConstant': (lambda: F.CminConstant(0.05), lambda: [away_from_zero(2, 3)]),
    'Concat': (lambda: F.Concat(1), lambda: [var(2, 3), var(2, 1), var(2, 2)]),
    'Cos': (lambda: F.Cos(), lambda: [var(3, 4)]),
    'Cosh': (lambda: F.Cosh(), lambda: [var(3, 4)]),
    'Cross': (lambda: F.Cross(1), lambda: [var(2, 3), var(2, 3)]),
    'Cumprod': (lambda: F.Cumprod(1), lambda: [var(2, 4)]),
    'Cumsum': (lambda: F.Cumsum(0), lambda: [var(3, 2)]),
    'Diag': (lambda: F.Diag(1), lambda: [var(3)]),
    'Div': (lambda: F.Div(), lambda: [var(2, 3), var(2, 3, low=0.5, high=1.5)]),
    'DivConstant': (lambda: F.DivConstant(2.0, div_by_tensor=True),
                    lambda: [var(2, 3, low=0.5, high=1.5)]),
    'Dot': (lambda: F.Dot(), lambda: [var(4), var(4)]),
    'Exp': (lambda: F.Exp(), lambda: [var(2, 3)]),
    'Expand': (lambda: F.Expand((3, 4)), lambda: [var(1, 4)]),
    'Floor': (lambda: F.Floor(), lambda: [var(2, 3, low=0.1, high=0.9)]),
    'Fmod': (lambda: F.Fmod(1.5), lambda: [var(2, 3, low=0.1, high=1.4)]),
    'Frac': (lambda: F.Frac(), lambda: [var(2, 3, low=0.1, high=0.9)]),
    'Gather': (lambda: F.Gather(1), lambda: [var(2, 3), long_var([[0, 2], [1, 1]])]),
    'Gesv': (lambda: F.Gesv(), lambda: [var(3, 2), spd(3)]),
    'Index': (lambda: F.Index((slice(0, 2), 1)), lambda: [var(3, 4)]),
    'IndexAdd': (lambda: F.IndexAdd(0), lambda: [var(3, 2), long_var([2, 0]), var(2, 2)]),
    'IndexCopy': (lambda: F.IndexCopy(0), lambda: [var(3, 2), long_var([2, 0]), var(2, 2)]),
    'IndexFill': (lambda: F.IndexFill(1, 7.0), lambda: [var(2, 3), long_var([1])]),
    'IndexSelect': (lambda: F.IndexSelect(0), lambda: [var(3, 2), long_var([2, 0, 2])]),
    'Inverse': (lambda: F.Inverse(), lambda: [spd(3)]),
    'Kthvalue': (lambda: F.Kthvalue(2, 1), lambda: [distinct(2, 4)]),
    'Lerp': (lambda: F.Lerp(0.3), lambda: [var(2, 3), var(2, 3)]),
    'Log': (lambda: F.Log(), lambda: [var(2, 3, low=0.5, high=2)]),
    'Log1p': (lambda: F.Log1p(), lambda: [var(2, 3, low=0.5, high=2)]),
    'MaskedCopy': (lambda: F.MaskedCopy(),
                   lambda: [var(2, 2), mask_var([[1, 0], [0, 1]]), var(2)]),
    'MaskedFill': (lambda: F.MaskedFill(3.0), lambda: [var(2, 2), mask_var([[1, 0], [0, 1]])]),
    'MaskedSelect': (lambda: F.MaskedSelect(), lambda: [var(2, 2), mask_var([[1, 0], [1, 1]])]),
    'Max': (lambda: F.Max(1), lambda: [distinct(2, 3)]),
    'Mean': (lambda: F.Mean(0), lambda: [var(3, 2)]),
    'Median': (lambda: F.Median(1), lambda: [distinct(2, 5)]),
    'Min': (lambda: F.Min(), lambda: [distinct(2, 3)]),
    'Mode': (lambda: F.Mode(1), lambda: [distinct(2, 3)]),
    'Mul': (lambda: F.Mul(), lambda: [var(2, 3), var(3, 2)]),
    'MulConstant': (lambda: F.MulConstant(-1.5), lambda: [var(2, 3)]),
    'Negate': (lambda: F.Negate(), lambda: [var(2, 3)]),
    'NoGrad': (lambda: F.NoGrad(), lambda: [var(2, 3)]),
    'Norm': (lambda: F.Norm(3), lambda: [away_from_zero(2, 3)]),
    'Permute': (lambda: F.Permute((2, 0, 1)), lambda: [var(2, 3, 2)]),
    'Potrf': (lambda: F.Potrf(), None),     # needs a symmetric perturbation: see below
    'Pow': (lambda: F.Pow(), lambda: [var(2, 3, low=0.5, high=1.5), var(2, 3)]),
    'PowConstant': (lambda: F.PowConstant(2.5, tensor_power=True), lambda: [var(2, 3)]),
    'Prod': (lambda: F.Prod(1), lambda: [var(2, 3)]),
    'Reciprocal': (lambda: F.Reciprocal(), lambda: [var(2, 3, low=0.5, high=1.5)]),
    'Remainder': (lambda: F.Remainder(1.5), lambda: [var(2, 3, low=0.1, high=1.4)]),
    'Renorm': (lambda: F.Renorm(2, 0, 0.5), lambda: [var(3, 4)]),
    'Repeat': (lambda: F.Repeat(torch_early.Size([2, 1, 3])), lambda: [var(2, 2)]),
    'Resize': (lambda: F.Resize(3, 2), lambda: [var(2, 3)]),
    'Round': (lambda: F.Round(), lambda: [var(2, 3, low=0.1, high=0.4)]),
    'Rsqrt': (lambda: F.Rsqrt(), lambda: [var(2, 3, low=0.5, high=2)]),
    'Scatter': (lambda: F.Scatter(1),
                lambda: [var(2, 3), long_var([[0, 2], [1, 0]]), var(2, 2)]),
    'SetItem': (lambda: _OnACopy(F.SetItem((0, slice(None)))), lambda: [var(2, 3), var(3)]),
    'Sigmoid': (lambda: F.Sigmoid(), lambda: [var(2, 3)]),
    'Sign': (lambda: F.Sign(), lambda: [away_from_zero(2, 3)]),
    'Sin': (lambda: F.Sin(), lambda: [var(2, 3)]),
    'Sinh': (lambda: F.Sinh(), lambda: [var(2, 3)]),
    'Sort': (lambda: F.Sort(1, True), lambda: [distinct(2, 4)]),
    'Sqrt': (lambda: F.Sqrt(), lambda: [var(2, 3, low=0.5, high=2)]),
    'Split': (lambda: F.Split([1, 3, 2], 1), lambda: [var(2, 6)]),
    'Squeeze': (lambda: F.Squeeze(1), lambda: [var(3, 1, 2)]),
    'Std': (lambda: F.Std(1), lambda: [var(2, 4)]),
    'Sub': (lambda: F.Sub(), lambda: [var(2, 3), var(6)]),
    'SubConstant': (lambda: F.SubConstant(2.0, sub_tensor=True), lambda: [var(2, 3)]),
    'Sum': (lambda: F.Sum(), lambda: [var(2, 3)]),
    'Tan': (lambda: F.Tan(), lambda: [var(2, 3)]),
    'Tanh': (lambda: F.Tanh(), lambda: [var(2, 3)]),
    'Topk': (lambda: F.Topk(2, 1, largest=False), lambda: [distinct(2, 4)]),
    'Trace': (lambda: F.Trace(), lambda: [var(3, 3)]),
    'Transpose': (lambda: F.Transpose(0, 2), lambda: [var(2, 3, 2)]),
    'Tril': (lambda: F.Tril(-1), lambda: [var(3, 3)]),
    'Triu': (lambda: F.Triu(1), lambda: [var(3, 3)]),
    'Trunc': (lambda: F.Trunc(), lambda: [var(2, 3, low=0.1, high=0.9)]),
    'Type': (lambda: F.Type(torch_early.DoubleTensor), lambda: [var(2, 3)]),
    'Unfold': (lambda: F.Unfold(1, 2, 1), lambda: [var(2, 4)]),
    'Unsqueeze': (lambda: F.Unsqueeze(1), lambda: [var(2, 3)]),
    'Var': (lambda: F.Var(0, False), lambda: [var(3, 2)]),
    'View': (lambda: F.View(3, 2), lambda: [var(2, 3)]),
}

# Outputs without a gradient: the comparisons give ByteTensors.
COMPARISONS = ['Eq', 'Ne', 'Lt', 'Le', 'Gt', 'Ge']
STOCHASTIC = ['Bernoulli', 'Multinomial', 'Normal']
# As in 2017, the star import of the Functions brings their base classes too.
BASES = {'Function', 'InplaceFunction'}


def test_every_function_has_a_case():
    public = {name for name in dir(F) if isinstance(getattr(F, name), type) and
              not name.startswith('_')}
    assert public == set(CASES) | set(COMPARISONS) | set(STOCHASTIC) | BASES


def test_the_star_import_brings_the_base_classes():
    namespace = {}
    exec('from torch_early.autograd._functions import *', namespace)
    assert namespace['Function'] is Function
    assert namespace['InplaceFunction'] is InplaceFunction
    assert issubclass(namespace['AddConstant'], InplaceFunction)


@pytest.mark.parametrize('name', sorted(n for n in CASES if CASES[n][1] is not None))
def test_function_called_directly_passes_gradcheck(name):
    torch_early.manual_seed(7)
    make_function, make_inputs = CASES[name]
    inputs = make_inputs()
    assert gradcheck(lambda *args: make_function()(*args), inputs)


def test_potrf_called_directly():
    # A = v v^T + 3 I is symmetric whatever v is, so gradcheck may perturb v freely.
    v = var(3, 2)

    def cholesky_of(v):
        a = v.mm(v.t()) + Variable(torch_early.eye(3).double().mul_(3))
        return F.Potrf()(a)
    assert gradcheck(cholesky_of, (v,))


@pytest.mark.parametrize('name', COMPARISONS)
@pytest.mark.parametrize('against_constant', [False, True])
def test_comparisons_have_no_gradient(name, against_constant):
    a, b = var(2, 3), var(2, 3)
    out = getattr(F, name)(0.0)(a) if against_constant else getattr(F, name)()(a, b)
    assert isinstance(out.data, torch_early.ByteTensor) and not out.requires_grad
    expected = getattr(a.data, name.lower())(0.0 if against_constant else b.data)
    assert out.data.equal(expected)


@pytest.mark.parametrize('name', STOCHASTIC)
def test_stochastic_functions_called_directly(name):
    torch_early.manual_seed(3)
    probs = Variable(torch_early.DoubleTensor([0.2, 0.3, 0.5]), requires_grad=True)
    if name == 'Multinomial':
        sample = F.Multinomial(2)(probs)
    elif name == 'Bernoulli':
        sample = F.Bernoulli()(probs)
    else:
        sample = F.Normal(0.5)(probs)
    assert not sample.requires_grad and sample.creator is not None
    sample.reinforce(1.0)
    torch_early.autograd.backward([sample], [None])
    assert probs.grad.size() == probs.size() and probs.grad.data.abs().sum() > 0


def test_split_is_one_function_with_a_piece_per_length():
    x = Variable(torch_early.randn(2, 7), requires_grad=True)
    pieces = x.split(3, 1)
    assert [p.size(1) for p in pieces] == [3, 3, 1]
    assert len({id(p.creator) for p in pieces}) == 1
    # only the middle piece is used: the others' gradients are zeros, joined once
    (pieces[1] * 2).sum().backward()
    expected = torch_early.zeros(2, 7)
    expected[:, 3:6] = 2
    assert torch_early.equal(x.grad.data, expected)
    with pytest.raises(RuntimeError, match=r'the lengths \[2, 2\] add up to 4, but dimension 1 '
                                           r'has size 7'):
        F.Split([2, 2], 1)(x)
