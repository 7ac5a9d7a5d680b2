"""Embedding(num_embeddings, embedding_dim, ...): a table of num_embeddings vectors of size
embedding_dim, looked up by index (a LongTensor of 1 or 2 dimensions)."""

import torch_early
from .module import Module
from .utils import _check_sizes
from ..parameter import Parameter
from ..backends.thnn import backend


class Embedding(Module):
    """weight is (num_embeddings, embedding_dim), initialised normal(0, 1); the row padding_idx,
    when given, starts at zero and gets no gradient. max_norm renormalises the rows each forward
    reads to at most that norm (of type norm_type) in the weight itself; scale_grad_by_freq
    divides each row's gradient by how often the batch uses it. With sparse=True the weight's
    gradient is a sparse tensor (torch_early.sparse), an entry per row the batch looked up."""

    def __init__(self, num_embeddings, embedding_dim, padding_idx=None, max_norm=None,
                 norm_type=2, scale_grad_by_freq=False, sparse=False):
        super(Embedding, self).__init__()
        _check_sizes(self, num_embeddings=num_embeddings, embedding_dim=embedding_dim)
        self.num_embeddings = num_embeddings
        self.embedding_dim = embedding_dim
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        self.sparse = sparse
        self.weight = Parameter(torch_early.Tensor(num_embeddings, embedding_dim))
        self.reset_parameters()

    def reset_parameters(self):
        self.weight.data.normal_(0, 1)
        if self.padding_idx is not None:
            self.weight.data[self.padding_idx].fill_(0)

    def forward(self, input):
        padding_idx = self.padding_idx if self.padding_idx is not None else -1
        # the era had no functional form: the module calls its Function through the backend
        return backend.Embedding(padding_idx, self.max_norm, self.norm_type,
                                 self.scale_grad_by_freq, self.sparse)(input, self.weight)

    def __repr__(self):
        s = '{}({}, {}'.format(type(self).__name__, self.num_embeddings, self.embedding_dim)
        if self.padding_idx is not None:
            s += ', padding_idx={}'.format(self.padding_idx)
        if self.max_norm is not None:
            s += ', max_norm={}'.format(self.max_norm)
        if self.norm_type != 2:
            s += ', norm_type={}'.format(self.norm_type)
        if self.scale_grad_by_freq:
            s += ', scale_grad_by_freq={}'.format(self.scale_grad_by_freq)
        if self.sparse:
            s += ', sparse=True'
        return s + ')'
