"""legacy.nn's Module/Criterion protocol and Sequential, on small layers written here (the real
layers are tested in their own files): forward/backward, the parameters and their steps,
flattenParameters, type conversion, walking a network, printing."""
import pytest

import torch_early as torch
import torch_early.legacy.nn as nn
from legacy_nn_checks import (assert_close, check_module_gradients, check_type_conversion,
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
