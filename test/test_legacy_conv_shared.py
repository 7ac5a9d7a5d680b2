"""legacy.nn's convolutions share their parameters, reset, noBias, buffers and __repr__ pieces
(torch_early/legacy/nn/_ConvolutionBase.py). These tests pin what each class did before they
shared it: the reprs in Lua nn's layout, the fan-in of reset, noBias, the buffers' type and
clearState, and that the base is not a public name of the package."""

import math

import pytest

import torch_early
import torch_early.legacy.nn as nn


def make(name):
    """One module of each class, with its fan-in (kernel taps times input planes)."""
    return {
        'SpatialConvolution': (nn.SpatialConvolution(3, 4, 3, 2), 3 * 3 * 2),
        'SpatialFullConvolution': (nn.SpatialFullConvolution(3, 4, 3, 2), 3 * 3 * 2),
        'SpatialDilatedConvolution': (nn.SpatialDilatedConvolution(3, 4, 3, 2, 1, 1, 0, 0, 2),
                                      3 * 3 * 2),
        'SpatialConvolutionLocal': (nn.SpatialConvolutionLocal(3, 4, 6, 5, 3, 2), 3 * 3 * 2),
        'VolumetricConvolution': (nn.VolumetricConvolution(2, 3, 2, 3, 4), 2 * 2 * 3 * 4),
        'VolumetricFullConvolution': (nn.VolumetricFullConvolution(2, 3, 2, 3, 4), 2 * 2 * 3 * 4),
        'VolumetricDilatedConvolution': (nn.VolumetricDilatedConvolution(2, 3, 2, 3, 4),
                                         2 * 2 * 3 * 4),
    }[name]


NAMES = ['SpatialConvolution', 'SpatialFullConvolution', 'SpatialDilatedConvolution',
         'SpatialConvolutionLocal', 'VolumetricConvolution', 'VolumetricFullConvolution',
         'VolumetricDilatedConvolution']


@pytest.mark.parametrize('module, text', [
    (lambda: nn.SpatialConvolution(3, 4, 3, 2), 'nn.SpatialConvolution(3 -> 4, 3x2)'),
    (lambda: nn.SpatialConvolution(3, 4, 3, 2, 2, 1), 'nn.SpatialConvolution(3 -> 4, 3x2, 2,1)'),
    (lambda: nn.SpatialConvolution(3, 4, 3, 2, 1, 1, 1, 0),
     'nn.SpatialConvolution(3 -> 4, 3x2, 1,1, 1,0)'),
    (lambda: nn.SpatialConvolution(3, 4, 3, 3).noBias(),
     'nn.SpatialConvolution(3 -> 4, 3x3) without bias'),
    (lambda: nn.SpatialFullConvolution(3, 4, 3, 3), 'nn.SpatialFullConvolution(3 -> 4, 3x3)'),
    (lambda: nn.SpatialFullConvolution(3, 4, 3, 3, 2, 2, 0, 0, 1, 1),
     'nn.SpatialFullConvolution(3 -> 4, 3x3, 2,2, 0,0, 1,1)'),
    (lambda: nn.SpatialFullConvolution(3, 4, 3, 3, 1, 1, 1, 1).noBias(),
     'nn.SpatialFullConvolution(3 -> 4, 3x3, 1,1, 1,1) without bias'),
    (lambda: nn.SpatialDilatedConvolution(3, 4, 3, 3, 1, 1, 0, 0, 2),
     'nn.SpatialDilatedConvolution(3 -> 4, 3x3, 2,2)'),
    (lambda: nn.SpatialDilatedConvolution(3, 4, 3, 3, 2, 1, 1, 1, 2, 3).noBias(),
     'nn.SpatialDilatedConvolution(3 -> 4, 3x3, 2,1, 1,1, 3,2) without bias'),
    (lambda: nn.VolumetricConvolution(2, 3, 3, 3, 3), 'nn.VolumetricConvolution(2 -> 3, 3x3x3)'),
    (lambda: nn.VolumetricConvolution(2, 3, 3, 3, 3, 2, 1, 1, 1).noBias(),
     'nn.VolumetricConvolution(2 -> 3, 3x3x3, 2,1,1, 1,1,1) without bias'),
    (lambda: nn.VolumetricFullConvolution(2, 3, 3, 3, 3, 2, 2, 2, 0, 0, 0, 1, 1, 1),
     'nn.VolumetricFullConvolution(2 -> 3, 3x3x3, 2,2,2, 1,1,1)'),
    (lambda: nn.VolumetricFullConvolution(2, 3, 3, 3, 3, 1, 1, 1, 1, 0, 1).noBias(),
     'nn.VolumetricFullConvolution(2 -> 3, 3x3x3, 1,1,1, 1,0,1) without bias'),
    (lambda: nn.VolumetricDilatedConvolution(2, 3, 3, 3, 3, 1, 1, 1, 0, 0, 0, 2, 2, 1),
     'nn.VolumetricDilatedConvolution(2 -> 3, 3x3x3, 2,2,1)'),
    (lambda: nn.VolumetricDilatedConvolution(2, 3, 3, 3, 3).noBias(),
     'nn.VolumetricDilatedConvolution(2 -> 3, 3x3x3, 1,1,1) without bias'),
    (lambda: nn.SpatialConvolutionLocal(2, 3, 6, 5, 3, 2),
     'nn.SpatialConvolutionLocal(2 -> 3, 6x5, 3x2)'),
    (lambda: nn.SpatialConvolutionLocal(2, 3, 6, 5, 3, 2, 2, 1, 1, 1),
     'nn.SpatialConvolutionLocal(2 -> 3, 6x5, 3x2, 2,1, 1,1)'),
])
def test_repr_keeps_lua_layout(module, text):
    assert repr(module()) == text


@pytest.mark.parametrize('name', NAMES)
def test_reset_draws_within_one_over_root_fan_in(name):
    module, fan_in = make(name)
    bound = 1 / math.sqrt(fan_in)
    module.weight.fill_(9)
    module.bias.fill_(9)
    module.reset()
    for tensor in (module.weight, module.bias):
        assert tensor.abs().max() <= bound
    # a bound given is sqrt(3) times wider (a uniform of that standard deviation)
    module.reset(0.01)
    wide = 0.01 * math.sqrt(3)
    # dozens of draws: one beyond half the bound is all but certain
    assert wide / 2 < module.weight.abs().max() <= wide


@pytest.mark.parametrize('name', [n for n in NAMES if n != 'SpatialConvolutionLocal'])
def test_no_bias_drops_bias_and_its_gradient_and_reset_skips_it(name):
    module, _ = make(name)
    assert module.noBias() is module
    assert module.bias is None and module.gradBias is None
    module.reset()
    weights, gradients = module.parameters()
    assert weights == [module.weight] and gradients == [module.gradWeight]


@pytest.mark.parametrize('name', NAMES)
def test_parameters_come_with_gradients_of_their_size(name):
    module, _ = make(name)
    assert module.gradWeight.size() == module.weight.size()
    assert module.gradBias.size() == module.bias.size()
    assert module.finput is None and module.fgradInput is None


def test_buffers_take_the_input_type_and_clear_state_empties_them():
    module = nn.SpatialConvolution(2, 3, 3, 3).double()
    x = torch_early.DoubleTensor(2, 2, 6, 6).uniform_()
    module.forward(x)
    module.backward(x, module.output.clone().fill_(1))
    assert isinstance(module.finput, torch_early.DoubleTensor)
    assert module.finput.nelement() > 0
    finput = module.finput
    assert module.clearState() is module
    assert module.finput is finput and module.finput.nelement() == 0
    assert module.output.nelement() == 0
    # the next forward refills the same buffer
    module.forward(x)
    assert module.finput is finput and finput.nelement() > 0


def test_volumetric_buffers_and_clear_state():
    module = nn.VolumetricFullConvolution(2, 3, 2, 2, 2)
    x = torch_early.FloatTensor(2, 3, 3, 3).uniform_()
    module.forward(x)
    assert isinstance(module.finput, torch_early.FloatTensor)
    module.clearState()
    assert module.finput.nelement() == 0 and module.fgradInput.nelement() == 0


def test_the_base_is_not_a_public_name():
    assert not hasattr(nn, 'ConvolutionBase')
    assert not hasattr(nn, '_ConvolutionBase') or not isinstance(nn._ConvolutionBase, type)
    for name in NAMES:
        assert isinstance(getattr(nn, name), type)


def test_dilated_classes_are_still_their_parents_subclasses():
    assert issubclass(nn.SpatialDilatedConvolution, nn.SpatialConvolution)
    assert issubclass(nn.VolumetricDilatedConvolution, nn.VolumetricConvolution)
    assert issubclass(nn.SpatialConvolution, nn.Module)
