"""legacy.nn.utils: helpers every legacy module shares: converting a module's tensors to another
type (keeping shared storages shared), clearing buffers, and walking "tables" (nested Python lists
of tensors, Lua's tables) to resize, fill, add and copy them element by element."""
import functools
import numbers

import torch_early

# Only floating tensors change type with their module: index tensors (LongTensor and the other
# integer types a module keeps, such as pooling indices) stay what they are.
_FLOAT_TENSOR_NAMES = ('FloatTensor', 'DoubleTensor', 'HalfTensor')


def tensor_class(type_name):
    """The tensor class a type names: the class itself, or its name in the era's spelling
    ('torch.FloatTensor', 'torch.cuda.FloatTensor') or in ours ('torch_early.FloatTensor')."""
    if type_name in torch_early._tensor_classes:
        return type_name
    if not isinstance(type_name, str):
        raise TypeError("a type must be a tensor class or its name, such as 'torch.FloatTensor', "
                        "not %s" % type(type_name).__name__)
    package, _, path = type_name.partition('.')
    found = torch_early if package in ('torch', 'torch_early') and path else None
    for part in path.split('.'):
        found = getattr(found, part, None)
    if found not in torch_early._tensor_classes:
        raise TypeError('%r names no tensor type' % type_name)
    return found


def normalize_type(type_name):
    """The name tensor.type() gives for the type type_name names: 'torch_early.FloatTensor' (or
    'torch.FloatTensor' while a program runs under torch_early.as_torch)."""
    return torch_early.typename(tensor_class(type_name))


def _is_float_tensor(obj):
    return torch_early.is_tensor(obj) and type(obj).__name__ in _FLOAT_TENSOR_NAMES


def _storage_class(tensor_type):
    """The storage class under a tensor type: torch_early.DoubleStorage for DoubleTensor."""
    return type(tensor_class(tensor_type)().storage())


def _converted_tensor(tensor, tensor_type, tensor_cache):
    """tensor in type tensor_type. Two tensors over one storage become two tensors over one new
    storage (at the same offsets), so weights shared between modules stay shared: tensor_cache
    maps each storage already converted (by its address) to its copy."""
    if tensor.type() == tensor_type:
        return tensor
    if id(tensor) in tensor_cache:
        return tensor_cache[id(tensor)][1]
    storage = tensor.storage()
    if storage is None or storage.size() == 0:
        converted = tensor.type(tensor_type)
    else:
        key = ('storage', storage.data_ptr(), storage.size())
        if key not in tensor_cache:
            tensor_cache[key] = (storage, _storage_class(tensor_type)(storage.size()).copy_(storage))
        converted = torch_early.Tensor().type(tensor_type)
        converted.set_(tensor_cache[key][1], tensor.storage_offset(), tensor.size(), tensor.stride())
    # the original is kept in the cache too, so that its id cannot be reused meanwhile
    tensor_cache[id(tensor)] = (tensor, converted)
    return converted


def recursiveType(param, type_name, tensorCache=None):
    """param converted to type_name: a floating tensor is converted, a list converted element by
    element (in place), a module or criterion converts itself; anything else is returned as it is."""
    from .Module import Module
    from .Criterion import Criterion
    tensor_cache = {} if tensorCache is None else tensorCache
    type_name = normalize_type(type_name)
    if isinstance(param, list):
        for i, element in enumerate(param):
            param[i] = recursiveType(element, type_name, tensor_cache)
    elif isinstance(param, (Module, Criterion)):
        param.type(type_name, tensor_cache)
    elif _is_float_tensor(param):
        param = _converted_tensor(param, type_name, tensor_cache)
    return param


def clear(owner, *names):
    """Empties the named attributes of owner: a tensor gives back its memory (set_() to nothing),
    a list becomes []. Names it does not have are skipped."""
    if len(names) == 1 and isinstance(names[0], (list, tuple)):
        names = names[0]
    for name in names:
        value = getattr(owner, name, None)
        if torch_early.is_tensor(value):
            value.set_()
        elif isinstance(value, list):
            setattr(owner, name, [])
    return owner


def recursiveResizeAs(t1, t2):
    """(t1, t2) with t1 shaped like t2: tables element by element, making t1 a table (or a tensor
    of t2's type) where it is not one. Returns the new t1 and t2."""
    if isinstance(t2, list):
        t1 = t1 if isinstance(t1, list) else []
        while len(t1) > len(t2):
            t1.pop()
        for i, element in enumerate(t2):
            if i < len(t1):
                t1[i], _ = recursiveResizeAs(t1[i], element)
            else:
                t1.append(recursiveResizeAs(None, element)[0])
    elif torch_early.is_tensor(t2):
        t1 = t1 if torch_early.is_tensor(t1) else t2.new()
        t1.resize_as_(t2)
    else:
        raise TypeError('expected a tensor or a table (list) of tensors, but got %s'
                        % type(t2).__name__)
    return t1, t2


def recursiveFill(t, value):
    """Fills every tensor of the table t with value; returns t."""
    if isinstance(t, list):
        for element in t:
            recursiveFill(element, value)
    elif torch_early.is_tensor(t):
        t.fill_(value)
    else:
        raise TypeError('expected a tensor or a table (list) of tensors, but got %s'
                        % type(t).__name__)
    return t


def recursiveAdd(t1, value=1, t2=None):
    """t1 += value * t2, element by element over tables; recursiveAdd(t1, t2) adds t2 itself.
    Returns t1 and t2."""
    if t2 is None:
        value, t2 = 1, value
    if isinstance(t1, list) and isinstance(t2, list):
        for a, b in zip(t1, t2):
            recursiveAdd(a, value, b)
    elif torch_early.is_tensor(t1) and torch_early.is_tensor(t2):
        t1.add_(value, t2)
    else:
        raise TypeError('expected two tensors or two tables (lists) of tensors, but got %s and %s'
                        % (type(t1).__name__, type(t2).__name__))
    return t1, t2


def recursiveCopy(t1, t2):
    """t1 becomes a copy of t2 (a tensor or a table), made where t1 is not of the same kind.
    Returns the new t1."""
    if isinstance(t2, list):
        t1 = t1 if isinstance(t1, list) else []
        del t1[len(t2):]
        for i, element in enumerate(t2):
            if i < len(t1):
                t1[i] = recursiveCopy(t1[i], element)
            else:
                t1.append(recursiveCopy(None, element))
    elif torch_early.is_tensor(t2):
        t1 = t1 if torch_early.is_tensor(t1) else t2.new()
        t1.resize_as_(t2).copy_(t2)
    else:
        raise TypeError('expected a tensor or a table (list) of tensors, but got %s'
                        % type(t2).__name__)
    return t1


def _byte_span(tensor):
    """[first, end) of the bytes a tensor's elements occupy, or None when it has none. Strides are
    never negative, so the first element is at data_ptr()."""
    count = tensor.nelement()
    if count == 0:
        return None
    start = tensor.data_ptr()
    if tensor.is_contiguous():
        return start, start + count * tensor.element_size()
    reach = sum((size - 1) * stride for size, stride in zip(tensor.size(), tensor.stride()))
    return start, start + (reach + 1) * tensor.element_size()


def _spans(obj):
    """The byte spans of every tensor in obj (a tensor, or a table of tables of tensors); anything
    else (numbers, None) holds none."""
    if torch_early.is_tensor(obj):
        span = _byte_span(obj)
        return [span] if span is not None else []
    if isinstance(obj, (list, tuple)):
        return [span for element in obj for span in _spans(element)]
    return []


def sharesMemory(a, b):
    """True when some tensor of a (a tensor or a table) reaches memory that some tensor of b
    reaches."""
    spans_of_a = _spans(a)
    if not spans_of_a:
        return False
    return any(start < other_end and other_start < end
               for start, end in spans_of_a for other_start, other_end in _spans(b))


def freshLike(obj):
    """A new empty tensor of obj's type for a tensor, a table of them for a table; anything else
    as it is."""
    if torch_early.is_tensor(obj):
        return obj.new()
    if isinstance(obj, list):
        return [freshLike(element) for element in obj]
    return obj


def writingApart(method, buffer_name):
    """method, made to give self a fresh `buffer_name` tensor (or table) first when one of its
    arguments shares memory with the one it holds. A module writes its result into that buffer
    while it reads its arguments: fed its own output (m.forward(m.output)) or its own gradInput,
    it would overwrite elements it has not read yet. With a fresh buffer the caller's tensor
    stays as it was; in-place modules, whose output is their input by design, stay in place."""
    @functools.wraps(method)
    def apart(self, *args, **kwargs):
        buffer = getattr(self, buffer_name, None)
        if sharesMemory(buffer, (args, tuple(kwargs.values())) if kwargs else args):
            setattr(self, buffer_name, freshLike(buffer))
        return method(self, *args, **kwargs)
    return apart


def writeApartInSubclass(cls, buffer_of_method):
    """Wraps (writingApart) each method that cls itself defines among buffer_of_method's keys,
    {method name: the buffer it writes}: the Module and Criterion bases call it for every
    subclass, so that every layer, container and criterion, and every way of calling them
    (forward, a container calling updateOutput, ...), reads its arguments intact."""
    for name, buffer_name in buffer_of_method.items():
        method = cls.__dict__.get(name)
        if method is not None:
            setattr(cls, name, writingApart(method, buffer_name))


def averageOf(criterion, total, count, what='the input'):
    """total / count, the average loss of a criterion with sizeAverage: of an empty input there
    is no average, a RuntimeError naming it (sizeAverage=False gives the sum of no losses, 0)."""
    if count == 0:
        raise RuntimeError('%s: %s is empty, and the average of no losses is undefined '
                           '(sizeAverage=False sums them: 0)' % (type(criterion).__name__, what))
    return total / count


def checkSizes(module, **sizes):
    """Each of the sizes (planes, features, kernel widths, strides...) a module is built from
    must be a whole number of at least 1, and so must every number of a size given as a tuple
    (a torch.Size): a TypeError otherwise, or a ValueError, naming the argument (a 0 would
    divide by zero when the weights are drawn, or make an empty tensor)."""
    for name, value in sizes.items():
        for size in value if isinstance(value, (tuple, list)) else (value,):
            if isinstance(size, bool) or not isinstance(size, numbers.Integral):
                raise TypeError('%s: %s must be a whole number, but got %s'
                                % (type(module).__name__, name, type(size).__name__))
            if size < 1:
                raise ValueError('%s: %s must be at least 1, but got %r'
                                 % (type(module).__name__, name, value))


def addSingletonDimension(*args):
    """addSingletonDimension([view,] t, dim): t viewed with a dimension of size 1 inserted before
    dim (0-based), written into view when given (a new tensor otherwise). Returns the view."""
    if len(args) == 3:
        view, t, dim = args
    elif len(args) == 2:
        (t, dim), view = args, args[0].new()
    else:
        raise TypeError('addSingletonDimension([view,] tensor, dim) takes 2 or 3 arguments, '
                        'but got %d' % len(args))
    if not 0 <= dim <= t.dim():
        raise IndexError('dimension %d out of range for a singleton dimension in a %dD tensor'
                         % (dim, t.dim()))
    size = list(t.size())
    stride = list(t.stride())
    size.insert(dim, 1)
    stride.insert(dim, stride[dim] * size[dim + 1] if dim < t.dim() else 1)
    view.set_(t.storage(), t.storage_offset(), torch_early.Size(size), tuple(stride))
    return view


def contiguousView(output, input, *sizes):
    """input viewed with sizes: a view when input is contiguous, else a contiguous copy (kept in
    output, reused from call to call). Returns the view."""
    output = output if torch_early.is_tensor(output) else input.new()
    if input.is_contiguous():
        return input.view(*sizes)
    output.resize_as_(input).copy_(input)
    return output.view(*sizes)
