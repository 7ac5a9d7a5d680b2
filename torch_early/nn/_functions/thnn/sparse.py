"""The embedding's Function over THNN's LookupTable: the forward selects rows of the weight
(index_select; THNN has no forward for it), after shrinking those rows to max_norm through
LookupTable_renorm when asked; the backward adds each row of the gradient to the row of the weight
it came from (LookupTable_accGradParameters), or, with sparse=True, makes the weight's gradient a
hybrid sparse tensor: one entry (a row of the gradient) per index looked up."""

from collections import Counter

import torch_early
from ...._thnn import type2backend
from ....autograd.function import Function


class Embedding(Function):
    """Embedding(padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse=False)(indices,
    weight): indices a 1-D or 2-D LongTensor of rows of weight (num_embeddings x dim); the output
    has the indices' sizes then dim. padding_idx (-1 for none) is a row that gets no gradient;
    scale_grad_by_freq divides each row's gradient by how often the indices select it. With
    `sparse` the weight's gradient is a sparse tensor of the weight's size (one sparse dimension,
    the rows, and one dense): an entry per index looked up, repeats included."""

    def __init__(self, padding_idx, max_norm, norm_type, scale_grad_by_freq, sparse=False):
        super(Embedding, self).__init__()
        self.padding_idx = padding_idx
        self.max_norm = max_norm
        self.norm_type = norm_type
        self.scale_grad_by_freq = scale_grad_by_freq
        self.sparse = sparse

    def forward(self, indices, weight):
        if not isinstance(indices, torch_early.LongTensor):
            raise TypeError("Embedding: indices should be a torch.LongTensor, but got {}".format(
                torch_early.typename(indices)))
        if indices.dim() not in (1, 2):
            raise ValueError("Embedding: indices should be a 1-D or 2-D tensor, but got a "
                             "tensor of size {}".format('x'.join(map(str, indices.size()))))
        backend = type2backend[type(weight)]
        flat = indices.contiguous().view(-1)
        if self.max_norm is not None:
            # the rows about to be read are shrunk in the weight itself, as the era did
            backend.LookupTable_renorm(backend.library_state, flat, weight, self.max_norm,
                                       self.norm_type)
        output = weight.index_select(0, flat)
        self.weight_size = weight.size()
        self.save_for_backward(indices)
        return output.view(*(tuple(indices.size()) + (weight.size(1),)))

    def backward(self, grad_output):
        indices, = self.saved_tensors
        if self.sparse:
            return None, self._sparse_grad_weight(indices, grad_output)
        backend = type2backend[type(grad_output)]
        grad_weight = grad_output.new(self.weight_size).zero_()
        count = torch_early.IntTensor()      # THNN's count buffer for scale_grad_by_freq
        backend.LookupTable_accGradParameters(
            backend.library_state, indices.contiguous().view(-1),
            grad_output.contiguous().view(-1, self.weight_size[1]), grad_weight, count, None,
            None, bool(self.scale_grad_by_freq), self.padding_idx, 1)
        return None, grad_weight

    def _sparse_grad_weight(self, indices, grad_output):
        """The weight's gradient as a sparse tensor: row k of the output's gradient is an entry
        at row flat[k] of the weight (divided by how often that row is used, with
        scale_grad_by_freq); the padding row gets none."""
        flat = indices.contiguous().view(-1)
        rows = grad_output.contiguous().view(-1, self.weight_size[1]).clone()
        used = flat.tolist()
        if self.scale_grad_by_freq:
            counts = Counter(used)
            scale = grad_output.new([1.0 / counts[index] for index in used])
            rows.mul_(scale.view(-1, 1).expand_as(rows))
        kept = [k for k, index in enumerate(used) if index != self.padding_idx]
        sparse_type = getattr(torch_early.sparse, type(grad_output).__name__)
        if not kept:
            return sparse_type(self.weight_size)
        if len(kept) < len(used):
            selection = torch_early.LongTensor(kept)
            flat, rows = flat.index_select(0, selection), rows.index_select(0, selection)
        return sparse_type(flat.view(1, -1), rows, self.weight_size)
