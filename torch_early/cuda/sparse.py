"""torch_early.cuda.sparse: the CUDA sparse tensor classes, as a build without CUDA has them.

Like the dense CUDA classes of torch_early.cuda, they can be named (isinstance checks, type
strings, `torch_early.is_tensor`), but making one needs a GPU, so it raises the error of
`torch_early.cuda._lazy_init`.
"""
import torch_early
from . import _CudaBase
from ..sparse import _SparseBase, _sparse_tensor_classes


class _CudaSparseBase(_CudaBase, _SparseBase):
    is_cuda = True
    is_sparse = True


def _cuda_sparse_tensor_class(name):
    return type(name, (_CudaSparseBase,), {
        '__module__': __name__,
        '__doc__': 'A sparse tensor of {} elements on a CUDA device.'.format(name[:-len('Tensor')]),
        'is_signed': lambda self: name not in ('ByteTensor', 'CharTensor'),
    })


DoubleTensor = _cuda_sparse_tensor_class('DoubleTensor')
FloatTensor = _cuda_sparse_tensor_class('FloatTensor')
LongTensor = _cuda_sparse_tensor_class('LongTensor')
IntTensor = _cuda_sparse_tensor_class('IntTensor')
ShortTensor = _cuda_sparse_tensor_class('ShortTensor')
CharTensor = _cuda_sparse_tensor_class('CharTensor')
ByteTensor = _cuda_sparse_tensor_class('ByteTensor')

_CLASSES = (DoubleTensor, FloatTensor, LongTensor, IntTensor, ShortTensor, CharTensor, ByteTensor)

# Known to torch_early.is_tensor and torch_early.sparse, as the era's were.
_sparse_tensor_classes.update(_CLASSES)
torch_early._tensor_classes.update(_CLASSES)
