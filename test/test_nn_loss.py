"""The nn losses: each module and functional form against NumPy with size_average on and off,
gradcheck in double, NLL class weights, CrossEntropyLoss as log_softmax + nll_loss, the
embedding and ranking losses, Float and Double, and the errors: targets of the wrong type or
size, class indices out of range, targets that require a gradient."""
import numpy as np
import pytest

import torch_early
from torch_early import nn
from torch_early.autograd import Variable, gradcheck
import torch_early.nn.functional as F
from torch_early.nn._functions import thnn as thnn_functions
from torch_early.nn.backends.thnn import backend as thnn_backend
from torch_early._thnn.utils import THNN_H_PATH, parse_header


@pytest.fixture(autouse=True)
def seeded():
    torch_early.manual_seed(0)


def var(*size, low=-1, high=1, requires_grad=True, tensor_type=torch_early.DoubleTensor):
    return Variable(tensor_type(*size).uniform_(low, high), requires_grad=requires_grad)


def data(*size, low=-1, high=1, tensor_type=torch_early.DoubleTensor):
    return var(*size, low=low, high=high, requires_grad=False, tensor_type=tensor_type)


def classes(*values):
    return Variable(torch_early.LongTensor(list(values)))


def signs(n):
    return Variable(torch_early.DoubleTensor(n).bernoulli_(0.5).mul_(2).sub_(1))


def reduce(losses, size_average, count=None):
    return losses.sum() / (count or losses.size) if size_average else losses.sum()


# (module class, functional form, target maker, NumPy per-element loss) for elementwise losses
ELEMENTWISE = [
    (nn.L1Loss, F.l1_loss, lambda: data(3, 4), lambda x, t: abs(x - t)),
    (nn.MSELoss, F.mse_loss, lambda: data(3, 4), lambda x, t: (x - t) ** 2),
    (nn.SmoothL1Loss, F.smooth_l1_loss, lambda: data(3, 4, low=-3, high=3),
     lambda x, t: np.where(abs(x - t) < 1, 0.5 * (x - t) ** 2, abs(x - t) - 0.5)),
    (nn.SoftMarginLoss, F.soft_margin_loss, lambda: signs(12).view(3, 4),
     lambda x, t: np.log1p(np.exp(-t * x))),
    (nn.KLDivLoss, F.kl_div, lambda: data(3, 4, low=0.1, high=1),
     lambda x, t: t * (np.log(t) - x)),
]
IDS = [case[0].__name__ for case in ELEMENTWISE]


@pytest.mark.parametrize('size_average', [True, False])
@pytest.mark.parametrize('module, functional, target, reference', ELEMENTWISE, ids=IDS)
def test_elementwise_loss_matches_numpy(module, functional, target, reference, size_average):
    x, t = var(3, 4), target()
    expected = reduce(reference(x.data.numpy(), t.data.numpy()), size_average)
    for out in (module(size_average=size_average)(x, t), functional(x, t, size_average)):
        assert out.data.numel() == 1
        assert np.isclose(out.data[0], expected)


@pytest.mark.parametrize('module, functional, target, reference', ELEMENTWISE, ids=IDS)
def test_elementwise_loss_gradcheck(module, functional, target, reference):
    t = target()
    for size_average in (True, False):
        assert gradcheck(lambda x: functional(x, t, size_average), (var(3, 4),))


def test_gradient_is_scaled_by_the_incoming_gradient():
    x, t = var(2, 3), data(2, 3)
    F.mse_loss(x, t).backward(torch_early.DoubleTensor([3]))
    assert np.allclose(x.grad.data.numpy(), 3 * 2 * (x.data.numpy() - t.data.numpy()) / 6)


@pytest.mark.parametrize('tensor_type', [torch_early.FloatTensor, torch_early.DoubleTensor])
def test_losses_on_float_and_double(tensor_type):
    x, t = var(2, 3, tensor_type=tensor_type), data(2, 3, tensor_type=tensor_type)
    out = nn.MSELoss()(x, t)
    assert type(out.data) is tensor_type
    assert np.isclose(out.data[0], ((x.data.numpy() - t.data.numpy()) ** 2).mean(), atol=1e-6)
    out = nn.NLLLoss()(x, classes(0, 2))
    assert type(out.data) is tensor_type


# -- NLL and cross entropy --------------------------------------------------------------------

def nll_reference(x, target, weight=None, size_average=True):
    weight = np.ones(x.shape[1]) if weight is None else weight
    picked = np.array([-x[i, c] * weight[c] for i, c in enumerate(target)])
    return picked.sum() / weight[target].sum() if size_average else picked.sum()


@pytest.mark.parametrize('size_average', [True, False])
@pytest.mark.parametrize('weighted', [False, True])
def test_nll_loss_matches_numpy(size_average, weighted):
    x, target = var(4, 3), classes(0, 2, 1, 2)
    weight = torch_early.DoubleTensor([0.2, 1.0, 3.0]) if weighted else None
    expected = nll_reference(x.data.numpy(), target.data.numpy(),
                             None if weight is None else weight.numpy(), size_average)
    assert np.isclose(F.nll_loss(x, target, weight, size_average).data[0], expected)
    module = nn.NLLLoss(weight, size_average)
    assert np.isclose(module(x, target).data[0], expected)
    assert gradcheck(lambda v: F.nll_loss(v, target, weight, size_average), (x,))


def test_nll_weight_is_a_buffer():
    weight = torch_early.DoubleTensor([1, 2])
    module = nn.NLLLoss(weight)
    assert module.weight is weight and list(module.state_dict()) == ['weight']


def test_nll_loss2d_matches_numpy():
    x = var(2, 3, 2, 2)
    target = Variable(torch_early.LongTensor(2, 2, 2).random_(0, 3))
    flat_x = x.data.numpy().transpose(0, 2, 3, 1).reshape(-1, 3)
    expected = nll_reference(flat_x, target.data.numpy().reshape(-1))
    assert np.isclose(nn.NLLLoss2d()(x, target).data[0], expected)
    assert np.isclose(F.nll_loss(x, target).data[0], expected)
    assert gradcheck(lambda v: F.nll_loss(v, target), (x,))


def test_cross_entropy_is_log_softmax_then_nll():
    x, target = var(3, 4), classes(3, 0, 1)
    xs = x.data.numpy()
    log_probabilities = xs - np.log(np.exp(xs).sum(1, keepdims=True))
    expected = nll_reference(log_probabilities, target.data.numpy())
    assert np.isclose(nn.CrossEntropyLoss()(x, target).data[0], expected)
    assert np.isclose(F.cross_entropy(x, target).data[0], expected)
    assert gradcheck(lambda v: F.cross_entropy(v, target), (x,))


def test_nll_float_target_is_refused():
    with pytest.raises(TypeError, match='LongTensor'):
        F.nll_loss(var(2, 3), Variable(torch_early.DoubleTensor([0, 1])))


def test_nll_class_index_out_of_range():
    with pytest.raises(RuntimeError, match='out of range|index'):
        F.nll_loss(var(2, 3), classes(0, 3))
    with pytest.raises(RuntimeError, match='out of range|index'):
        F.nll_loss(var(2, 3), classes(-1, 0))


def test_nll_target_size_mismatch():
    with pytest.raises(RuntimeError):
        F.nll_loss(var(2, 3), classes(0, 1, 2))


def test_nll_wrong_input_dimensions():
    with pytest.raises(ValueError, match='2 or 4'):
        F.nll_loss(var(2, 3, 4), classes(0, 1))
    with pytest.raises(ValueError, match='2-D'):
        nn.NLLLoss()(var(2, 3, 4, 4), classes(0, 1))


def test_target_requiring_grad_is_refused():
    with pytest.raises(RuntimeError, match='targets'):
        nn.MSELoss()(var(2), var(2))


def test_mse_size_mismatch_is_an_error():
    with pytest.raises(RuntimeError):
        F.mse_loss(var(2, 3), data(4))


# -- binary cross entropy ---------------------------------------------------------------------

@pytest.mark.parametrize('size_average', [True, False])
@pytest.mark.parametrize('weighted', [False, True])
def test_bce_matches_numpy(size_average, weighted):
    x = var(3, 2, low=0.1, high=0.9)
    t = Variable(torch_early.DoubleTensor(3, 2).bernoulli_(0.5))
    weight = torch_early.DoubleTensor(3, 2).uniform_(0.5, 2) if weighted else None
    xs, ts = x.data.numpy(), t.data.numpy()
    losses = -(ts * np.log(xs) + (1 - ts) * np.log(1 - xs))
    if weighted:
        losses = losses * weight.numpy()
    expected = reduce(losses, size_average)
    assert np.isclose(nn.BCELoss(weight, size_average)(x, t).data[0], expected)
    assert gradcheck(lambda v: F.binary_cross_entropy(v, t, weight, size_average), (x,))


def test_bce_per_class_weight_is_shared_by_the_samples():
    x = var(4, 3, low=0.1, high=0.9)
    t = Variable(torch_early.DoubleTensor(4, 3).bernoulli_(0.5))
    weight = torch_early.DoubleTensor([0.5, 1, 2])
    full = weight.view(1, 3).expand(4, 3).contiguous()
    assert np.isclose(F.binary_cross_entropy(x, t, weight).data[0],
                      F.binary_cross_entropy(x, t, full).data[0])
    assert gradcheck(lambda v: F.binary_cross_entropy(v, t, weight), (x,))


def test_bce_size_mismatch():
    with pytest.raises(ValueError, match='target'):
        F.binary_cross_entropy(var(3, low=0.1, high=0.9), data(4, low=0, high=1))
    with pytest.raises(ValueError, match='weight'):
        F.binary_cross_entropy(var(3, low=0.1, high=0.9), data(3, low=0, high=1),
                               torch_early.DoubleTensor(2).fill_(1))


def test_multilabel_soft_margin_is_bce_of_sigmoid():
    x = var(2, 3)
    t = Variable(torch_early.DoubleTensor(2, 3).bernoulli_(0.5))
    p, ts = 1 / (1 + np.exp(-x.data.numpy())), t.data.numpy()
    expected = (-(ts * np.log(p) + (1 - ts) * np.log(1 - p))).mean()
    assert np.isclose(nn.MultiLabelSoftMarginLoss()(x, t).data[0], expected)


# -- margin losses ----------------------------------------------------------------------------

@pytest.mark.parametrize('p, margin', [(1, 1), (2, 0.5)])
@pytest.mark.parametrize('weighted', [False, True])
def test_multi_margin_matches_numpy(p, margin, weighted):
    x, target = var(3, 4), classes(1, 0, 3)
    weight = torch_early.DoubleTensor([0.5, 1, 2, 3]) if weighted else None
    xs, ts = x.data.numpy(), target.data.numpy()
    total = 0
    for i, y in enumerate(ts):
        for j in range(4):
            if j != y:
                term = max(0, margin - xs[i, y] + xs[i, j]) ** p
                total += term * (weight.numpy()[y] if weighted else 1)
    expected = total / 4 / 3
    module = nn.MultiMarginLoss(p, margin, weight)
    assert np.isclose(module(x, target).data[0], expected)
    assert gradcheck(lambda v: F.multi_margin_loss(v, target, p, margin, weight), (x,))


def test_multi_margin_p_checked():
    with pytest.raises(ValueError, match='p == 1'):
        nn.MultiMarginLoss(p=3)


def test_multilabel_margin_matches_numpy():
    x = var(2, 4)
    target = Variable(torch_early.LongTensor([[3, 0, -1, 1], [1, -1, 0, 0]]))
    xs = x.data.numpy()
    total = 0
    for i, labels in enumerate([[3, 0], [1]]):
        for y in labels:
            for j in range(4):
                if j not in labels:
                    total += max(0, 1 - (xs[i, y] - xs[i, j]))
    expected = total / 4 / 2
    assert np.isclose(nn.MultiLabelMarginLoss()(x, target).data[0], expected)
    assert gradcheck(lambda v: F.multilabel_margin_loss(v, target), (x,))


def test_hinge_embedding_matches_numpy():
    x, y = var(6), signs(6)
    xs, ys = x.data.numpy(), y.data.numpy()
    expected = np.where(ys == 1, xs, np.maximum(0, 0.5 - xs)).mean()
    assert np.isclose(nn.HingeEmbeddingLoss(0.5)(x, y).data[0], expected)
    assert gradcheck(lambda v: F.hinge_embedding_loss(v, y, 0.5), (x,))


def test_margin_ranking_matches_numpy():
    x1, x2, y = var(5), var(5), signs(5)
    expected = np.maximum(0, -y.data.numpy() * (x1.data.numpy() - x2.data.numpy()) + 0.1)
    assert np.isclose(nn.MarginRankingLoss(0.1, False)(x1, x2, y).data[0], expected.sum())
    assert gradcheck(lambda a, b: F.margin_ranking_loss(a, b, y, 0.1), (x1, x2))


def test_cosine_embedding_matches_numpy():
    x1, x2, y = var(4, 3), var(4, 3), signs(4)
    a, b, ys = x1.data.numpy(), x2.data.numpy(), y.data.numpy()
    cos = (a * b).sum(1) / np.linalg.norm(a, axis=1) / np.linalg.norm(b, axis=1)
    expected = np.where(ys == 1, 1 - cos, np.maximum(0, cos - 0.1)).mean()
    assert np.isclose(nn.CosineEmbeddingLoss(0.1)(x1, x2, y).data[0], expected)
    assert gradcheck(lambda a, b: F.cosine_embedding_loss(a, b, y, 0.1), (x1, x2))
    with pytest.raises(RuntimeError, match='same size'):
        F.cosine_embedding_loss(var(4, 3), var(4, 2), y)


# -- defaults, repr, the generated classes ----------------------------------------------------

def test_defaults_and_repr():
    assert nn.NLLLoss().size_average is True and nn.NLLLoss().weight is None
    assert nn.HingeEmbeddingLoss().margin == 1 and nn.MarginRankingLoss().margin == 0
    module = nn.MultiMarginLoss()
    assert (module.p, module.margin, module.weight) == (1, 1, None)
    assert repr(nn.MSELoss()) == 'MSELoss (\n)'


THNN_CRITERIA = {'AbsCriterion': 'L1Loss', 'BCECriterion': '_BCELoss',
                 'ClassNLLCriterion': 'NLLLoss', 'SpatialClassNLLCriterion': 'NLLLoss2d',
                 'DistKLDivCriterion': 'KLDivLoss', 'MSECriterion': 'MSELoss',
                 'MarginCriterion': 'MarginCriterion', 'SoftMarginCriterion': 'SoftMarginLoss',
                 'MultiLabelMarginCriterion': 'MultiLabelMarginLoss',
                 'MultiMarginCriterion': 'MultiMarginLoss', 'SmoothL1Criterion': 'SmoothL1Loss'}


def test_every_thnn_criterion_has_a_function_class():
    header_modules = {f.name.split('_')[0] for f in parse_header(THNN_H_PATH)}
    assert {m for m in header_modules if m.endswith('Criterion')} == set(THNN_CRITERIA)
    for python_name in THNN_CRITERIA.values():
        assert getattr(thnn_backend, python_name) is getattr(thnn_functions, python_name)
    for name in ('BCELoss', 'HingeEmbeddingLoss', 'MarginRankingLoss', 'CosineEmbeddingLoss'):
        assert getattr(thnn_backend, name)


def test_generated_margin_criterion_and_l1_cost():
    x, y = var(4), signs(4)
    expected = np.maximum(0, 0.5 - x.data.numpy() * y.data.numpy()).mean()
    assert np.isclose(thnn_functions.MarginCriterion(True, 0.5)(x, y).data[0], expected)
    assert np.isclose(thnn_functions.L1Cost()(x).data.numpy().sum(), abs(x.data.numpy()).sum())


def test_criterion_rejects_unknown_keywords():
    with pytest.raises(TypeError, match='weights'):
        thnn_functions.NLLLoss(True, weights=None)


def test_criterion_weight_of_another_type_is_refused():
    with pytest.raises(TypeError, match='FloatTensor'):
        F.nll_loss(var(2, 3), classes(0, 1), torch_early.FloatTensor([1, 1, 1]))


def test_generated_l1_cost_gradcheck():
    x = var(5)
    assert gradcheck(lambda v: thnn_functions.L1Cost()(v), (x,))


@pytest.mark.parametrize('name, call', [
    ('HingeEmbeddingLoss: input is empty',
     lambda e, size_average: F.hinge_embedding_loss(e, e, size_average=size_average)),
    ('MarginRankingLoss: the target is empty',
     lambda e, size_average: F.margin_ranking_loss(e, e, e, size_average=size_average)),
])
def test_the_average_loss_of_an_empty_batch_is_an_error_naming_it(name, call):
    empty = Variable(torch_early.DoubleTensor(), requires_grad=True)
    with pytest.raises(RuntimeError, match=name + ', and the average of no losses is undefined'):
        call(empty, True)
    assert call(empty, False).data.tolist() == [0]     # the sum of no losses


# -- PairwiseDistance, TripletMarginLoss ----------------------------------------------------------

def numpy_distance(a, b, p, eps):
    return ((np.abs(a - b) + eps) ** p).sum(1, keepdims=True) ** (1. / p)


@pytest.mark.parametrize('p', [1, 2, 3])
def test_pairwise_distance_formula_and_gradcheck(p):
    x1, x2 = var(4, 3), var(4, 3)
    out = F.pairwise_distance(x1, x2, p)
    assert out.size() == torch_early.Size([4, 1])
    np.testing.assert_allclose(out.data.numpy(),
                               numpy_distance(x1.data.numpy(), x2.data.numpy(), p, 1e-6))
    assert gradcheck(lambda a, b: F.pairwise_distance(a, b, p), (x1, x2))
    module = nn.PairwiseDistance(p, eps=1e-3)
    assert module.norm == p and module.eps == 1e-3
    np.testing.assert_allclose(module(x1, x2).data.numpy(),
                               numpy_distance(x1.data.numpy(), x2.data.numpy(), p, 1e-3))


def test_pairwise_distance_errors():
    with pytest.raises(ValueError, match='same size'):
        F.pairwise_distance(var(4, 3), var(4, 2))
    with pytest.raises(ValueError, match='2D inputs'):
        F.pairwise_distance(var(4), var(4))


@pytest.mark.parametrize('swap', [False, True])
def test_triplet_margin_loss_formula_and_gradcheck(swap):
    a, p, n = var(5, 3), var(5, 3), var(5, 3)
    loss = F.triplet_margin_loss(a, p, n, margin=0.7, swap=swap)
    an, pn, nn_ = a.data.numpy(), p.data.numpy(), n.data.numpy()
    d_neg = numpy_distance(an, nn_, 2, 1e-6)
    if swap:
        d_neg = np.minimum(d_neg, numpy_distance(pn, nn_, 2, 1e-6))
    expected = np.maximum(0, 0.7 + numpy_distance(an, pn, 2, 1e-6) - d_neg).mean()
    assert loss.data[0] == pytest.approx(expected)
    assert gradcheck(lambda x, y, z: F.triplet_margin_loss(x, y, z, swap=swap), (a, p, n))
    module = nn.TripletMarginLoss(margin=0.7, swap=swap)
    assert module(a, p, n).data[0] == pytest.approx(expected)


def test_triplet_margin_loss_defaults_and_errors():
    module = nn.TripletMarginLoss()
    assert (module.margin, module.p, module.eps, module.swap) == (1.0, 2, 1e-6, False)
    with pytest.raises(ValueError, match='margin must be positive'):
        nn.TripletMarginLoss(margin=0)
    with pytest.raises(ValueError, match='same size'):
        F.triplet_margin_loss(var(4, 3), var(4, 3), var(3, 3))
