"""Shape, indexing, masking, joining, sorting and type changes of Variables.

Two kinds of Function live here:
- views (Index, Transpose, View, Expand, Permute, Squeeze, Unsqueeze, Chunk, Split, Unfold, NoGrad):
  forward returns a new tensor over the input's storage, never a copy, and declares it with
  mark_shared_storage. The output Variable then shares the input's version counter, so an
  in-place change made through either one is seen by every Function that saved the other;
- the rest compute a new tensor, or change their first input in place when built with
  inplace=True (mark_dirty).

Index tensors (LongTensor) and masks (ByteTensor) come in as Variable inputs without a gradient:
backward returns None in their slots. Their backward follows one pattern: the gradient of an
element that the operation picked goes back to where it was picked from; the gradient of an
element that was overwritten goes nowhere.
"""

import numbers

import torch_early
from ..._utils import _wrap_dim
from ..function import Function, InplaceFunction

__all__ = ['Index', 'SetItem', 'NoGrad', 'Transpose', 'View', 'Expand', 'Type', 'Permute',
           'Concat', 'Resize', 'Clone', 'Squeeze', 'Unsqueeze', 'Chunk', 'Split', 'Repeat', 'Unfold',
           'IndexAdd', 'IndexCopy', 'IndexFill', 'IndexSelect', 'MaskedCopy', 'MaskedFill',
           'MaskedSelect', 'Gather', 'Scatter', 'Sort', 'Topk']


def _reshaped(tensor, sizes):
    """`tensor` with other sizes and the same element count (copied first when its memory is
    not contiguous, as view requires)."""
    return tensor.contiguous().view(sizes)


def _zeros(like, sizes):
    return like.new(sizes).zero_()


def _positive_dim(dim, ndim):
    return dim + ndim if dim < 0 else dim


def _sizes(args):
    """Sizes given as ints, f(2, 3), or as one sequence, f(torch_early.Size([2, 3]))."""
    if len(args) == 1 and isinstance(args[0], (tuple, list)):
        args = args[0]
    return tuple(args)


def _size_str(sizes):
    return 'x'.join(str(size) for size in sizes) or '0'


# -- views ---------------------------------------------------------------------------------------

def _one_element_key(key, tensor):
    """The key with its last int made a slice of length 1. An index with an int for every
    dimension gives a Python number on a tensor; on a Variable it gives a one-element view, so
    the result stays in the graph. That last int always addresses the last dimension."""
    items = list(key) if isinstance(key, tuple) else [key]
    last = max(position for position, item in enumerate(items)
               if isinstance(item, numbers.Integral))
    index = items[last]
    if index < 0:
        index += tensor.size(tensor.dim() - 1)
    items[last] = slice(index, index + 1)
    return tuple(items)


class Index(Function):
    """input[index] for an int, a slice (any positive step), None, Ellipsis or a tuple of them:
    a view. Backward puts the gradient into the indexed region of a zero tensor."""

    def __init__(self, index):
        super(Index, self).__init__()
        self.index = index

    def forward(self, i):
        self.input_size = i.size()
        result = i[self.index]
        if not torch_early.is_tensor(result):
            self.index = _one_element_key(self.index, i)
            result = i[self.index]
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        grad_input = _zeros(grad_output, self.input_size)
        grad_input[self.index] = grad_output
        return grad_input


class SetItem(Function):
    """input[index] = value, in place. The value is a number (given here) or the tensor of a
    second Variable input. The overwritten elements of input get no gradient; the value gets
    the gradient of the region it was written to."""

    def __init__(self, index, value=None):
        super(SetItem, self).__init__()
        self.index = index
        self.value = value

    def forward(self, i, value=None):
        if value is None:
            i[self.index] = self.value
        else:
            if not torch_early.is_tensor(i[self.index]):
                # One element, which a Variable holds as a one-element tensor.
                self.index = _one_element_key(self.index, i)
            self.value_size = value.size()
            i[self.index] = value
        self.mark_dirty(i)
        return i

    def backward(self, grad_output):
        grad_input = None
        if self.needs_input_grad[0]:
            grad_input = grad_output.clone()
            grad_input[self.index] = 0
        if len(self.needs_input_grad) == 1:
            return grad_input
        grad_value = None
        if self.needs_input_grad[1]:
            grad_value = _reshaped(grad_output[self.index], self.value_size)
        return grad_input, grad_value


class NoGrad(Function):
    """The input's data under a new Variable that does not require grad: the graph stops (the
    node itself never requires grad, so no backward reaches it)."""

    def _do_forward(self, *input):
        result = super(NoGrad, self)._do_forward(*input)
        self.requires_grad = False
        self.needs_input_grad = (False,) * len(input)
        return result

    def forward(self, i):
        result = i.new(i)
        self.mark_shared_storage((i, result))
        self.mark_non_differentiable(result)
        return result

    def backward(self, grad_output):
        raise RuntimeError("NoGrad has no gradient: its output never requires grad")


class Transpose(Function):
    """input.transpose(dim1, dim2): a view with two dimensions swapped."""

    def __init__(self, *dims):
        super(Transpose, self).__init__()
        self.dims = dims

    def forward(self, i):
        result = i.transpose(*self.dims)
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        return grad_output.transpose(*self.dims)


class View(Function):
    """input.view(*sizes) (ints or one torch_early.Size, one -1 inferred): a view of a
    contiguous input."""

    def __init__(self, *sizes):
        super(View, self).__init__()
        self.sizes = sizes

    def forward(self, i):
        self.input_size = i.size()
        result = i.view(*self.sizes)
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        return _reshaped(grad_output, self.input_size)


class Expand(Function):
    """input.expand(sizes): a view in which dimensions of size 1 repeat (stride 0). Every
    position along an expanded dimension reads the same input element, so backward sums the
    gradient over those dimensions."""

    def __init__(self, sizes):
        super(Expand, self).__init__()
        self.sizes = tuple(sizes)

    def forward(self, i):
        result = i.expand(self.sizes)
        self.input_size = i.size()
        # the input as expand sees it: with leading dimensions of size 1 for the new ones
        aligned = (1,) * (result.dim() - i.dim()) + tuple(i.size())
        self.expanded_dims = [dim for dim, (old, new) in enumerate(zip(aligned, result.size()))
                              if old != new]
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        grad_input = grad_output
        for dim in self.expanded_dims:
            grad_input = grad_input.sum(dim)
        # the new leading dimensions now have size 1: drop them
        if grad_input.dim() != len(self.input_size):
            grad_input = grad_input.contiguous().view(self.input_size)
        return grad_input


class Type(Function):
    """input.type(dest_type): a copy of another tensor type (the input itself when it already
    has that type). The gradient is converted back to the input's type."""

    def __init__(self, dest_type):
        super(Type, self).__init__()
        self.dest_type = dest_type

    def forward(self, i):
        self.input_type = type(i)
        return i.type(self.dest_type)

    def backward(self, grad_output):
        return grad_output.type(self.input_type)


class Permute(Function):
    """input.permute(*dim_indices): a view whose dimension k is input dimension
    dim_indices[k]. Backward applies the inverse permutation."""

    def __init__(self, dim_indices):
        super(Permute, self).__init__()
        self.dim_indices = tuple(dim_indices)

    def forward(self, i):
        result = i.permute(*self.dim_indices)
        self.inverse = [0] * len(self.dim_indices)
        for position, dim in enumerate(self.dim_indices):
            self.inverse[dim] = position
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        return grad_output.permute(*self.inverse)


class Concat(Function):
    """torch_early.cat(inputs, dim) for any number of inputs; each gets back its own slice of
    the gradient."""

    def __init__(self, dim):
        super(Concat, self).__init__()
        self.dim = dim

    def forward(self, *inputs):
        result = torch_early.cat(list(inputs), self.dim)
        self.input_lengths = [i.size(self.dim) for i in inputs]
        return result

    def backward(self, grad_output):
        grads = []
        start = 0
        for length, needed in zip(self.input_lengths, self.needs_input_grad):
            grads.append(grad_output.narrow(self.dim, start, length) if needed else None)
            start += length
        return tuple(grads)


class Resize(Function):
    """The input with other sizes and the same number of elements (a view when the input is
    contiguous, a copy otherwise). Unlike a tensor's resize_, it cannot add or drop elements:
    they would have no gradient."""

    def __init__(self, *sizes):
        super(Resize, self).__init__()
        self.sizes = _sizes(sizes)

    def forward(self, i):
        count = 1
        for size in self.sizes:
            count *= size
        if count != i.numel() or not self.sizes:
            raise RuntimeError("resize of a Variable must keep its number of elements: {} "
                               "(size {}) cannot become size {}".format(
                                   i.numel(), _size_str(i.size()), _size_str(self.sizes)))
        self.input_size = i.size()
        result = i.contiguous().view(self.sizes)
        if i.is_contiguous():
            self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        return _reshaped(grad_output, self.input_size)


class Clone(Function):
    """A copy of the input with its own storage."""

    def forward(self, i):
        return i.clone()

    def backward(self, grad_output):
        return grad_output


class Squeeze(Function):
    """input.squeeze(dim): a view without the size-1 dimension dim (all of them when dim is
    None)."""

    def __init__(self, dim=None):
        super(Squeeze, self).__init__()
        self.dim = dim

    def forward(self, i):
        self.input_size = i.size()
        result = i.squeeze() if self.dim is None else i.squeeze(self.dim)
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        return _reshaped(grad_output, self.input_size)


class Unsqueeze(Function):
    """input.unsqueeze(dim): a view with a new dimension of size 1 at dim (negative dims count
    from the end of the result)."""

    def __init__(self, dim):
        super(Unsqueeze, self).__init__()
        self.dim = dim

    def forward(self, i):
        result = i.unsqueeze(self.dim)
        self.new_dim = _positive_dim(self.dim, result.dim())
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        return grad_output.squeeze(self.new_dim)


class Chunk(Function):
    """input.chunk(num_chunks, dim): a tuple of views, one Variable per chunk. Backward joins
    the chunks' gradients (zeros for a chunk that was not used) along dim."""

    def __init__(self, num_chunks, dim=0):
        super(Chunk, self).__init__()
        self.num_chunks = num_chunks
        self.dim = dim

    def forward(self, i):
        chunks = i.chunk(self.num_chunks, self.dim)
        self.dim = _positive_dim(self.dim, i.dim())
        self.mark_shared_storage(*[(i, chunk) for chunk in chunks])
        return tuple(chunks)

    def backward(self, *grad_outputs):
        return torch_early.cat(list(grad_outputs), self.dim)


class Split(Function):
    """input.split(...): a tuple of views of the given lengths along dim, one Variable per
    piece (lengths that add up to input.size(dim)). Like Chunk, one Function for all the
    pieces: backward joins their gradients once, rather than each piece filling an input-sized
    gradient of zeros."""

    def __init__(self, lengths, dim=0):
        super(Split, self).__init__()
        self.lengths = list(lengths)
        self.dim = dim

    def forward(self, i):
        self.dim = _positive_dim(self.dim, i.dim())
        if sum(self.lengths) != i.size(self.dim):
            raise RuntimeError("split: the lengths {} add up to {}, but dimension {} has size "
                               "{}".format(self.lengths, sum(self.lengths), self.dim,
                                           i.size(self.dim)))
        pieces, start = [], 0
        for length in self.lengths:
            pieces.append(i.narrow(self.dim, start, length))
            start += length
        self.mark_shared_storage(*[(i, piece) for piece in pieces])
        return tuple(pieces)

    def backward(self, *grad_outputs):
        return torch_early.cat(list(grad_outputs), self.dim)


class Repeat(Function):
    """input.repeat(repeats): a copy tiled repeats[d] times along each dimension d (extra
    leading entries add dimensions). Every input element appears once per tile, so backward
    sums the tiles: the gradient is viewed as blocks (r0, s0, r1, s1, ...) and summed over the
    r's."""

    def __init__(self, repeats):
        super(Repeat, self).__init__()
        self.repeats = tuple(repeats)

    def forward(self, i):
        result = i.repeat(self.repeats)
        self.input_size = i.size()
        return result

    def backward(self, grad_output):
        padded = (1,) * (len(self.repeats) - len(self.input_size)) + tuple(self.input_size)
        blocks = []
        for count, size in zip(self.repeats, padded):
            blocks += [count, size]
        grad = _reshaped(grad_output, blocks)
        for dim in range(0, len(blocks), 2):
            grad = grad.sum(dim)
        return _reshaped(grad, self.input_size)


class Unfold(Function):
    """input.unfold(dim, size, step): a view of every window of `size` elements along dim,
    `step` apart, as a new last dimension. Windows overlap when step < size, so backward adds
    each window's gradient into its place, one window at a time."""

    def __init__(self, dim, size, step):
        super(Unfold, self).__init__()
        self.dim = dim
        self.size = size
        self.step = step

    def forward(self, i):
        self.input_size = i.size()
        result = i.unfold(self.dim, self.size, self.step)
        # backward indexes the output, which has one more dimension: count dim from the front
        self.dim = _wrap_dim(self.dim, i.dim())
        self.mark_shared_storage((i, result))
        return result

    def backward(self, grad_output):
        grad_input = _zeros(grad_output, self.input_size)
        windows = grad_input.unfold(self.dim, self.size, self.step)
        for window in range(grad_output.size(self.dim)):
            windows.select(self.dim, window).add_(grad_output.select(self.dim, window))
        return grad_input


# -- indexed and masked operations ----------------------------------------------------------------

def _target(function, tensor):
    """The tensor an InplaceFunction writes into: its input (marked dirty) or a copy."""
    if function.inplace:
        function.mark_dirty(tensor)
        return tensor
    return tensor.clone()


class _IndexWithSource(InplaceFunction):
    """tensor1.<op>_(dim, index, tensor2): tensor2's slices go into tensor1's slices at index.
    tensor2 gets the gradient of those slices; what tensor1 gets depends on the op."""

    op_name = None

    def __init__(self, dim, inplace=False):
        super(_IndexWithSource, self).__init__(inplace)
        self.dim = dim

    def forward(self, tensor1, index, tensor2):
        result = _target(self, tensor1)
        getattr(result, self.op_name + '_')(self.dim, index, tensor2)
        self.save_for_backward(index)
        return result

    def backward(self, grad_output):
        index, = self.saved_tensors
        grad_tensor1 = grad_tensor2 = None
        if self.needs_input_grad[0]:
            grad_tensor1 = self._grad_tensor1(grad_output, index)
        if self.needs_input_grad[2]:
            grad_tensor2 = grad_output.index_select(self.dim, index)
        return grad_tensor1, None, grad_tensor2


class IndexAdd(_IndexWithSource):
    """tensor1.index_add_(dim, index, tensor2): tensor2's slices added to tensor1's slices at
    index. tensor1's gradient passes through unchanged."""

    op_name = 'index_add'

    def _grad_tensor1(self, grad_output, index):
        return grad_output


class IndexCopy(_IndexWithSource):
    """tensor1.index_copy_(dim, index, tensor2): tensor1's slices at index replaced by
    tensor2's (indices should be distinct). The replaced slices of tensor1 get no gradient."""

    op_name = 'index_copy'

    def _grad_tensor1(self, grad_output, index):
        return grad_output.clone().index_fill_(self.dim, index, 0)


class IndexFill(InplaceFunction):
    """tensor.index_fill_(dim, index, value): the slices at index set to a number."""

    def __init__(self, dim, value, inplace=False):
        super(IndexFill, self).__init__(inplace)
        self.dim = dim
        self.value = value

    def forward(self, tensor, index):
        result = _target(self, tensor)
        result.index_fill_(self.dim, index, self.value)
        self.save_for_backward(index)
        return result

    def backward(self, grad_output):
        index, = self.saved_tensors
        grad_tensor = None
        if self.needs_input_grad[0]:
            grad_tensor = grad_output.clone().index_fill_(self.dim, index, 0)
        return grad_tensor, None


class IndexSelect(Function):
    """tensor.index_select(dim, index): the slices at index, copied. A slice picked twice gets
    both gradients (index_add_ sums)."""

    def __init__(self, dim):
        super(IndexSelect, self).__init__()
        self.dim = dim

    def forward(self, tensor, index):
        self.input_size = tensor.size()
        self.save_for_backward(index)
        return tensor.index_select(self.dim, index)

    def backward(self, grad_output):
        index, = self.saved_tensors
        grad_tensor = None
        if self.needs_input_grad[0]:
            grad_tensor = _zeros(grad_output, self.input_size)
            grad_tensor.index_add_(self.dim, index, grad_output)
        return grad_tensor, None


class MaskedCopy(InplaceFunction):
    """tensor1.masked_copy_(mask, tensor2): the elements where mask is 1 replaced, in order, by
    the first elements of tensor2. Those first elements get the gradient of the places they
    went to; the rest of tensor2 gets zero."""

    def forward(self, tensor1, mask, tensor2):
        self.source_size = tensor2.size()
        result = _target(self, tensor1)
        result.masked_copy_(mask, tensor2)
        self.save_for_backward(mask)
        return result

    def backward(self, grad_output):
        mask, = self.saved_tensors
        grad_tensor1 = grad_tensor2 = None
        if self.needs_input_grad[0]:
            grad_tensor1 = grad_output.clone().masked_fill_(mask, 0)
        if self.needs_input_grad[2]:
            grad_tensor2 = _zeros(grad_output, self.source_size)
            picked = grad_output.masked_select(mask)
            if picked.numel() > 0:
                grad_tensor2.view(-1).narrow(0, 0, picked.numel()).copy_(picked)
        return grad_tensor1, None, grad_tensor2


class MaskedFill(InplaceFunction):
    """tensor.masked_fill_(mask, value): the elements where mask is 1 set to a number."""

    def __init__(self, value, inplace=False):
        super(MaskedFill, self).__init__(inplace)
        self.value = value

    def forward(self, tensor, mask):
        result = _target(self, tensor)
        result.masked_fill_(mask, self.value)
        self.save_for_backward(mask)
        return result

    def backward(self, grad_output):
        mask, = self.saved_tensors
        grad_tensor = None
        if self.needs_input_grad[0]:
            grad_tensor = grad_output.clone().masked_fill_(mask, 0)
        return grad_tensor, None


class MaskedSelect(Function):
    """tensor.masked_select(mask): a 1-D copy of the elements where mask is 1, in order."""

    def forward(self, tensor, mask):
        self.input_size = tensor.size()
        self.save_for_backward(mask)
        return tensor.masked_select(mask)

    def backward(self, grad_output):
        mask, = self.saved_tensors
        grad_tensor = None
        if self.needs_input_grad[0]:
            grad_tensor = _zeros(grad_output, self.input_size)
            if grad_output.numel() > 0:
                grad_tensor.masked_copy_(mask, grad_output)
        return grad_tensor, None


def _gather_backward(grad_output, dim, index, input_size):
    """Zeros of input_size into which each element of grad_output is *added* at the position it
    was gathered from. gather may pick one element several times, so scatter_ (which keeps the
    last write) will not do: the positions become offsets into the flattened gradient, and
    index_add_ sums over repeats.

    The offset of position p is the sum over dimensions k of p_k * stride_k, with p_dim
    replaced by index[p]: index * stride_dim, plus, for every other k, the coordinate along k
    (0 .. n_k-1, viewed along k and expanded over the other dimensions) times stride_k."""
    grad_input = _zeros(grad_output, input_size)
    strides = grad_input.stride()
    offsets = index.mul(strides[dim])
    ndim = index.dim()
    for k in range(ndim):
        if k == dim:
            continue
        coordinate_shape = [1] * ndim
        coordinate_shape[k] = index.size(k)
        coordinates = index.new([j * strides[k] for j in range(index.size(k))])
        offsets.add_(coordinates.view(coordinate_shape).expand_as(index))
    grad_input.view(-1).index_add_(0, _reshaped(offsets, [-1]), _reshaped(grad_output, [-1]))
    return grad_input


class Gather(Function):
    """input.gather(dim, index): out[p] = input[p with p_dim replaced by index[p]]."""

    def __init__(self, dim):
        super(Gather, self).__init__()
        self.dim = dim

    def forward(self, tensor, index):
        self.input_size = tensor.size()
        self.save_for_backward(index)
        result = tensor.gather(self.dim, index)
        self.dim = _wrap_dim(self.dim, tensor.dim())   # backward compares it with 0..n-1
        return result

    def backward(self, grad_output):
        index, = self.saved_tensors
        grad_tensor = None
        if self.needs_input_grad[0]:
            grad_tensor = _gather_backward(grad_output, self.dim, index, self.input_size)
        return grad_tensor, None


class Scatter(InplaceFunction):
    """tensor.scatter_(dim, index, source): out[p with p_dim replaced by index[p]] = source[p]
    for every position p of index (indices along dim should be distinct). source may be
    larger than index; its elements outside index's extent are not read and get zero."""

    def __init__(self, dim, inplace=False):
        super(Scatter, self).__init__(inplace)
        self.dim = dim

    def forward(self, tensor, index, source):
        self.source_size = source.size()
        result = _target(self, tensor)
        result.scatter_(self.dim, index, source)
        self.save_for_backward(index)
        return result

    def backward(self, grad_output):
        index, = self.saved_tensors
        grad_tensor = grad_source = None
        if self.needs_input_grad[0]:
            grad_tensor = grad_output.clone().scatter_(self.dim, index, 0)
        if self.needs_input_grad[2]:
            picked = grad_output.gather(self.dim, index)
            if picked.size() == self.source_size:
                grad_source = picked
            else:
                grad_source = _zeros(grad_output, self.source_size)
                corner = grad_source
                for dim, size in enumerate(index.size()):
                    corner = corner.narrow(dim, 0, size)
                corner.copy_(picked)
        return grad_tensor, None, grad_source


# -- sorting ------------------------------------------------------------------------------------

class _MultiSelectionFunction(Function):
    """Base of Sort and Topk: forward returns (values, indices), where values[p] is
    input[p with p_dim replaced by indices[p]] and the indices along dim are distinct. indices
    have no gradient; backward scatters the values' gradient back to the picked positions.
    dim None means the last dimension."""

    def __init__(self, dim):
        super(_MultiSelectionFunction, self).__init__()
        self.dim = dim

    def forward(self, i):
        dim = i.dim() - 1 if self.dim is None else self.dim
        values, indices = self._select(i, dim)
        self.dim = _positive_dim(dim, i.dim())
        self.input_size = i.size()
        self.save_for_backward(indices)
        self.mark_non_differentiable(indices)
        return values, indices

    def backward(self, grad_values, grad_indices=None):
        indices, = self.saved_tensors
        return _zeros(grad_values, self.input_size).scatter_(self.dim, indices, grad_values)

    def _select(self, i, dim):
        raise NotImplementedError


class Sort(_MultiSelectionFunction):
    """input.sort(dim, descending): the values in order along dim, and where they came from."""

    def __init__(self, dim=None, descending=False):
        super(Sort, self).__init__(dim)
        self.descending = descending

    def _select(self, i, dim):
        return i.sort(dim, self.descending)


class Topk(_MultiSelectionFunction):
    """input.topk(k, dim, largest, sorted): the k largest (or smallest) values along dim, and
    where they came from."""

    def __init__(self, k, dim=None, largest=True, sorted=True):
        super(Topk, self).__init__(dim)
        self.k = k
        self.largest = largest
        self.sorted = sorted

    def _select(self, i, dim):
        return i.topk(self.k, dim, self.largest, self.sorted)
