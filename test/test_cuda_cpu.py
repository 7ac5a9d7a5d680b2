"""torch_early.cuda and torch_early.backends.cudnn in a build without CUDA.

The module imports and answers "no GPU here"; seeding every device is a no-op (there are none);
everything that would need a device raises the era's AssertionError, saying the build has no CUDA.
"""
import pytest

import torch_early
import torch_early.backends.cudnn
import torch_early.cuda
import torch_early.cuda.comm
from torch_early.autograd import Variable

NO_CUDA = 'not compiled with CUDA'


def test_no_device_is_available():
    assert torch_early.cuda.is_available() is False
    assert torch_early.cuda.device_count() == 0


def test_seeding_every_device_is_a_no_op():
    assert torch_early.cuda.manual_seed_all(123) is None
    assert torch_early.cuda.seed_all() is None


def test_cpu_device_contexts_change_nothing():
    with torch_early.cuda.device(-1):
        pass
    with torch_early.cuda.device_of(torch_early.FloatTensor(2)):
        pass
    torch_early.cuda.set_device(-1)


@pytest.mark.parametrize('call', [
    lambda: torch_early.cuda.current_device(),
    lambda: torch_early.cuda.set_device(0),
    lambda: torch_early.cuda.synchronize(),
    lambda: torch_early.cuda.manual_seed(1),
    lambda: torch_early.cuda.seed(),
    lambda: torch_early.cuda.initial_seed(),
    lambda: torch_early.cuda.get_rng_state(),
    lambda: torch_early.cuda.set_rng_state(torch_early.ByteTensor()),
    lambda: torch_early.cuda.current_stream(),
    lambda: torch_early.cuda.current_blas_handle(),
    lambda: torch_early.cuda.Stream(),
    lambda: torch_early.cuda.Event(),
    lambda: torch_early.cuda.comm.broadcast(torch_early.FloatTensor(2), (0, 1)),
    lambda: torch_early.cuda.comm.reduce_add([torch_early.FloatTensor(2)]),
    lambda: torch_early.cuda.comm.scatter(torch_early.FloatTensor(2), (0, 1)),
    lambda: torch_early.cuda.comm.gather([torch_early.FloatTensor(2)]),
    lambda: torch_early.cuda.FloatTensor(2),
    lambda: torch_early.cuda.LongTensor([1, 2]),
    lambda: torch_early.cuda.ByteStorage(3),
])
def test_anything_that_needs_a_device_says_the_build_has_no_cuda(call):
    with pytest.raises(AssertionError, match=NO_CUDA):
        call()


def test_the_cuda_classes_can_be_named():
    for name in ('Double', 'Float', 'Half', 'Long', 'Int', 'Short', 'Char', 'Byte'):
        tensor_class = getattr(torch_early.cuda, name + 'Tensor')
        storage_class = getattr(torch_early.cuda, name + 'Storage')
        assert tensor_class.is_cuda and storage_class.is_cuda
        assert tensor_class.__name__ == name + 'Tensor'
        assert tensor_class.__module__ == 'torch_early.cuda'
        assert tensor_class.storage_type() is storage_class
        assert tensor_class in torch_early._tensor_classes
        assert storage_class in torch_early._storage_classes
    assert torch_early.cuda.FloatTensor is not torch_early.FloatTensor


def test_cpu_tensors_and_storages():
    x = torch_early.FloatTensor([1, 2])
    assert x.is_cuda is False and x.storage().is_cuda is False
    assert x.is_pinned() is False and x.storage().is_pinned() is False
    assert torch_early.FloatTensor().is_pinned() is False
    assert x.get_device() == -1 and x.storage().get_device() == -1
    storage = x.storage()
    assert x.cpu() is x and storage.cpu() is storage
    for call in (x.cuda, x.pin_memory, x.storage().cuda, x.storage().pin_memory,
                 lambda: x.cuda(0), lambda: x.cuda(**{'async': True})):
        with pytest.raises(AssertionError, match=NO_CUDA):
            call()
    with pytest.raises(TypeError, match="unexpected keyword argument 'device_id'"):
        x.cuda(device_id=0)


def test_variables():
    v = Variable(torch_early.FloatTensor([1, 2]), requires_grad=True)
    assert v.is_cuda is False
    assert v.get_device() == -1
    assert v.is_pinned() is False
    assert v.cpu() is v
    for call in (v.cuda, lambda: v.cuda(1), v.pin_memory):
        with pytest.raises(AssertionError, match=NO_CUDA):
            call()


def test_cudnn_accepts_nothing_without_cuda():
    cudnn = torch_early.backends.cudnn
    assert cudnn.enabled is True and cudnn.benchmark is False
    assert cudnn.lib is None and cudnn.version() is None
    assert cudnn.is_acceptable(torch_early.FloatTensor(2)) is False


def test_a_cuda_default_type_is_refused():
    with pytest.raises(AssertionError, match=NO_CUDA):
        torch_early.set_default_tensor_type('torch.cuda.FloatTensor')
    assert torch_early.Tensor is torch_early.FloatTensor
