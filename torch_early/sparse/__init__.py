"""torch_early.sparse: sparse tensors in coordinate (COO) form, as PyTorch 0.1.6 introduced them.

A sparse tensor keeps only the elements that are not zero: `indices()`, a LongTensor with one
column per entry giving its position (nDimensionI x nnz), and `values()`, the nnz values. As in
v0.1.12 the tensor may be hybrid: its last dimensions dense, each value then a block of their
sizes (values() is nnz x those sizes). The same position may appear more than once; its values add
up. `coalesce()` returns the entries sorted with the repeats added up, `contiguous()` (January's
name) does that in place.

    i = torch_early.LongTensor([[0, 1, 1], [2, 0, 2]])
    v = torch_early.FloatTensor([3, 4, 5])
    x = torch_early.sparse.FloatTensor(i, v, torch_early.Size([2, 3]))
    torch_early.mm(x, dense)                       # dense result; also spmm
    torch_early.smm(x, dense)                      # sparse result
    torch_early.addmm(t, x, dense), dense.add(0.5, x), torch_early.saddmm(sparse_t, x, dense)
    torch_early.dsmm(x, dense), torch_early.hsmm(x, dense)   # dense and hybrid products
    x + y, x - y, x * y, x * 2, x / 2, x ** 2, dense.sparse_mask(x)

Each class is a C base type from `_C` (the indices and values live in a THSTensor of lib/THS) plus
the Python mixin `_SparseBase`.
"""
import numbers

import torch_early
from .. import _C
from .._utils import _cuda, _type_argument
from ..tensor import _in_operator_terms


class _SparseBase(object):
    is_cuda = False
    is_sparse = True

    def type(self, new_type=None, **kwargs):
        """type(new_type=None, async=False)

        Without an argument: the dotted type name, e.g. 'torch_early.sparse.FloatTensor'. With a
        sparse type (a class, or its name; 'torch.' accepted): self when it already has that type,
        otherwise a new sparse tensor of that type with the same indices and converted values."""
        new_type = _type_argument(self, new_type, kwargs)
        if new_type is None:
            return torch_early.typename(self)
        if new_type is type(self):
            return self
        if new_type not in _sparse_tensor_classes:
            raise TypeError("a sparse tensor can only be converted to a sparse type, not {} "
                            "(to_dense() gives a dense tensor)".format(torch_early.typename(new_type)))
        if new_type.is_cuda:
            torch_early.cuda._lazy_init()
        values = self.values().type(getattr(torch_early, new_type.__name__))
        return new_type(self.indices(), values, self.size())

    def type_as(self, tensor):
        """This tensor converted to the type of `tensor` (a sparse tensor)."""
        return self.type(type(tensor))

    def cpu(self):
        """Self: a CPU sparse tensor is already on the CPU."""
        return self

    cuda = _cuda

    def double(self):
        return self.type(DoubleTensor)

    def float(self):
        return self.type(FloatTensor)

    def long(self):
        return self.type(LongTensor)

    def int(self):
        return self.type(IntTensor)

    def short(self):
        return self.type(ShortTensor)

    def char(self):
        return self.type(CharTensor)

    def byte(self):
        return self.type(ByteTensor)

    def new(self, *args):
        """A new sparse tensor of this type, made from the same arguments as the constructor:
        new(), new(*sizes), new(indices, values[, size])."""
        return type(self)(*args)

    def t(self):
        """The transpose of a 2-D sparse matrix, as a new sparse tensor."""
        self._check_matrix('t')
        return self.transpose(0, 1)

    def t_(self):
        """Transposes this 2-D sparse matrix in place and returns it."""
        self._check_matrix('t_')
        return self.transpose_(0, 1)

    def _check_matrix(self, name):
        if self.dim() != 2:
            raise RuntimeError("{}() expects a 2D sparse tensor, but got one of size {}".format(
                name, 'x'.join(str(s) for s in self.size()) or '[]'))

    # The operators: + and - with a sparse tensor of the same sizes, * with a number or (element
    # by element) a sparse tensor, / with a number, ** with a number. A dense operand or a number
    # added would make the result dense: those raise TypeError (add to_dense() first).

    def __add__(self, other):
        return _operate(self, 'add', '+', other) if _is_sparse(other) else NotImplemented

    __radd__ = __add__

    def __iadd__(self, other):
        return _operate(self, 'add_', '+=', other) if _is_sparse(other) else NotImplemented

    def __sub__(self, other):
        return _operate(self, 'sub', '-', other) if _is_sparse(other) else NotImplemented

    def __isub__(self, other):
        return _operate(self, 'sub_', '-=', other) if _is_sparse(other) else NotImplemented

    def __mul__(self, other):
        if _is_sparse(other) or _is_number(other):
            return _operate(self, 'mul', '*', other)
        return NotImplemented

    def __rmul__(self, other):
        return self.mul(other) if _is_number(other) else NotImplemented

    def __imul__(self, other):
        if _is_sparse(other) or _is_number(other):
            return _operate(self, 'mul_', '*=', other)
        return NotImplemented

    def __truediv__(self, other):
        return self.div(other) if _is_number(other) else NotImplemented

    __div__ = __truediv__

    def __itruediv__(self, other):
        return self.div_(other) if _is_number(other) else NotImplemented

    __idiv__ = __itruediv__

    def __pow__(self, exponent):
        return self.pow(exponent) if _is_number(exponent) else NotImplemented

    def __neg__(self):
        return self.mul(-1)

    def __repr__(self):
        """The indices and the values, each printed as a dense tensor, then the type and size:
        [torch_early.sparse.FloatTensor of size 3x4]."""
        name = torch_early.typename(self)
        if self.dim() == 0:
            return '[{} with no dimension]\n'.format(name)
        size = 'x'.join(str(s) for s in self.size())
        if self.nnz() == 0:
            return '[{} of size {} with no nonzero elements]\n'.format(name, size)
        return ('\n indices:' + str(self.indices()) + ' values:' + str(self.values()) +
                '[{} of size {}]\n'.format(name, size))

    __str__ = __repr__

    # What a dense tensor does through its elements has no meaning here without to_dense(): say
    # so, rather than give an answer about the object.

    def __bool__(self):
        raise RuntimeError("bool value of a sparse tensor is ambiguous; use x.to_dense() or "
                           "x.nnz()")

    def __iter__(self):
        raise TypeError("iteration over a sparse tensor is not supported; iterate over "
                        "x.to_dense(), or over x.indices() and x.values()")

    def __len__(self):
        raise TypeError("len() of a sparse tensor is not supported; use x.size(0) or x.nnz()")

    def __deepcopy__(self, memo):
        """copy.deepcopy: a clone (indices and values copied), made once per deepcopy call."""
        result = memo.get(id(self))
        if result is None:
            result = memo[id(self)] = self.clone()
        return result

    def __reduce_ex__(self, protocol):
        raise TypeError("sparse tensors cannot be pickled or copied with copy.copy in this "
                        "version; pickle x.indices(), x.values() and x.size(), or use "
                        "copy.deepcopy")


def _operate(left, method, symbol, right):
    """left.<method>(right) for an operator: a type mix is told as the user wrote it,
    "sparse.FloatTensor + sparse.DoubleTensor: ..." (tensor.py's _in_operator_terms)."""
    try:
        return getattr(left, method)(right)
    except TypeError as error:
        raise _in_operator_terms(error, left, symbol, right) from None


def _is_sparse(obj):
    return getattr(obj, 'is_sparse', False) is True


def _is_number(obj):
    return isinstance(obj, numbers.Number) and not isinstance(obj, bool)


class DoubleTensor(_C.SparseDoubleTensorBase, _SparseBase):
    def is_signed(self):
        return True


class FloatTensor(_C.SparseFloatTensorBase, _SparseBase):
    def is_signed(self):
        return True


class LongTensor(_C.SparseLongTensorBase, _SparseBase):
    def is_signed(self):
        return True


class IntTensor(_C.SparseIntTensorBase, _SparseBase):
    def is_signed(self):
        return True


class ShortTensor(_C.SparseShortTensorBase, _SparseBase):
    def is_signed(self):
        return True


class CharTensor(_C.SparseCharTensorBase, _SparseBase):
    def is_signed(self):
        # False, as for the dense CharTensor (a kept quirk of the era).
        return False


class ByteTensor(_C.SparseByteTensorBase, _SparseBase):
    def is_signed(self):
        return False


_sparse_tensor_classes = {
    DoubleTensor, FloatTensor, LongTensor, IntTensor, ShortTensor, CharTensor, ByteTensor,
}

# torch_early.is_tensor knows them, as the era's torch.is_tensor did.
torch_early._tensor_classes.update(_sparse_tensor_classes)

# The C side returns instances of these classes and gives each its `_torch` namespace (of mm,
# smm, saddmm...).
_C._sparse_init()
