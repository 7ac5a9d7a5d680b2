"""torch_early.nn.parallel in a build without GPUs: DataParallel and data_parallel run the module
as it is, parallel_apply runs each module on its own input, and whatever needs a GPU raises the
CPU build's AssertionError."""
import pytest

import torch_early
import torch_early.nn as nn
import torch_early.nn.parallel as dp
from torch_early.autograd import Variable


def linear_and_input():
    torch_early.manual_seed(3)
    return nn.Linear(4, 3).double(), Variable(torch_early.randn(5, 4).double())


def test_data_parallel_with_no_device_runs_the_module():
    module, x = linear_and_input()
    assert dp.data_parallel(module, x, []).data.equal(module(x).data)


def test_data_parallel_module_runs_the_module_and_learns_through_it():
    module, x = linear_and_input()
    wrapped = nn.DataParallel(module)
    assert wrapped.device_ids == [] and wrapped.module is module
    out = wrapped(x)
    assert out.data.equal(module(x).data)
    out.sum().backward()
    assert module.weight.grad is not None
    assert list(wrapped.parameters()) == [module.weight, module.bias]
    assert repr(wrapped).startswith('DataParallel (\n  (module): Linear (4 -> 3)')


def test_parallel_apply_gives_each_module_its_input():
    first, x = linear_and_input()
    second = nn.Linear(4, 3).double()
    y = Variable(torch_early.randn(2, 4).double())
    outputs = dp.parallel_apply([first, second], [x, y])
    assert outputs[0].data.equal(first(x).data)
    assert outputs[1].data.equal(second(y).data)


def test_parallel_apply_raises_what_a_module_raised():
    module, x = linear_and_input()
    with pytest.raises(RuntimeError):
        dp.parallel_apply([module, module], [x, Variable(torch_early.randn(2, 7).double())])
    with pytest.raises(ValueError, match='2 modules but 1 inputs'):
        dp.parallel_apply([module, module], [x])


def test_anything_that_needs_a_gpu_raises_the_cpu_builds_error():
    module, x = linear_and_input()
    for call in (lambda: dp.data_parallel(module, x, [0]), lambda: dp.replicate(module, [0]),
                 lambda: dp.scatter(x, [0, 1]), lambda: dp.gather([x, x], 0)):
        with pytest.raises(AssertionError, match='not compiled with CUDA'):
            call()
    assert dp.replicate(module, []) == [] and dp.scatter(x, []) == [x]
    assert dp.gather([x], 0) is x


def test_data_parallel_takes_the_batch_dimension():
    module = nn.Linear(3, 2)
    parallel = nn.DataParallel(module, device_ids=[], dim=1)
    assert parallel.dim == 1 and parallel.output_device is None
    assert nn.DataParallel(module).dim == 0
    x = Variable(torch_early.randn(4, 3))
    assert parallel(x).data.equal(module(x).data)
    assert dp.data_parallel(module, x, [], dim=1).data.equal(module(x).data)
