"""The autograd core: Variable, Function and the engine (graphs, hooks, versions, errors)."""
import copy
import gc
import pickle
import weakref

import pytest

import torch_early
from torch_early.autograd import Variable, Function, NestedIOFunction, gradcheck
from torch_early.autograd import _functions

from autograd_checks import double, leaf


def values(var_or_tensor):
    data = var_or_tensor.data if isinstance(var_or_tensor, Variable) else var_or_tensor
    return data.tolist()


# ---- Variable --------------------------------------------------------------------------------

def test_flags_are_keyword_only_and_default_off():
    t = torch_early.FloatTensor(2)
    v = Variable(t)
    assert v.data is t and v.creator is None
    assert v.requires_grad is False and v.volatile is False
    with pytest.raises(TypeError):
        Variable(t, True)


def test_data_must_be_a_tensor():
    with pytest.raises(TypeError, match="Variable data has to be a tensor, but got list"):
        Variable([1, 2])


def test_volatile_never_requires_grad():
    v = Variable(torch_early.FloatTensor(2), requires_grad=True, volatile=True)
    assert v.volatile and not v.requires_grad


def test_attributes_fall_through_to_data():
    v = Variable(torch_early.FloatTensor(2, 3))
    assert v.size() == torch_early.Size([2, 3])
    assert v.dim() == 2 and v.nelement() == 6 and v.numel() == 6 and v.ndimension() == 2
    assert v.is_contiguous() and v.stride() == (3, 1) and v.element_size() == 4
    assert v.is_same_size(Variable(torch_early.FloatTensor(2, 3)))
    assert len(v) == 2
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        v.no_such_thing


def test_repr_shows_the_tensor():
    v = Variable(torch_early.FloatTensor([1, 2]))
    assert repr(v) == 'Variable containing:' + repr(v.data)


def test_requires_grad_is_settable_on_leaves_only():
    x = Variable(double(2))
    x.requires_grad = True
    assert x.requires_grad
    y = x * 2
    with pytest.raises(RuntimeError, match="only change requires_grad flags of leaf variables"):
        y.requires_grad = False


def test_grad_is_none_until_a_backward_reaches_the_leaf():
    x = leaf(double(3))
    assert x.grad is None                       # v0.1.10 on (January made zeros on reading)
    (x * 2).backward(torch_early.DoubleTensor([1, 1, 1]))
    g = x.grad
    assert isinstance(g, Variable) and values(g) == [2, 2, 2]
    assert x.grad is g
    assert Variable(double(3)).grad is None
    assert (x * 2).grad is None


def test_grad_accumulates_across_backward_calls():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    (x * 3).backward(torch_early.DoubleTensor([1, 1]))
    (x * 3).backward(torch_early.DoubleTensor([1, 2]))
    assert values(x.grad) == [6, 9]
    x.grad.data.zero_()
    (x * x).backward(torch_early.DoubleTensor([1, 1]))
    assert values(x.grad) == [2, 4]


def test_version_goes_up_with_each_inplace_op():
    x = Variable(double(3))
    assert x._version == 0
    x.add_(1)
    x.mul_(2)
    assert x._version == 2
    assert x.creator is not None


def test_detach_shares_data_and_stops_the_graph():
    x = leaf(double(3))
    y = x * 2
    d = y.detach()
    # As in v0.1.12: a new leaf (no creator) that never requires grad, over the same data.
    assert d.creator is None
    assert d.data.data_ptr() == y.data.data_ptr() and not d.requires_grad
    assert d._version_counter is y._version_counter
    (x + d).backward(torch_early.DoubleTensor(3).fill_(1))
    assert values(x.grad) == [1, 1, 1]
    volatile = Variable(double(2), volatile=True).detach()
    assert volatile.creator is None and volatile.volatile
    d2 = y * 1
    d2.detach_()
    assert d2.creator is None and not d2.requires_grad


def test_pickle_and_deepcopy_of_leaves():
    x = Variable(torch_early.DoubleTensor([1, 2]), requires_grad=True)
    for copied in (pickle.loads(pickle.dumps(x)), copy.deepcopy(x)):
        assert isinstance(copied, Variable) and copied.requires_grad
        assert values(copied) == [1, 2] and copied.data is not x.data
    y = x * 2
    with pytest.raises(RuntimeError, match="graph leaves"):
        copy.deepcopy(y)
    with pytest.raises(RuntimeError, match="graph leaves"):
        pickle.dumps(y)


# ---- backward: its arguments -----------------------------------------------------------------

def test_scalar_backward_needs_no_gradient():
    x = leaf(torch_early.DoubleTensor([3]))
    (x * x).backward()
    assert values(x.grad) == [6]


def test_non_scalar_backward_needs_a_gradient():
    x = leaf(double(3))
    with pytest.raises(RuntimeError, match="backward should be called only on a scalar"):
        (x * 2).backward()


def test_gradient_must_match_the_variable():
    x = leaf(double(3))
    y = x * 2
    with pytest.raises(RuntimeError, match="gradient has 2 elements"):
        y.backward(torch_early.DoubleTensor(2).fill_(1))
    with pytest.raises(TypeError, match="gradient has type FloatTensor"):
        y.backward(torch_early.FloatTensor(3).fill_(1))
    with pytest.raises(TypeError, match="gradient must be a tensor or a Variable"):
        y.backward([1, 1, 1])
    y.backward(Variable(torch_early.DoubleTensor(3).fill_(1)))
    assert values(x.grad) == [2, 2, 2]


def test_backward_of_volatile_or_gradless_variables_raises():
    with pytest.raises(RuntimeError, match="volatile"):
        (Variable(double(1), volatile=True) * 2).backward()
    with pytest.raises(RuntimeError, match="no graph nodes that require computing gradients"):
        (Variable(double(1)) * 2).backward()
    with pytest.raises(RuntimeError, match="no graph nodes that require computing gradients"):
        Variable(double(3)).backward(double(3))
    with pytest.raises(RuntimeError, match="no graph nodes that require computing gradients"):
        torch_early.autograd.backward([Variable(double(3)) + 1], [double(3)])


def test_roots_that_do_not_require_grad_are_skipped():
    x = leaf(double(2))
    y = Variable(double(2))
    z = x + y
    q = y * 2
    torch_early.autograd.backward([z, q], [torch_early.DoubleTensor([1, 2]),
                                           torch_early.DoubleTensor([3, 4])])
    assert values(x.grad) == [1, 2]


# ---- the engine ------------------------------------------------------------------------------

def test_graph_records_creators_and_previous_functions():
    x = leaf(double(2))
    y = Variable(double(2))
    z = x * y
    w = z + 1
    assert isinstance(w.creator, _functions.AddConstant)
    (prev, nr), = w.creator.previous_functions
    assert prev is z.creator and nr == 0
    assert [p for p, _ in z.creator.previous_functions] == [x, y]
    assert z.creator.needs_input_grad == (True, False)
    assert z.requires_grad and w.requires_grad


def test_gradients_are_summed_for_a_variable_used_twice():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    y = x * 3
    z = y * y + y          # dz/dx = (2y + 1) * 3
    z.backward(torch_early.DoubleTensor([1, 1]))
    assert values(x.grad) == [21, 39]


def test_shared_subgraph_diamond():
    x = leaf(torch_early.DoubleTensor([2]))
    a = x * x
    b = a * 3
    c = a + 1
    (b * c).backward()
    # d/dx [3a(a+1)] = (6a + 3) * 2x with a = 4
    assert values(x.grad) == [108]


def test_the_callers_gradient_is_never_modified():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    y = x + x
    g = torch_early.DoubleTensor([1, 1])
    y.backward(g)
    assert values(g) == [1, 1] and values(x.grad) == [2, 2]


def test_backward_from_several_roots():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    y = x * 2
    z = y * 3                       # z depends on y: y's creator must wait for z
    torch_early.autograd.backward([y, z], [torch_early.DoubleTensor([1, 1]),
                                           torch_early.DoubleTensor([1, 0])])
    assert values(x.grad) == [8, 2]


def test_backward_with_a_leaf_root():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    torch_early.autograd.backward([x], [torch_early.DoubleTensor([5, 6])])
    assert values(x.grad) == [5, 6]
    with pytest.raises(ValueError, match="2 variables but 1 gradients"):
        torch_early.autograd.backward([x, x], [None])


class TwoOutputs(Function):
    """(2x, 3x); its backward sees zeros for an output no one used."""

    def forward(self, x):
        return x * 2, x * 3

    def backward(self, grad_a, grad_b):
        assert grad_a is not None and grad_b is not None
        return grad_a * 2 + grad_b * 3


def test_unused_outputs_get_zero_gradients():
    x = leaf(torch_early.DoubleTensor([1]))
    a, b = TwoOutputs()(x)
    (a * 5).backward()
    assert values(x.grad) == [10]


class ReturnsNone(Function):

    def forward(self, x, y):
        return x + y

    def backward(self, grad):
        return grad, None


def test_custom_function_may_return_none_gradients():
    x = leaf(torch_early.DoubleTensor([1]))
    y = leaf(torch_early.DoubleTensor([1]))
    ReturnsNone()(x, y).backward()
    assert values(x.grad) == [1] and y.grad is None        # a None gradient reaches no leaf


class WrongCount(Function):

    def forward(self, x):
        return x.clone()

    def backward(self, grad):
        return grad, grad


def test_backward_must_return_one_gradient_per_input():
    x = leaf(double(1))
    with pytest.raises(RuntimeError, match="WrongCount.backward returned an invalid number of "
                                           "gradient tensors \\(expected 1, but got 2\\)"):
        WrongCount()(x).backward()


def test_extra_gradients_are_accepted_when_they_are_none():
    class ExtraNones(Function):
        def forward(self, x):
            return x.clone()

        def backward(self, grad):
            return grad, None, None
    x = leaf(double(2))
    ExtraNones()(x).backward(torch_early.DoubleTensor([1, 2]))
    assert values(x.grad) == [1, 2]


class ReturnsThis(Function):
    """A custom Function whose backward returns what it was built with, whatever the input."""

    def __init__(self, gradient):
        self.gradient = gradient

    def forward(self, x):
        return x.clone()

    def backward(self, grad):
        return self.gradient


@pytest.mark.parametrize('gradient, got', [
    (torch_early.DoubleTensor(3), "a DoubleTensor of size 3"),
    (torch_early.DoubleTensor(2, 2), "a DoubleTensor of size 2x2"),
    (torch_early.FloatTensor(2, 3), "a FloatTensor of size 2x3"),
    (Variable(torch_early.DoubleTensor(2, 3)), "Variable"),
    (2.0, "float"),
])
def test_a_gradient_of_the_wrong_size_or_type_is_refused(gradient, got):
    x = leaf(double(2, 3))
    y = ReturnsThis(gradient)(x)
    with pytest.raises(RuntimeError, match="ReturnsThis.backward returned an invalid gradient "
                                           "for input 0: expected a DoubleTensor of size 2x3 "
                                           "\\(the input's\\), but got " + got):
        y.sum().backward()
    assert x.grad is None                                   # nothing was accumulated


def test_a_hook_replacing_grad_input_is_checked_too():
    x = leaf(double(2, 3))
    y = x * 2
    y.creator.register_hook(lambda grad_input, grad_output: (torch_early.DoubleTensor(6),))
    with pytest.raises(RuntimeError, match="a backward hook of MulConstant returned an invalid "
                                           "gradient for input 0: expected a DoubleTensor of "
                                           "size 2x3"):
        y.sum().backward()


def test_gradients_of_inputs_without_grad_are_not_checked():
    x = Variable(double(2, 3))
    y = leaf(double(2, 3))

    class Sloppy(Function):
        def forward(self, a, b):
            return a + b

        def backward(self, grad):
            return 'ignored', grad
    Sloppy()(x, y).sum().backward()
    assert values(y.grad) == [[1, 1, 1], [1, 1, 1]]


@pytest.mark.parametrize('output, got', [
    (lambda x: None, "NoneType as output 0"),
    (lambda x: x.storage(), "DoubleStorage as output 0"),
    (lambda x: Variable(x), "Variable as output 0"),
    (lambda x: (x.clone(), 3), "int as output 1"),
])
def test_forward_must_return_tensors(output, got):
    class Returns(Function):
        def forward(self, x):
            return output(x)

        def backward(self, grad):
            return grad
    with pytest.raises(TypeError, match="Returns.forward must return tensors \\(or a tuple of "
                                        "tensors\\), but returned " + got):
        Returns()(leaf(double(2)))


def test_a_variable_may_be_given_its_creator():
    class Made(Function):
        def forward(self, x):
            return x

        def backward(self, grad):
            return grad
    made = Made()
    v = Variable(double(2), creator=made, requires_grad=True)
    assert v.creator is made and v.requires_grad and v.output_nr == 0
    assert Variable(double(2), creator=None).creator is None
    with pytest.raises(TypeError, match="Variable creator has to be a Function or None, but got "
                                        "int"):
        Variable(double(2), creator=3)
    with pytest.raises(TypeError):
        Variable(double(2), made)           # keyword-only, as the flags


class MyReLU(Function):
    """A 2017-style custom Function: no __init__, tensors in, tensors out."""

    def forward(self, input):
        self.save_for_backward(input)
        return input.clamp(min=0)

    def backward(self, grad_output):
        input, = self.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


def test_a_2017_custom_function_runs_unchanged():
    x = leaf(torch_early.DoubleTensor([-1, 2, -3, 4]))
    y = MyReLU()(x)
    assert values(y) == [0, 2, 0, 4]
    y.backward(torch_early.DoubleTensor([1, 1, 1, 1]))
    assert values(x.grad) == [0, 1, 0, 1]
    assert gradcheck(lambda v: MyReLU()(v), (leaf(torch_early.DoubleTensor([-1, 2, -3, 4])),))


def test_gradcheck_catches_a_wrong_gradient():
    class Wrong(Function):
        def forward(self, x):
            return x * 2

        def backward(self, grad):
            return grad * 3
    assert not gradcheck(lambda v: Wrong()(v), (leaf(double(3)),))


def test_function_outputs_must_be_given_variables():
    with pytest.raises(TypeError, match="MyReLU expects Variables as inputs, but got "
                                        "DoubleTensor"):
        MyReLU()(double(2))


# ---- retain_variables ------------------------------------------------------------------------

def test_a_second_backward_needs_retain_variables():
    x = leaf(torch_early.DoubleTensor([2]))
    y = x * x
    y.backward(retain_variables=True)
    y.backward()
    assert values(x.grad) == [8]
    with pytest.raises(RuntimeError, match="Trying to backward through the graph second time"):
        y.backward()


def test_functions_that_saved_nothing_can_backward_again():
    x = leaf(torch_early.DoubleTensor([2]))
    y = x * 3
    y.backward()
    y.backward()
    assert values(x.grad) == [6]


# ---- volatile and requires_grad propagation --------------------------------------------------

def test_volatile_inputs_build_no_graph():
    x = leaf(double(2))
    v = Variable(double(2), volatile=True)
    y = x * v + 1
    assert y.volatile and not y.requires_grad and y.creator is None


def test_requires_grad_propagates_from_any_input():
    a = Variable(double(2))
    b = Variable(double(2))
    assert not (a + b).requires_grad
    b.requires_grad = True
    assert (a + b).requires_grad and (a * 2 + b).requires_grad


# ---- in place --------------------------------------------------------------------------------

def test_inplace_change_of_a_saved_variable_is_caught():
    x = leaf(double(3))
    y = x + 0
    z = y * y          # saves y
    y.add_(1)
    with pytest.raises(RuntimeError, match="one of the variables needed for gradient "
                                           "computation has been modified by an inplace "
                                           "operation"):
        z.backward(torch_early.DoubleTensor(3).fill_(1))


def test_inplace_on_a_leaf_that_requires_grad_breaks_its_backward():
    # As in 2017: forward runs (the leaf becomes the op's output), but the leaf's gradient was
    # defined at the value that is gone, so a backward that reaches it raises.
    x = leaf(torch_early.DoubleTensor([1, 2]))
    early = x * 3
    assert x.add_(1) is x
    assert values(x) == [2, 3] and x._version == 1
    assert x.creator is not None and x.requires_grad and x.grad is None
    with pytest.raises(RuntimeError, match="leaf variable was used in an inplace operation"):
        x.sum().backward()
    with pytest.raises(RuntimeError, match="leaf variable was used in an inplace operation"):
        early.sum().backward()
    y = leaf(double(3))
    y += 1
    with pytest.raises(RuntimeError, match="leaf variable was used in an inplace operation"):
        (y * 2).sum().backward()


def test_inplace_op_returns_the_same_variable_with_a_new_creator():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    y = x * 1
    first_creator = y.creator
    z = y.add_(3)
    assert z is y and y.creator is not first_creator
    y.mul_(2)
    y.backward(torch_early.DoubleTensor([1, 1]))
    assert values(x.grad) == [2, 2]


def test_mul_and_div_in_place_take_only_numbers():
    x = Variable(double(2))
    with pytest.raises(RuntimeError, match="mul_ only supports scalar multiplication"):
        x.mul_(Variable(double(2)))
    with pytest.raises(RuntimeError, match="div_ only supports scalar division"):
        x.div_(double(2))
    with pytest.raises(RuntimeError, match="only supports scalar"):
        x *= Variable(double(2))
    with pytest.raises(TypeError, match="mul_\\(\\) of a Variable accepts only a number"):
        x.mul_('a')
    assert x._version == 0
    with pytest.raises(TypeError, match="wrap a tensor in a Variable"):
        x.add(double(2))


# ---- hooks -----------------------------------------------------------------------------------

def test_leaf_hook_sees_and_may_replace_the_gradient():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    seen = []
    handle = x.register_hook(lambda g: seen.append(values(g)))
    (x * 2).backward(torch_early.DoubleTensor([1, 1]))
    assert seen == [[2, 2]]
    handle.remove()
    x.register_hook(lambda g: g * 10)
    (x * 2).backward(torch_early.DoubleTensor([1, 1]))
    assert seen == [[2, 2]] and values(x.grad) == [22, 22]


def test_non_leaf_hook_sees_the_summed_gradient():
    x = leaf(torch_early.DoubleTensor([1]))
    y = x * 2
    seen = []
    y.register_hook(lambda g: seen.append(values(g)))
    (y * 3 + y * 4).backward()
    assert seen == [[7]] and values(x.grad) == [14]


def test_non_leaf_hook_replacement_and_context_manager_removal():
    x = leaf(torch_early.DoubleTensor([1]))
    y = x * 2
    with y.register_hook(lambda g: g * 0):
        pass                   # removed at the end of the with block
    y.register_hook(lambda g: g * 5)
    y.backward()
    assert values(x.grad) == [10]


def test_a_non_leaf_keeps_its_hooks_in_backward_hooks_which_its_creator_runs():
    x = leaf(torch_early.DoubleTensor([1]))
    y = x * 2
    assert y._backward_hooks is None
    y.register_hook(lambda g: None)
    seen = []
    y._backward_hooks['added by hand'] = lambda g: seen.append(values(g))   # as the era's dict
    y.backward()
    assert seen == [[1]] and values(x.grad) == [2]


def test_hooks_holding_their_variable_are_collected_with_it():
    import gc
    deleted = []

    class Hook(object):
        def __init__(self, variable):
            self.variable = variable            # a cycle: variable -> hooks -> hook -> variable

        def __call__(self, grad):
            pass

        def __del__(self):
            deleted.append(1)

    def make():
        x = leaf(torch_early.DoubleTensor([1]))
        y = x * 2
        x.register_hook(Hook(x))
        y.register_hook(Hook(y))
    make()
    gc.collect()
    assert len(deleted) == 2


def test_num_inputs_and_num_outputs_of_a_call():
    x, y = leaf(double(2)), leaf(double(2))
    out = x + y
    assert (out.creator.num_inputs, out.creator.num_outputs) == (2, 1)
    assert Function.num_inputs == 0


def test_function_hook_sees_grad_input_and_grad_output():
    x = leaf(torch_early.DoubleTensor([1]))
    y = x * 3
    calls = []
    y.creator.register_hook(lambda gi, go: calls.append((gi[0].tolist(), go[0].tolist())))
    y.backward()
    assert calls == [([3.0], [1.0])]


def test_hooks_need_a_variable_that_requires_grad():
    with pytest.raises(RuntimeError, match="doesn't require gradient"):
        Variable(double(1)).register_hook(lambda g: g)


# ---- Function helpers ------------------------------------------------------------------------

class Split(NestedIOFunction):
    """((a, b), c) -> [a + c, (b * c,)]"""

    def forward_extended(self, pair, c):
        a, b = pair
        self.save_for_backward(b, c)
        return [a + c, (b * c,)]

    def backward_extended(self, grad_sum, grad_prod):
        b, c = self.saved_tensors
        grad_prod, = grad_prod
        return (grad_sum, grad_prod * c), grad_sum + grad_prod * b


def test_nested_io_function():
    a, b, c = (leaf(torch_early.DoubleTensor([v])) for v in (1, 2, 3))
    s, (p,) = Split()((a, b), c)
    assert values(s) == [4] and values(p) == [6]
    torch_early.autograd.backward([s, p], [None, None])
    assert values(a.grad) == [1] and values(b.grad) == [3] and values(c.grad) == [3]


class ArgMaxAndMax(Function):

    def forward(self, x):
        value, index = x.max(0)
        self.mark_non_differentiable(index)
        self.save_for_backward(index)
        self.size = x.size()
        return value, index

    def backward(self, grad_value, grad_index):
        assert grad_index is None
        index, = self.saved_tensors
        grad = grad_value.new(self.size).zero_()
        grad[index[0]] = grad_value[0]
        return grad


def test_non_differentiable_outputs():
    x = leaf(torch_early.DoubleTensor([1, 5, 2]))
    value, index = ArgMaxAndMax()(x)
    assert value.requires_grad and not index.requires_grad
    value.backward()
    assert values(x.grad) == [0, 1, 0]


class AliasView(Function):

    def forward(self, x):
        result = x.view(x.numel())
        self.mark_shared_storage((x, result))
        return result

    def backward(self, grad):
        return grad


def test_shared_storage_shares_the_version_counter():
    x = Variable(double(2, 2)) * 1
    v = AliasView()(x)
    assert v._version_counter is x._version_counter
    del x
    v.add_(1)
    assert v._version == 1


def test_inplace_is_refused_while_another_variable_shares_the_storage():
    x = Variable(double(2, 2)) * 1
    before = values(x)
    v = AliasView()(x)
    w = AliasView()(x)
    with pytest.raises(RuntimeError, match="don't share storage with any other variables, "
                                           "but detected that there are 3 objects"):
        x.add_(1)
    with pytest.raises(RuntimeError, match="there are 3 objects"):
        v.add_(1)
    with pytest.raises(RuntimeError, match="there are 3 objects"):
        w.sub_(1)
    assert values(x) == before and x._version == 0
    del v
    with pytest.raises(RuntimeError, match="there are 2 objects"):
        x.mul_(2)
    del w
    x.mul_(2)
    assert values(x) == [[2 * a for a in row] for row in before]


def test_the_count_of_sharing_variables_follows_their_lifetimes():
    gc.disable()        # the count must not wait for the cycle collector
    try:
        base = Variable(double(4)) * 1
        counter = base._version_counter
        for i in range(100):
            view = base[0:2]
        assert counter.live_variables() == 2
        views = [base[i:i + 1] for i in range(4)]
        assert counter.live_variables() == 6
        del views, view
        assert counter.live_variables() == 1
        base.add_(1)
    finally:
        gc.enable()


def test_a_leaf_stays_a_sharer_while_the_graph_of_its_view_lives():
    # The view's creator keeps the leaf itself among its inputs (leaves are graph nodes).
    x = Variable(double(2, 2))
    v = AliasView()(x)
    del x
    with pytest.raises(RuntimeError, match="there are 2 objects"):
        v.add_(1)


def test_inplace_through_a_view_of_a_non_leaf_raises_rather_than_miscount():
    # z's graph would not know of a change made through its view: its gradient would be wrong.
    a = leaf(torch_early.DoubleTensor([1, 2, 3]))
    z = a * 1
    with pytest.raises(RuntimeError, match="share storage"):
        z.view(3).mul_(2)
    z.sum().backward()
    assert values(a.grad) == [1, 1, 1]
    # With the base gone nobody can see the old graph: the change goes into the view's.
    a.grad.data.zero_()
    view = (a * 1).view(3)
    view.mul_(2)
    view.sum().backward()
    assert values(a.grad) == [2, 2, 2]


def test_a_custom_mark_dirty_on_shared_storage_is_refused():
    class AddOneInPlace(Function):
        def forward(self, x):
            self.mark_dirty(x)
            return x.add_(1)

        def backward(self, grad):
            return grad
    x = Variable(double(3))
    v = AliasView()(x)
    with pytest.raises(RuntimeError, match="share storage"):
        AddOneInPlace()(x)
    assert v._version == 0


# ---- garbage collection ----------------------------------------------------------------------

def test_graphs_are_freed_without_the_cycle_collector():
    gc.disable()
    try:
        x = leaf(double(3))
        y = (x * 2 + 1) * x
        creator = weakref.ref(y.creator)
        y.backward(torch_early.DoubleTensor(3).fill_(1))
        del y
        assert creator() is None
        z = x * 3
        creator = weakref.ref(z.creator)
        del z
        assert creator() is None
    finally:
        gc.enable()


# ---- stochastic functions --------------------------------------------------------------------

def test_multinomial_reinforce():
    torch_early.manual_seed(1)
    p = leaf(torch_early.DoubleTensor([0.25, 0.25, 0.5]))
    sample = p.multinomial(4, True)
    drawn = values(sample)
    sample.reinforce(2.0)
    torch_early.autograd.backward([sample], [None])
    expected = [0.0, 0.0, 0.0]
    for k in drawn:
        expected[k] -= 2.0 / [0.25, 0.25, 0.5][k]
    assert values(p.grad) == pytest.approx(expected)


def test_bernoulli_and_normal_reinforce():
    torch_early.manual_seed(2)
    p = leaf(torch_early.DoubleTensor([0.3, 0.6]))
    s = p.bernoulli()
    s.reinforce(torch_early.DoubleTensor([1, 2]))
    torch_early.autograd.backward([s], [None])
    expected = [-(si - pi) / (pi * (1 - pi)) * r
                for si, pi, r in zip(values(s), [0.3, 0.6], [1, 2])]
    assert values(p.grad) == pytest.approx(expected)

    m = leaf(torch_early.DoubleTensor([0, 1]))
    sd = leaf(torch_early.DoubleTensor([1, 2]))
    n = torch_early.normal(m, sd)
    n.reinforce(1)
    torch_early.autograd.backward([n], [None])
    x = values(n)
    assert values(m.grad) == pytest.approx([-(x[0] - 0) / 1, -(x[1] - 1) / 4])
    assert values(sd.grad) == pytest.approx([-((x[0] - 0) ** 2 / 1 - 1),
                                             -((x[1] - 1) ** 2 / 8 - 0.5)])


def test_stochastic_backward_needs_a_reward():
    p = leaf(torch_early.DoubleTensor([0.5, 0.5]))
    s = p.multinomial(1)
    with pytest.raises(RuntimeError, match="requires providing a reward"):
        torch_early.autograd.backward([s], [None])
    with pytest.raises(RuntimeError, match="reinforce\\(\\) can be only called on outputs of "
                                         "stochastic functions"):
        (p * 2).reinforce(1)


def test_a_reward_must_match_the_sample_and_be_given_once_per_backward():
    p = leaf(torch_early.DoubleTensor([0.5, 0.5]))
    s = p.bernoulli()
    with pytest.raises(TypeError, match='mismatch between reward and output type: got '
                                        'torch_early.LongTensor, but expected '
                                        'torch_early.DoubleTensor'):
        s.reinforce(torch_early.LongTensor([1, 1]))
    with pytest.raises(ValueError, match='got reward of size 3, but expected a tensor of size 2'):
        s.reinforce(torch_early.DoubleTensor([1, 1, 1]))
    s.reinforce(torch_early.DoubleTensor([1, 2]))
    with pytest.raises(RuntimeError, match='only reinforce a stochastic Function once'):
        s.reinforce(2)
    torch_early.autograd.backward([s], [None])  # uses the reward up: a new one may follow
    s.reinforce(3)
    drawn = p.multinomial(1)                    # LongTensor samples, rewards of p's type
    with pytest.raises(TypeError, match='expected torch_early.DoubleTensor'):
        drawn.reinforce(torch_early.LongTensor([1]))
    drawn.reinforce(torch_early.DoubleTensor([1]))


def bernoulli_gradient(p, sample, reward):
    """REINFORCE for a Bernoulli sample: -reward * d log P(sample) / dp."""
    return [-r * (s - q) / (q * (1 - q)) for q, s, r in zip(p, sample, reward)]


def test_a_loss_made_only_of_samples_trains_the_samplers():
    # The loss needs no gradient (samples have none), yet its backward trains the stochastic
    # nodes of its graph through their rewards.
    torch_early.manual_seed(3)
    p = leaf(torch_early.DoubleTensor([0.3, 0.6, 0.8]))
    sample = p.bernoulli()
    loss = (sample * 2 + 1).sum()
    assert not loss.requires_grad
    with pytest.raises(RuntimeError, match="requires providing a reward"):
        loss.backward()
    sample.reinforce(torch_early.DoubleTensor([1, -2, 0.5]))
    loss.backward()
    expected = bernoulli_gradient(values(p), values(sample), [1, -2, 0.5])
    assert values(p.grad) == pytest.approx(expected)


def test_a_sample_itself_may_be_the_root():
    torch_early.manual_seed(4)
    p = leaf(torch_early.DoubleTensor([0.25, 0.5]))
    sample = p.clone().bernoulli()
    sample.reinforce(torch_early.DoubleTensor([2, 3]))
    sample.backward()
    assert values(p.grad) == pytest.approx(
        bernoulli_gradient(values(p), values(sample), [2, 3]))


def test_samplers_in_a_chain_are_each_trained_once():
    torch_early.manual_seed(5)
    x = leaf(torch_early.DoubleTensor([0.2, 0.7]))
    b = x.bernoulli()
    n1 = torch_early.normal(b, x)           # trains x through its standard deviation
    n2 = torch_early.normal(n1, 2)          # nothing of it requires grad
    for sample, reward in ((b, [1, 2]), (n1, [3, 4]), (n2, [5, 6])):
        sample.reinforce(torch_early.DoubleTensor(reward))
    n2.backward()
    expected = bernoulli_gradient(values(x), values(b), [1, 2])
    for i, (s, mean, r) in enumerate(zip(values(x), values(b), [3, 4])):
        deviation = values(n1)[i] - mean
        expected[i] += -r * (deviation ** 2 / s ** 3 - 1 / s)
    assert values(x.grad) == pytest.approx(expected)


# ---- function-style calls on Variables -------------------------------------------------------

def test_module_functions_accept_variables():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    y = leaf(torch_early.DoubleTensor([3, 4]))
    z = torch_early.add(torch_early.mul(x, y), torch_early.pow(2, x))
    assert isinstance(z, Variable) and values(z) == [5, 12]
    z.backward(torch_early.DoubleTensor([1, 1]))
    assert values(y.grad) == [1, 2]
    with pytest.raises(TypeError, match="out= is not supported for Variables"):
        torch_early.add(x, y, out=torch_early.DoubleTensor())


def test_a_refused_inplace_op_leaves_the_data_untouched():
    x = leaf(torch_early.DoubleTensor([1, 2]))
    view = x[0:1]
    with pytest.raises(RuntimeError, match="share storage"):
        x.mul_(3)
    assert values(x) == [1, 2] and x._version == 0 and x.creator is None


def test_inplace_on_a_gradless_leaf_makes_no_reference_cycle():
    gc.disable()
    try:
        x = Variable(double(3))
        y = leaf(double(3))
        x.add_(y)
        assert x.creator is not None and x.requires_grad
        creator = weakref.ref(x.creator)
        x.backward(torch_early.DoubleTensor(3).fill_(1))
        assert values(y.grad) == [1, 1, 1]
        del x
        assert creator() is None
    finally:
        gc.enable()


def test_cat_stack_split_and_chunk_take_variables():
    a = leaf(torch_early.DoubleTensor([[1, 2]]))
    b = leaf(torch_early.DoubleTensor([[3, 4]]))
    c = torch_early.cat([a, b], 0)
    assert isinstance(c.creator, _functions.Concat) and values(c) == [[1, 2], [3, 4]]
    assert torch_early.stack([a, b], 1).size() == torch_early.Size([1, 2, 2])
    top, bottom = torch_early.split(c, 1, 0)
    left, right = torch_early.chunk(c, 2, 1)
    assert values(bottom) == [[3, 4]] and values(right) == [[2], [4]]
    ones = torch_early.DoubleTensor
    torch_early.autograd.backward([bottom, right], [ones([[1, 1]]), ones([[10], [10]])])
    assert values(a.grad) == [[0, 10]] and values(b.grad) == [[1, 11]]
    assert gradcheck(lambda x, y: torch_early.cat([x, y], 1), (a, b))
    assert gradcheck(lambda x, y: torch_early.stack([x, y], 0), (a, b))


def test_function_style_calls_without_a_variable_method_raise():
    a = leaf(torch_early.DoubleTensor([1]))
    with pytest.raises(TypeError, match="torch_early.svd is not available for Variables"):
        torch_early.svd(a)


def test_no_reference_cycles_across_the_families():
    """Build a graph touching every family, run backward, drop it: nothing is left for the
    cycle collector."""
    def build_and_run():
        x = leaf(double(4, 4))
        w = leaf(double(4, 4))
        y = x.mm(w).sigmoid() * 2 + 1
        v = y.t()[1:3].contiguous().view(8)
        values, _ = v.sort(0)
        top, _ = y.max(1)
        z = torch_early.cat([values.unsqueeze(1), v.unsqueeze(1)], 1).sum() + top.sum()
        z = z + (y > 1).double().sum()
        m = y * 1
        m.masked_fill_(Variable(torch_early.ByteTensor(4, 4).fill_(0)), 0)
        m.index_add_(0, Variable(torch_early.LongTensor([0])), Variable(double(1, 4)))
        (z + m.sum()).backward()
        return x.grad
    build_and_run()
    gc.collect()
    gc.disable()
    try:
        grad = build_and_run()
        assert grad.size() == torch_early.Size([4, 4])
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_rewards_may_be_variables():
    p = leaf(torch_early.DoubleTensor([0.5, 0.5]))
    s = p.bernoulli()
    s.reinforce(Variable(torch_early.DoubleTensor([1, 1])))
    torch_early.autograd.backward([s], [None])
    assert p.grad.size() == torch_early.Size([2])


def test_more_error_paths():
    x = leaf(double(2))
    with pytest.raises(ValueError, match="gradcheck needs graph leaves as inputs"):
        gradcheck(lambda v: v * 2, (x * 1,))

    class DirtyStranger(Function):
        def forward(self, a):
            other = a.clone()
            self.mark_dirty(other)
            return other
    with pytest.raises(RuntimeError, match="marked as dirty a tensor that is not one of its "
                                           "inputs"):
        DirtyStranger()(Variable(double(2)))

    class NoForward(Function):
        pass
    with pytest.raises(NotImplementedError, match="NoForward does not implement forward"):
        NoForward()(x)
    with pytest.raises(RuntimeError, match="cannot register a hook on a volatile variable"):
        Variable(double(1), volatile=True).register_hook(lambda g: g)
    with pytest.raises(TypeError, match="backward expects Variables"):
        torch_early.autograd.backward([double(1)], [None])


# ---- sparse gradients ------------------------------------------------------------------------

class _FixedGradient(Function):
    """Passes its input on; its backward returns a gradient chosen in advance."""

    def __init__(self, grad):
        super(_FixedGradient, self).__init__()
        self.grad = grad

    def forward(self, x):
        return x.clone()

    def backward(self, grad_output):
        return self.grad


def _sparse_gradients():
    size = torch_early.Size([3, 2])
    first = torch_early.sparse.DoubleTensor(torch_early.LongTensor([[0, 2]]),
                                            torch_early.DoubleTensor([[1, 2], [3, 4]]), size)
    second = torch_early.sparse.DoubleTensor(torch_early.LongTensor([[2, 1, 2]]),
                                             torch_early.DoubleTensor([[1, 1], [5, 5], [2, 0]]),
                                             size)
    return first, second


def _as_dense(tensor):
    return tensor.to_dense() if tensor.is_sparse else tensor


@pytest.mark.parametrize('order', ['sparse first', 'dense first', 'sparse only', 'dense last'])
def test_sparse_and_dense_gradients_add_up(order):
    first, second = _sparse_gradients()
    dense = torch_early.DoubleTensor([[1, 0], [0, 1], [2, 2]])
    grads = {'sparse first': [first, dense, second], 'dense first': [dense, first, second],
             'sparse only': [first, second], 'dense last': [first, second, dense]}[order]
    x = Variable(torch_early.DoubleTensor(3, 2).zero_(), requires_grad=True)
    total = None
    for grad in grads:
        y = _FixedGradient(grad)(x)
        total = y if total is None else total + y
    total.sum().backward()
    assert x.grad.data.is_sparse == (order == 'sparse only')
    expected = sum(_as_dense(g) for g in grads)
    assert _as_dense(x.grad.data).tolist() == expected.tolist()
    assert first.to_dense().tolist() == [[1, 2], [0, 0], [3, 4]]    # the gradients given stay


def test_a_sparse_leaf_gradient_becomes_dense_when_a_dense_one_arrives():
    first, _ = _sparse_gradients()
    x = Variable(torch_early.DoubleTensor(3, 2).zero_(), requires_grad=True)
    _FixedGradient(first)(x).sum().backward()
    assert x.grad.data.is_sparse
    x.sum().backward()
    assert not x.grad.data.is_sparse
    assert x.grad.data.tolist() == [[2, 3], [1, 1], [4, 5]]


def test_a_sparse_gradient_must_have_its_inputs_type_and_size():
    first, _ = _sparse_gradients()
    x = Variable(torch_early.DoubleTensor(2, 3).zero_(), requires_grad=True)
    with pytest.raises(RuntimeError, match=r'expected a DoubleTensor of size 2x3 \(the '
                                           r"input's\), but got a torch_early.sparse.DoubleTensor "
                                           r'of size 3x2'):
        _FixedGradient(first)(x).sum().backward()
    y = Variable(torch_early.FloatTensor(3, 2).zero_(), requires_grad=True)
    with pytest.raises(RuntimeError, match='expected a FloatTensor of size 3x2'):
        _FixedGradient(first)(y).sum().backward()
