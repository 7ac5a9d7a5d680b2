"""legacy.nn's containers (Concat, DepthConcat, Parallel, ConcatTable, ParallelTable), the criteria
containers (MultiCriterion, ParallelCriterion, CriterionTable), and flattenParameters and printing
through nested containers; on the small layers of legacy_nn_checks."""
import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_module_gradients, check_type_conversion,
                              check_clear_state, clone_table, random_double,
                              ScaleShift, Square, SumSquares)


class Crop(nn.Module):
    """The first `length` entries along dimension `dim` (a smaller output for DepthConcat)."""

    def __init__(self, dim, length):
        super(Crop, self).__init__()
        self.dim, self.length = dim, length

    def updateOutput(self, input):
        self.output.resize_(input.narrow(self.dim, 0, self.length).size())
        self.output.copy_(input.narrow(self.dim, 0, self.length))
        return self.output

    def updateGradInput(self, input, gradOutput):
        self.gradInput.resize_as_(input).zero_()
        self.gradInput.narrow(self.dim, 0, self.length).copy_(gradOutput)
        return self.gradInput


class AbsSum(nn.Criterion):
    """loss = sum(|input - target|)."""

    def updateOutput(self, input, target):
        self.output = (input - target).abs().sum()
        return self.output

    def updateGradInput(self, input, target):
        self.gradInput.resize_as_(input).copy_(input - target).sign_()
        return self.gradInput


def affine(layer, x):
    return [[x[i][j] * layer.weight[i][j] + layer.bias[i][j] for j in range(x.size(1))]
            for i in range(x.size(0))]


# -- Concat, DepthConcat

@pytest.mark.parametrize('dim', [0, 1, -1])
def test_concat_joins_the_outputs(dim):
    first, second = ScaleShift(2, 3), ScaleShift(2, 3)
    concat = nn.Concat(dim).add(first).add(second).double()
    x = random_double(2, 3)
    expected = torch.cat([torch.DoubleTensor(affine(first, x)),
                          torch.DoubleTensor(affine(second, x))], dim % 2)
    assert_close(concat.forward(x), expected)
    check_module_gradients(concat, x, scale=0.5)


def test_concat_sums_the_gradInputs():
    concat = nn.Concat(0).add(Square()).add(Square()).double()
    x, g = random_double(3), random_double(6)
    concat.forward(x)
    assert_close(concat.backward(x, g), [2 * x[i] * (g[i] + g[i + 3]) for i in range(3)])


def test_concat_errors():
    x = random_double(2, 3)
    with pytest.raises(RuntimeError, match='Concat has no modules'):
        nn.Concat(0).forward(x)
    with pytest.raises(IndexError, match='Concat: dimension 2 out of range for a 2D output'):
        nn.Concat(2).add(Square()).double().forward(x)
    uneven = nn.Concat(1).add(Square()).add(Crop(0, 1)).double()
    with pytest.raises(RuntimeError, match='must agree in every dimension but 1, but got sizes '
                                           '2x3 and 1x3'):
        uneven.forward(x)


def test_depthconcat_centres_smaller_outputs():
    concat = nn.DepthConcat(0).add(Square()).add(Crop(1, 1)).add(Crop(1, 2)).double()
    x = random_double(2, 4)
    output = concat.forward(x)
    expected = torch.DoubleTensor(6, 4).zero_()
    expected.narrow(0, 0, 2).copy_(x * x)
    expected.narrow(0, 2, 2).narrow(1, 1, 1).copy_(x.narrow(1, 0, 1))   # margin 3: 1 before
    expected.narrow(0, 4, 2).narrow(1, 1, 2).copy_(x.narrow(1, 0, 2))   # margin 2: 1 before
    assert_close(output, expected)
    check_module_gradients(concat, x)


def test_depthconcat_needs_outputs_of_one_rank():
    concat = nn.DepthConcat(0).add(Square()).add(
        nn.Sequential().add(Crop(0, 1)).add(_Flatten())).double()
    with pytest.raises(RuntimeError, match='same number of dimensions'):
        concat.forward(random_double(2, 3))


class _Flatten(nn.Module):
    def updateOutput(self, input):
        self.output = input.contiguous().view(-1)
        return self.output


# -- Parallel

def test_parallel_gives_each_module_its_slice():
    layers = [ScaleShift(4) for _ in range(3)]
    parallel = nn.Parallel(0, 0)
    for layer in layers:
        parallel.add(layer)
    parallel.double()
    x = random_double(3, 4)
    expected = [x[i][j] * layers[i].weight[j] + layers[i].bias[j] for i in range(3) for j in range(4)]
    assert_close(parallel.forward(x), expected)
    check_module_gradients(parallel, x, scale=2)


def test_parallel_along_other_dimensions():
    parallel = nn.Parallel(1, 0).add(Square()).add(Square()).double()
    x = random_double(3, 2)
    assert_close(parallel.forward(x), [x[i][j] ** 2 for j in range(2) for i in range(3)])
    check_module_gradients(parallel, x)


def test_parallel_errors():
    parallel = nn.Parallel(0, 0).add(Square()).add(Square()).add(Square()).double()
    with pytest.raises(RuntimeError, match='3 modules but the input has only 2 slices'):
        parallel.forward(random_double(2, 4))
    with pytest.raises(IndexError, match='input dimension 0 out of range for a 0D input'):
        parallel.forward(torch.DoubleTensor())
    with pytest.raises(IndexError, match='output dimension 1 out of range for 1D outputs'):
        nn.Parallel(0, 1).add(Square()).double().forward(random_double(2, 4))


# -- ConcatTable, ParallelTable

def test_concattable_on_a_tensor():
    layer = ScaleShift(2, 3)
    table = nn.ConcatTable().add(layer).add(Square()).double()
    x = random_double(2, 3)
    output = table.forward(x)
    assert isinstance(output, list) and len(output) == 2
    assert_close(output, [affine(layer, x), x * x])
    check_module_gradients(table, x, scale=3)


def test_concattable_on_a_table_sums_gradients_by_element():
    table = nn.ConcatTable().add(nn.SelectTable(0)).add(nn.SelectTable(1)).add(nn.Sequential())
    x = [random_double(2), [random_double(3)]]
    output = table.forward(x)
    assert output[0] is x[0] and output[1] is x[1] and output[2] is x
    g = [random_double(2), [random_double(3)], [random_double(2), [random_double(3)]]]
    gradInput = table.backward(x, g)
    assert isinstance(gradInput, list) and isinstance(gradInput[1], list)
    assert_close(gradInput, [g[0] + g[2][0], [g[1][0] + g[2][1][0]]])
    check_module_gradients(table, x)


def test_concattable_follows_the_input_length():
    table = nn.ConcatTable().add(nn.Sequential()).add(nn.Sequential())
    long, short = [random_double(2), random_double(2)], [random_double(2)]
    assert len(table.forward(long)) == 2 and len(table.backward(long, [long, long])) == 2
    assert len(table.forward(short)) == 2 and len(table.backward(short, [short, short])) == 1


def test_concattable_needs_a_gradient_per_module():
    table = nn.ConcatTable().add(Square()).add(Square()).double()
    x = random_double(2)
    table.forward(x)
    with pytest.raises(ValueError, match='one element per module \\(2\\)'):
        table.backward(x, [x])


def test_paralleltable_maps_elements():
    layer = ScaleShift(3)
    table = nn.ParallelTable().add(layer).add(Square()).double()
    x = [random_double(3), random_double(2)]
    assert_close(table.forward(x), [[x[0][i] * layer.weight[i] + layer.bias[i] for i in range(3)],
                                    x[1] * x[1]])
    check_module_gradients(table, x, scale=0.25)


def test_paralleltable_errors():
    table = nn.ParallelTable().add(Square()).add(Square())
    with pytest.raises(ValueError, match='the input must be a table with one element per module '
                                         '\\(2\\), but got a table of 1'):
        table.forward([random_double(2)])
    with pytest.raises(ValueError, match='but got DoubleTensor'):
        table.forward(random_double(2))


# -- through nested containers

def nested():
    return (nn.Sequential()
            .add(nn.ConcatTable().add(ScaleShift(3)).add(nn.Sequential().add(ScaleShift(3))))
            .add(nn.ParallelTable().add(Square()).add(ScaleShift(3)))
            .add(nn.CAddTable()))


def test_nested_network_gradients_and_types():
    net = nested().double()
    x = random_double(3)
    check_module_gradients(net, x, scale=1.5)
    check_type_conversion(net, x)
    check_clear_state(net, x)


def test_flattenParameters_through_nested_containers():
    net = nested().double()
    x = random_double(3)
    expected = clone_table(net.forward(x))
    weights, gradients = net.flattenParameters()
    assert weights.nelement() == 18 and gradients.nelement() == 18
    parameters, grads = net.parameters()
    assert all(p.storage().data_ptr() == weights.storage().data_ptr() for p in parameters)
    assert all(g.storage().data_ptr() == gradients.storage().data_ptr() for g in grads)
    assert_close(net.forward(x), expected)
    # the flat vectors are the parameters: a step on them is a step on every layer
    net.zeroGradParameters()
    net.backward(x, random_double(3))
    before = weights.clone()
    weights.add_(-0.1, gradients)
    net.updateParameters(-0.1)            # undo through the layers: back where it started
    assert_close(weights, before)


def test_flattenParameters_keeps_clones_sharing():
    layer = ScaleShift(3)
    twin = layer.clone('weight', 'bias', 'gradWeight', 'gradBias')
    net = nn.Sequential().add(layer).add(Square()).add(twin)
    weights, gradients = net.flattenParameters()
    assert weights.nelement() == 6
    assert twin.weight.data_ptr() == layer.weight.data_ptr()
    assert twin.gradBias.data_ptr() == layer.gradBias.data_ptr()


def test_training_evaluate_and_zero_reach_nested_modules():
    net = nested().double()
    net.evaluate()
    assert not any(m.train for m in net.listModules())
    net.forward(random_double(3))
    net.backward(random_double(3), random_double(3))
    net.zeroGradParameters()
    assert all(g.abs().max() == 0 for g in net.parameters()[1])


def test_nested_repr_as_lua_printed_it():
    net = (nn.Sequential()
           .add(nn.Concat(0).add(Square()).add(nn.Sequential().add(Square()).add(Square())))
           .add(nn.ParallelTable().add(Square())))
    assert repr(net) == (
        'nn.Sequential {\n'
        '  [input -> (1) -> (2) -> output]\n'
        '  (1): nn.Concat {\n'
        '    input\n'
        '      |`-> (1): nn.Square\n'
        '       `-> (2): nn.Sequential {\n'
        '             [input -> (1) -> (2) -> output]\n'
        '             (1): nn.Square\n'
        '             (2): nn.Square\n'
        '           }\n'
        '       ... -> output\n'
        '  }\n'
        '  (2): nn.ParallelTable {\n'
        '    input\n'
        '       `-> (1): nn.Square\n'
        '       ... -> output\n'
        '  }\n'
        '}')
    assert repr(nn.ConcatTable().add(Square()).add(Square())).startswith(
        'nn.ConcatTable {\n  input\n    |`-> (1): nn.Square\n     `-> (2): nn.Square')
    assert repr(nn.Parallel(0, 0)).startswith('nn.Parallel {')
    assert repr(nn.DepthConcat(0)).startswith('nn.DepthConcat {')


# -- criteria containers

def test_multicriterion_weighs_its_criteria():
    criterion = nn.MultiCriterion().add(SumSquares(), 0.5).add(AbsSum()).double()
    x, t = random_double(4), random_double(4)
    expected = 0.5 * SumSquares().double().forward(x, t) + AbsSum().double().forward(x, t)
    assert abs(criterion.forward(x, t) - expected) < 1e-12
    assert_close(criterion.backward(x, t),
                 [0.5 * 2 * (x[i] - t[i]) + (1 if x[i] > t[i] else -1) for i in range(4)])
    criterion.float()
    assert abs(criterion.forward(x.float(), t.float()) - expected) < 1e-4
    assert criterion.backward(x.float(), t.float()).type() == 'torch_early.FloatTensor'
    assert repr(criterion) == ('nn.MultiCriterion {\n  (1): nn.SumSquares, weight 0.5\n'
                               '  (2): nn.AbsSum, weight 1\n}')


def test_multicriterion_over_tables():
    inner = nn.ParallelCriterion().add(SumSquares()).add(AbsSum())
    criterion = nn.MultiCriterion().add(inner, 2).double()
    x, t = [random_double(3), random_double(3)], [random_double(3), random_double(3)]
    assert abs(criterion.forward(x, t) - 2 * inner.forward(x, t)) < 1e-12
    expected = [g.clone().mul_(2) for g in clone_table(inner.backward(x, t))]
    assert_close(criterion.backward(x, t), expected)


def test_parallelcriterion_pairs_inputs_and_targets():
    criterion = nn.ParallelCriterion().add(SumSquares(), 0.5).add(AbsSum()).double()
    x, t = [random_double(3), random_double(2)], [random_double(3), random_double(2)]
    expected = (0.5 * SumSquares().double().forward(x[0], t[0])
                + AbsSum().double().forward(x[1], t[1]))
    assert abs(criterion.forward(x, t) - expected) < 1e-12
    gradInput = criterion.backward(x, t)
    assert_close(gradInput, [[(x[0][i] - t[0][i]) for i in range(3)],
                             [(1 if x[1][i] > t[1][i] else -1) for i in range(2)]])


def test_parallelcriterion_repeat_target_and_nesting():
    repeated = nn.ParallelCriterion(True).add(SumSquares()).add(SumSquares(), 3).double()
    x, t = [random_double(2), random_double(2)], random_double(2)
    reference = SumSquares().double()
    assert abs(repeated.forward(x, t) - reference.forward(x[0], t) - 3 * reference.forward(x[1], t)) < 1e-12
    nested_criterion = nn.ParallelCriterion().add(AbsSum(), 0.4).add(repeated).double()
    x2, t2 = [random_double(2), x], [random_double(2), t]
    gradInput = nested_criterion.backward(x2, t2)
    assert isinstance(gradInput[1], list) and len(gradInput[1]) == 2
    assert_close(gradInput[1][1], [3 * 2 * (x[1][i] - t[i]) for i in range(2)])


def test_criteria_containers_errors():
    with pytest.raises(TypeError, match='MultiCriterion holds legacy.nn criteria, but got Square'):
        nn.MultiCriterion().add(Square())
    criterion = nn.ParallelCriterion().add(SumSquares()).add(SumSquares())
    with pytest.raises(ValueError, match='the input must be a table with one element per criterion'):
        criterion.forward([random_double(2)], [random_double(2)])
    with pytest.raises(ValueError, match='or give repeatTarget=True'):
        criterion.forward([torch.Tensor(2), torch.Tensor(2)], torch.Tensor(2))


def test_criteriontable_is_a_module_over_input_and_target():
    table = nn.CriterionTable(SumSquares().double())
    x, t = random_double(3), random_double(3)
    assert abs(table.forward([x, t]) - SumSquares().double().forward(x, t)) < 1e-12
    gradInput = table.backward([x, t], None)
    assert isinstance(gradInput, list) and len(gradInput) == 1
    assert_close(gradInput[0], [2 * (x[i] - t[i]) for i in range(3)])
    assert repr(table) == 'nn.CriterionTable(nn.SumSquares)'
    with pytest.raises(TypeError, match='CriterionTable wraps a legacy.nn criterion'):
        nn.CriterionTable(Square())
