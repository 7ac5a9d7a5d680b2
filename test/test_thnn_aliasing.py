"""THNN entry points called directly, as legacy.nn and user code call them through
torch_early._thnn's backends, with an output or buffer that is (or shares memory with) a tensor
the kernel reads, or with buffers of the wrong size or layout: each is refused by a
RuntimeError naming the argument, before anything is resized or written, or computed as if
the arguments were apart. Each valid call comes from the table the C suite's negative test
replays (c/thnn_valid_calls.json, recorded from these tests by check_thnn_calls.py --record),
which must name every entry point of THNN's header with the header's arguments.
"""
import json
import os

import numpy as np
import pytest

import torch_early
from torch_early._thnn import _THNN, type2backend
from torch_early._thnn.utils import THNN_H_PATH, parse_header

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, 'c', 'thnn_valid_calls.json')) as f:
    VALID_CALLS = json.load(f)['calls']
FLOAT_TYPES = ['Float', 'Double']


def test_the_table_of_valid_calls_names_every_entry_point_with_the_headers_arguments():
    header = parse_header(THNN_H_PATH)
    assert sorted(VALID_CALLS) == sorted(f.name for f in header)
    for function in header:
        recorded = VALID_CALLS[function.name]
        assert [(a['name'], a['type']) for a in recorded] == \
            [(a.name, a.type) for a in function.arguments], function.name


def _tensor(argument, float_type):
    kind = argument['tensor']
    cls = getattr(torch_early, (float_type if kind in FLOAT_TYPES else kind) + 'Tensor')
    if not argument['size']:
        return cls()
    return cls(argument['data']).view(*argument['size'])


def valid_arguments(entry, float_type):
    """The arguments of the recorded valid call of `entry`, as fresh tensors of float_type."""
    arguments = []
    for argument in VALID_CALLS[entry]:
        if 'same_as' in argument:
            arguments.append(arguments[argument['same_as']])
        elif 'tensor' in argument:
            arguments.append(_tensor(argument, float_type))
        elif 'generator' in argument:
            arguments.append(torch_early.default_generator)
        else:
            arguments.append(argument['value'])
    return arguments


def position(entry, name):
    return [a['name'] for a in VALID_CALLS[entry]].index(name)


def call(entry, float_type, arguments):
    getattr(_THNN, float_type + entry)(*arguments)


# -- the reproducer, and the same mistake in the other entry points --------------------------


@pytest.mark.parametrize('float_type', FLOAT_TYPES)
@pytest.mark.parametrize('batch_sizes', [(7, 2), (3, 2, 4)])
def test_batch_normalization_refuses_the_input_as_its_saved_statistics(float_type, batch_sizes):
    cls = getattr(torch_early, float_type + 'Tensor')
    I = cls(*batch_sizes).normal_()
    before = I.clone()
    B = torch_early._thnn._THNN
    with pytest.raises(RuntimeError, match="argument 'save_mean': save_mean should not share "
                                           "memory with input"):
        getattr(B, float_type + 'BatchNormalization_updateOutput')(
            None, I, cls(), None, None, cls(2).zero_(), cls(2).fill_(1), I, I, True, .1, 1e-5)
    assert I.size() == before.size() and I.equal(before)


def test_batch_normalization_reproducer_verbatim():
    I = torch_early.DoubleTensor(7, 2).normal_()
    B = torch_early._thnn._THNN
    with pytest.raises(RuntimeError, match="save_mean should not share memory with input"):
        B.DoubleBatchNormalization_updateOutput(None, I, torch_early.DoubleTensor(), None, None,
                                                torch_early.DoubleTensor(2).zero_(),
                                                torch_early.DoubleTensor(2).fill_(1), I, I, True,
                                                .1, 1e-5)
    assert I.size() == (7, 2)


# (entry point, the output or buffer, the input it is given as)
ALIASED = [
    ('BatchNormalization_updateOutput', 'output', 'input'),
    ('BatchNormalization_updateOutput', 'save_std', 'input'),
    ('BatchNormalization_backward', 'gradInput', 'gradOutput'),
    ('SpatialConvolutionMM_updateOutput', 'finput', 'input'),
    ('SpatialConvolutionMM_updateOutput', 'output', 'finput'),
    ('SpatialConvolutionMM_updateGradInput', 'fgradInput', 'gradOutput'),
    ('SpatialFullConvolution_updateOutput', 'columns', 'input'),
    ('SpatialFullConvolution_updateGradInput', 'gradColumns', 'gradOutput'),
    ('SpatialDilatedConvolution_updateOutput', 'columns', 'input'),
    ('SpatialDilatedConvolution_accGradParameters', 'columns', 'gradOutput'),
    ('VolumetricConvolution_updateOutput', 'finput', 'input'),
    ('VolumetricConvolution_updateGradInput', 'finput', 'gradOutput'),
    ('VolumetricConvolutionMM_updateOutput', 'finput', 'input'),
    ('VolumetricFullConvolution_updateOutput', 'finput', 'input'),
    ('VolumetricDilatedConvolution_updateOutput', 'columns', 'input'),
    ('SpatialAdaptiveMaxPooling_updateOutput', 'output', 'input'),
    ('SpatialAdaptiveAveragePooling_updateGradInput', 'gradInput', 'gradOutput'),
    ('SpatialDilatedMaxPooling_updateOutput', 'output', 'input'),
    ('SpatialMaxPooling_updateGradInput', 'gradInput', 'gradOutput'),
    ('SpatialFractionalMaxPooling_updateOutput', 'output', 'randomSamples'),
    ('TemporalMaxPooling_updateOutput', 'output', 'input'),
    ('TemporalConvolution_updateOutput', 'output', 'weight'),
    ('VolumetricDilatedMaxPooling_updateOutput', 'output', 'input'),
    ('VolumetricAveragePooling_updateOutput', 'output', 'input'),
    ('VolumetricMaxUnpooling_updateGradInput', 'gradInput', 'gradOutput'),
    ('SpatialUpSamplingBilinear_updateOutput', 'output', 'input'),
    ('SpatialUpSamplingBilinear_updateGradInput', 'gradInput', 'gradOutput'),
    ('SpatialReplicationPadding_updateOutput', 'output', 'input'),
    ('VolumetricReplicationPadding_updateGradInput', 'gradInput', 'gradOutput'),
    ('SpatialSubSampling_updateGradInput', 'gradInput', 'weight'),
    ('SpatialConvolutionMap_updateOutput', 'output', 'connTable'),
    ('Linear_updateOutput', 'addBuffer', 'bias'),
    ('GatedLinear_updateGradInput', 'gradInput', 'gradOutput'),
]


@pytest.mark.parametrize('float_type', FLOAT_TYPES)
@pytest.mark.parametrize('entry,written,read', ALIASED)
def test_an_output_or_buffer_that_is_an_input_is_refused_before_anything_moves(
        entry, written, read, float_type):
    arguments = valid_arguments(entry, float_type)
    source = arguments[position(entry, read)]
    arguments[position(entry, written)] = source
    before = source.clone()
    with pytest.raises(RuntimeError, match="argument '%s': %s should not share memory with %s"
                                           % (written, written, read)):
        call(entry, float_type, arguments)
    assert source.size() == before.size() and source.equal(before)


@pytest.mark.parametrize('float_type', FLOAT_TYPES)
@pytest.mark.parametrize('entry,written,read', ALIASED)
def test_a_view_into_an_input_is_refused_as_well(entry, written, read, float_type):
    """An empty tensor on the input's storage, which resizing would lay over the input."""
    arguments = valid_arguments(entry, float_type)
    source = arguments[position(entry, read)]
    view = source.new()
    view.set_(source.storage())          # all of it (the read tensor may hold none yet: finput)
    arguments[position(entry, written)] = view
    before = source.clone()
    with pytest.raises(RuntimeError, match="%s should not share memory with %s" % (written, read)):
        call(entry, float_type, arguments)
    assert source.equal(before)


@pytest.mark.parametrize('float_type', FLOAT_TYPES)
def test_outputs_apart_from_the_inputs_are_still_accepted_in_the_same_storage_kinds(float_type):
    """The checks look at memory, not at types or sizes: a valid call passes as recorded, and
    with its outputs in fresh tensors of other sizes (the kernels resize them)."""
    entry = 'SpatialConvolutionMM_updateOutput'
    arguments = valid_arguments(entry, float_type)
    call(entry, float_type, arguments)
    expected = arguments[position(entry, 'output')].clone()
    cls = getattr(torch_early, float_type + 'Tensor')
    arguments[position(entry, 'output')] = cls(5, 5).fill_(3)
    arguments[position(entry, 'finput')] = cls(1)
    call(entry, float_type, arguments)
    assert arguments[position(entry, 'output')].equal(expected)


# -- buffers and statistics of the wrong size or layout ---------------------------------------


@pytest.mark.parametrize('float_type', FLOAT_TYPES)
@pytest.mark.parametrize('name', ['running_mean', 'running_var', 'save_mean', 'save_std'])
def test_batch_normalization_backward_names_mis_sized_statistics(float_type, name):
    entry = 'BatchNormalization_backward'
    arguments = valid_arguments(entry, float_type)
    features = arguments[position(entry, 'input')].size(1)
    for statistic in ('save_mean', 'save_std'):   # used in training, which the test is in
        arguments[position(entry, statistic)] = arguments[1].new(features).fill_(1)
    arguments[position(entry, 'train')] = True
    i = position(entry, name)
    arguments[i] = arguments[i].new(features + 1).fill_(1)
    with pytest.raises(RuntimeError, match="argument '%s': %s should be a 1D tensor of size"
                                           % (name, name)):
        call(entry, float_type, arguments)


# the entry points whose wrongly sized or laid out buffers the fuzzing campaign found
BUFFERS_FOUND = [
    'BatchNormalization_backward', 'SpatialReplicationPadding_updateGradInput',
    'VolumetricReplicationPadding_updateGradInput', 'VolumetricConvolution_updateGradInput',
    'VolumetricConvolution_accGradParameters', 'VolumetricConvolutionMM_accGradParameters',
    'SpatialConvolutionMM_accGradParameters', 'SpatialMaxPooling_updateGradInput',
    'SpatialAdaptiveMaxPooling_updateGradInput', 'TemporalMaxPooling_updateGradInput',
    'SpatialUpSamplingBilinear_updateGradInput', 'VolumetricMaxUnpooling_updateOutput',
    'VolumetricAveragePooling_updateGradInput', 'SpatialDilatedConvolution_updateGradInput',
    'SpatialFullConvolution_accGradParameters', 'VolumetricFullConvolution_updateGradInput',
    'VolumetricDilatedConvolution_accGradParameters',
]


def _results(arguments):
    return [a.clone() if torch_early.is_tensor(a) else a for a in arguments]


def _same_results(a, b):
    for x, y in zip(a, b):
        if torch_early.is_tensor(x):
            assert x.size() == y.size()
            if x.dim():
                np.testing.assert_allclose(x.double().numpy(), y.double().numpy(), rtol=1e-4,
                                           atol=1e-5)


@pytest.mark.parametrize('float_type', FLOAT_TYPES)
@pytest.mark.parametrize('entry', BUFFERS_FOUND)
def test_each_tensor_grown_flattened_or_emptied_is_refused_or_resized(entry, float_type):
    for i, argument in enumerate(VALID_CALLS[entry]):
        if 'tensor' not in argument or not argument['size']:
            continue
        size = list(argument['size'])
        for variant in ('grown', 'flat', 'empty'):
            arguments = valid_arguments(entry, float_type)
            t = arguments[i]
            if variant == 'grown':
                arguments[i] = t.new(*(size[:-1] + [size[-1] + 1])).fill_(0)
            elif variant == 'flat':
                arguments[i] = t.contiguous().view(-1)
            else:
                arguments[i] = t.new()
            try:
                call(entry, float_type, arguments)
            except RuntimeError as error:
                assert str(error).startswith("argument '"), (entry, argument['name'], variant)


@pytest.mark.parametrize('float_type', FLOAT_TYPES)
@pytest.mark.parametrize('entry', BUFFERS_FOUND)
def test_each_tensor_not_contiguous_gives_the_valid_results_or_is_refused(entry, float_type):
    expected = valid_arguments(entry, float_type)
    call(entry, float_type, expected)
    for i, argument in enumerate(VALID_CALLS[entry]):
        if 'tensor' not in argument or len(argument['data']) < 2 or 'same_as' in argument:
            continue
        arguments = valid_arguments(entry, float_type)
        t = arguments[i]
        wide = t.new(*(list(t.size()[:-1]) + [2 * t.size(-1)])).fill_(-7)
        strided = wide.narrow(t.dim() - 1, 0, t.size(-1)) if t.dim() > 1 else \
            wide.unfold(0, 1, 2).select(1, 0)
        strided.copy_(t)
        assert not strided.is_contiguous()
        arguments[i] = strided
        try:
            call(entry, float_type, arguments)
        except RuntimeError as error:   # refused where the layout matters: named, then
            assert "argument '%s'" % argument['name'] in str(error) and 'contiguous' in str(error)
            continue
        _same_results(expected, arguments)
