"""nn.Module and the containers: how attributes are routed into parameters, buffers and children,
traversal (each shared object once), apply/_apply and the type conversions, train/eval,
zero_grad, state dicts and their errors, forward and backward hooks, and the printed form."""
import copy
import pickle
import warnings
from collections import OrderedDict

import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable
from torch_early.nn import Parameter


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def param(*size):
    return Parameter(torch_early.DoubleTensor(*size).uniform_(-1, 1))


class Scale(nn.Module):
    """A leaf module with one parameter and one buffer: output = input * weight."""

    def __init__(self, n=3):
        super(Scale, self).__init__()
        self.weight = param(n)
        self.register_buffer('count', torch_early.DoubleTensor(1).zero_())

    def forward(self, input):
        return input * self.weight


# -- Parameter ---------------------------------------------------------------------------------

def test_parameter_is_a_leaf_variable_that_requires_grad():
    p = Parameter(torch_early.DoubleTensor(2, 3))
    assert isinstance(p, Variable)
    assert p.requires_grad and p.creator is None
    assert not Parameter(torch_early.DoubleTensor(2), requires_grad=False).requires_grad


def test_parameter_without_data_holds_an_empty_tensor_of_the_default_type():
    p = Parameter()
    assert isinstance(p.data, torch_early.FloatTensor)
    assert p.data.dim() == 0


def test_parameter_repr_names_it_then_prints_the_tensor():
    data = torch_early.DoubleTensor([1, 2])
    assert repr(Parameter(data)) == 'Parameter containing:' + repr(data)
    assert repr(Parameter(data)).startswith('Parameter containing:\n 1\n 2\n')


def test_parameter_survives_deepcopy_and_pickle_as_a_parameter():
    p = param(2, 2)
    for copied in (copy.deepcopy(p), pickle.loads(pickle.dumps(p))):
        assert type(copied) is Parameter
        assert copied.requires_grad
        assert copied.data.tolist() == p.data.tolist()
        assert copied.data is not p.data


# -- routing -----------------------------------------------------------------------------------

def test_assigned_parameters_modules_and_buffers_land_in_their_dictionaries():
    m = nn.Module()
    w = param(2)
    child = Scale()
    m.w = w
    m.child = child
    m.register_buffer('mean', torch_early.DoubleTensor(2).zero_())
    m.plain = 5
    assert list(m._parameters) == ['w'] and m._parameters['w'] is w
    assert list(m._modules) == ['child'] and m._modules['child'] is child
    assert list(m._buffers) == ['mean']
    assert 'w' not in m.__dict__ and 'child' not in m.__dict__ and 'mean' not in m.__dict__
    assert m.w is w and m.child is child and m.plain == 5
    assert m.mean is m._buffers['mean']


def test_a_plain_variable_stays_an_ordinary_attribute():
    m = nn.Module()
    v = Variable(torch_early.DoubleTensor(2))
    m.v = v
    assert m.v is v
    assert list(m.parameters()) == []


def test_a_parameter_slot_takes_only_a_parameter_or_none():
    m = Scale()
    with pytest.raises(TypeError, match="cannot assign 'torch_early.autograd.variable.Variable' "
                                        "as parameter 'weight'"):
        m.weight = Variable(torch_early.DoubleTensor(3))
    with pytest.raises(TypeError):
        m.weight = m.weight * 2     # a computed Variable
    m.weight = None
    assert m.weight is None and list(m.parameters()) == []
    m.weight = param(3)
    assert len(list(m.parameters())) == 1


def test_a_non_leaf_parameter_is_refused():
    m = nn.Module()
    w = param(2)
    non_leaf = Parameter(torch_early.DoubleTensor(2))
    non_leaf.creator = (w * 2).creator
    with pytest.raises(ValueError, match="non-leaf Variable to parameter 'w'"):
        m.register_parameter('w', non_leaf)


def test_register_parameter_checks_its_value_and_its_timing():
    m = nn.Module()
    with pytest.raises(TypeError, match="parameter 'x'"):
        m.register_parameter('x', torch_early.DoubleTensor(2))
    m.register_parameter('bias', None)
    assert m.bias is None and 'bias' in m._parameters

    class Early(nn.Module):
        def __init__(self):
            self.w = param(2)
    with pytest.raises(AttributeError, match=r"before Module.__init__\(\) call"):
        Early()


def test_a_child_slot_takes_only_a_module_or_none():
    m = nn.Module()
    m.child = Scale()
    with pytest.raises(TypeError, match="child module 'child'"):
        m.child = 3
    m.child = None
    assert m.child is None and list(m.children()) == []


def test_a_buffer_slot_takes_only_a_tensor_or_none():
    m = Scale()
    with pytest.raises(TypeError, match="buffer 'count'"):
        m.count = 'text'
    replacement = torch_early.DoubleTensor(1).fill_(7)
    m.count = replacement
    assert m.count is replacement and m._buffers['count'] is replacement
    with pytest.raises(TypeError):
        m.register_buffer('other', [1, 2])
    with pytest.raises(KeyError):
        m.register_buffer('weight', torch_early.DoubleTensor(1))


def test_reassigning_a_name_moves_it_between_kinds():
    m = nn.Module()
    m.x = 1
    m.x = param(2)
    assert 'x' not in m.__dict__ and 'x' in m._parameters
    m.y = Scale()
    m.y = param(2)
    assert 'y' not in m._modules and 'y' in m._parameters


def test_add_module_refuses_taken_names_and_non_modules():
    m = nn.Module()
    child = Scale()
    m.add_module('a', child)
    m.add_module('empty', None)
    assert m.a is child and m.empty is None
    with pytest.raises(KeyError, match="attribute 'a' already exists"):
        m.add_module('a', Scale())
    with pytest.raises(KeyError):
        m.add_module('training', Scale())
    with pytest.raises(TypeError, match="is not a Module subclass"):
        m.add_module('b', 'not a module')


def test_delattr_removes_from_each_dictionary():
    m = Scale()
    m.child = Scale()
    m.plain = 1
    del m.weight, m.count, m.child, m.plain
    assert m._parameters == OrderedDict() and m._buffers == OrderedDict()
    assert m._modules == OrderedDict() and not hasattr(m, 'plain')
    with pytest.raises(AttributeError, match="'Scale' object has no attribute 'weight'"):
        m.weight


def test_dir_lists_the_registered_names():
    m = Scale()
    m.child = Scale()
    names = dir(m)
    assert 'weight' in names and 'count' in names and 'child' in names and 'forward' in names


def test_forward_of_the_base_class_is_abstract():
    with pytest.raises(NotImplementedError):
        nn.Module()(Variable(torch_early.DoubleTensor(1)))


# -- traversal ---------------------------------------------------------------------------------

def test_parameters_come_once_even_when_shared():
    shared = Scale()

    class Net(nn.Module):
        def __init__(self):
            super(Net, self).__init__()
            self.a = shared
            self.b = shared
            self.own = param(2)
            self.alias = self.own
    net = Net()
    seq = nn.Sequential(net, net, shared)
    assert len(list(shared.parameters())) == 1
    assert [id(p) for p in net.parameters()] == [id(net.own), id(shared.weight)]
    assert len(list(seq.parameters())) == 2
    assert [name for name, _ in net.named_parameters()] == ['own', 'a.weight']
    assert [name for name, _ in seq.named_parameters()] == ['0.own', '0.a.weight']


def test_children_and_modules_are_deduplicated_in_order():
    leaf = Scale()
    inner = nn.Sequential(leaf, leaf)
    outer = nn.Sequential(inner, leaf, inner)
    assert list(outer.children()) == [inner, leaf]
    assert [name for name, _ in outer.named_children()] == ['0', '1']
    assert list(outer.modules()) == [outer, inner, leaf]
    assert [name for name, _ in outer.named_modules()] == ['', '0', '0.0']


def test_apply_visits_children_before_their_parent():
    leaf1, leaf2 = Scale(), Scale()
    net = nn.Sequential(leaf1, nn.Sequential(leaf2))
    order = []
    assert net.apply(order.append) is net
    assert order == [leaf1, leaf2, net[1], net]


# -- conversion --------------------------------------------------------------------------------

def test_apply_converts_data_gradients_and_buffers():
    m = Scale()
    (m(Variable(torch_early.DoubleTensor(3).fill_(1))).sum()).backward()
    assert isinstance(m.weight.grad.data, torch_early.DoubleTensor)
    weight = m.weight
    assert m.float() is m
    assert m.weight is weight            # the same Parameter, new data
    assert isinstance(m.weight.data, torch_early.FloatTensor)
    assert isinstance(m.weight.grad.data, torch_early.FloatTensor)
    assert isinstance(m.count, torch_early.FloatTensor)
    m.double()
    assert isinstance(m.weight.data, torch_early.DoubleTensor)
    m.type(torch_early.FloatTensor)
    assert isinstance(m.weight.data, torch_early.FloatTensor)
    m.type('torch_early.DoubleTensor')
    assert isinstance(m.count, torch_early.DoubleTensor)
    m.half()
    assert isinstance(m.weight.data, torch_early.HalfTensor)
    m.cpu()
    assert isinstance(m.weight.data, torch_early.HalfTensor)


def test_conversion_reaches_children_and_skips_empty_slots():
    net = nn.Module()
    net.a = nn.Linear(2, 3)
    net.add_module('empty', None)
    net.register_buffer('none', None)
    net.float()
    assert isinstance(net.a.weight.data, torch_early.FloatTensor)
    assert isinstance(net.a.bias.data, torch_early.FloatTensor)
    assert net.none is None


def test_cuda_raises_the_cpu_builds_error():
    with pytest.raises(AssertionError, match='not compiled with CUDA'):
        nn.Linear(2, 2).cuda()


def test_share_memory_keeps_the_values_and_returns_the_module():
    m = Scale()
    before = m.weight.data.tolist()
    assert m.share_memory() is m
    assert m.weight.data.tolist() == before


# -- modes and gradients -----------------------------------------------------------------------

def test_train_and_eval_set_the_flag_everywhere():
    net = nn.Sequential(Scale(), nn.Sequential(nn.Dropout()))
    assert all(m.training for m in net.modules())
    assert net.eval() is net
    assert not any(m.training for m in net.modules())
    assert net.train() is net
    assert all(m.training for m in net.modules())
    net.train(False)
    assert not any(m.training for m in net.modules())
    assert net[0].weight.requires_grad     # train/eval leave requires_grad alone


def test_zero_grad_zeroes_every_accumulated_gradient():
    net = nn.Sequential(Scale(), Scale())
    net(Variable(torch_early.DoubleTensor(3).fill_(2))).sum().backward()
    assert any(v != 0 for p in net.parameters() for v in p.grad.data.tolist())
    net.zero_grad()
    assert all(v == 0 for p in net.parameters() for v in p.grad.data.tolist())


# -- state dicts -------------------------------------------------------------------------------

def nested():
    net = nn.Module()
    net.first = Scale(2)
    net.block = nn.Sequential(Scale(3), nn.Linear(3, 2, bias=False))
    net.add_module('empty', None)
    return net


def test_state_dict_holds_the_tensors_themselves_under_dotted_names():
    net = nested()
    state = net.state_dict()
    assert isinstance(state, OrderedDict)
    assert list(state) == ['first.weight', 'first.count', 'block.0.weight', 'block.0.count',
                           'block.1.weight']
    assert state['first.weight'] is net.first.weight.data
    assert state['block.0.count'] is net.block[0].count
    assert all(torch_early.is_tensor(v) for v in state.values())
    into = OrderedDict()
    assert net.first.state_dict(into, 'x.') is into and list(into) == ['x.weight', 'x.count']


def test_state_dict_round_trip_copies_values_into_the_existing_tensors():
    source, target = nested(), nested()
    weight = target.first.weight.data
    target.load_state_dict(source.state_dict())
    assert target.first.weight.data is weight
    for name, value in source.state_dict().items():
        assert target.state_dict()[name].tolist() == value.tolist()


def test_load_state_dict_accepts_parameters_for_old_checkpoints():
    m = Scale()
    m.load_state_dict({'weight': Parameter(torch_early.DoubleTensor([1, 2, 3])),
                       'count': torch_early.DoubleTensor([4])})
    assert m.weight.data.tolist() == [1, 2, 3] and m.count.tolist() == [4]


def test_load_state_dict_names_an_unexpected_key_and_changes_nothing():
    m = Scale()
    before = m.weight.data.tolist()
    state = {'weight': torch_early.DoubleTensor(3).zero_(),
             'count': torch_early.DoubleTensor(1), 'extra': torch_early.DoubleTensor(1)}
    with pytest.raises(KeyError, match='unexpected key "extra" in state_dict'):
        m.load_state_dict(state)
    assert m.weight.data.tolist() == before


def test_load_state_dict_names_the_missing_keys():
    with pytest.raises(KeyError, match='missing keys in state_dict: "count"'):
        Scale().load_state_dict({'weight': torch_early.DoubleTensor(3)})


def test_load_state_dict_refuses_a_tensor_of_another_size():
    with pytest.raises(RuntimeError, match='size mismatch for "weight": the model has 3 but '
                                           'the state_dict has 1x3'):
        Scale().load_state_dict({'weight': torch_early.DoubleTensor(1, 3),
                                 'count': torch_early.DoubleTensor(1)})


# -- hooks -------------------------------------------------------------------------------------

def test_forward_hook_sees_module_input_tuple_and_output_and_is_removed():
    m = Scale()
    calls = []
    handle = m.register_forward_hook(lambda mod, inp, out: calls.append((mod, inp, out)))
    x = Variable(torch_early.DoubleTensor(3).fill_(1))
    out = m(x)
    assert len(calls) == 1
    assert calls[0][0] is m and calls[0][1] == (x,) and calls[0][2] is out
    handle.remove()
    m(x)
    assert len(calls) == 1


def test_a_forward_hook_that_returns_something_is_an_error():
    m = Scale()

    def returns_output(module, input, output):
        return output
    with m.register_forward_hook(returns_output):
        with pytest.raises(RuntimeError, match="'returns_output' didn't return None"):
            m(Variable(torch_early.DoubleTensor(3)))
    assert not m._forward_hooks


def test_backward_hook_gets_gradients_as_variables():
    m = Scale()
    m.weight.data.copy_(torch_early.DoubleTensor([1, 2, 3]))
    seen = []

    def hook(module, grad_input, grad_output):
        seen.append((module, grad_input, grad_output))
    m.register_backward_hook(hook)
    x = Variable(torch_early.DoubleTensor([1, 1, 1]), requires_grad=True)
    m(x).backward(torch_early.DoubleTensor([2, 2, 2]))
    module, grad_input, grad_output = seen[0]
    assert module is m
    assert all(isinstance(g, Variable) for g in grad_input + grad_output)
    assert grad_output[0].data.tolist() == [2, 2, 2]
    assert grad_input[0].data.tolist() == [2, 4, 6]


def test_backward_hook_may_replace_grad_input():
    m = Scale()
    m.weight.data.fill_(1)
    m.register_backward_hook(lambda mod, gi, go: tuple(g * 3 for g in gi))
    x = Variable(torch_early.DoubleTensor([1, 1, 1]), requires_grad=True)
    m(x).sum().backward()
    assert x.grad.data.tolist() == [3, 3, 3]


def test_backward_hook_with_a_wrong_number_of_gradients_is_named():
    m = Scale()

    def drops_one(module, grad_input, grad_output):
        return grad_input[:-1]
    m.register_backward_hook(drops_one)
    x = Variable(torch_early.DoubleTensor(3), requires_grad=True)
    with pytest.raises(RuntimeError, match="'drops_one' has returned an invalid number of "
                                           "grad_input, got 1, but expected 2"):
        m(x).sum().backward()


def test_a_removed_backward_hook_is_not_attached_to_later_calls():
    m = Scale()
    count = []
    handle = m.register_backward_hook(lambda *args: count.append(1))
    x = Variable(torch_early.DoubleTensor(3), requires_grad=True)
    m(x).sum().backward()
    handle.remove()
    m(x).sum().backward()
    assert len(count) == 1


def test_backward_hooks_find_the_first_variable_of_a_nested_output():
    class Pair(nn.Module):
        def forward(self, x):
            return {'out': (x * 2, x * 3)}
    m = Pair()
    count = []
    m.register_backward_hook(lambda *args: count.append(1))
    x = Variable(torch_early.DoubleTensor(2), requires_grad=True)
    out = m(x)
    out['out'][0].sum().backward()
    assert len(count) == 1


# -- containers --------------------------------------------------------------------------------

def test_sequential_chains_its_children_and_indexes_them():
    a, b = Scale(), Scale()
    seq = nn.Sequential(a, b)
    x = Variable(torch_early.DoubleTensor([1, 2, 3]))
    expected = [v * wa * wb for v, wa, wb in zip([1, 2, 3], a.weight.data.tolist(),
                                                   b.weight.data.tolist())]
    assert seq(x).data.tolist() == pytest.approx(expected)
    assert seq[0] is a and seq[1] is b and seq[-1] is b and len(seq) == 2
    with pytest.raises(IndexError, match='index 2 is out of range'):
        seq[2]
    with pytest.raises(IndexError):
        seq[-3]


def test_sequential_from_an_ordered_dict_keeps_the_names():
    a, b = Scale(), Scale()
    seq = nn.Sequential(OrderedDict([('scale', a), ('again', b)]))
    assert list(seq._modules) == ['scale', 'again'] and seq.again is b and seq[0] is a


def test_container_registers_its_keyword_children_and_warns():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter('always')
        c = nn.Container(a=Scale())
    assert 'deprecated' in str(caught[0].message)
    assert isinstance(c.a, Scale)


def test_module_list_behaves_as_a_list_of_registered_modules():
    a, b, c = Scale(), Scale(), Scale()
    ml = nn.ModuleList([a])
    ml.append(b)
    ml += [c]
    assert len(ml) == 3 and list(ml) == [a, b, c] and ml[-1] is c
    assert list(ml._modules) == ['0', '1', '2']
    assert len(list(ml.parameters())) == 3
    d = Scale()
    ml[1] = d
    assert ml[1] is d
    with pytest.raises(IndexError):
        ml[3]
    with pytest.raises(TypeError, match='should be called with a list'):
        ml.extend((a,))
    assert ml.extend([]) is ml


def test_parameter_list_behaves_as_a_list_of_registered_parameters():
    p, q = param(2), param(3)
    pl = nn.ParameterList([p])
    pl.append(q)
    assert len(pl) == 2 and list(pl) == [p, q] and pl[-2] is p
    assert list(pl.parameters()) == [p, q]
    r = param(1)
    pl[0] = r
    assert pl[0] is r
    with pytest.raises(TypeError):
        pl.append(torch_early.DoubleTensor(2))
    with pytest.raises(TypeError, match='should be called with a list'):
        pl += (p,)
    with pytest.raises(IndexError):
        pl[2]


def test_containers_deepcopy_into_independent_modules():
    net = nn.Sequential(nn.Linear(2, 3), Scale())
    copied = copy.deepcopy(net)
    copied[0].weight.data.fill_(0)
    assert net[0].weight.data.abs().sum() != 0
    assert type(copied[0].weight) is Parameter


# -- printing ----------------------------------------------------------------------------------

def test_repr_of_a_nested_sequential():
    net = nn.Sequential(
        nn.Linear(10, 5),
        nn.Sequential(nn.Dropout(0.25), nn.Linear(5, 2)),
        nn.Dropout2d(inplace=True))
    assert repr(net) == (
        'Sequential (\n'
        '  (0): Linear (10 -> 5)\n'
        '  (1): Sequential (\n'
        '    (0): Dropout (p = 0.25)\n'
        '    (1): Linear (5 -> 2)\n'
        '  )\n'
        '  (2): Dropout2d (p=0.5, inplace)\n'
        ')')


def test_repr_of_a_module_without_children_and_with_an_empty_slot():
    net = nn.Module()
    assert repr(net) == 'Module (\n)'
    net.add_module('gone', None)
    assert repr(net) == 'Module (\n  (gone): None\n)'


def test_torch_nn_is_reachable_from_the_package():
    assert torch_early.nn is nn
    import torch_early.nn.functional as F
    assert nn.functional is F


def test_every_module_has_the_thnn_function_backend():
    from torch_early.nn.backends.thnn import backend
    from torch_early.nn._functions.conv import ConvNd
    from torch_early.nn._functions.thnn.batchnorm import BatchNorm
    from torch_early.nn._functions.thnn import pooling
    layer = nn.Conv2d(1, 1, 1)
    assert layer._backend is backend
    # the era's hand-written Functions and the pooling ones, by their names
    assert backend.ConvNd is ConvNd and backend.BatchNorm is BatchNorm
    assert backend.MaxPool2d is pooling.MaxPool2d and backend.MaxUnpool3d is pooling.MaxUnpool3d
    assert backend.UpsamplingNearest2d.__name__ == 'UpsamplingNearest2d'
    with pytest.raises(NotImplementedError):
        backend._MaxPoolWithIndices   # private bases are not registered


# ---- the layers check the sizes they are built from ----------------------------------------------
# A size of 0 divided by zero when the weights were drawn (ZeroDivisionError), or made an empty
# weight that failed later; now a ValueError (a TypeError for a number that is not whole) names
# the argument.

SIZED_LAYERS = [
    (nn.Linear, (4, 3), {}, ['in_features', 'out_features']),
    (nn.Conv1d, (4, 2, 3), {'stride': 1, 'dilation': 1, 'groups': 2},
     ['in_channels', 'out_channels', 'kernel_size', 'stride', 'dilation', 'groups']),
    (nn.Conv2d, (4, 2, 3), {'stride': 1, 'dilation': 1},
     ['in_channels', 'out_channels', 'kernel_size', 'stride', 'dilation']),
    (nn.Conv3d, (2, 2, 3), {}, ['in_channels', 'out_channels', 'kernel_size']),
    (nn.ConvTranspose2d, (2, 2, 3), {'stride': 2}, ['in_channels', 'out_channels',
                                                    'kernel_size', 'stride']),
    (nn.Embedding, (5, 3), {}, ['num_embeddings', 'embedding_dim']),
    (nn.BatchNorm2d, (3,), {}, ['num_features']),
    (nn.RNN, (3, 4), {}, ['input_size', 'hidden_size']),
    (nn.LSTM, (3, 4), {}, ['input_size', 'hidden_size']),
    (nn.GRUCell, (3, 4), {}, ['input_size', 'hidden_size']),
    (nn.LSTMCell, (3, 4), {}, ['input_size', 'hidden_size']),
]


def with_value(cls_args, cls_kwargs, names, name, value):
    args, kwargs = list(cls_args), dict(cls_kwargs)
    position = names.index(name)
    if position < len(args):
        args[position] = value
    else:
        kwargs[name] = value
    return args, kwargs


@pytest.mark.parametrize('cls, args, kwargs, names', SIZED_LAYERS,
                         ids=[layer[0].__name__ for layer in SIZED_LAYERS])
def test_a_layer_built_from_a_size_of_zero_names_it(cls, args, kwargs, names):
    cls(*args, **kwargs)
    for name in names:
        bad_args, bad_kwargs = with_value(args, kwargs, names, name, 0)
        with pytest.raises(ValueError, match=r'^%s: %s must be at least 1, but got '
                           % (cls.__name__, name)):
            cls(*bad_args, **bad_kwargs)
        bad_args, bad_kwargs = with_value(args, kwargs, names, name, 2.5)
        with pytest.raises(TypeError, match='%s must be a whole number, but got float' % name):
            cls(*bad_args, **bad_kwargs)
    if 'kernel_size' in names:                         # one number of a tuple
        bad_args, bad_kwargs = with_value(args, kwargs, names, 'kernel_size',
                                          (3,) * (len(cls(*args, **kwargs).kernel_size) - 1)
                                          + (0,))
        with pytest.raises(ValueError,
                           match=r'kernel_size must be at least 1, but got \(.*0,?\)'):
            cls(*bad_args, **bad_kwargs)


def test_a_parameter_or_child_assigned_again_keeps_its_place():
    net = nn.Module()
    a, b, c = (nn.Parameter(torch_early.randn(2)) for _ in range(3))
    net.a, net.b = a, b
    net.a = None
    assert [p is b for p in net.parameters()] == [True]
    net.a = c
    assert [p is c for p in net.parameters()] == [True, False]
    del net.a
    net.a = a
    assert [p is a for p in net.parameters()] == [False, True]
    first, second, third = nn.ReLU(), nn.Tanh(), nn.Sigmoid()
    net.x, net.y = first, second
    net.x = third
    assert list(net.children())[0] is third and list(net.children())[1] is second
    holder = nn.ModuleList([first, second])
    holder[0] = third
    assert list(holder) == [third, second]
