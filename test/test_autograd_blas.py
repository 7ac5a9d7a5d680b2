"""Autograd of the matrix and vector products: addmm, addbmm, baddbmm, addmv, addr (and their
in-place forms), mm, bmm, mv, ger, dot and the @ operator.

The add-forms take the tensor methods' positional scalars, m.addmm([beta,] [alpha,] m1, m2) =
beta * m + alpha * m1 @ m2; the Functions themselves name the scales the other way round
(Addmm(alpha, beta): alpha for the added matrix), which the direct Function tests pin down.
"""
import pytest

import torch_early
from torch_early.autograd import Variable
from torch_early.autograd._functions import Addbmm, Addmm, Addmv, Addr, Baddbmm, Dot

from autograd_checks import LAYOUTS, check, check_inplace_on_a_leaf, double, expanded, leaf

# name: (size of the added tensor, size of the first operand, size of the second)
ADD_FORMS = {
    'addmm': ((2, 3), (2, 4), (4, 3)),
    'addbmm': ((2, 3), (3, 2, 4), (3, 4, 3)),
    'baddbmm': ((3, 2, 3), (3, 2, 4), (3, 4, 3)),
    'addmv': ((2,), (2, 4), (4,)),
    'addr': ((2, 3), (2,), (3,)),
}
FUNCTIONS = {'addmm': Addmm, 'addbmm': Addbmm, 'baddbmm': Baddbmm, 'addmv': Addmv,
             'addr': Addr}
SCALARS = [(), (0.5,), (0.5, 2.0), (-1, 3), (0, 1)]


@pytest.fixture(autouse=True)
def seeded():
    """The same random inputs on every run."""
    torch_early.manual_seed(0)


def operands(name, layout='contiguous'):
    return [double(*size, layout=layout) for size in ADD_FORMS[name]]


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
@pytest.mark.parametrize('scalars', SCALARS)
def test_add_form_forward_matches_tensor(name, scalars):
    add, first, second = operands(name)
    result = getattr(leaf(add), name)(*(scalars + (leaf(first), leaf(second))))
    expected = getattr(add, name)(*(scalars + (first, second)))
    assert result.data.equal(expected)


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
@pytest.mark.parametrize('scalars', SCALARS)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_add_form_gradcheck(name, scalars, layout):
    inputs = [leaf(t) for t in operands(name, layout)]
    check(lambda m, a, b: getattr(m, name)(*(scalars + (a, b))), *inputs)


# The function forms put the scales around the added tensor, as the tensor functions do.
FUNCTION_FORMS = [
    (lambda add, a, b: (add, a, b), ()),
    (lambda add, a, b: (0.5, add, a, b), (0.5,)),
    (lambda add, a, b: (0.5, add, 2.0, a, b), (0.5, 2.0)),
]


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
@pytest.mark.parametrize('form, scalars', FUNCTION_FORMS)
def test_add_form_function_style(name, form, scalars):
    add, first, second = operands(name)
    result = getattr(torch_early, name)(*form(leaf(add), leaf(first), leaf(second)))
    assert result.data.equal(getattr(torch_early, name)(*form(add, first, second)))
    assert result.data.equal(getattr(add, name)(*(scalars + (first, second))))
    check(lambda m, a, b: getattr(torch_early, name)(*form(m, a, b)),
          *[leaf(t) for t in operands(name)])


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
def test_add_form_function_style_errors(name):
    add, first, second = [leaf(t) for t in operands(name)]
    with pytest.raises(TypeError, match="takes \\(tensor, "):
        getattr(torch_early, name)(add, first)
    with pytest.raises(TypeError, match="takes \\(tensor, "):
        getattr(torch_early, name)(1, add, 1, first, second, 1)
    with pytest.raises(TypeError, match="expects a Variable as the tensor to add, but got float"):
        getattr(torch_early, name)(0.5, 0.25, add, first, second)


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
def test_add_form_gradcheck_with_only_some_inputs_requiring_grad(name):
    add, first, second = operands(name)
    check(lambda m, a, b: getattr(m, name)(2, a, b), leaf(add, False), leaf(first),
          leaf(second, False))
    check(lambda m, a, b: getattr(m, name)(2, 3, a, b), leaf(add), leaf(first, False),
          leaf(second))


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
def test_function_alpha_scales_the_added_tensor_and_beta_the_product(name):
    add, first, second = operands(name)
    result = FUNCTIONS[name](0.5, 2.0)(leaf(add), leaf(first), leaf(second))
    expected = getattr(add, name)(0.5, 2.0, first, second)  # tensor order: beta, alpha
    assert result.data.equal(expected)
    check(lambda m, a, b: FUNCTIONS[name](0.5, 2.0)(m, a, b),
          *[leaf(t) for t in operands(name)])


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
@pytest.mark.parametrize('scalars', [(), (0.5,), (0.5, 2.0)])
def test_inplace_add_form_changes_and_returns_the_variable(name, scalars):
    add, first, second = operands(name)
    expected = getattr(add, name)(*(scalars + (first, second)))
    base = leaf(add)
    target = base.mul(1)
    result = getattr(target, name + '_')(*(scalars + (leaf(first), leaf(second))))
    assert result is target
    assert target.data.equal(expected)
    assert target._version == 1


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
@pytest.mark.parametrize('scalars', [(), (0.5, 2.0)])
@pytest.mark.parametrize('layout', LAYOUTS)
def test_inplace_add_form_gradcheck(name, scalars, layout):
    inputs = [leaf(t) for t in operands(name, layout)]

    def fn(m, a, b):
        return getattr(m.mul(1), name + '_')(*(scalars + (a, b)))
    check(fn, *inputs)


ALIASED = [
    ('addmm', (3, 3), (3, 3), 'first'),
    ('addmm', (3, 3), (3, 3), 'second'),
    ('baddbmm', (2, 3, 3), (2, 3, 3), 'first'),
    ('baddbmm', (2, 3, 3), (2, 3, 3), 'second'),
    ('addmv', (3,), (3, 3), 'second'),
]


@pytest.mark.parametrize('name, target_size, other_size, position', ALIASED)
def test_inplace_add_form_with_the_target_as_an_operand(name, target_size, other_size,
                                                        position):
    # x.addmm_(x, w): backward needs x as it was before it was overwritten.
    def fn(base, other):
        x = base.mul(1)
        operands = (x, other) if position == 'first' else (other, x)
        return getattr(x, name + '_')(0.5, 2, *operands)
    base, other = double(*target_size), double(*other_size)
    operands = (base, other) if position == 'first' else (other, base)
    expected = getattr(base, name)(0.5, 2, *operands)
    assert fn(leaf(base), leaf(other)).data.equal(expected)
    check(fn, leaf(base), leaf(other))


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
def test_inplace_add_form_on_a_leaf_that_requires_grad_breaks_backward(name):
    add, first, second = [leaf(t) for t in operands(name)]
    check_inplace_on_a_leaf(lambda x: getattr(x, name + '_')(first, second), add)


def test_addmm_with_an_expanded_added_matrix_matches_its_copy():
    base = expanded(2, 3)
    first, second = double(2, 4), double(4, 3)
    results = []
    for add in (leaf(base), leaf(base.clone())):
        a, b = leaf(first), leaf(second)
        out = add.addmm(0.5, 2, a, b)
        out.backward(torch_early.DoubleTensor(2, 3).fill_(1))
        results.append((out.data, add.grad.data, a.grad.data, b.grad.data))
    for got, expected in zip(*results):
        assert got.equal(expected)


# -- the plain products: mm, bmm, mv, ger, dot --------------------------------------------------

PRODUCTS = {
    'mm': ((2, 4), (4, 3)),
    'bmm': ((3, 2, 4), (3, 4, 3)),
    'mv': ((2, 4), (4,)),
    'ger': ((2,), (3,)),
    'dot': ((5,), (5,)),
}


@pytest.mark.parametrize('name', sorted(PRODUCTS))
def test_product_forward_matches_tensor(name):
    first, second = [double(*size) for size in PRODUCTS[name]]
    result = getattr(leaf(first), name)(leaf(second))
    expected = getattr(first, name)(second)
    if name == 'dot':
        assert result.data.size() == torch_early.Size([1])
        assert result.data[0] == pytest.approx(expected, rel=1e-12)
    else:
        assert result.data.equal(expected)


@pytest.mark.parametrize('name', sorted(PRODUCTS))
@pytest.mark.parametrize('layout', LAYOUTS)
def test_product_gradcheck(name, layout):
    first, second = [double(*size, layout=layout) for size in PRODUCTS[name]]
    check(lambda a, b: getattr(a, name)(b), leaf(first), leaf(second))


@pytest.mark.parametrize('name', ['mm', 'bmm', 'mv', 'ger'])
def test_product_through_a_zero_weighted_fresh_output(name):
    first, second = [leaf(double(*size)) for size in PRODUCTS[name]]
    result = getattr(first, name)(second)
    added = result.creator.previous_functions[0][0]
    assert isinstance(added, Variable) and not added.requires_grad
    assert result.creator.alpha == 0 and result.creator.beta == 1


def test_dot_of_a_matrix_and_a_vector_with_as_many_elements():
    a, b = double(2, 3), double(6)
    assert leaf(a).dot(leaf(b)).data[0] == pytest.approx(a.dot(b), rel=1e-12)
    check(lambda x, y: x.dot(y), leaf(a), leaf(b))


def test_dot_backward_without_a_gradient():
    a, b = leaf(double(4)), leaf(double(4))
    a.dot(b).backward()
    assert a.grad.data.equal(b.data) and b.grad.data.equal(a.data)


def test_mm_result_used_twice_accumulates():
    a, b = leaf(double(2, 3)), leaf(double(3, 2))
    check(lambda x, y: x.mm(y).mm(x.mm(y)), a, b)


# -- @ -------------------------------------------------------------------------------------------

MATMUL = [((4,), (4,), 'dot'), ((2, 4), (4, 3), 'mm'), ((2, 4), (4,), 'mv')]


@pytest.mark.parametrize('first_size, second_size, name', MATMUL)
@pytest.mark.parametrize('layout', LAYOUTS)
def test_matmul(first_size, second_size, name, layout):
    first, second = double(*first_size, layout=layout), double(*second_size, layout=layout)
    result = leaf(first) @ leaf(second)
    expected = first @ second
    if name == 'dot':
        assert result.data[0] == pytest.approx(expected, rel=1e-12)
    else:
        # The tensor's @ of a matrix and a vector goes through mm, the Variable's through mv:
        # equal up to rounding.
        assert result.data.add(-1, expected).abs().max() < 1e-12
    check(lambda a, b: a @ b, leaf(first), leaf(second))


@pytest.mark.skipif(not hasattr(Variable, 'unsqueeze'), reason='needs Variable.unsqueeze')
@pytest.mark.parametrize('layout', LAYOUTS)
def test_matmul_vector_times_matrix(layout):
    first, second = double(4, layout=layout), double(4, 3, layout=layout)
    assert (leaf(first) @ leaf(second)).data.equal(first @ second)
    check(lambda a, b: a @ b, leaf(first), leaf(second))


def test_matmul_errors():
    with pytest.raises(ValueError):
        leaf(double(2, 2, 2)) @ leaf(double(2, 2))
    with pytest.raises(TypeError):
        leaf(double(2, 2)) @ double(2, 2)


# -- errors --------------------------------------------------------------------------------------

SIZE_ERRORS = [
    ('mm', (2, 4), (3, 2)),            # inner sizes differ
    ('mm', (4,), (4, 2)),              # not a matrix
    ('mm', (2, 4), (4,)),
    ('bmm', (3, 2, 4), (2, 4, 3)),     # batch sizes differ
    ('bmm', (3, 2, 4), (3, 3, 2)),
    ('bmm', (2, 4), (4, 3)),
    ('mv', (2, 4), (3,)),
    ('mv', (2, 4), (4, 1)),
    ('ger', (2, 3), (3,)),
    ('dot', (5,), (4,)),
    ('dot', (2, 3), (5,)),
]


@pytest.mark.parametrize('name, first_size, second_size', SIZE_ERRORS)
def test_wrong_sizes_are_a_runtime_error(name, first_size, second_size):
    first, second = leaf(double(*first_size)), leaf(double(*second_size))
    with pytest.raises(RuntimeError):
        getattr(first, name)(second)


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
def test_add_form_with_a_wrongly_sized_added_tensor(name):
    add_size, first_size, second_size = ADD_FORMS[name]
    wrong = [s + 1 for s in add_size]
    with pytest.raises(RuntimeError):
        getattr(leaf(double(*wrong)), name)(leaf(double(*first_size)), leaf(double(*second_size)))


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
@pytest.mark.parametrize('args', [(), ('x',), (1, 2, 3, 4, 5)])
def test_add_form_with_a_wrong_number_of_arguments(name, args):
    with pytest.raises(TypeError):
        getattr(leaf(double(2, 3)), name)(*args)


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
def test_add_form_scalars_must_be_numbers(name):
    add, first, second = [leaf(t) for t in operands(name)]
    with pytest.raises(TypeError):
        getattr(add, name)('2', first, second)
    with pytest.raises(TypeError):
        getattr(add, name)(1, leaf(double(1)), first, second)


@pytest.mark.parametrize('name', sorted(ADD_FORMS))
def test_add_form_operands_must_be_variables(name):
    add, first, second = operands(name)
    with pytest.raises(TypeError):
        getattr(leaf(add), name)(first, leaf(second))


@pytest.mark.parametrize('name', sorted(PRODUCTS))
def test_product_operand_must_be_a_variable(name):
    first, second = [double(*size) for size in PRODUCTS[name]]
    with pytest.raises(TypeError):
        getattr(leaf(first), name)(second)


def test_function_objects_take_variables_only():
    with pytest.raises(TypeError):
        Dot()(leaf(double(3)), double(3))
