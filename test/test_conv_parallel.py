"""The unfolding convolutions (2-D and 3-D; plain, dilated and full) share the images of a batch
among threads (lib/THNN/generic/ConvolutionBatch.c): each thread unfolds and multiplies its own
images in a workspace of one image's columns, and adds the weight gradient of its images to a copy
of its own, the copies summed in a fixed order.

Here every module gives, on two threads, what it gives on one (float tolerance), for batches of 1,
2 and 5 images of odd sizes with padding, stride and dilation; a batch gives what its images give
one at a time; repeated calls give the same bits; gradWeight and gradBias accumulate with their
scale; the workspace holds one image's columns per thread, whatever it held before; and the
argument errors still name the sizes.
"""

import numpy as np
import pytest

import torch_early
from torch_early._thnn import type2backend

TYPES = [torch_early.FloatTensor, torch_early.DoubleTensor]
TOLERANCE = {torch_early.FloatTensor: dict(rtol=2e-4, atol=2e-4),
             torch_early.DoubleTensor: dict(rtol=1e-10, atol=1e-10)}


class Module:
    """One THNN convolution: its image shape, its weight shape, and its three entry points called
    with fresh or given buffers (the buffers are the workspaces the kernels resize)."""

    def __init__(self, name, planes, image, weight, window, full=False, weight_2d=False):
        self.name, self.planes, self.image, self.weight_size = name, planes, image, weight
        self.window, self.full, self.weight_2d = window, full, weight_2d

    def __repr__(self):
        return self.name

    def entry(self, cls, suffix):
        return getattr(type2backend[cls], '%s_%s' % (self.name, suffix))

    def extra_buffer(self, buffer):
        # every entry point but VolumetricConvolutionMM's forward and accGradParameters takes a
        # second buffer (fgradInput, or the era's `ones`), which the kernels leave alone
        return () if self.name == 'VolumetricConvolutionMM' else (buffer.new(),)

    def forward(self, x, w, b, buffer):
        output = x.new()
        self.entry(type(x), 'updateOutput')(None, x, output, w, b, buffer,
                                            *(self.extra_buffer(buffer) + self.window))
        return output

    def backward(self, x, g, w, buffer):
        grad_input = x.new()
        if self.name in ('SpatialConvolutionMM', 'VolumetricConvolutionMM'):
            buffers = (x.new(), buffer)        # finput unused, fgradInput the workspace
        elif self.name == 'VolumetricFullConvolution':
            buffers = (buffer, x.new())        # finput the workspace, fgradInput unused
        else:
            buffers = (buffer,)
        self.entry(type(x), 'updateGradInput')(None, x, g, grad_input, w,
                                               *(buffers + self.window))
        return grad_input

    def accumulate(self, x, g, grad_w, grad_b, buffer, scale=1.0):
        if self.name == 'SpatialConvolutionMM' and buffer.dim() == 0:
            # its accGradParameters follows an updateOutput on the input, as in the era, and
            # refuses a finput that none left: run one first (its output is not looked at)
            self.forward(x, grad_w.clone(), None, buffer)
        self.entry(type(x), 'accGradParameters')(None, x, g, grad_w, grad_b, buffer,
                                                 *(self.extra_buffer(buffer) + self.window
                                                   + (scale,)))

    def tensors(self, cls, batch, seed):
        """input (batch x planes x image, or one image without the batch dimension for batch 0),
        weight, bias."""
        rng = np.random.RandomState(seed)
        size = ((batch,) if batch else ()) + (self.planes,) + self.image
        x = torch_early.from_numpy(rng.uniform(-1, 1, size)).type(cls)
        w = torch_early.from_numpy(rng.uniform(-1, 1, self.weight_size)).type(cls)
        if self.weight_2d:
            w = w.view(w.size(0), -1)
        out_planes = self.weight_size[1] if self.full else self.weight_size[0]
        b = torch_early.from_numpy(rng.uniform(-1, 1, (out_planes,))).type(cls)
        return x, w, b


# Sizes such that a batch of two images is worth sharing (over 100000 multiply-adds), kernels
# larger than 1 with padding, stride and dilation, odd image sizes.
MODULES = [
    Module('SpatialConvolutionMM', 5, (17, 15), (8, 5, 3, 3), (3, 3, 1, 1, 1, 1)),
    Module('SpatialConvolutionMM', 3, (29, 20), (7, 3, 3, 2), (2, 3, 2, 1, 1, 0),
           weight_2d=True),
    Module('SpatialDilatedConvolution', 4, (21, 16), (6, 4, 3, 3), (3, 3, 1, 2, 2, 1, 2, 3)),
    Module('SpatialFullConvolution', 8, (15, 13), (8, 4, 3, 3), (3, 3, 2, 2, 1, 1, 1, 0),
           full=True),
    Module('VolumetricConvolutionMM', 3, (6, 9, 8), (6, 3, 2, 3, 3), (2, 3, 3, 1, 1, 1, 1, 1, 0)),
    Module('VolumetricConvolution', 3, (5, 9, 7), (6, 3, 2, 3, 3), (1, 1, 2, 0, 1, 1)),
    Module('VolumetricDilatedConvolution', 3, (7, 9, 8), (6, 3, 2, 3, 2),
           (2, 2, 3, 1, 2, 1, 1, 0, 1, 2, 1, 2)),
    Module('VolumetricFullConvolution', 8, (4, 6, 5), (8, 3, 2, 3, 3), (2, 1, 2, 0, 1, 1, 1, 0, 1),
           full=True),
]


@pytest.fixture
def threads():
    """Sets the thread count for the test; restores it after."""
    count = torch_early.get_num_threads()
    yield torch_early.set_num_threads
    torch_early.set_num_threads(count)


def everything(module, x, w, b, g, scale=1.0):
    """output, gradInput, gradWeight, gradBias of one call of each entry point."""
    output = module.forward(x, w, b, x.new())
    grad_input = module.backward(x, g, w, x.new())
    grad_w, grad_b = w.new(w.size()).zero_(), b.new(b.size()).zero_()
    module.accumulate(x, g, grad_w, grad_b, x.new(), scale)
    return output, grad_input, grad_w, grad_b


def assert_close(a, b, cls):
    assert a.size() == b.size()
    np.testing.assert_allclose(a.double().numpy(), b.double().numpy(), **TOLERANCE[cls])


def grad_output_for(module, x, w, b, seed):
    size = module.forward(x, w, b, x.new()).size()
    return torch_early.from_numpy(np.random.RandomState(seed).uniform(-1, 1, tuple(size))) \
        .type(type(x))


@pytest.mark.parametrize('cls', TYPES)
@pytest.mark.parametrize('batch', [0, 1, 2, 5])
@pytest.mark.parametrize('module', MODULES, ids=repr)
def test_two_threads_give_what_one_gives(module, batch, cls, threads):
    x, w, b = module.tensors(cls, batch, seed=batch)
    g = grad_output_for(module, x, w, b, seed=10 + batch)
    threads(1)
    serial = everything(module, x, w, b, g, scale=0.75)
    threads(2)
    parallel = everything(module, x, w, b, g, scale=0.75)
    for one, two in zip(serial, parallel):
        assert_close(one, two, cls)


@pytest.mark.parametrize('cls', TYPES)
@pytest.mark.parametrize('module', MODULES, ids=repr)
def test_a_batch_gives_what_its_images_give_one_at_a_time(module, cls, threads):
    threads(2)
    x, w, b = module.tensors(cls, 5, seed=3)
    g = grad_output_for(module, x, w, b, seed=4)
    output, grad_input, grad_w, grad_b = everything(module, x, w, b, g)
    sum_w, sum_b = w.new(w.size()).zero_(), b.new(b.size()).zero_()
    for t in range(5):
        image, grad = x.narrow(0, t, 1), g.narrow(0, t, 1)
        assert_close(module.forward(image, w, b, x.new()), output.narrow(0, t, 1), cls)
        assert_close(module.backward(image, grad, w, x.new()), grad_input.narrow(0, t, 1), cls)
        module.accumulate(image, grad, sum_w, sum_b, x.new())
    assert_close(sum_w, grad_w, cls)
    assert_close(sum_b, grad_b, cls)


@pytest.mark.parametrize('cls', TYPES)
@pytest.mark.parametrize('module', MODULES, ids=repr)
def test_repeated_calls_give_the_same_bits_and_the_gradients_accumulate(module, cls, threads):
    threads(2)
    x, w, b = module.tensors(cls, 5, seed=5)
    g = grad_output_for(module, x, w, b, seed=6)
    first = everything(module, x, w, b, g)
    second = everything(module, x, w, b, g)
    for a, c in zip(first, second):
        assert a.equal(c)
    # accumulated twice with scale 0.5 onto nonzero gradients, through one reused workspace
    grad_w, grad_b = w.clone().fill_(0.25), b.clone().fill_(-0.5)
    buffer = x.new()
    module.accumulate(x, g, grad_w, grad_b, buffer, 0.5)
    module.accumulate(x, g, grad_w, grad_b, buffer, 0.5)
    assert_close(grad_w, first[2].clone().add_(0.25), cls)
    assert_close(grad_b, first[3].clone().add_(-0.5), cls)


@pytest.mark.parametrize('cls', TYPES)
@pytest.mark.parametrize('module', MODULES, ids=repr)
def test_a_strided_input_and_gradient_give_the_contiguous_results(module, cls, threads):
    threads(2)
    x, w, b = module.tensors(cls, 5, seed=7)
    g = grad_output_for(module, x, w, b, seed=8)
    expected = everything(module, x, w, b, g)
    # the same values, the last two dimensions laid out transposed
    strided_x = x.transpose(2, 3).contiguous().transpose(2, 3)
    strided_g = g.transpose(2, 3).contiguous().transpose(2, 3)
    assert not strided_x.is_contiguous() and strided_x.equal(x)
    for a, c in zip(expected, everything(module, strided_x, w, b, strided_g)):
        assert_close(a, c, cls)


def rows_and_positions(module, x, w, b):
    """The columns matrix of one image: rows x positions."""
    output = module.forward(x, w, b, x.new())
    image = x.size()[2:] if not module.full else output.size()[2:]
    positions = output.size()[2:] if not module.full else x.size()[2:]
    kernel = int(np.prod(module.weight_size[2:]))
    assert len(image) == len(positions)
    # the unfolded image's planes: the input's, or the output's for a full convolution
    return module.weight_size[1] * kernel, int(np.prod(positions))


@pytest.mark.parametrize('module', MODULES, ids=repr)
def test_the_workspace_holds_one_image_of_columns_per_thread(module, threads):
    cls = torch_early.DoubleTensor
    x, w, b = module.tensors(cls, 5, seed=9)
    g = grad_output_for(module, x, w, b, seed=1)
    rows, positions = rows_and_positions(module, x, w, b)
    for count in (1, 2):
        threads(count)
        # given too large, too small, or holding anything: resized, and its contents unused
        forward, backward, parameters = x.new(3).fill_(7), x.new(10 ** 6).fill_(7), x.new()
        module.forward(x, w, b, forward)
        module.backward(x, g, w, backward)
        module.accumulate(x, g, w.new(w.size()).zero_(), b.new(b.size()).zero_(), parameters)
        for buffer in (forward, backward, parameters):
            assert buffer.size() == (count, rows, positions)


def test_a_batch_smaller_than_the_threads_uses_one_workspace(threads):
    module = MODULES[0]
    threads(2)
    x, w, b = module.tensors(torch_early.DoubleTensor, 1, seed=2)
    rows, positions = rows_and_positions(module, x, w, b)
    buffer = x.new()
    module.forward(x, w, b, buffer)
    assert buffer.size() == (1, rows, positions)


def test_small_work_stays_on_one_thread_and_is_right(threads):
    """Below the threshold of a parallel loop a batch of 3 tiny images runs serially: the result
    is the plain convolution, worked out by hand for a 1x1 kernel."""
    threads(2)
    backend = type2backend[torch_early.DoubleTensor]
    x = torch_early.DoubleTensor(3, 2, 2, 3).uniform_(-1, 1)
    w = torch_early.DoubleTensor([[[[2.0]], [[-1.0]]]])
    b = torch_early.DoubleTensor([0.5])
    output, finput = x.new(), x.new()
    backend.SpatialConvolutionMM_updateOutput(None, x, output, w, b, finput, x.new(),
                                              1, 1, 1, 1, 0, 0)
    expected = 2 * x.numpy()[:, 0] - x.numpy()[:, 1] + 0.5
    assert np.allclose(output.numpy()[:, 0], expected)
    assert finput.size() == (1, 2, 6)


@pytest.mark.parametrize('module', MODULES, ids=repr)
def test_mis_sized_gradients_are_refused_with_their_sizes(module, threads):
    threads(2)
    cls = torch_early.DoubleTensor
    x, w, b = module.tensors(cls, 5, seed=11)
    g = grad_output_for(module, x, w, b, seed=12)
    short_g = g.narrow(1, 0, g.size(1) - 1).contiguous()
    with pytest.raises(RuntimeError, match='gradOutput should be of size'):
        module.backward(x, short_g, w, x.new())
    with pytest.raises(RuntimeError, match='gradOutput should be of size'):
        module.accumulate(x, short_g, w.new(w.size()).zero_(), b.new(b.size()).zero_(), x.new())
    with pytest.raises(RuntimeError, match='gradBias'):
        module.accumulate(x, g, w.new(w.size()).zero_(), b.new(b.size(0) + 1).zero_(), x.new())
