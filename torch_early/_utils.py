"""Small helpers shared by the tensor and storage mixins (tensor.py, storage.py) and the printer.

`type()` conversion lives here because tensors and storages share it; the rest are tiny utilities
kept under the historical names (`_range`, `_accumulate`, `_import_dotted_name`).
"""

# `torch_early.range` (a later issue) shadows the builtin inside the package, so modules that need
# the builtin import it under this name.
_range = range


def _import_dotted_name(name):
    """Resolve 'pkg.mod.Attr' to the object it names: import the first component, then walk the
    rest as attributes. A leading 'torch' means torch_early, so 2017 type strings such as
    'torch.FloatTensor' keep working."""
    components = name.split('.')
    if components[0] == 'torch':
        components[0] = 'torch_early'
    obj = __import__(components[0])
    for component in components[1:]:
        obj = getattr(obj, component)
    return obj


def _type(self, new_type=None, **kwargs):
    """type(new_type=None, async=False)

    Without an argument: the dotted type name, e.g. 'torch_early.FloatTensor'.
    With a type (a class, or its name, 'torch.' prefix accepted): the object itself when it already
    has that type, otherwise a new object of that type holding a converted copy of the values.
    `async` exists for compatibility with CUDA code and has no effect on the CPU (it is passed as
    a keyword, which Python 3.7+ only allows through **{'async': ...})."""
    new_type = _type_argument(self, new_type, kwargs)
    if new_type is None:
        return type(self).__module__ + '.' + type(self).__name__
    if new_type is type(self):
        return self
    converted = new_type(self.size())
    converted.copy_(self)
    return converted


def _type_argument(self, new_type, kwargs):
    """The class that type(new_type, async=False) names (None when it names none): a class is
    itself, a name is imported. The only keyword is `async`."""
    unexpected = set(kwargs) - {'async'}
    if unexpected:
        raise TypeError("type() got an unexpected keyword argument '{}'".format(unexpected.pop()))
    if isinstance(new_type, str):
        name = new_type
        try:
            return _import_dotted_name(name)
        except (ImportError, AttributeError):
            raise ValueError("invalid type: '{}'".format(name)) from None
    return new_type


def _cuda(self, device=None, **kwargs):
    """cuda(device=None, async=False)

    This object copied to CUDA device `device` (the current one when None). The CPU classes have
    no GPU to go to in a build without CUDA: the error of torch_early.cuda._lazy_init."""
    unexpected = set(kwargs) - {'async'}
    if unexpected:
        raise TypeError("cuda() got an unexpected keyword argument '{}'".format(unexpected.pop()))
    from . import cuda
    cuda._lazy_init()


def _pin_memory(self):
    """A copy of this CPU object in page-locked memory, which the GPU reads faster; the memory
    comes from CUDA's host allocator, so it needs CUDA."""
    from . import cuda
    cuda._lazy_init()


def _get_device(self):
    """The CUDA device this object lives on; -1 for an object on the CPU."""
    return -1


def _accumulate(iterable, fn=lambda x, y: x + y):
    """Running results of `fn` over `iterable`: _accumulate([1, 2, 3]) -> 1, 3, 6."""
    iterator = iter(iterable)
    try:
        total = next(iterator)
    except StopIteration:
        return
    yield total
    for element in iterator:
        total = fn(total, element)
        yield total


def _flat_values(tensor):
    """The values of `tensor` as a flat list of Python numbers, in row-major order.

    The tensor is first made contiguous and viewed as one dimension, so that element i of the
    list is element i of that view, whatever the original strides were."""
    count = tensor.numel()
    if tensor.dim() == 0 or count == 0:
        return []
    flat = tensor.contiguous().view(count)
    return [flat[i] for i in _range(count)]


def _nest(values, sizes):
    """Cut a flat row-major list into nested lists of the given sizes."""
    if len(sizes) <= 1:
        return list(values)
    step = len(values) // sizes[0] if sizes[0] else 0
    return [_nest(values[i * step:(i + 1) * step], sizes[1:]) for i in _range(sizes[0])]


def _rebuild_tensor(storage, storage_offset, size, stride):
    """A tensor of storage's type set on storage: how the single-stream checkpoints of
    0.1.10-0.1.12 pickle tensors (torch._utils._rebuild_tensor in their files). set_ refuses a
    view that reaches past the storage."""
    import torch_early
    if type(storage) not in torch_early._storage_classes:
        raise TypeError("_rebuild_tensor: a storage is needed, not {}".format(
            type(storage).__name__))
    tensor_class = getattr(torch_early, type(storage).__name__.replace('Storage', 'Tensor'))
    return tensor_class().set_(storage, storage_offset, torch_early.Size(size), tuple(stride))


def _wrap_dim(dim, ndim, extra=0, name='dim'):
    """A dimension of an `ndim`-D tensor as the C functions take it, 0..ndim-1: a negative one
    counts back from the end, -1 being the last, as v0.1.12 did. With extra=1 it is a position to
    insert a new dimension at (stack, unsqueeze: 0..ndim, -1 appending). The Python side's twin of
    the C wrappers' THPUtils_wrapDim; out of range is an IndexError naming the valid range."""
    count = ndim + extra
    if count == 0:
        return dim  # a tensor without dimensions: the C function reports it
    if not -count <= dim < count:
        raise IndexError("argument '{}': dimension {} out of range of {}D tensor (expected a "
                         "dimension from {} to {})".format(name, dim, ndim, -count, count - 1))
    return dim + count if dim < 0 else dim
