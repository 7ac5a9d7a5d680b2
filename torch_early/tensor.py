"""The Python half of every tensor class.

`torch_early.FloatTensor` is `(_C.FloatTensorBase, _TensorBase)`: the C base type holds the data
and the generated methods (`add`, `narrow`, `set_`, ...); this mixin adds what is easier said in
Python on top of them: shape views (`view`, `expand`, `permute`), type conversion, printing,
iteration, copying and pickling, and the operators (`a + b` calls `a.add(b)`, `a ** 2` calls
`a.pow(2)`, `a % b` calls `a.remainder(b)`).

A view is a new tensor object over the same storage with its own offset, sizes and strides; it is
built with `set_(storage, offset, sizes, strides)`, which is how every method here makes one.
"""
import operator

import torch_early
from . import _release, _tensor_str
from ._utils import (_type, _cuda, _pin_memory, _get_device, _flat_values, _nest, _range,
                     _rebuild_tensor)


def _sizes_from_args(args):
    """Sizes given as separate ints, f(2, 3), or as one sequence, f(torch_early.Size([2, 3]))."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = args[0]
    return tuple(operator.index(size) for size in args)


def _sizes_of(tensor, method):
    """The sizes of `tensor`, the argument of view_as and expand_as (a TypeError for a non-tensor)."""
    size = getattr(tensor, 'size', None)
    if not callable(size):
        raise TypeError("{}() expects a tensor, but got {}".format(method,
                                                                  torch_early.typename(tensor)))
    return size()


def _size_str(sizes):
    return 'x'.join(str(size) for size in sizes) if len(sizes) > 0 else '0'


def _restride(tensor, sizes, strides=None):
    """A view of `tensor`'s storage at the same offset with new sizes (and strides; contiguous
    strides when not given)."""
    result = tensor.new()
    sizes = torch_early.Size(sizes)
    if strides is None:
        result.set_(tensor.storage(), tensor.storage_offset(), sizes)
    else:
        result.set_(tensor.storage(), tensor.storage_offset(), sizes, tuple(strides))
    return result


def _mm(mat1, mat2):
    """mat1 @ mat2 for two matrices: addmm into a zeroed result, 0 + 1 * mat1 @ mat2."""
    result = mat1.new(mat1.size(0), mat2.size(1)).zero_()
    result.addmm_(mat1, mat2)
    return result


class _TensorBase(object):
    is_cuda = False
    is_sparse = False

    def new(self, *args, **kwargs):
        """A new tensor of the same type; the arguments are those of the constructor."""
        return self.__class__(*args, **kwargs)

    # ---- type conversion ----------------------------------------------------------------------

    type = _type

    def type_as(self, tensor):
        """This tensor converted to the type of `tensor` (itself when it already has it)."""
        if not callable(getattr(tensor, 'type', None)):
            raise TypeError("type_as() expects a tensor, but got {}".format(
                torch_early.typename(tensor)))
        return self.type(tensor.type())

    def cpu(self):
        """This tensor on the CPU: itself, as every torch_early tensor lives there."""
        return self.type(getattr(torch_early, self.__class__.__name__))

    cuda = _cuda
    get_device = _get_device
    pin_memory = _pin_memory

    def is_pinned(self):
        """Whether the memory of this tensor is page-locked (see pin_memory)."""
        return self.storage().is_pinned()

    def share_memory_(self):
        """Moves this tensor's storage into shared memory (see Storage.share_memory_), so that
        processes it is sent to, or that inherit it, work on the same memory. Returns self."""
        self.storage().share_memory_()
        return self

    def is_shared(self):
        """Whether this tensor's storage is in shared memory."""
        return self.storage().is_shared()

    def _cast(self, name):
        return self.type(self.__module__ + '.' + name)

    def double(self):
        """This tensor as a DoubleTensor."""
        return self._cast('DoubleTensor')

    def float(self):
        """This tensor as a FloatTensor."""
        return self._cast('FloatTensor')

    def half(self):
        """This tensor as a HalfTensor."""
        return self._cast('HalfTensor')

    def long(self):
        """This tensor as a LongTensor."""
        return self._cast('LongTensor')

    def int(self):
        """This tensor as an IntTensor."""
        return self._cast('IntTensor')

    def short(self):
        """This tensor as a ShortTensor."""
        return self._cast('ShortTensor')

    def char(self):
        """This tensor as a CharTensor."""
        return self._cast('CharTensor')

    def byte(self):
        """This tensor as a ByteTensor."""
        return self._cast('ByteTensor')

    # ---- views ------------------------------------------------------------------------------

    def view(self, *sizes):
        """A view with other sizes and the same elements, in the same order.

        Sizes are ints or one torch_early.Size; one of them may be -1, and is then inferred from
        the number of elements. The tensor must be contiguous."""
        sizes = _sizes_from_args(sizes)
        numel = self.numel()
        if sizes.count(-1) > 1:
            raise RuntimeError("view: only one dimension can be inferred (given sizes: {})"
                               .format(_size_str(sizes)))
        if -1 in sizes:
            known = 1
            for size in sizes:
                if size != -1:
                    known *= size
            if known != 0 and numel % known == 0:
                sizes = tuple(numel // known if size == -1 else size for size in sizes)
        count = 1 if sizes else 0
        for size in sizes:
            count *= size
        if count != numel:
            raise RuntimeError("view of size '{}' is invalid for input of size '{}'".format(
                _size_str(sizes), _size_str(self.size())))
        if not self.is_contiguous():
            raise ValueError("input should be contiguous")
        if numel == 0:
            return self.new()
        return _restride(self, sizes)

    def view_as(self, tensor):
        """A view with the sizes of `tensor`."""
        return self.view(_sizes_of(tensor, 'view_as'))

    def expand(self, *sizes):
        """A view in which each dimension of size 1 is repeated to the given size, without copying:
        its stride becomes 0, so every index along it reads the same element.

        Sizes are ints or one torch_early.Size. There may be more of them than the tensor has
        dimensions: the tensor is then first seen with leading dimensions of size 1, so a tensor
        of size 3 expands to 2 x 3. A size of -1 keeps that dimension's size."""
        sizes = _sizes_from_args(sizes)
        if self.dim() == 0:
            raise ValueError("cannot expand an empty tensor")
        new_dims = len(sizes) - self.dim()
        if new_dims < 0:
            raise ValueError("the number of sizes provided ({}) must be at least the number of "
                             "dimensions of the tensor ({})".format(len(sizes), self.dim()))
        old_sizes = [1] * new_dims + list(self.size())
        # A new leading dimension of size 1 gets the stride unsqueeze(0) would give it: the size
        # times the stride of the tensor's first dimension (the new ones in between have size 1).
        leading_stride = self.size(0) * self.stride(0)
        strides = [leading_stride] * new_dims + list(self.stride())
        new_sizes = []
        for d, (old, new) in enumerate(zip(old_sizes, sizes)):
            if new == -1:
                new = old
            if new != old:
                if old != 1:
                    raise ValueError("incorrect size: only supporting singleton expansion "
                                     "(size=1): cannot expand dimension {} of size {} to {}"
                                     .format(d, old, new))
                strides[d] = 0
            new_sizes.append(new)
        return _restride(self, new_sizes, strides)

    def expand_as(self, tensor):
        """The expansion of this tensor to the sizes of `tensor`."""
        return self.expand(_sizes_of(tensor, 'expand_as'))

    def repeat(self, *sizes):
        """A new tensor holding this one tiled `sizes[d]` times along each dimension d.

        Extra leading entries in `sizes` add leading dimensions. The copy is made by viewing the
        result as blocks (r0, s0, r1, s1, ...) and copying into it the source, viewed as
        (1, s0, 1, s1, ...) and expanded over the r's."""
        repeats = _sizes_from_args(sizes)
        if len(repeats) < self.dim():
            raise ValueError('Number of dimensions of repeat dims can not be smaller than number '
                             'of dimensions of tensor')
        src_sizes = (1,) * (len(repeats) - self.dim()) + tuple(self.size())
        result = self.new(torch_early.Size([s * r for s, r in zip(src_sizes, repeats)]))
        if result.numel() == 0:
            return result
        src_blocks, out_blocks = [], []
        for size, count in zip(src_sizes, repeats):
            src_blocks += [1, size]
            out_blocks += [count, size]
        source = self.contiguous().view(*src_blocks).expand(*out_blocks)
        result.view(*out_blocks).copy_(source)
        return result

    def permute(self, *dims):
        """A view with the dimensions reordered: dimension i of the result is dimension dims[i]
        of this tensor (sizes and strides are permuted; nothing is copied).

        Anything but a permutation of all the dimensions is an AssertionError, the type the
        first releases raised (their check was an assert); it is raised explicitly here, so that
        it holds under python -O too."""
        dims = _sizes_from_args(dims)
        if sorted(dims) != list(_range(self.dim())):
            raise AssertionError("invalid permutation: permute expects each of the dimensions "
                                 "0..{} of the tensor once, got {}".format(self.dim() - 1, dims))
        sizes, strides = self.size(), self.stride()
        return _restride(self, [sizes[d] for d in dims], [strides[d] for d in dims])

    def split(self, split_size, dim=0):
        """Views of `split_size` slices each along `dim` (see torch_early.split)."""
        return torch_early.split(self, split_size, dim)

    def chunk(self, n_chunks, dim=0):
        """`n_chunks` views of equal size along `dim` (see torch_early.chunk)."""
        return torch_early.chunk(self, n_chunks, dim)

    def unbind(self, dim=0):
        """The slices along `dim` as a tuple of views (see torch_early.unbind)."""
        return torch_early.unbind(self, dim)

    # ---- Python protocols -------------------------------------------------------------------

    def tolist(self):
        """The values as nested Python lists (numbers for a 1-D tensor, [] for an empty one)."""
        if self.dim() == 0:
            return []
        return _nest(_flat_values(self), list(self.size()))

    def __iter__(self):
        # Along dimension 0: sub-tensors (views), or Python numbers for a 1-D tensor.
        if self.dim() == 0:
            return iter(())
        return (self[i] for i in _range(self.size(0)))

    def __repr__(self):
        return _tensor_str._str(self)

    __str__ = __repr__

    def __bool__(self):
        """False when empty, the truth of the element when there is one (as in v0.1.12: the
        result of comparing two one-element tensors can stand in an `if`; ambiguous under the
        rules of 0.1.6-0.1.9, torch_early._release), ambiguous otherwise."""
        if self.numel() == 0:
            return False
        if self.numel() == 1 and not _release.before_0_1_10():
            return bool(self.contiguous().view(1)[0])
        raise RuntimeError("bool value of non-empty " + torch_early.typename(self) +
                           " objects is ambiguous")

    def __hash__(self):
        # By identity: == compares element-wise, so tensors cannot hash by value.
        return id(self)

    # ---- comparisons: element-wise, giving ByteTensors of 0s and 1s ----------------------------

    def __eq__(self, other):
        return self.eq(other)

    def __ne__(self, other):
        return self.ne(other)

    def __lt__(self, other):
        return self.lt(other)

    def __le__(self, other):
        return self.le(other)

    def __gt__(self, other):
        return self.gt(other)

    def __ge__(self, other):
        return self.ge(other)

    # ---- ByteTensors as masks: &, |, ^ and ~ ----------------------------------------------------
    # Nonzero counts as true and the results are 0s and 1s, so masks made by comparisons combine:
    # (a > 0) & (a < 5). The other tensor types have no truth values: a RuntimeError, the type the
    # first releases raised.

    def _mask_operands(self, other, symbol):
        if type(self).__name__ != 'ByteTensor' or (
                other is not None and type(other).__name__ != 'ByteTensor'):
            raise RuntimeError("logical operations are supported on ByteTensors only, but {} "
                               "got '{}'{}".format(symbol, torch_early.typename(self),
                                                   '' if other is None else " and '{}'".format(
                                                       torch_early.typename(other))))

    def __and__(self, other):
        self._mask_operands(other, '&')
        return self._logical_and(other)

    def __or__(self, other):
        self._mask_operands(other, '|')
        return self._logical_or(other)

    def __xor__(self, other):
        self._mask_operands(other, '^')
        return self._logical_xor(other)

    def __iand__(self, other):
        self._mask_operands(other, '&=')
        return self._logical_and_(other)

    def __ior__(self, other):
        self._mask_operands(other, '|=')
        return self._logical_or_(other)

    def __ixor__(self, other):
        self._mask_operands(other, '^=')
        return self._logical_xor_(other)

    def __invert__(self):
        self._mask_operands(None, '~')
        return self._logical_not()

    def __deepcopy__(self, memo):
        """A copy with its own storage. Tensors that shared a storage before share the copied one
        after, within one deepcopy call: copied storages are remembered in memo['torch']."""
        table = memo.setdefault('torch', {})
        key = _tensor_key(self)
        if key in table:
            return table[key]
        result = self.new()
        result.set_(self.storage().__deepcopy__(memo), self.storage_offset(), self.size(),
                    tuple(self.stride()))
        table[key] = result
        return result

    def __copy__(self):
        """copy.copy: a new tensor on the same storage, as in v0.1.12 (a copy of the elements
        under the rules of 0.1.6-0.1.9, torch_early._release)."""
        if _release.before_0_1_10():
            return self.clone()
        return self.new().set_(self)

    def __reduce__(self):
        # As in 0.1.10-0.1.12: rebuilt on its storage. Under save the storage is a persistent
        # id, so tensors that shared a storage share it again when loaded; a plain pickle copies
        # each tensor's storage (by the storage's own reduce). set_ first checks that the
        # tensor lies inside its storage (which may have shrunk under it): refused here, as every
        # read is, rather than a pickle that cannot load.
        self.new().set_(self)
        return _rebuild_tensor, (self.storage(), self.storage_offset(), tuple(self.size()),
                                 self.stride())

    # ---- operators --------------------------------------------------------------------------

    def __add__(self, other):
        try:
            return self.add(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '+', other) from None

    __radd__ = __add__

    def __iadd__(self, other):
        try:
            return self.add_(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '+=', other) from None

    def __sub__(self, other):
        try:
            return self.sub(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '-', other) from None

    def __isub__(self, other):
        try:
            return self.sub_(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '-=', other) from None

    def __rsub__(self, other):
        # other - self, with `other` a number: a tensor filled with it, minus self.
        return self.new().resize_as_(self).fill_(other).sub_(self)

    def __mul__(self, other):
        try:
            return self.mul(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '*', other) from None

    __rmul__ = __mul__

    def __imul__(self, other):
        try:
            return self.mul_(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '*=', other) from None

    def __truediv__(self, other):
        try:
            return self.div(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '/', other) from None

    def __itruediv__(self, other):
        try:
            return self.div_(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '/=', other) from None

    def __rtruediv__(self, other):
        # other / self, with `other` a number: a tensor filled with it, divided by self.
        return self.new().resize_as_(self).fill_(other).div_(self)

    # The Python 2 names, which 2017 code may still call directly.
    __div__ = __truediv__
    __idiv__ = __itruediv__
    __rdiv__ = __rtruediv__

    def __neg__(self):
        # The signed types and the floating-point ones have neg (ByteTensor has none).
        return self.neg()

    def __abs__(self):
        return self.abs()

    def __pow__(self, other):
        try:
            return self.pow(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '**', other) from None

    def __ipow__(self, other):
        try:
            return self.pow_(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '**=', other) from None

    def __rpow__(self, other):
        # other ** self, with `other` a number: the scalar-base form of pow.
        return torch_early.pow(other, self)

    def __mod__(self, other):
        # Python's %: the remainder takes the sign of the divisor.
        try:
            return self.remainder(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '%', other) from None

    def __imod__(self, other):
        try:
            return self.remainder_(other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '%=', other) from None

    def __matmul__(self, other):
        """self @ other for vectors and matrices: dot product, matrix-vector or matrix product."""
        if not isinstance(other, _TensorBase):
            return NotImplemented
        try:
            return _matmul(self, other)
        except TypeError as error:
            raise _in_operator_terms(error, self, '@', other) from None


def _matmul(self, other):
    """self @ other, both tensors."""
    dim_self, dim_other = self.dim(), other.dim()
    if dim_self == 1 and dim_other == 1:
        return self.dot(other)
    if dim_self == 2 and dim_other == 2:
        return _mm(self, other)
    if dim_self == 2 and dim_other == 1:
        return _mm(self, other.unsqueeze(1)).squeeze(1)
    if dim_self == 1 and dim_other == 2:
        return _mm(self.unsqueeze(0), other).squeeze(0)
    raise ValueError("both arguments to __matmul__ need to be 1D or 2D, "
                     "but they are {}D and {}D".format(dim_self, dim_other))


def _in_operator_terms(error, left, symbol, right):
    """The TypeError of `left <symbol> right`. A type mix, which the C wrapper tells as the method
    call it received ("FloatTensor.add(DoubleTensor): both tensors must be of one type; ...",
    with that call in the error's `type_mix` attribute, see csrc/TypeMix.h), is told as the user
    wrote it: "FloatTensor + DoubleTensor: both tensors ...". Any other error is returned as it
    was."""
    call = getattr(error, 'type_mix', None)
    message = str(error)
    if call is None or not message.startswith(call):
        return error
    written = '{} {} {}'.format(_short_typename(left), symbol, _short_typename(right))
    rewritten = TypeError(written + message[len(call):])
    rewritten.type_mix = written
    return rewritten


def _short_typename(obj):
    """'FloatTensor' for a torch_early.FloatTensor, 'sparse.FloatTensor' for a sparse one."""
    name = torch_early.typename(obj)
    package = torch_early._C._public_name() + '.'
    return name[len(package):] if name.startswith(package) else name


def _tensor_key(tensor):
    """What identifies a tensor in a deepcopy memo: its C object when exposed (`_cdata`), else its
    place in memory (storage, offset, sizes, strides), which two objects for one tensor share."""
    cdata = getattr(tensor, '_cdata', None)
    if cdata is not None:
        return ('tensor', cdata)
    storage = tensor.storage()
    if storage.data_ptr() == 0:
        return ('tensor', id(tensor))
    return ('tensor', type(tensor).__name__, storage.data_ptr(), tensor.storage_offset(),
            tuple(tensor.size()), tuple(tensor.stride()))


def _as_float(value):
    """A HalfTensor operand as a FloatTensor; anything else (a number, a mask) as it is."""
    return value.float() if isinstance(value, torch_early.HalfTensor) else value


def _through_float(name, returns_half):
    """A HalfTensor method computed by FloatTensor's `name` on converted operands, the result
    converted back when `returns_half` (and when it is a FloatTensor)."""
    def method(self, *args):
        result = getattr(self.float(), name)(*[_as_float(arg) for arg in args])
        if returns_half and torch_early.is_tensor(result):
            return result.half()
        if returns_half and isinstance(result, tuple):  # (values, indices) along a dim
            return (result[0].half(),) + result[1:]
        return result
    method.__name__ = name
    method.__doc__ = "{}(), computed in float and rounded to half.".format(name)
    return method


class _HalfTensorMixin(object):
    """The few operations v0.1.12's tests make on a CPU HalfTensor (comparing two of them:
    a != b, a - b, abs(), max(), masked assignment). Half storage has no arithmetic of its own in
    TH (it stores and converts); these convert to float, compute there, and round back."""

    # comparisons give a ByteTensor, as for every type
    eq = _through_float('eq', returns_half=False)
    ne = _through_float('ne', returns_half=False)
    lt = _through_float('lt', returns_half=False)
    le = _through_float('le', returns_half=False)
    gt = _through_float('gt', returns_half=False)
    ge = _through_float('ge', returns_half=False)
    # arithmetic gives a HalfTensor (max() and sum() of everything: a Python number)
    add = _through_float('add', returns_half=True)
    sub = _through_float('sub', returns_half=True)
    mul = _through_float('mul', returns_half=True)
    div = _through_float('div', returns_half=True)
    abs = _through_float('abs', returns_half=True)
    neg = _through_float('neg', returns_half=True)
    max = _through_float('max', returns_half=True)
    min = _through_float('min', returns_half=True)
    sum = _through_float('sum', returns_half=True)

    def __getitem__(self, key):
        if isinstance(key, torch_early.ByteTensor):
            return self.float()[key].half()
        return super(_HalfTensorMixin, self).__getitem__(key)

    def __setitem__(self, key, value):
        if isinstance(key, torch_early.ByteTensor):
            as_float = self.float()
            as_float[key] = _as_float(value)
            self.copy_(as_float)
            return
        super(_HalfTensorMixin, self).__setitem__(key, value)
