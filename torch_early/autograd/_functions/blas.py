"""Matrix and vector products: addmm, addbmm, baddbmm, addmv, addr, dot.

Each add-form computes alpha * add_tensor + beta * (product). Note the historical naming: in
these Functions `alpha` scales the tensor being added and `beta` the product, the other way round
from the tensor methods (`m.addmm(beta, alpha, mat1, mat2)`); Variable's methods translate.
The plain products mm, mv, bmm and ger are the add-forms on a zero tensor with alpha = 0.

With out = alpha * M + beta * A @ B, the gradients are alpha * g for M, beta * g @ B^T for A and
beta * A^T @ g for B; the other products follow the same pattern.
"""

from ..function import InplaceFunction, Function

__all__ = ['Addmm', 'Addbmm', 'Baddbmm', 'Addmv', 'Addr', 'Dot']


class _BlasBase(InplaceFunction):
    """alpha * add_tensor + beta * (the product of two operands), in place on add_tensor when
    inplace. Subclasses name the tensor method (`_method`) and give the operand gradients."""

    _product = None    # the tensor method of the plain product, where there is one

    def __init__(self, alpha=1, beta=1, inplace=False):
        super(_BlasBase, self).__init__(inplace)
        self.alpha = alpha
        self.beta = beta

    def forward(self, add_tensor, first, second):
        if self.inplace:
            # backward needs the operands as they were: one that shares memory with the tensor
            # about to be overwritten (x.addmm_(x, w)) is copied first.
            first = _unshared(first, add_tensor)
            second = _unshared(second, add_tensor)
        self.save_for_backward(first, second)
        if self.inplace:
            self.mark_dirty(add_tensor)
            return getattr(add_tensor, self._method + '_')(self.alpha, self.beta, first, second)
        if self.alpha == 0 and self._product is not None:
            # The plain product (mm, bmm, mv, ger): add_tensor only stands in the graph, and
            # the tensor product neither allocates nor reads a tensor to add.
            self.add_size = add_tensor.size()
            result = getattr(first, self._product)(second)
            return result if self.beta == 1 else result.mul_(self.beta)
        return getattr(add_tensor, self._method)(self.alpha, self.beta, first, second)

    def backward(self, grad_output):
        first, second = self.saved_tensors
        grad_add = grad_first = grad_second = None
        if self.needs_input_grad[0]:
            grad_add = _scaled(grad_output, self.alpha)
            if self.alpha == 0 and self._product is not None:
                grad_add = grad_add.new(self.add_size).zero_()
        if self.needs_input_grad[1]:
            grad_first = _scaled(self._grad_first(grad_output, second), self.beta)
        if self.needs_input_grad[2]:
            grad_second = _scaled(self._grad_second(grad_output, first), self.beta)
        return grad_add, grad_first, grad_second


def _unshared(operand, target):
    """operand, or a copy of it when it lives in target's storage."""
    operand_storage, target_storage = operand.storage(), target.storage()
    if operand_storage is not None and target_storage is not None and \
            operand_storage.data_ptr() == target_storage.data_ptr():
        return operand.clone()
    return operand


def _scaled(tensor, scale):
    return tensor if scale == 1 else tensor.mul(scale)


class Addmm(_BlasBase):
    """M (n x m) + mat1 (n x k) @ mat2 (k x m)."""

    _method = 'addmm'
    _product = 'mm'

    def _grad_first(self, grad_output, mat2):
        return grad_output.mm(mat2.t())

    def _grad_second(self, grad_output, mat1):
        return mat1.t().mm(grad_output)


class Addbmm(_BlasBase):
    """M (n x m) + the sum over b of batch1[b] (n x k) @ batch2[b] (k x m): every batch entry
    gets the same g."""

    _method = 'addbmm'

    def _repeated(self, grad_output, batches):
        n, m = grad_output.size()
        return grad_output.contiguous().view(1, n, m).expand(batches, n, m)

    def _grad_first(self, grad_output, batch2):
        return self._repeated(grad_output, batch2.size(0)).bmm(batch2.transpose(1, 2))

    def _grad_second(self, grad_output, batch1):
        return batch1.transpose(1, 2).bmm(self._repeated(grad_output, batch1.size(0)))


class Baddbmm(_BlasBase):
    """M[b] (n x m) + batch1[b] (n x k) @ batch2[b] (k x m) for every b."""

    _method = 'baddbmm'
    _product = 'bmm'

    def _grad_first(self, grad_output, batch2):
        return grad_output.bmm(batch2.transpose(1, 2))

    def _grad_second(self, grad_output, batch1):
        return batch1.transpose(1, 2).bmm(grad_output)


class Addmv(_BlasBase):
    """v (n) + mat (n x m) @ vec (m)."""

    _method = 'addmv'
    _product = 'mv'

    def _grad_first(self, grad_output, vec):
        return grad_output.ger(vec)

    def _grad_second(self, grad_output, mat):
        return mat.t().mv(grad_output)


class Addr(_BlasBase):
    """M (n x m) + the outer product of vec1 (n) and vec2 (m)."""

    _method = 'addr'
    _product = 'ger'

    def _grad_first(self, grad_output, vec2):
        return grad_output.mv(vec2)

    def _grad_second(self, grad_output, vec1):
        return grad_output.t().mv(vec1)


class Dot(Function):
    """The dot product of two tensors of as many elements, as a one-element tensor."""

    def forward(self, first, second):
        self.save_for_backward(first, second)
        return first.new(1).fill_(first.dot(second))

    def backward(self, grad_output):
        first, second = self.saved_tensors
        grad_first = grad_second = None
        scale = grad_output[0]
        if self.needs_input_grad[0]:
            grad_first = second.mul(scale).view(first.size())
        if self.needs_input_grad[1]:
            grad_second = first.mul(scale).view(second.size())
        return grad_first, grad_second
