"""nn.Embedding and its Function over THNN's LookupTable: the rows it selects for 1-D and 2-D
indices, the padding row (zero and without gradient), max_norm through LookupTable_renorm,
scale_grad_by_freq, gradcheck in double, the module's initialisation, repr, state_dict and type
conversion, the sparse gradient of sparse=True, and the errors of wrong indices."""
import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable, gradcheck
from torch_early.nn._functions.thnn.sparse import Embedding as EmbeddingFunction
from torch_early._thnn import type2backend


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def indices(*rows):
    return Variable(torch_early.LongTensor(list(rows)))


def test_the_output_holds_the_selected_rows_for_1d_and_2d_indices():
    embedding = nn.Embedding(10, 3)
    table = embedding.weight.data.numpy()
    flat = embedding(indices(4, 0, 4, 9))
    assert flat.size() == torch_early.Size([4, 3])
    assert np.array_equal(flat.data.numpy(), table[[4, 0, 4, 9]])
    batch = embedding(indices([1, 2, 3], [3, 2, 1]))
    assert batch.size() == torch_early.Size([2, 3, 3])
    assert np.array_equal(batch.data.numpy(), table[[[1, 2, 3], [3, 2, 1]]])


def test_a_transposed_index_tensor_selects_by_its_logical_order():
    embedding = nn.Embedding(6, 2)
    idx = torch_early.LongTensor([[0, 1, 2], [3, 4, 5]]).t()
    out = embedding(Variable(idx))
    assert np.array_equal(out.data.numpy(), embedding.weight.data.numpy()[idx.numpy()])


def test_the_gradient_adds_each_row_where_it_came_from():
    embedding = nn.Embedding(5, 2)
    out = embedding(indices([1, 3], [1, 0]))
    grad = torch_early.randn(2, 2, 2)
    out.backward(grad)
    expected = np.zeros((5, 2))
    for (i, j), row in zip([(0, 0), (0, 1), (1, 0), (1, 1)], [1, 3, 1, 0]):
        expected[row] += grad.numpy()[i, j]
    assert np.allclose(embedding.weight.grad.data.numpy(), expected)


def test_gradcheck_in_double():
    weight = Variable(torch_early.DoubleTensor(6, 3).normal_(), requires_grad=True)
    idx = torch_early.LongTensor([[5, 0, 2], [2, 2, 1]])

    def embed(w):
        return EmbeddingFunction(-1, None, 2, False)(Variable(idx), w)

    assert gradcheck(embed, (weight,))


def test_the_padding_row_starts_at_zero_and_gets_no_gradient():
    embedding = nn.Embedding(10, 4, padding_idx=2)
    assert embedding.weight.data[2].abs().sum() == 0
    out = embedding(indices([2, 5, 2], [7, 2, 2]))
    assert out.data[0][0].abs().sum() == 0 and out.data[1][2].abs().sum() == 0
    out.sum().backward()
    grad = embedding.weight.grad.data
    assert grad[2].abs().sum() == 0
    assert grad[5].tolist() == [1] * 4 and grad[7].tolist() == [1] * 4


def test_scale_grad_by_freq_divides_by_the_number_of_uses():
    embedding = nn.Embedding(4, 2, scale_grad_by_freq=True)
    embedding(indices(1, 1, 1, 3)).sum().backward()
    assert np.allclose(embedding.weight.grad.data.numpy(), [[0, 0], [1, 1], [0, 0], [1, 1]])


@pytest.mark.parametrize('norm_type', [2, 1])
def test_max_norm_renormalises_the_rows_read(norm_type):
    embedding = nn.Embedding(6, 3, max_norm=0.5, norm_type=norm_type).double()
    embedding.weight.data.mul_(10)
    before = embedding.weight.data.clone()
    out = embedding(indices(0, 4, 4))
    norms = np.linalg.norm(embedding.weight.data.numpy(), ord=norm_type, axis=1)
    assert np.allclose(norms[[0, 4]], 0.5)
    assert np.array_equal(embedding.weight.data.numpy()[[1, 2, 3, 5]],
                          before.numpy()[[1, 2, 3, 5]])
    assert np.allclose(out.data.numpy(), embedding.weight.data.numpy()[[0, 4, 4]])


def test_lookup_table_binding_with_counts_and_padding():
    backend = type2backend[torch_early.DoubleTensor]
    grad_weight = torch_early.DoubleTensor(4, 2).zero_()
    count = torch_early.IntTensor()
    grad_output = torch_early.DoubleTensor([[1, 2], [3, 4], [5, 6], [7, 8]])
    backend.LookupTable_accGradParameters(None, torch_early.LongTensor([2, 0, 2, 1]), grad_output,
                                          grad_weight, count, None, None, True, 1, 2)
    assert grad_weight.tolist() == [[6, 8], [0, 0], [6, 8], [0, 0]]
    assert count.tolist() == [1, 1, 2, 0]
    with pytest.raises(RuntimeError, match=r"argument 'input': index 4 is out of range: the "
                                           r"table has rows 0 to 3"):
        backend.LookupTable_accGradParameters(None, torch_early.LongTensor([4]),
                                              grad_output[:1], grad_weight, count, None, None,
                                              False, -1, 1)
    with pytest.raises(RuntimeError, match=r"argument 'normType': normType should be greater "
                                           r"than zero, but got 0"):
        backend.LookupTable_renorm(None, torch_early.LongTensor([0]), grad_weight, 1, 0)


def test_init_is_standard_normal():
    weight = nn.Embedding(1000, 20).weight.data.numpy()
    assert abs(weight.mean()) < 0.02 and abs(weight.std() - 1) < 0.02


def test_repr_names_the_arguments_that_differ_from_the_defaults():
    assert repr(nn.Embedding(10, 3)) == 'Embedding(10, 3)'
    assert repr(nn.Embedding(10, 3, padding_idx=0, max_norm=1.5, norm_type=1,
                             scale_grad_by_freq=True, sparse=True)) == \
        'Embedding(10, 3, padding_idx=0, max_norm=1.5, norm_type=1, scale_grad_by_freq=True, ' \
        'sparse=True)'


def test_state_dict_round_trip_and_type_conversion():
    first, second = nn.Embedding(7, 2), nn.Embedding(7, 2)
    assert list(first.state_dict()) == ['weight']
    second.load_state_dict(first.state_dict())
    assert second.weight.data.tolist() == first.weight.data.tolist()
    double = first.double()
    out = double(indices(3, 1))
    assert isinstance(out.data, torch_early.DoubleTensor)


def test_sparse_gives_the_weight_a_sparse_gradient_of_one_entry_per_lookup():
    embedding = nn.Embedding(4, 2, sparse=True)
    embedding(indices(0, 3, 0)).sum().backward()
    grad = embedding.weight.grad.data
    assert type(grad) is torch_early.sparse.FloatTensor
    assert grad.size() == torch_early.Size([4, 2])
    assert grad.indices().tolist() == [[0, 3, 0]]
    assert grad.values().tolist() == [[1, 1], [1, 1], [1, 1]]
    assert grad.to_dense().tolist() == [[2, 2], [0, 0], [0, 0], [1, 1]]


@pytest.mark.parametrize('padding_idx', [None, 2])
@pytest.mark.parametrize('scale_grad_by_freq', [False, True])
def test_the_sparse_gradient_adds_up_to_the_dense_one(padding_idx, scale_grad_by_freq):
    dense = nn.Embedding(5, 3, padding_idx=padding_idx,
                         scale_grad_by_freq=scale_grad_by_freq).double()
    sparse = nn.Embedding(5, 3, padding_idx=padding_idx, scale_grad_by_freq=scale_grad_by_freq,
                          sparse=True).double()
    sparse.weight.data.copy_(dense.weight.data)
    lookups = Variable(torch_early.LongTensor([[0, 2, 1], [2, 1, 1]]))
    gradient = torch_early.randn(2, 3, 3).double()
    for _ in range(2):                                    # sparse gradients accumulate
        dense(lookups).backward(gradient)
        sparse(lookups).backward(gradient)
    difference = sparse.weight.grad.data.to_dense() - dense.weight.grad.data
    assert difference.abs().max() < 1e-12
    sparse.zero_grad()
    assert sparse.weight.grad.data.nnz() == 0


def test_a_sparse_gradient_of_only_the_padding_row_is_empty():
    embedding = nn.Embedding(4, 2, padding_idx=1, sparse=True)
    embedding(indices(1, 1)).sum().backward()
    assert embedding.weight.grad.data.nnz() == 0
    assert embedding.weight.grad.data.size() == torch_early.Size([4, 2])


def test_sgd_steps_with_a_sparse_gradient():
    embedding = nn.Embedding(4, 2, sparse=True)
    before = embedding.weight.data.clone()
    optimizer = torch_early.optim.SGD(embedding.parameters(), lr=0.5)
    embedding(indices(3, 3)).sum().backward()
    optimizer.step()
    change = (embedding.weight.data - before).double().numpy()
    assert np.allclose(change, [[0, 0], [0, 0], [0, 0], [-1, -1]], atol=1e-6)
    assert (change[:3] == 0).all()                        # rows not looked up are untouched


def test_wrong_indices_are_errors():
    embedding = nn.Embedding(5, 2)
    with pytest.raises(IndexError, match='index 5 is out of range'):
        embedding(indices(1, 5))
    with pytest.raises(TypeError, match='indices should be a torch.LongTensor, but got '
                                        'torch.*IntTensor'):
        embedding(Variable(torch_early.IntTensor([1])))
    with pytest.raises(ValueError, match='1-D or 2-D tensor, but got a tensor of size 1x1x2'):
        embedding(Variable(torch_early.LongTensor(1, 1, 2).zero_()))
