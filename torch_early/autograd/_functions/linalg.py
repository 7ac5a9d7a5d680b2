"""Linear algebra: diag, tril, triu, trace, cross, inverse, gesv, potrf.

The masks (diag, tril, triu, trace) pass the gradient through where they kept an element and
zero elsewhere. The matrix functions differentiate their defining equation: A A^-1 = I for
inverse, A X = B for gesv, A = U^T U for potrf.
"""

from ..function import Function

__all__ = ['Diag', 'Tril', 'Triu', 'Trace', 'Cross', 'Inverse', 'Gesv', 'Potrf']


def _with_diagonal(size, vector, diagonal_idx):
    """A zero matrix of `size` with `vector` on diagonal `diagonal_idx` (> 0 above the main
    one, < 0 below). vector.diag(k) is square and long enough to hold it; the matrix keeps the
    rows and columns that the diagonal crosses."""
    rows, cols = size
    length = vector.size(0)
    square = vector.diag(diagonal_idx)
    result = vector.new(rows, cols).zero_()
    if diagonal_idx >= 0:
        result.narrow(0, 0, length).narrow(1, 0, length + diagonal_idx).copy_(
            square.narrow(0, 0, length))
    else:
        result.narrow(0, 0, length - diagonal_idx).narrow(1, 0, length).copy_(
            square.narrow(1, 0, length))
    return result


class Diag(Function):
    """A vector to a matrix with it on a diagonal, or a matrix's diagonal as a vector."""

    def __init__(self, diagonal_idx=0):
        super(Diag, self).__init__()
        self.diagonal_idx = diagonal_idx

    def forward(self, input):
        self.input_size = input.size()
        return input.diag(self.diagonal_idx)

    def backward(self, grad_output):
        if len(self.input_size) == 1:
            return grad_output.diag(self.diagonal_idx)
        return _with_diagonal(self.input_size, grad_output, self.diagonal_idx)


class Tril(Function):

    def __init__(self, diagonal_idx=0):
        super(Tril, self).__init__()
        self.diagonal_idx = diagonal_idx

    def forward(self, input):
        return input.tril(self.diagonal_idx)

    def backward(self, grad_output):
        return grad_output.tril(self.diagonal_idx)


class Triu(Function):

    def __init__(self, diagonal_idx=0):
        super(Triu, self).__init__()
        self.diagonal_idx = diagonal_idx

    def forward(self, input):
        return input.triu(self.diagonal_idx)

    def backward(self, grad_output):
        return grad_output.triu(self.diagonal_idx)


class Trace(Function):
    """The sum of a matrix's diagonal, as a one-element tensor."""

    def forward(self, input):
        self.input_size = input.size()
        return input.new(1).fill_(input.trace())

    def backward(self, grad_output):
        length = min(self.input_size)
        diagonal = grad_output.new(length).fill_(grad_output[0])
        return _with_diagonal(self.input_size, diagonal, 0)


class Cross(Function):
    """a x b along dim (dim < 0: the first dim of size 3). d/da of g . (a x b) is b x g, and
    d/db is g x a."""

    def __init__(self, dim=-1):
        super(Cross, self).__init__()
        self.dim = dim

    def forward(self, input, other):
        self.save_for_backward(input, other)
        return input.cross(other, self.dim)

    def backward(self, grad_output):
        input, other = self.saved_tensors
        grad_input = grad_other = None
        if self.needs_input_grad[0]:
            grad_input = other.cross(grad_output, self.dim)
        if self.needs_input_grad[1]:
            grad_other = grad_output.cross(input, self.dim)
        return grad_input, grad_other


class Inverse(Function):
    """d(A^-1) = -A^-1 dA A^-1, so the gradient is -A^-T g A^-T."""

    def forward(self, input):
        inverse = input.inverse()
        self.save_for_backward(inverse)
        return inverse

    def backward(self, grad_output):
        inverse, = self.saved_tensors
        inverse_t = inverse.t()
        return inverse_t.mm(grad_output).mm(inverse_t).neg_()


class Gesv(Function):
    """Solves A X = B: forward(B, A) gives (X, LU of A); LU has no gradient.

    From A dX + dA X = dB: the gradient for B is A^-T g (one more solve, with A^T) and the one
    for A is -(that) X^T.
    """

    def forward(self, b, a):
        solution, lu = b.gesv(a)
        self.mark_non_differentiable(lu)
        self.save_for_backward(a, solution)
        return solution, lu

    def backward(self, grad_solution, grad_lu=None):
        a, solution = self.saved_tensors
        grad_b, _ = grad_solution.gesv(a.t())
        grad_a = None
        if self.needs_input_grad[1]:
            grad_a = grad_b.mm(solution.t()).neg_()
        if not self.needs_input_grad[0]:
            grad_b = None
        return grad_b, grad_a


class Potrf(Function):
    """The Cholesky factor of a symmetric positive-definite A: U with A = U^T U (upper), or L
    with A = L L^T.

    LAPACK reads one triangle of A, which stands for a symmetric matrix; the gradient returned
    is the symmetric one, for perturbations that keep A symmetric. With L the lower factor and
    Lbar its gradient: S = L^-T Phi(L^T Lbar) L^-1, where Phi keeps the lower triangle and halves
    the diagonal, and the gradient is (S + S^T) / 2.
    """

    def __init__(self, upper=True):
        super(Potrf, self).__init__()
        self.upper = upper

    def forward(self, input):
        factor = input.potrf(self.upper)
        self.save_for_backward(factor)
        return factor

    def backward(self, grad_output):
        factor, = self.saved_tensors
        if self.upper:
            lower, grad_lower = factor.t(), grad_output.t()
        else:
            lower, grad_lower = factor, grad_output
        phi = lower.t().mm(grad_lower).tril()
        phi.sub_(phi.diag().diag().mul_(0.5))
        lower_inverse = lower.inverse()
        s = lower_inverse.t().mm(phi).mm(lower_inverse)
        return s.add(s.t()).mul_(0.5)
