"""Sparse tensors (torch_early.sparse): how one is made, what it holds, and what it refuses.

A sparse tensor in coordinate (COO) form is a list of entries: column k of indices() is the
position of values()[k]; every other element is zero, and a position given twice adds up. The
reference for every check is the dense array built the obvious way, with NumPy, from the indices
and values the test wrote.
"""
import copy
import pickle

import numpy
import pytest

import torch_early
from torch_early import sparse
from sparse_checks import SPARSE_CLASSES, dense_class, reference

INDICES = [[0, 2, 1, 2],
           [3, 0, 1, 3]]
VALUES = [1, 2, 3, 4]


def example(cls=sparse.DoubleTensor, size=(3, 4)):
    return cls(torch_early.LongTensor(INDICES), dense_class(cls)(VALUES), torch_early.Size(size))


# ---- constructors -----------------------------------------------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_indices_values_and_size(cls):
    x = example(cls)
    assert type(x) is cls
    assert x.size() == torch_early.Size([3, 4])
    assert x.size(1) == 4 and x.size(-2) == 3
    assert x.dim() == x.ndimension() == 2
    assert x.nnz() == 4
    assert x.indices().tolist() == INDICES
    assert type(x.indices()) is torch_early.LongTensor
    assert x.values().tolist() == VALUES
    assert type(x.values()) is dense_class(cls)
    assert type(x.to_dense()) is dense_class(cls)
    assert (x.to_dense().double().numpy() == reference(INDICES, VALUES, (3, 4))).all()


def test_the_size_may_be_a_tuple_or_list_after_indices_and_values():
    for size in ((3, 4), [3, 4]):
        x = sparse.FloatTensor(torch_early.LongTensor(INDICES), torch_early.FloatTensor(VALUES),
                               size)
        assert x.size() == torch_early.Size([3, 4])


def test_without_a_size_each_dimension_ends_at_its_largest_index():
    x = sparse.FloatTensor(torch_early.LongTensor(INDICES), torch_early.FloatTensor(VALUES))
    assert x.size() == torch_early.Size([3, 4])
    assert (x.to_dense().numpy() == reference(INDICES, VALUES, (3, 4))).all()


def test_sizes_alone_give_zeros():
    for x in (sparse.FloatTensor(2, 3, 4), sparse.FloatTensor(torch_early.Size([2, 3, 4]))):
        assert x.size() == torch_early.Size([2, 3, 4])
        assert x.nnz() == 0
        assert x.indices().numel() == 0 and x.values().numel() == 0
        assert x.to_dense().tolist() == numpy.zeros((2, 3, 4)).tolist()


def test_no_arguments_give_the_empty_sparse_tensor():
    x = sparse.DoubleTensor()
    assert x.dim() == 0 and x.nnz() == 0
    assert x.size() == torch_early.Size([])
    assert x.indices().numel() == 0 and x.values().numel() == 0
    assert x.to_dense().dim() == 0
    empty = sparse.DoubleTensor(torch_early.LongTensor(), torch_early.DoubleTensor())
    assert empty.dim() == 0


def test_empty_indices_and_values_with_a_size_give_zeros():
    x = sparse.FloatTensor(torch_early.LongTensor(), torch_early.FloatTensor(),
                           torch_early.Size([2, 2]))
    assert x.nnz() == 0
    assert x.to_dense().tolist() == [[0, 0], [0, 0]]


def test_non_contiguous_indices_and_values_are_read_through_their_strides():
    columns = torch_early.LongTensor([[0, 3], [2, 0], [1, 1]])    # one row per entry
    values = torch_early.FloatTensor([[5, -1], [6, -1], [7, -1]]).select(1, 0)  # stride 2
    x = sparse.FloatTensor(columns.t(), values, torch_early.Size([3, 4]))
    assert x.to_dense().tolist() == reference([[0, 2, 1], [3, 0, 1]], [5, 6, 7], (3, 4)).tolist()


def test_the_indices_are_copied_in_and_out_and_the_values_are_a_view_out():
    indices = torch_early.LongTensor(INDICES)
    values = torch_early.FloatTensor(VALUES)
    x = sparse.FloatTensor(indices, values, torch_early.Size([3, 4]))
    indices.fill_(0)
    values.fill_(0)
    x.indices().fill_(0)                       # a copy: the tensor keeps its positions
    assert x.indices().tolist() == INDICES
    x.values()[0] = 10                         # a view: writing into it changes the tensor
    assert x.to_dense()[0][3] == 10
    assert x.values().tolist() == [10, 2, 3, 4]


def test_no_keyword_form_adopts_a_c_tensor_by_address():
    for keywords in ({'cdata': example()._cdata}, {'cdata': 8}, {'size': (2, 3)}):
        with pytest.raises(TypeError, match='invalid combination of arguments'):
            sparse.DoubleTensor(**keywords)


@pytest.mark.parametrize('arguments', [
    ('x',), ((3, 4),), ([3, 4],), (2.5,),
    (torch_early.FloatTensor(INDICES), torch_early.DoubleTensor(VALUES)),   # indices not Long
    (torch_early.LongTensor(INDICES), torch_early.FloatTensor(VALUES)),     # values: other dtype
    (torch_early.LongTensor(INDICES), torch_early.DoubleTensor(VALUES), 'size'),
])
def test_an_unknown_form_lists_the_accepted_ones(arguments):
    with pytest.raises(TypeError, match=r'(?s)invalid combination of arguments.*'
                                        r'torch_early.LongTensor indices'):
        sparse.DoubleTensor(*arguments)


@pytest.mark.parametrize('make, error, message', [
    (lambda: sparse.DoubleTensor(torch_early.LongTensor([0, 1]), torch_early.DoubleTensor([1, 2])),
     RuntimeError,
     'indices must be a 2D tensor of nDimensionI x nnz, but got a 1D tensor of size 2'),
    (lambda: sparse.DoubleTensor(torch_early.LongTensor(INDICES), torch_early.DoubleTensor([1, 2])),
     RuntimeError, r'indices has 4 columns \(one per value\) but values has 2 values \(size 2\)'),
    (lambda: sparse.DoubleTensor(torch_early.LongTensor(INDICES),
                                 torch_early.DoubleTensor([[1, 2, 3, 4]])),
     RuntimeError, r'indices has 4 columns \(one per value\) but values has 1 values \(size 1x4\)'),
    (lambda: sparse.DoubleTensor(torch_early.LongTensor(INDICES), torch_early.DoubleTensor(4, 2),
                                 torch_early.Size([3, 4, 3])),
     RuntimeError, r'size 3x4x3 does not end with the size of a value, 2 \(values are 4x2\)'),
    (lambda: example(size=(3, 3)),
     IndexError, r'index 3 \(column 0 of indices\) is out of range for dimension 1 of size 3'),
    (lambda: example(size=(3, 4, 2)),
     RuntimeError, r'got 3 sizes \(size 3x4x2\) for indices of 2 dimensions and values of 0'),
    (lambda: sparse.DoubleTensor(torch_early.LongTensor([[0, -1]]),
                                 torch_early.DoubleTensor([1, 2])),
     IndexError, r'index -1 \(column 1 of indices\) is out of range for dimension 0'),
    (lambda: sparse.DoubleTensor(2, 0), RuntimeError, 'sizes must be positive, got size 2x0'),
    (lambda: sparse.DoubleTensor(2, -3), ValueError, 'non-negative'),
])
def test_bad_parts_are_refused(make, error, message):
    with pytest.raises(error, match=message):
        make()


# ---- the classes ------------------------------------------------------------------------------

def test_the_classes_are_tensor_classes():
    for cls in SPARSE_CLASSES:
        assert cls.is_sparse and not cls.is_cuda
        assert cls in sparse._sparse_tensor_classes
        assert torch_early.is_tensor(cls())
        assert cls.__module__ == 'torch_early.sparse'
        assert issubclass(cls, getattr(torch_early._C, 'Sparse' + cls.__name__ + 'Base'))
    assert not torch_early.FloatTensor.is_sparse
    assert sparse.CharTensor().is_signed() is False and sparse.IntTensor().is_signed() is True


def test_a_sparse_type_cannot_be_the_default_tensor_type():
    with pytest.raises(TypeError, match='expects a dense tensor type'):
        torch_early.set_default_tensor_type('torch_early.sparse.FloatTensor')
    assert torch_early.Tensor is torch_early.FloatTensor


def test_the_cuda_sparse_classes_can_be_named_but_not_made():
    from torch_early.cuda import sparse as cuda_sparse
    for cls in SPARSE_CLASSES:
        cuda_class = getattr(cuda_sparse, cls.__name__)
        assert cuda_class.is_sparse and cuda_class.is_cuda
        assert cuda_class.__module__ == 'torch_early.cuda.sparse'
        assert cuda_class in torch_early._tensor_classes
        assert cuda_class in sparse._sparse_tensor_classes
        with pytest.raises(AssertionError, match='not compiled with CUDA'):
            cuda_class(2, 3)
    with pytest.raises(AssertionError, match='not compiled with CUDA'):
        example().cuda()
    with pytest.raises(AssertionError, match='not compiled with CUDA'):
        example().type('torch_early.cuda.sparse.FloatTensor')


# ---- types and conversions ----------------------------------------------------------------------

def test_type_names_and_casts_between_sparse_types():
    x = example(sparse.DoubleTensor)
    assert x.type() == 'torch_early.sparse.DoubleTensor'
    assert x.type(sparse.DoubleTensor) is x
    assert x.cpu() is x
    for cast, cls in [(x.float, sparse.FloatTensor), (x.long, sparse.LongTensor),
                      (x.int, sparse.IntTensor), (x.short, sparse.ShortTensor),
                      (x.char, sparse.CharTensor), (x.byte, sparse.ByteTensor),
                      (lambda: x.type('torch.sparse.FloatTensor'), sparse.FloatTensor),
                      (lambda: x.type_as(sparse.IntTensor()), sparse.IntTensor)]:
        converted = cast()
        assert type(converted) is cls
        assert converted.indices().tolist() == INDICES
        assert converted.values().tolist() == VALUES
        assert converted.size() == x.size()
    assert sparse.DoubleTensor().float().dim() == 0


def test_a_sparse_tensor_is_not_cast_to_a_dense_type():
    with pytest.raises(TypeError, match=r'to_dense\(\) gives a dense tensor'):
        example().type(torch_early.DoubleTensor)
    with pytest.raises(ValueError, match='invalid type'):
        example().type('torch_early.sparse.NoSuchTensor')


# ---- printing ---------------------------------------------------------------------------------

def test_printing_shows_indices_values_and_the_type_and_size():
    x = sparse.FloatTensor(torch_early.LongTensor([[0, 1], [2, 0]]),
                           torch_early.FloatTensor([3, 4]), torch_early.Size([2, 3]))
    assert repr(x) == str(x) == (
        '\n indices:\n'
        ' 0  1\n'
        ' 2  0\n'
        '[torch_early.LongTensor of size 2x2]\n'
        ' values:\n'
        ' 3\n'
        ' 4\n'
        '[torch_early.FloatTensor of size 2]\n'
        '[torch_early.sparse.FloatTensor of size 2x3]\n')


def test_printing_tensors_without_entries():
    assert repr(sparse.ByteTensor()) == '[torch_early.sparse.ByteTensor with no dimension]\n'
    assert repr(sparse.ByteTensor(2, 5)) == \
        '[torch_early.sparse.ByteTensor of size 2x5 with no nonzero elements]\n'


# ---- what a sparse tensor does not do ------------------------------------------------------------

@pytest.mark.parametrize('use, error', [
    (bool, RuntimeError), (iter, TypeError), (list, TypeError), (len, TypeError),
    (pickle.dumps, TypeError), (copy.copy, TypeError),
    (float, TypeError), (lambda x: x[0], TypeError), (lambda x: x.view(12), AttributeError),
    (lambda x: x + 1, TypeError), (lambda x: x * x.to_dense(), TypeError),
    (lambda x: x / x, TypeError), (lambda x: x ** x, TypeError),
])
def test_unsupported_uses_raise(use, error):
    with pytest.raises(error):
        use(example())


def test_function_forms_a_sparse_type_lacks_say_so():
    with pytest.raises(TypeError, match="torch_early.sparse.DoubleTensor doesn't implement "
                                        "stateless method sum"):
        torch_early.sum(example())
    with pytest.raises(TypeError, match="torch_early.FloatTensor doesn't implement stateless "
                                        "method smm"):
        torch_early.smm(torch_early.FloatTensor(2, 2), torch_early.FloatTensor(2, 2))


# ---- sizes that overflow 64 bits -------------------------------------------------------------

@pytest.mark.parametrize('cls', SPARSE_CLASSES)
def test_sizes_whose_dense_element_count_overflows_are_refused(cls):
    values = dense_class(cls)([1])
    indices = torch_early.LongTensor([[0], [0]])
    with pytest.raises(RuntimeError, match='a sparse tensor of size 4611686018427387904x'
                                           '4611686018427387904 is too large'):
        cls(indices, values, torch_early.Size([2 ** 62, 2 ** 62]))
    with pytest.raises(RuntimeError, match='is too large'):
        cls(2 ** 40, 2 ** 40)
    with pytest.raises(RuntimeError, match='a size of 18446744073709551616 is too large'):
        cls(indices, values, torch_early.Size([2 ** 64, 1]))


def test_a_large_sparse_size_that_fits_is_kept():
    x = sparse.ByteTensor(torch_early.LongTensor([[2 ** 31], [5]]), torch_early.ByteTensor([7]),
                          torch_early.Size([2 ** 32, 2 ** 30]))
    assert x.size() == (2 ** 32, 2 ** 30)
    assert x.indices().tolist() == [[2 ** 31], [5]]


# ---- hybrid tensors: sparse dimensions, then dense ones -------------------------------------------

HYBRID_INDICES = [[0, 2, 0],
                  [1, 0, 1]]
HYBRID_VALUES = [[1, 2], [3, 4], [5, 6]]


def hybrid_example(cls=sparse.DoubleTensor):
    """A 3 x 2 x 2 tensor: two sparse dimensions, one dense; position (0, 1) given twice."""
    return cls(torch_early.LongTensor(HYBRID_INDICES), dense_class(cls)(HYBRID_VALUES),
               torch_early.Size([3, 2, 2]))


@pytest.mark.parametrize('cls', SPARSE_CLASSES, ids=lambda c: c.__name__)
def test_hybrid_values_are_blocks_of_the_dense_dimensions(cls):
    x = hybrid_example(cls)
    assert x.size() == torch_early.Size([3, 2, 2]) and x.dim() == 3
    assert x.nnz() == 3
    assert x.indices().tolist() == HYBRID_INDICES
    assert x.values().tolist() == HYBRID_VALUES
    expected = reference(HYBRID_INDICES, numpy.array(HYBRID_VALUES), (3, 2, 2))
    assert (x.to_dense().double().numpy() == expected).all()
    assert x.to_dense().tolist()[0][1] == [6, 8]               # the repeat added up


def test_without_a_size_the_dense_sizes_are_a_values():
    x = sparse.FloatTensor(torch_early.LongTensor([[1, 3]]), torch_early.FloatTensor(2, 4, 5))
    assert x.size() == torch_early.Size([4, 4, 5])


def test_the_values_of_a_hybrid_tensor_are_a_view():
    x = hybrid_example()
    x.values()[1][0] = 9
    assert x.to_dense().tolist()[2][0] == [9, 4]


@pytest.mark.parametrize('size, message', [
    ([3, 2], r'got 2 sizes \(size 3x2\) for indices of 2 dimensions and values of 1'),
    ([3, 2, 3], r'size 3x2x3 does not end with the size of a value, 2 \(values are 3x2\)'),
    ([3, 2, 2, 1], r'got 4 sizes \(size 3x2x2x1\) for indices of 2 dimensions and values of 1'),
])
def test_a_size_that_does_not_fit_the_values_is_refused(size, message):
    with pytest.raises(RuntimeError, match=message):
        sparse.DoubleTensor(torch_early.LongTensor(HYBRID_INDICES),
                            torch_early.DoubleTensor(HYBRID_VALUES), torch_early.Size(size))


def test_coalesce_is_out_of_place_and_adds_up_value_blocks():
    x = hybrid_example()
    y = x.coalesce()
    assert not x.is_coalesced() and y.is_coalesced() and y is not x
    assert y.indices().tolist() == [[0, 2], [1, 0]]
    assert y.values().tolist() == [[6, 8], [3, 4]]
    assert x.nnz() == 3                                       # x is left as it was
    y.coalesce().values().fill_(1)                            # coalesced already: the same
    assert y.values().tolist() == [[1, 1], [1, 1]]            # tensor (in a new object)
    x.contiguous()                                            # the in-place form
    assert x.is_coalesced() and x.is_contiguous() and x.values().tolist() == [[6, 8], [3, 4]]
    assert x.indices().tolist() == [[0, 2], [1, 0]]


def test_transposing_a_dense_dimension_is_refused():
    x = hybrid_example()
    y = x.transpose(0, 1)
    assert y.size() == torch_early.Size([2, 3, 2])
    assert (y.to_dense().numpy() == x.to_dense().numpy().transpose(1, 0, 2)).all()
    with pytest.raises(RuntimeError, match='only its 2 sparse dimensions can be transposed'):
        x.transpose(1, 2)
    with pytest.raises(RuntimeError, match='only its 2 sparse dimensions can be transposed'):
        x.transpose_(2, 0)
    assert x.size() == torch_early.Size([3, 2, 2])            # left as it was


def test_t_transposes_a_matrix():
    x = example()
    assert (x.t().to_dense().numpy() == x.to_dense().numpy().T).all()
    assert x.t_() is x and x.size() == torch_early.Size([4, 3])
    with pytest.raises(RuntimeError, match=r't\(\) expects a 2D sparse tensor, but got one of '
                                           r'size 3x2x2'):
        hybrid_example().t()
    with pytest.raises(RuntimeError, match=r"argument 'dim1': cannot transpose"):
        sparse.DoubleTensor(torch_early.LongTensor([[0, 1]]),
                            torch_early.DoubleTensor([[1, 2], [3, 4]])).t_()


def test_clone_is_deep_and_zero_keeps_the_size():
    x = hybrid_example()
    y = x.clone()
    assert type(y) is type(x) and y.values().tolist() == HYBRID_VALUES
    y.values().fill_(7)
    assert x.values().tolist() == HYBRID_VALUES
    assert y.zero_() is y
    assert y.nnz() == 0 and y.size() == x.size()
    assert (y.to_dense().numpy() == 0).all()
    assert y.indices().numel() == 0 and y.values().numel() == 0


def test_new_takes_the_constructors_arguments():
    x = hybrid_example(sparse.FloatTensor)
    assert type(x.new()) is sparse.FloatTensor and x.new().dim() == 0
    assert x.new(2, 3).size() == torch_early.Size([2, 3])
    y = x.new(x.indices(), x.values(), x.size())
    assert (y.to_dense().numpy() == x.to_dense().numpy()).all()


def test_printing_a_hybrid_tensor_shows_its_value_blocks():
    x = sparse.FloatTensor(torch_early.LongTensor([[1]]), torch_early.FloatTensor([[3, 4]]),
                           torch_early.Size([2, 2]))
    assert repr(x) == (
        '\n indices:\n'
        ' 1\n'
        '[torch_early.LongTensor of size 1x1]\n'
        ' values:\n'
        ' 3  4\n'
        '[torch_early.FloatTensor of size 1x2]\n'
        '[torch_early.sparse.FloatTensor of size 2x2]\n')


def test_deepcopy_clones_once_per_call():
    indices = torch_early.LongTensor([[0, 1], [1, 0]])
    x = torch_early.sparse.FloatTensor(indices, torch_early.FloatTensor([1, 2]),
                                       torch_early.Size([2, 2]))
    a, b = copy.deepcopy([x, x])
    assert a is b and a is not x
    assert a.to_dense().tolist() == x.to_dense().tolist()
    a.zero_()
    assert x.to_dense().tolist() == [[0, 1], [2, 0]]
