"""legacy.nn's Module/Criterion protocol and Sequential, on small layers written here (the real
layers are tested in their own files): forward/backward, the parameters and their steps,
flattenParameters, type conversion, walking a network, printing."""
import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_module_gradients, check_type_conversion, clone_table,
                              check_clear_state, gradient_errors, random_double,
                              ScaleShift, Square, SumSquares)


def net():
    return nn.Sequential().add(ScaleShift(3)).add(Square()).add(ScaleShift(3))


def test_module_starts_empty_float_and_training():
    module = nn.Module()
    assert module.output.nelement() == 0 and module.gradInput.nelement() == 0
    assert module.type() == 'torch_early.FloatTensor'
    assert module.train is True
    assert module.parameters() is None
    assert repr(module) == 'nn.Module'


def test_backend_follows_the_type():
    module = ScaleShift(2)
    assert module._backend.name == 'THNNFloatBackend'
    module.double()
    assert module._backend.name == 'THNNDoubleBackend'
    assert nn.Criterion()._backend.name == 'THNNFloatBackend'


def test_base_criterion_steps_are_not_implemented():
    with pytest.raises(NotImplementedError, match='Criterion does not define updateOutput'):
        nn.Criterion().forward(torch.Tensor(1), torch.Tensor(1))
    with pytest.raises(NotImplementedError, match='updateGradInput'):
        nn.Criterion().backward(torch.Tensor(1), torch.Tensor(1))


def test_sequential_forward_chains_the_modules():
    model = net().double()
    x = random_double(3)
    first, _, last = model.modules
    expected = [((x[i] * first.weight[i] + first.bias[i]) ** 2) * last.weight[i] + last.bias[i]
                for i in range(3)]
    assert_close(model.forward(x), expected)
    assert model.output is last.output


def test_sequential_gradients_match_central_differences():
    model = net().double()
    check_module_gradients(model, random_double(3))
    errors = check_module_gradients(model, random_double(3), scale=0.5)
    assert errors['parameters'] is not None


def test_gradient_check_notices_a_wrong_gradient():
    class WrongSquare(Square):
        def updateGradInput(self, input, gradOutput):
            self.gradInput.resize_as_(input).copy_(input).mul_(gradOutput)   # misses the 2
            return self.gradInput
    errors = gradient_errors(WrongSquare().double(), random_double(3).abs_().add_(1))
    assert errors['input'] > 0.5 and errors['parameters'] is None


def test_backward_scale_and_zero_and_update():
    layer = ScaleShift(2).double()
    x, g = random_double(2), random_double(2)
    layer.forward(x)
    layer.backward(x, g, 3)
    assert_close(layer.gradWeight, [3 * x[i] * g[i] for i in range(2)])
    weight_before = layer.weight.clone()
    layer.updateParameters(0.1)
    assert_close(layer.weight, [weight_before[i] - 0.1 * layer.gradWeight[i] for i in range(2)])
    layer.zeroGradParameters()
    assert_close(layer.gradWeight, [0, 0])
    assert_close(layer.gradBias, [0, 0])


def test_accUpdateGradParameters_steps_weights_and_leaves_gradients():
    layer = ScaleShift(2).double()
    x, g = random_double(2), random_double(2)
    weight_before = layer.weight.clone()
    layer.forward(x)
    layer.accUpdateGradParameters(x, g, 0.5)
    assert_close(layer.weight, [weight_before[i] - 0.5 * x[i] * g[i] for i in range(2)])
    assert_close(layer.gradWeight, [0, 0])


def test_parameters_of_a_network_in_order():
    model = net()
    weights, gradients = model.parameters()
    first, square, last = model.modules
    assert [id(w) for w in weights] == [id(first.weight), id(first.bias),
                                        id(last.weight), id(last.bias)]
    assert [id(g) for g in gradients] == [id(first.gradWeight), id(first.gradBias),
                                          id(last.gradWeight), id(last.gradBias)]
    assert nn.Sequential().add(Square()).parameters() is None


def test_flattenParameters_makes_every_weight_a_view_of_one_storage():
    model = net().double()
    x, g = random_double(3), random_double(3)
    expected = model.forward(x).clone()
    weights, gradients = model.flattenParameters()
    assert weights.dim() == 1 and weights.nelement() == 12 and gradients.nelement() == 12
    assert_close(model.forward(x), expected)
    for w in model.parameters()[0]:
        assert w.storage().data_ptr() == weights.storage().data_ptr()
    for dw in model.parameters()[1]:
        assert dw.storage().data_ptr() == gradients.storage().data_ptr()
    # one step on the flat vector is a step of every layer
    model.zeroGradParameters()
    model.backward(x, g)
    assert_close(gradients, [v for dw in model.parameters()[1] for v in dw.tolist()])
    weights.fill_(2)
    assert_close(model.modules[2].bias, [2, 2, 2])


def test_flattenParameters_keeps_shared_weights_shared():
    first, second = ScaleShift(3), ScaleShift(3)
    second.share(first, 'weight', 'bias', 'gradWeight', 'gradBias')
    model = nn.Sequential().add(first).add(second)
    weights, gradients = model.flattenParameters()
    assert weights.nelement() == 6 and gradients.nelement() == 6
    weights.fill_(4)
    assert_close(second.weight, [4, 4, 4])
    assert second.weight.data_ptr() == first.weight.data_ptr()


def test_flattenParameters_of_a_module_without_weights_is_empty():
    weights, gradients = Square().flattenParameters()
    assert weights.nelement() == 0 and gradients.nelement() == 0


def test_flattenParameters_refuses_misaligned_gradients():
    layer = ScaleShift(3)
    layer.gradBias = torch.Tensor(3).zero_()
    layer.gradWeight = torch.Tensor(3, 2).zero_().select(1, 0)     # every other element
    with pytest.raises(RuntimeError, match='weights take 6 elements but their gradients 8'):
        layer.flattenParameters()


def test_type_conversion_keeps_sharing():
    first, second = ScaleShift(3), ScaleShift(3)
    second.share(first, 'weight')
    model = nn.Sequential().add(first).add(second).double()
    assert first.weight.type() == 'torch_early.DoubleTensor'
    assert second.weight.data_ptr() == first.weight.data_ptr()
    assert model.float() is model and model.type() == 'torch_early.FloatTensor'
    assert first.type() == 'torch_early.FloatTensor'


def test_type_conversion_keeps_index_tensors():
    layer = ScaleShift(2)
    layer.indices = torch.LongTensor([1, 0])
    layer.double()
    assert layer.indices.type() == 'torch_early.LongTensor'


def test_type_accepts_the_eras_spelling_and_rejects_others():
    layer = ScaleShift(2)
    assert layer.type('torch.DoubleTensor').type() == 'torch_early.DoubleTensor'
    assert layer.type(torch.FloatTensor).type() == 'torch_early.FloatTensor'
    with pytest.raises(TypeError, match='a type must be a tensor class or its name'):
        layer.type(3)
    with pytest.raises(TypeError, match="'torch.Size' names no tensor type"):
        layer.type('torch.Size')


def test_cuda_without_a_gpu_library_raises():
    with pytest.raises(AssertionError, match='not compiled with CUDA'):
        ScaleShift(2).cuda()


def test_backwardUpdate_and_clone_sharing():
    layer = ScaleShift(2).double()
    twin = layer.clone('weight', 'bias')
    x, g = random_double(2), random_double(2)
    weight_before = layer.weight.clone()
    twin.forward(x)
    gradInput = twin.backwardUpdate(x, g, 0.5)
    assert_close(gradInput, [g[i] * weight_before[i] for i in range(2)])
    # the twin stepped its weights in place, and they are the layer's
    assert_close(layer.weight, [weight_before[i] - 0.5 * x[i] * g[i] for i in range(2)])
    assert_close(layer.gradWeight, [0, 0])
    independent = layer.clone()
    independent.weight.fill_(7)
    assert layer.weight[0] != 7


def test_float_and_double_give_the_same_forward():
    check_type_conversion(net(), random_double(3))


def test_clearState_empties_and_forward_refills():
    model = net().double()
    check_clear_state(model, random_double(3))
    model.clearState()
    assert all(m.output.nelement() == 0 for m in model.modules)


def test_training_and_evaluate_reach_every_module():
    model = nn.Sequential().add(net()).add(Square())
    model.evaluate()
    assert not any(m.train for m in model.listModules())
    model.training()
    assert all(m.train for m in model.listModules())


def test_walking_a_network():
    inner = net()
    model = nn.Sequential().add(inner).add(Square())
    seen = []
    model.apply(seen.append)
    assert seen == model.listModules()
    assert seen == [model, inner] + inner.modules + [model.modules[1]]

    modules, containers = model.findModules(Square)
    assert modules == [inner.modules[1], model.modules[1]]
    assert containers == [inner, model]
    assert model.findModules('ScaleShift')[0] == [inner.modules[0], inner.modules[2]]
    assert model.findModules(nn.Sequential)[1] == [model, model]


def test_replace_swaps_modules_everywhere():
    model = nn.Sequential().add(net()).add(Square())
    model.replace(lambda m: nn.Module() if isinstance(m, Square) else m)
    assert [type(m).__name__ for m in model.listModules()] == \
        ['Sequential', 'Sequential', 'ScaleShift', 'Module', 'ScaleShift', 'Module']


def test_sequential_insert_remove_and_errors():
    model = nn.Sequential().add(Square())
    layer = ScaleShift(2)
    model.insert(layer, 0)
    assert model.modules[0] is layer and model.gradInput is layer.gradInput and len(model) == 2
    model.remove()
    assert model.modules == [layer] and model.output is layer.output
    model.remove(0)
    assert model.size() == 0
    with pytest.raises(IndexError, match='remove from an empty Sequential'):
        model.remove()
    with pytest.raises(IndexError, match='index 5 out of range for a Sequential of 0 modules'):
        model.insert(Square(), 5)
    with pytest.raises(TypeError, match='a container holds legacy.nn modules, but got int'):
        model.add(3)


def test_empty_sequential_passes_its_input_through():
    x = random_double(2)
    assert nn.Sequential().forward(x) is x


def test_sequential_repr_nests_like_lua():
    model = nn.Sequential().add(nn.Sequential().add(Square())).add(nn.Module())
    assert repr(model) == (
        'nn.Sequential {\n'
        '  [input -> (1) -> (2) -> output]\n'
        '  (1): nn.Sequential {\n'
        '    [input -> (1) -> output]\n'
        '    (1): nn.Square\n'
        '  }\n'
        '  (2): nn.Module\n'
        '}')


def test_criterion_forward_backward_and_type():
    criterion = SumSquares().double()
    x, t = random_double(3), random_double(3)
    assert abs(criterion.forward(x, t) - sum((x[i] - t[i]) ** 2 for i in range(3))) < 1e-12
    assert_close(criterion.backward(x, t), [2 * (x[i] - t[i]) for i in range(3)])
    assert criterion.gradInput.type() == 'torch_early.DoubleTensor'
    criterion.clearState()
    assert criterion.gradInput.nelement() == 0
    assert repr(criterion) == 'nn.SumSquares'


# ---- a module fed its own buffers --------------------------------------------------------------
# A module writes its output while it reads its input, and its gradInput while it reads input and
# gradOutput. Fed its own output (m.forward(m.output)) or its own gradInput, it used to overwrite
# elements it had not read yet (Linear by 0.4, SpatialMaxPooling by 3). The protocol gives the
# module a fresh buffer first (utils.writingApart): every layer, container and criterion then
# answers as it does for a copy of the same values.

def test_linear_fed_its_own_output():
    from torch_early import legacy
    x = torch.DoubleTensor([[1, -2, 3], [0.5, 0, -1]])
    m = legacy.nn.Linear(3, 3).double()
    m.forward(x)
    first = m.output.tolist()
    m.forward(m.output)
    weight, bias = m.weight.tolist(), m.bias.tolist()
    expected = [[sum(w * v for w, v in zip(row, sample)) + b for row, b in zip(weight, bias)]
                for sample in first]
    assert_close(m.output, expected)


def test_max_pooling_fed_its_own_output():
    from torch_early import legacy
    values = [[float((7 * i + 3 * j) % 11) for j in range(5)] for i in range(5)]
    m = legacy.nn.SpatialMaxPooling(3, 3, 1, 1, 1, 1).double()
    first = m.forward(torch.DoubleTensor([[values]]))
    assert m.forward(m.output) is m.output

    def pooled(grid):
        return [[max(grid[a][b] for a in range(max(i - 1, 0), min(i + 2, 5))
                     for b in range(max(j - 1, 0), min(j + 2, 5))) for j in range(5)]
                for i in range(5)]
    assert first.tolist() == [[pooled(values)]]          # the first output kept its values
    assert m.output.tolist() == [[pooled(pooled(values))]]


def square_input(*sizes):
    return lambda: torch.DoubleTensor(*sizes).uniform_(0.5, 2)


def table_input(*sizes, count=2):
    return lambda: [torch.DoubleTensor(*sizes).uniform_(0.5, 2) for _ in range(count)]


def _own(x):
    return x


def _in_table(own, input):
    """A table input made of a module's own buffer: its output second after the input's first
    tensor, or its gradInput table as it is."""
    return own if isinstance(own, list) else [input[0], own]


# (name, make the module, make an input, feed: (own buffer, input) -> the next input or
# gradOutput made of that buffer). Each module's output (and gradInput) is a valid input (and
# gradOutput) for it: the shapes are chosen so.
SELF_FED_MODULES = [
    # activations and other element-wise layers
    ('Tanh', nn.Tanh, square_input(2, 3)),
    ('Sigmoid', nn.Sigmoid, square_input(2, 3)),
    ('ReLU', nn.ReLU, square_input(2, 3)),
    ('ReLU in place', lambda: nn.ReLU(True), square_input(2, 3)),
    ('Threshold in place', lambda: nn.Threshold(1, 0, True), square_input(2, 3)),
    ('ELU', nn.ELU, square_input(2, 3)),
    ('LeakyReLU', nn.LeakyReLU, square_input(2, 3)),
    ('HardTanh', nn.HardTanh, square_input(2, 3)),
    ('SoftPlus', nn.SoftPlus, square_input(2, 3)),
    ('SoftShrink', nn.SoftShrink, square_input(2, 3)),
    ('LogSigmoid', nn.LogSigmoid, square_input(2, 3)),
    ('SoftMax', nn.SoftMax, square_input(2, 3)),
    ('LogSoftMax', nn.LogSoftMax, square_input(2, 3)),
    ('SoftMin', nn.SoftMin, square_input(2, 3)),
    ('SoftSign', nn.SoftSign, square_input(2, 3)),
    ('Abs', nn.Abs, square_input(2, 3)),
    ('Exp', nn.Exp, square_input(2, 3)),
    ('Square', nn.Square, square_input(2, 3)),
    ('Sqrt', nn.Sqrt, square_input(2, 3)),
    ('Power', lambda: nn.Power(2), square_input(2, 3)),
    ('AddConstant', lambda: nn.AddConstant(1), square_input(2, 3)),
    ('MulConstant in place', lambda: nn.MulConstant(2, True), square_input(2, 3)),
    ('PReLU', nn.PReLU, square_input(2, 3)),
    ('Mul', nn.Mul, square_input(2, 3)),
    ('Add', lambda: nn.Add(3), square_input(2, 3)),
    ('CMul', lambda: nn.CMul(3), square_input(2, 3)),
    ('Normalize', lambda: nn.Normalize(2), square_input(2, 3)),
    ('SpatialSoftMax', nn.SpatialSoftMax, square_input(1, 2, 3, 3)),
    # linear layers
    ('Linear', lambda: nn.Linear(3, 3), square_input(2, 3)),
    ('Linear, one sample', lambda: nn.Linear(3, 3), square_input(3)),
    ('Euclidean', lambda: nn.Euclidean(3, 3), square_input(2, 3)),
    ('WeightedEuclidean', lambda: nn.WeightedEuclidean(3, 3), square_input(2, 3)),
    ('Cosine', lambda: nn.Cosine(3, 3), square_input(2, 3)),
    ('BatchNormalization', lambda: nn.BatchNormalization(3), square_input(4, 3)),
    # convolutions, padded to keep their size
    ('TemporalConvolution', lambda: nn.TemporalConvolution(3, 3, 1), square_input(1, 6, 3)),
    ('TemporalConvolution, wide', lambda: nn.TemporalConvolution(3, 3, 2), square_input(6, 3)),
    ('SpatialConvolution', lambda: nn.SpatialConvolution(2, 2, 3, 3, 1, 1, 1, 1),
     square_input(1, 2, 4, 4)),
    ('SpatialDilatedConvolution',
     lambda: nn.SpatialDilatedConvolution(2, 2, 3, 3, 1, 1, 2, 2, 2, 2), square_input(2, 4, 4)),
    ('SpatialFullConvolution', lambda: nn.SpatialFullConvolution(2, 2, 3, 3, 1, 1, 1, 1),
     square_input(1, 2, 4, 4)),
    ('SpatialConvolutionLocal', lambda: nn.SpatialConvolutionLocal(2, 2, 4, 4, 3, 3, 1, 1, 1, 1),
     square_input(2, 4, 4)),
    ('VolumetricConvolution',
     lambda: nn.VolumetricConvolution(2, 2, 3, 3, 3, 1, 1, 1, 1, 1, 1), square_input(2, 3, 3, 3)),
    # pooling, with stride 1 and padding
    ('SpatialMaxPooling', lambda: nn.SpatialMaxPooling(3, 3, 1, 1, 1, 1), square_input(1, 2, 5, 5)),
    ('SpatialMaxPooling, shrinking', lambda: nn.SpatialMaxPooling(2, 2, 1, 1),
     square_input(1, 1, 6, 6)),
    ('SpatialAveragePooling', lambda: nn.SpatialAveragePooling(3, 3, 1, 1, 1, 1),
     square_input(2, 5, 5)),
    ('SpatialDilatedMaxPooling', lambda: nn.SpatialDilatedMaxPooling(3, 3, 1, 1, 1, 1, 2, 2),
     square_input(1, 7, 7)),
    ('SpatialAdaptiveMaxPooling', lambda: nn.SpatialAdaptiveMaxPooling(4, 4),
     square_input(2, 4, 4)),
    ('SpatialSubSampling', lambda: nn.SpatialSubSampling(2, 1, 1), square_input(2, 4, 4)),
    ('TemporalMaxPooling', lambda: nn.TemporalMaxPooling(1), square_input(5, 3)),
    ('VolumetricMaxPooling', lambda: nn.VolumetricMaxPooling(3, 3, 3, 1, 1, 1, 1, 1, 1),
     square_input(1, 3, 3, 3)),
    ('VolumetricAveragePooling', lambda: nn.VolumetricAveragePooling(2, 2, 2, 1, 1, 1),
     square_input(1, 4, 4, 4)),
    ('SpatialReplicationPadding', lambda: nn.SpatialReplicationPadding(1, 1, 1, 1),
     square_input(1, 3, 3)),
    ('SpatialUpSamplingNearest', lambda: nn.SpatialUpSamplingNearest(2), square_input(1, 2, 2)),
    # normalizations
    ('SpatialCrossMapLRN', lambda: nn.SpatialCrossMapLRN(3), square_input(1, 4, 3, 3)),
    ('SpatialContrastiveNormalization', lambda: nn.SpatialContrastiveNormalization(1),
     square_input(1, 5, 5)),
    # reshaping, reductions
    ('View', lambda: nn.View(2, 3), square_input(2, 3)),
    ('Transpose', lambda: nn.Transpose((0, 1)), square_input(3, 3)),
    ('Narrow', lambda: nn.Narrow(0, 0, 3), square_input(3, 3)),
    ('Contiguous', nn.Contiguous, square_input(3, 3)),
    ('Copy', lambda: nn.Copy(torch.DoubleTensor, torch.DoubleTensor), square_input(3, 3)),
    ('Identity', nn.Identity, square_input(3, 3)),
    ('Sum', lambda: nn.Sum(0), square_input(3, 3)),
    ('Max', lambda: nn.Max(0), square_input(3, 3)),
    ('Replicate', lambda: nn.Replicate(2, 0), square_input(3)),
    ('Padding', lambda: nn.Padding(0, 1), square_input(3)),
    ('GradientReversal', nn.GradientReversal, square_input(3, 3)),
    # tables
    ('CAddTable', nn.CAddTable, table_input(2, 3), _in_table),
    ('CAddTable in place', lambda: nn.CAddTable(True), table_input(2, 3), _in_table),
    ('CSubTable', nn.CSubTable, table_input(2, 3), _in_table),
    ('CMulTable', nn.CMulTable, table_input(2, 3), _in_table),
    ('CDivTable', nn.CDivTable, table_input(2, 3), _in_table),
    ('MM', nn.MM, table_input(3, 3), _in_table),
    ('JoinTable', lambda: nn.JoinTable(0), table_input(2, 3),
     lambda own, input: own if isinstance(own, list) else [own.narrow(0, 0, 2),
                                                           own.narrow(0, 2, 2)]),
    ('ConcatTable', lambda: nn.ConcatTable().add(nn.Linear(3, 3)).add(nn.Tanh()),
     square_input(2, 3), lambda own, input: own[0] if isinstance(own, list) else own),
    # containers
    ('Sequential', lambda: nn.Sequential().add(nn.Linear(3, 3)).add(nn.Tanh())
     .add(nn.Linear(3, 3)), square_input(2, 3)),
    ('Sequential of one module twice',
     lambda: (lambda m: nn.Sequential().add(m).add(m))(nn.Linear(3, 3)), square_input(2, 3)),
    ('Concat', lambda: nn.Concat(1).add(nn.Linear(3, 1)).add(nn.Linear(3, 2)),
     square_input(2, 3)),
    ('Parallel', lambda: nn.Parallel(0, 0).add(nn.Linear(3, 3)).add(nn.Tanh()),
     square_input(2, 3), lambda own, input: own.view(2, 3)),
]


def _feed(entry):
    return entry[3] if len(entry) > 3 else (lambda own, input: own)


def _run(module, call, *args, seed=0):
    torch.manual_seed(seed)
    return getattr(module, call)(*args)


def _gradients(module):
    parameters = module.parameters()
    return [g.clone() for g in parameters[1]] if parameters else []


@pytest.mark.parametrize('entry', SELF_FED_MODULES, ids=[e[0] for e in SELF_FED_MODULES])
def test_a_module_fed_its_own_output_answers_as_for_a_copy(entry):
    name, make, make_input = entry[:3]
    feed = _feed(entry)
    module = make().double()
    x = make_input()
    _run(module, 'forward', x)
    reference = module.clone()
    own_input = feed(module.output, x)
    expected = clone_table(_run(reference, 'forward', clone_table(own_input), seed=1))
    assert_close(_run(module, 'forward', own_input, seed=1), expected)
    # updateOutput, as a container calls it, is guarded alike
    own_input = feed(module.output, x)
    reference = module.clone()
    expected = clone_table(_run(reference, 'updateOutput', clone_table(own_input), seed=2))
    assert_close(_run(module, 'updateOutput', own_input, seed=2), expected)


@pytest.mark.parametrize('entry', SELF_FED_MODULES, ids=[e[0] for e in SELF_FED_MODULES])
def test_a_module_given_its_own_gradInput_answers_as_for_a_copy(entry):
    name, make, make_input = entry[:3]
    feed = _feed(entry)
    module = make().double()
    x = make_input()
    output = clone_table(_run(module, 'forward', x))
    gradOutput = clone_table(output)
    _run(module, 'backward', x, gradOutput)
    # the gradInput as the next gradOutput: its shape is the input's, which the output's is
    if to_shape(module.gradInput) == to_shape(output):
        reference = module.clone()
        module.zeroGradParameters()
        reference.zeroGradParameters()
        own = module.gradInput
        expected = clone_table(_run(reference, 'backward', clone_table(x), clone_table(own)))
        assert_close(_run(module, 'backward', x, own), expected)
        assert_close(_gradients(module), _gradients(reference))
    # the gradInput as the input of the next backward (after a forward of it)
    own = feed(module.gradInput, x)
    _run(module, 'forward', own, seed=3)
    reference = module.clone()
    module.zeroGradParameters()
    reference.zeroGradParameters()
    gradOutput = clone_table(module.output)
    expected = clone_table(_run(reference, 'backward', clone_table(own), clone_table(gradOutput)))
    assert_close(_run(module, 'updateGradInput', own, gradOutput), expected)


def to_shape(x):
    if torch.is_tensor(x):
        return tuple(x.size())
    return [to_shape(element) for element in x]


def _signs(*sizes):
    return lambda: torch.DoubleTensor(*sizes).uniform_(-1, 1).sign_().add_(0.5).sign_()


def _classes(*values):
    return lambda: torch.LongTensor(list(values))


# (name, make the criterion, make an input, make a target, whether the target is shaped like
# the input, so that the gradInput can stand for it)
SELF_FED_CRITERIA = [
    ('MSECriterion', nn.MSECriterion, square_input(2, 3), square_input(2, 3), True),
    ('AbsCriterion', nn.AbsCriterion, square_input(2, 3), square_input(2, 3), True),
    ('SmoothL1Criterion', nn.SmoothL1Criterion, square_input(2, 3), square_input(2, 3), True),
    ('DistKLDivCriterion', nn.DistKLDivCriterion, square_input(2, 3), square_input(2, 3), True),
    ('BCECriterion', nn.BCECriterion, lambda: torch.DoubleTensor(2, 3).uniform_(0.1, 0.9),
     lambda: torch.DoubleTensor(2, 3).uniform_(0, 1), True),
    ('WeightedMSECriterion', lambda: nn.WeightedMSECriterion(torch.DoubleTensor(2, 3).fill_(2)),
     square_input(2, 3), square_input(2, 3), True),
    ('SoftMarginCriterion', nn.SoftMarginCriterion, square_input(2, 3), _signs(2, 3), True),
    ('MultiLabelSoftMarginCriterion', nn.MultiLabelSoftMarginCriterion, square_input(2, 3),
     lambda: torch.DoubleTensor([[0, 1, 1], [1, 0, 0]]), True),
    ('MarginCriterion', nn.MarginCriterion, square_input(2, 3), _signs(2, 3), True),
    ('HingeEmbeddingCriterion', nn.HingeEmbeddingCriterion, square_input(3), _signs(3), False),
    ('ClassNLLCriterion', nn.ClassNLLCriterion, square_input(2, 3), _classes(0, 2), False),
    ('CrossEntropyCriterion', nn.CrossEntropyCriterion, square_input(2, 3), _classes(1, 2),
     False),
    ('MultiMarginCriterion', nn.MultiMarginCriterion, square_input(2, 3), _classes(1, 0), False),
    ('MultiLabelMarginCriterion', nn.MultiLabelMarginCriterion, square_input(2, 3),
     lambda: torch.LongTensor([[0, 2, -1], [1, -1, 0]]), False),
    ('ClassSimplexCriterion', lambda: nn.ClassSimplexCriterion(3), square_input(2, 3),
     _classes(0, 2), False),
    ('SpatialClassNLLCriterion', nn.SpatialClassNLLCriterion, square_input(1, 3, 2, 2),
     lambda: torch.LongTensor([[[0, 1], [2, 0]]]), False),
    ('L1Cost', nn.L1Cost, square_input(2, 3), lambda: None, False),
    ('CosineEmbeddingCriterion', nn.CosineEmbeddingCriterion, table_input(2, 3), _signs(2),
     False),
    ('MarginRankingCriterion', nn.MarginRankingCriterion, table_input(3), _signs(3), False),
    ('L1HingeEmbeddingCriterion', nn.L1HingeEmbeddingCriterion, table_input(3), lambda: 1,
     False),
    ('ParallelCriterion', lambda: nn.ParallelCriterion().add(nn.MSECriterion())
     .add(nn.AbsCriterion(), 0.5), table_input(2, 3),
     lambda: [torch.DoubleTensor(2, 3).fill_(1), torch.DoubleTensor(2, 3).fill_(0)], True),
    ('MultiCriterion', lambda: nn.MultiCriterion().add(nn.MSECriterion())
     .add(nn.AbsCriterion(), 2), square_input(2, 3), square_input(2, 3), True),
]


def _clone_target(target):
    return clone_table(target) if torch.is_tensor(target) or isinstance(target, list) else target


@pytest.mark.parametrize('entry', SELF_FED_CRITERIA, ids=[e[0] for e in SELF_FED_CRITERIA])
def test_a_criterion_given_its_own_gradInput_answers_as_for_a_copy(entry):
    name, make, make_input, make_target, target_like_input = entry
    criterion = make().double()
    x, target = make_input(), make_target()
    criterion.forward(x, target)
    criterion.backward(x, target)
    if name != 'BCECriterion':                         # its input must lie in (0, 1)
        own = criterion.gradInput
        reference = criterion.clone()
        expected_loss = reference.forward(clone_table(own), _clone_target(target))
        assert abs(criterion.forward(own, target) - expected_loss) < 1e-12
        expected = clone_table(reference.backward(clone_table(own), _clone_target(target)))
        assert_close(criterion.backward(own, target), expected)
        assert_close(criterion.updateGradInput(criterion.gradInput, target),
                     reference.updateGradInput(expected, _clone_target(target)))
    if target_like_input:
        own = criterion.gradInput
        reference = criterion.clone()
        expected = clone_table(reference.backward(clone_table(x), clone_table(own)))
        assert_close(criterion.backward(x, own), expected)


# ---- constructors check the sizes they are built from -----------------------------------------
# A size of 0 divided by zero when the weights were drawn (a bare ZeroDivisionError) or made an
# empty tensor that failed later with an IndexError; now each is a ValueError (a TypeError for
# a number that is not whole) naming the argument.

SIZED_CONSTRUCTORS = [
    (nn.Linear, ['inputSize', 'outputSize']),
    (nn.Bilinear, ['inputSize1', 'inputSize2', 'outputSize']),
    (nn.PartialLinear, ['inputsize', 'outputsize']),
    (nn.SparseLinear, ['inputSize', 'outputSize']),
    (nn.LookupTable, ['nIndex', 'nOutput']),
    (nn.Add, ['inputSize']),
    (nn.Cosine, ['inputSize', 'outputSize']),
    (nn.Euclidean, ['inputSize', 'outputSize']),
    (nn.WeightedEuclidean, ['inputSize', 'outputSize']),
    (nn.TemporalConvolution, ['inputFrameSize', 'outputFrameSize', 'kW', 'dW']),
    (nn.TemporalSubSampling, ['inputFrameSize', 'kW', 'dW']),
    (nn.SpatialConvolution, ['nInputPlane', 'nOutputPlane', 'kW', 'kH', 'dW', 'dH']),
    (nn.SpatialDilatedConvolution, ['nInputPlane', 'nOutputPlane', 'kW', 'kH', 'dW', 'dH',
                                    'padW', 'padH', 'dilationH', 'dilationW']),
    (nn.SpatialFullConvolution, ['nInputPlane', 'nOutputPlane', 'kW', 'kH', 'dW', 'dH']),
    (nn.SpatialConvolutionLocal, ['nInputPlane', 'nOutputPlane', 'iW', 'iH', 'kW', 'kH',
                                  'dW', 'dH']),
    (nn.SpatialSubSampling, ['nInputPlane', 'kW', 'kH', 'dW', 'dH']),
    (nn.VolumetricConvolution, ['nInputPlane', 'nOutputPlane', 'kT', 'kW', 'kH', 'dT', 'dW',
                                'dH']),
    (nn.VolumetricDilatedConvolution, ['nInputPlane', 'nOutputPlane', 'kT', 'kW', 'kH', 'dT',
                                       'dW', 'dH', 'padT', 'padW', 'padH', 'dilationT',
                                       'dilationW', 'dilationH']),
    (nn.VolumetricFullConvolution, ['nInputPlane', 'nOutputPlane', 'kT', 'kW', 'kH', 'dT', 'dW',
                                    'dH']),
    (nn.SpatialSubtractiveNormalization, ['nInputPlane']),
    (nn.SpatialDivisiveNormalization, ['nInputPlane']),
    (nn.SpatialContrastiveNormalization, ['nInputPlane']),
    (nn.Replicate, ['nf']),
]
PADDINGS = ('padW', 'padH', 'padT')


def sized_cases():
    for cls, names in SIZED_CONSTRUCTORS:
        for i, name in enumerate(names):
            if name not in PADDINGS:
                yield cls, names, i


@pytest.mark.parametrize('cls, names, position', list(sized_cases()),
                         ids=['%s-%s' % (c.__name__, n[i]) for c, n, i in sized_cases()])
def test_a_size_of_zero_or_not_whole_is_refused_naming_it(cls, names, position):
    def arguments(bad):
        values = [1 if name in PADDINGS else 3 for name in names]
        values[position] = bad
        return values
    cls(*arguments(3))                                 # the sizes themselves are fine
    name = names[position]
    with pytest.raises(ValueError, match=r'^%s: %s must be at least 1, but got 0$'
                       % (cls.__name__, name)):
        cls(*arguments(0))
    with pytest.raises(ValueError, match='%s must be at least 1, but got -2' % name):
        cls(*arguments(-2))
    with pytest.raises(TypeError, match='%s must be a whole number, but got float' % name):
        cls(*arguments(2.5))


def test_sizes_given_as_a_torch_size_and_the_other_constructors():
    with pytest.raises(ValueError, match=r'CMul: size must be at least 1, but got \(2, 0\)'):
        nn.CMul(2, 0)
    with pytest.raises(ValueError, match='Add: inputSize must be at least 1'):
        nn.Add(torch.Size([5, 0]))
    with pytest.raises(ValueError, match='SpatialConvolutionMap: kW must be at least 1'):
        nn.SpatialConvolutionMap(nn.SpatialConvolutionMap.maps.full(2, 2), 0, 3)
    with pytest.raises(ValueError, match=r'View: each size must be at least 1 \(or -1, '
                                         r'inferred\), but got \(2, 0\)'):
        nn.View(2, 0)
    with pytest.raises(TypeError, match='WeightedMSECriterion: weight must be a tensor, but '
                                        'got int'):
        nn.WeightedMSECriterion(0)
    with pytest.raises(TypeError, match=r'CMul\(\*size\): the size of the weight is needed'):
        nn.CMul()


def test_l1penalty_averaging_an_empty_input_is_refused():
    penalty = nn.L1Penalty(2, sizeAverage=True)
    with pytest.raises(RuntimeError, match='L1Penalty: the input is empty'):
        penalty.forward(torch.DoubleTensor())
    x = torch.DoubleTensor([1, -3])
    assert penalty.forward(x) is x and penalty.loss == 2 * 4 / 2
    assert nn.L1Penalty(2).forward(torch.DoubleTensor()).nelement() == 0   # the sum of nothing
