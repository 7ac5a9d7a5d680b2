"""The training path was trimmed of Python work (issue 27): one pass over a Function's inputs,
THNN Functions that read their header's argument names once, no same-size views in ConvNd and
Dropout, _pair's common cases first, the engine's classes looked up once. These tests hold the
behaviours those shortcuts could break: the graph a Function records, hooks, volatile, the graph
freed after backward, buffers kept per Function, 1-D convolutions' sizes, and the size helpers.
"""

import gc
import weakref

import pytest

import torch_early
import torch_early.nn as nn
import torch_early.nn.functional as F
from torch_early.autograd import Variable, gradcheck
from torch_early.nn.modules.utils import _pair, _triple
from torch_early.nn._functions.thnn import auto


def leaf(*sizes, requires_grad=True):
    return Variable(torch_early.DoubleTensor(*sizes).uniform_(-1, 1), requires_grad=requires_grad)


def test_a_function_records_its_inputs_in_order():
    a, b = leaf(2, 3), leaf(2, 3, requires_grad=False)
    made = a * 2
    out = made + b
    fn = out.creator
    assert fn.needs_input_grad == (True, False)
    assert fn.requires_grad is True
    assert fn.previous_functions == ((made.creator, 0), (b, 0))
    assert out.requires_grad


def test_a_volatile_input_records_no_graph():
    a, b = leaf(2), Variable(torch_early.DoubleTensor(2).fill_(1), volatile=True)
    out = a + b
    assert out.volatile and not out.requires_grad and out.creator is None


def test_a_non_variable_input_is_refused_with_the_function_name():
    with pytest.raises(TypeError, match="Threshold expects Variables as inputs, but got "
                                        "DoubleTensor"):
        F.relu(torch_early.DoubleTensor(2))


def test_the_graph_is_freed_after_backward():
    layer = nn.Linear(3, 2).double()
    x = leaf(4, 3)
    out = F.relu(layer(x)).sum()
    creator = weakref.ref(out.creator)
    out.backward()
    del out
    gc.collect()
    assert creator() is None


def test_hooks_still_fire_on_the_training_path():
    conv = nn.Conv2d(1, 2, 3).double()
    seen = []
    conv.register_forward_hook(lambda m, i, o: seen.append('forward'))
    conv.register_backward_hook(lambda m, gi, go: seen.append('module backward'))
    x = leaf(1, 1, 5, 5)
    x.register_hook(lambda g: seen.append('input grad'))
    h = conv(x)
    h.register_hook(lambda g: seen.append('output grad'))
    F.max_pool2d(F.relu(h), 2).sum().backward()
    assert seen == ['forward', 'output grad', 'module backward', 'input grad']


def test_a_function_hook_may_replace_the_gradient():
    x = leaf(3)
    y = F.relu(x + 10)
    y.creator.register_hook(lambda grad_input, grad_output: (grad_input[0] * 0 + 7,))
    y.sum().backward()
    assert x.grad.data.tolist() == [7, 7, 7]


def test_thnn_function_buffers_are_made_once_and_reused():
    fn = auto.LogSoftmax()
    x = leaf(2, 3)
    y = fn(x)
    buffers = dict(fn.buffers)
    y.sum().backward()
    assert fn.buffers == buffers


def test_thnn_function_configuration_is_converted_and_counted():
    fn = auto.Threshold(0, 0, False)
    assert fn.config == {'threshold': 0.0, 'val': 0.0, 'inplace': False}
    assert type(fn.config['threshold']) is float
    with pytest.raises(TypeError, match=r"Threshold\(\) takes 3 configuration argument\(s\) "
                                        r"\(threshold, val, inplace\), but got 1"):
        auto.Threshold(0)


def test_inplace_thnn_function_leaves_the_callers_gradient_alone():
    x = leaf(4)
    y = F.relu(x * 1, inplace=True)
    grad = torch_early.DoubleTensor(4).fill_(2)
    y.backward(grad)
    assert grad.tolist() == [2, 2, 2, 2]


def test_criterion_with_a_weight_of_another_type_is_refused():
    x, target = leaf(2, 3), Variable(torch_early.LongTensor([0, 2]))
    with pytest.raises(TypeError, match="the weight is a FloatTensor, but the input is a "
                                        "DoubleTensor"):
        F.nll_loss(F.log_softmax(x), target, weight=torch_early.FloatTensor(3).fill_(1))


def test_dropout_mask_and_feature_dropout_spread():
    torch_early.manual_seed(3)
    x = leaf(4, 6)
    y = F.dropout(x, 0.5, training=True)
    kept = y.data.ne(0)
    assert y.data[kept].eq(x.data[kept] * 2).all()
    y.sum().backward()
    assert x.grad.data.tolist() == (kept.double() * 2).tolist()
    z = leaf(2, 3, 4, 4)
    out = nn.Dropout2d(0.5)(z)              # a module is in training mode when made
    for sample in range(2):
        for channel in range(3):
            plane = out.data[sample][channel]
            assert plane.eq(0).all() or plane.ne(0).all()


@pytest.mark.parametrize('groups', [1, 2])
def test_conv1d_and_conv2d_sizes_and_gradients(groups):
    x1, w1, b1 = leaf(2, 4, 7), leaf(6, 4 // groups, 3), leaf(6)
    y1 = F.conv1d(x1, w1, b1, groups=groups)
    assert y1.size() == (2, 6, 5)
    assert gradcheck(lambda x, w, b: F.conv1d(x, w, b, groups=groups), (x1, w1, b1),
                     eps=1e-6, atol=1e-5)
    x2, w2 = leaf(1, 4, 5, 4), leaf(2, 4 // groups, 2, 3)
    assert F.conv2d(x2, w2, groups=groups).size() == (1, 2, 4, 2)
    assert gradcheck(lambda x, w: F.conv2d(x, w, groups=groups), (x2, w2), eps=1e-6,
                     atol=1e-5)


def test_conv_gradients_have_the_sizes_of_non_contiguous_inputs():
    x = leaf(5, 5, 3, 2).transpose(0, 3)        # 2 x 5 x 3 x 5, not contiguous
    w = leaf(3, 5, 2, 2)
    F.conv2d(x, w).sum().backward()
    assert w.grad.size() == w.size()


def test_pair_and_triple_keep_every_form():
    assert _pair(3) == (3, 3) and _triple(2) == (2, 2, 2)
    size = (2, 5)
    assert _pair(size) is size
    assert _pair([1, 4]) == (1, 4)
    assert _pair(torch_early.Size([3, 2])) == (3, 2)
    assert type(_pair(torch_early.Size([3, 2]))) is tuple
    assert _pair(2.5) == (2.5, 2.5)
    assert _pair(True) == (True, True)
    assert _pair(None) == (None, None)
