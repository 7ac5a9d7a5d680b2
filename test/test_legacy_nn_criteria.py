"""torch_early.legacy.nn's criteria: each loss against its formula computed the obvious way (on
Python numbers), sizeAverage both ways, per-class weights, vectors and batches; gradInput against
central differences; float and double; clearState; printing; and the errors of bad input."""
import math

import pytest

import torch_early as torch
from torch_early.legacy import nn
from legacy_nn_checks import assert_close, check_criterion_gradient, clone_table, tensors_of

torch.manual_seed(7)


def uniform(*sizes, low=0.0, high=1.0):
    return torch.DoubleTensor(*sizes).uniform_(low, high)


def normal(*sizes):
    return torch.DoubleTensor(*sizes).normal_()


def signs(*sizes):
    """A DoubleTensor of 1 and -1, both present."""
    values = normal(*sizes).sign()
    values.view(-1)[0], values.view(-1)[1] = 1, -1
    return values


def classes(count, n_classes):
    """A LongTensor of `count` class indices in [0, n_classes)."""
    return torch.LongTensor([(3 * i + 1) % n_classes for i in range(count)])


def flat(x):
    return torch.DoubleTensor(x.contiguous().view(-1).tolist()).tolist()


def mean_or_sum(total, count, sizeAverage):
    return total / count if sizeAverage else total


# --- the formulas, on Python numbers -------------------------------------------------------------

def abs_loss(x, t, sizeAverage):
    return mean_or_sum(sum(abs(a - b) for a, b in zip(flat(x), flat(t))), x.nelement(), sizeAverage)


def mse_loss(x, t, sizeAverage):
    return mean_or_sum(sum((a - b) ** 2 for a, b in zip(flat(x), flat(t))), x.nelement(),
                       sizeAverage)


def smooth_l1_loss(x, t, sizeAverage):
    def huber(d):
        return 0.5 * d * d if abs(d) < 1 else abs(d) - 0.5
    return mean_or_sum(sum(huber(a - b) for a, b in zip(flat(x), flat(t))), x.nelement(),
                       sizeAverage)


def kl_loss(x, t, sizeAverage):
    total = sum(b * (math.log(b) - a) for a, b in zip(flat(x), flat(t)) if b > 0)
    return mean_or_sum(total, x.nelement(), sizeAverage)


def soft_margin_loss(x, t, sizeAverage):
    total = sum(math.log(1 + math.exp(-a * b)) for a, b in zip(flat(x), flat(t)))
    return mean_or_sum(total, x.nelement(), sizeAverage)


def margin_loss(x, t, margin, sizeAverage):
    total = sum(max(0, margin - a * b) for a, b in zip(flat(x), flat(t)))
    return mean_or_sum(total, x.nelement(), sizeAverage)


def bce_loss(x, t, weights, sizeAverage):
    n_classes = x.size(x.dim() - 1)
    total = 0.0
    for k, (p, y) in enumerate(zip(flat(x), flat(t))):
        w = 1.0 if weights is None else weights[k % n_classes]
        total -= w * (y * math.log(p) + (1 - y) * math.log(1 - p))
    return mean_or_sum(total, x.nelement(), sizeAverage)


def nll_loss(rows, targets, weights, sizeAverage):
    """rows: the log-probability vectors (lists), targets their class indices."""
    total, total_weight = 0.0, 0.0
    for row, c in zip(rows, targets):
        w = 1.0 if weights is None else weights[c]
        total -= w * row[c]
        total_weight += w
    return total / total_weight if sizeAverage else total


def log_softmax(row):
    biggest = max(row)
    log_total = biggest + math.log(sum(math.exp(v - biggest) for v in row))
    return [v - log_total for v in row]


def multi_margin_loss(rows, targets, p, weights, margin, sizeAverage):
    total = 0.0
    for row, y in zip(rows, targets):
        w = 1.0 if weights is None else weights[y]
        total += sum(w * max(0, margin - row[y] + row[j]) ** p
                     for j in range(len(row)) if j != y) / len(row)
    return mean_or_sum(total, len(rows), sizeAverage)


def multi_label_margin_loss(rows, labels, sizeAverage):
    """labels: each row's classes, up to the first -1."""
    total = 0.0
    for row, row_labels in zip(rows, labels):
        listed = []
        for c in row_labels:
            if c < 0:
                break
            listed.append(c)
        for y in listed:
            total += sum(max(0, 1 - (row[y] - row[j]))
                         for j in range(len(row)) if j not in listed) / len(row)
    return mean_or_sum(total, len(rows), sizeAverage)


def multi_label_soft_margin_loss(x, t, weights, sizeAverage):
    n_classes = x.size(x.dim() - 1)
    total = 0.0
    for k, (a, y) in enumerate(zip(flat(x), flat(t))):
        p = 1 / (1 + math.exp(-a))
        w = 1.0 if weights is None else weights[k % n_classes]
        total -= w * (y * math.log(p) + (1 - y) * math.log(1 - p))
    return mean_or_sum(total, x.nelement(), sizeAverage)


def hinge_embedding_loss(x, y, margin, sizeAverage):
    total = sum(a if b == 1 else max(0, margin - a) for a, b in zip(flat(x), flat(y)))
    return mean_or_sum(total, x.nelement(), sizeAverage)


def l1_hinge_loss(x1, x2, y, margin):
    distance = sum(abs(a - b) for a, b in zip(flat(x1), flat(x2)))
    return distance if y == 1 else max(0, margin - distance)


def cosine_embedding_loss(rows1, rows2, ys, margin, sizeAverage):
    total = 0.0
    for a, b, y in zip(rows1, rows2, ys):
        dot = sum(u * v for u, v in zip(a, b))
        cosine = dot / math.sqrt(sum(u * u for u in a) * sum(v * v for v in b))
        total += 1 - cosine if y == 1 else max(0, cosine - margin)
    return mean_or_sum(total, len(ys), sizeAverage)


def margin_ranking_loss(x1, x2, ys, margin, sizeAverage):
    total = sum(max(0, -y * (a - b) + margin) for a, b, y in zip(x1, x2, ys))
    return mean_or_sum(total, len(ys), sizeAverage)


# --- the cases: (criterion, input, target, the loss by its formula) -----------------------------

def case_abs(sizeAverage):
    x, t = normal(2, 3, 4), normal(2, 3, 4)
    return nn.AbsCriterion(sizeAverage), x, t, abs_loss(x, t, sizeAverage)


def case_mse(sizeAverage):
    x, t = normal(2, 3, 4), normal(2, 3, 4)
    return nn.MSECriterion(sizeAverage), x, t, mse_loss(x, t, sizeAverage)


def case_smooth_l1(sizeAverage):
    x, t = normal(4, 5).mul_(2), normal(4, 5)
    return nn.SmoothL1Criterion(sizeAverage), x, t, smooth_l1_loss(x, t, sizeAverage)


def case_kl(sizeAverage):
    x, t = uniform(4, 5, low=0.1).log_(), uniform(4, 5, low=0.1)
    return nn.DistKLDivCriterion(sizeAverage), x, t, kl_loss(x, t, sizeAverage)


def case_soft_margin(sizeAverage):
    x, t = normal(4, 5), signs(4, 5)
    criterion = nn.SoftMarginCriterion()
    criterion.sizeAverage = sizeAverage
    return criterion, x, t, soft_margin_loss(x, t, sizeAverage)


def case_margin(margin, sizeAverage):
    x, t = normal(4, 5), signs(4, 5)
    return (nn.MarginCriterion(margin, sizeAverage), x, t,
            margin_loss(x, t, margin, sizeAverage))


def case_bce(weighted, sizeAverage, sizes=(5, 4)):
    x, t = uniform(*sizes, low=0.05, high=0.95), uniform(*sizes).gt(0.5).double()
    weights = uniform(sizes[-1], low=0.5) if weighted else None
    return (nn.BCECriterion(weights, sizeAverage), x, t,
            bce_loss(x, t, None if weights is None else weights.tolist(), sizeAverage))


def case_nll(weighted, sizeAverage, batch=True):
    x = uniform(6, 4, low=0.1).log_() if batch else uniform(4, low=0.1).log_()
    target = classes(6, 4) if batch else 2
    weights = uniform(4, low=0.5) if weighted else None
    rows = x.tolist() if batch else [x.tolist()]
    targets = target.tolist() if batch else [target]
    return (nn.ClassNLLCriterion(weights, sizeAverage), x, target,
            nll_loss(rows, targets, None if weights is None else weights.tolist(), sizeAverage))


def case_spatial_nll(weighted, sizeAverage):
    x, target = normal(2, 3, 2, 3), torch.LongTensor([[[0, 1, 2], [2, 1, 0]],
                                                     [[1, 1, 0], [2, 2, 2]]])
    weights = uniform(3, low=0.5) if weighted else None
    rows, targets = [], []
    for b in range(2):
        for i in range(2):
            for j in range(3):
                rows.append([x[b][c][i][j] for c in range(3)])
                targets.append(target[b][i][j])
    return (nn.SpatialClassNLLCriterion(weights, sizeAverage), x, target,
            nll_loss(rows, targets, None if weights is None else weights.tolist(), sizeAverage))


def case_cross_entropy(weighted, batch=True):
    x = normal(6, 4) if batch else normal(1, 4)
    target = classes(6, 4) if batch else torch.LongTensor([3])
    weights = uniform(4, low=0.5) if weighted else None
    rows = [log_softmax(row) for row in x.tolist()]
    return (nn.CrossEntropyCriterion(weights), x, target,
            nll_loss(rows, target.tolist(), None if weights is None else weights.tolist(), True))


def case_multi_margin(p, weighted, margin, sizeAverage, batch=True):
    x = normal(5, 4) if batch else normal(4)
    target = classes(5, 4) if batch else 1
    weights = uniform(4, low=0.5) if weighted else None
    rows = x.tolist() if batch else [x.tolist()]
    targets = target.tolist() if batch else [target]
    return (nn.MultiMarginCriterion(p, weights, margin, sizeAverage), x, target,
            multi_margin_loss(rows, targets, p, None if weights is None else weights.tolist(),
                              margin, sizeAverage))


def case_multi_label_margin(sizeAverage, batch=True):
    if batch:
        x, target = normal(3, 4), torch.LongTensor([[3, 0, -1, 1], [1, -1, 2, 2], [0, 1, 2, 3]])
    else:
        x, target = normal(4), torch.LongTensor([2, 0, -1, 3])
    rows = x.tolist() if batch else [x.tolist()]
    labels = target.tolist() if batch else [target.tolist()]
    return (nn.MultiLabelMarginCriterion(sizeAverage), x, target,
            multi_label_margin_loss(rows, labels, sizeAverage))


def case_multi_label_soft_margin(weighted, sizeAverage):
    x, t = normal(4, 5), uniform(4, 5).gt(0.5).double()
    weights = uniform(5, low=0.5) if weighted else None
    return (nn.MultiLabelSoftMarginCriterion(weights, sizeAverage), x, t,
            multi_label_soft_margin_loss(x, t, None if weights is None else weights.tolist(),
                                         sizeAverage))


def case_hinge_embedding(margin, sizeAverage):
    x, y = uniform(10, high=2), signs(10)
    criterion = nn.HingeEmbeddingCriterion(margin, sizeAverage)
    return criterion, x, y, hinge_embedding_loss(x, y, margin, sizeAverage)


def case_hinge_embedding_number_target(y):
    x = uniform(6, high=2)
    return (nn.HingeEmbeddingCriterion(), x, y,
            hinge_embedding_loss(x, torch.DoubleTensor(6).fill_(y), 1, True))


def case_l1_hinge(y, margin):
    x1, x2 = normal(2, 3), normal(2, 3)
    if y == -1:   # close enough to be inside the margin
        x2 = x1 + normal(2, 3).mul_(0.1)
    return nn.L1HingeEmbeddingCriterion(margin), [x1, x2], y, l1_hinge_loss(x1, x2, y, margin)


def case_cosine(margin, sizeAverage, batch=True):
    if batch:
        x1, x2, y = normal(6, 4), normal(6, 4), signs(6)
        rows1, rows2, ys = x1.tolist(), x2.tolist(), y.tolist()
    else:
        x1, x2, y = normal(4), normal(4), -1
        rows1, rows2, ys = [x1.tolist()], [x2.tolist()], [y]
    return (nn.CosineEmbeddingCriterion(margin, sizeAverage), [x1, x2], y,
            cosine_embedding_loss(rows1, rows2, ys, margin, sizeAverage))


def case_cosine_number_target(y):
    x1, x2 = normal(5, 3), normal(5, 3)
    return (nn.CosineEmbeddingCriterion(0.1), [x1, x2], y,
            cosine_embedding_loss(x1.tolist(), x2.tolist(), [y] * 5, 0.1, True))


def case_margin_ranking_number_target(y):
    x1, x2 = normal(7), normal(7)
    return (nn.MarginRankingCriterion(0.5), [x1, x2], y,
            margin_ranking_loss(x1.tolist(), x2.tolist(), [y] * 7, 0.5, True))


def case_margin_ranking(margin, sizeAverage, batch=True):
    if batch:
        x1, x2, y = normal(8), normal(8), signs(8)
        ys = y.tolist()
    else:
        x1, x2, y = normal(1), normal(1), -1
        ys = [y]
    return (nn.MarginRankingCriterion(margin, sizeAverage), [x1, x2], y,
            margin_ranking_loss(x1.tolist(), x2.tolist(), ys, margin, sizeAverage))


def case_weighted_mse(per_sample, sizeAverage):
    x, t = normal(3, 2, 4), normal(3, 2, 4)
    weight = uniform(2, 4) if per_sample else uniform(3, 2, 4)
    scaled = t.clone()
    for i in range(3):
        scaled[i].cmul_(weight if per_sample else weight[i])
    return (nn.WeightedMSECriterion(weight, sizeAverage), x, t,
            mse_loss(x, scaled, sizeAverage))


def case_l1_cost():
    x = normal(3, 4)
    return nn.L1Cost(), x, None, sum(abs(v) for v in flat(x))


def case_class_simplex():
    criterion = nn.ClassSimplexCriterion(5)
    x, target = normal(4, 5).mul_(0.5), torch.LongTensor([0, 4, 2, 2])
    vertices = criterion.simplex.double().index_select(0, target)
    return criterion, x, target, mse_loss(x, vertices, True)


CASES = {
    'Abs': lambda: case_abs(True),
    'Abs_sum': lambda: case_abs(False),
    'MSE': lambda: case_mse(True),
    'MSE_sum': lambda: case_mse(False),
    'SmoothL1': lambda: case_smooth_l1(True),
    'SmoothL1_sum': lambda: case_smooth_l1(False),
    'DistKLDiv': lambda: case_kl(True),
    'DistKLDiv_sum': lambda: case_kl(False),
    'SoftMargin': lambda: case_soft_margin(True),
    'SoftMargin_sum': lambda: case_soft_margin(False),
    'Margin': lambda: case_margin(1, True),
    'Margin_half_sum': lambda: case_margin(0.5, False),
    'BCE': lambda: case_bce(False, True),
    'BCE_weights': lambda: case_bce(True, True),
    'BCE_weights_sum': lambda: case_bce(True, False),
    'BCE_weights_vector': lambda: case_bce(True, True, sizes=(6,)),
    'ClassNLL': lambda: case_nll(False, True),
    'ClassNLL_sum': lambda: case_nll(False, False),
    'ClassNLL_weights': lambda: case_nll(True, True),
    'ClassNLL_weights_sum': lambda: case_nll(True, False),
    'ClassNLL_vector_int_target': lambda: case_nll(True, True, batch=False),
    'SpatialClassNLL': lambda: case_spatial_nll(False, True),
    'SpatialClassNLL_weights': lambda: case_spatial_nll(True, True),
    'SpatialClassNLL_weights_sum': lambda: case_spatial_nll(True, False),
    'CrossEntropy': lambda: case_cross_entropy(False),
    'CrossEntropy_weights': lambda: case_cross_entropy(True),
    'CrossEntropy_one_row': lambda: case_cross_entropy(False, batch=False),
    'MultiMargin': lambda: case_multi_margin(1, False, 1, True),
    'MultiMargin_p2_weights_margin': lambda: case_multi_margin(2, True, 0.5, True),
    'MultiMargin_sum': lambda: case_multi_margin(1, True, 1, False),
    'MultiMargin_vector_int_target': lambda: case_multi_margin(1, False, 1, True, batch=False),
    'MultiLabelMargin': lambda: case_multi_label_margin(True),
    'MultiLabelMargin_sum': lambda: case_multi_label_margin(False),
    'MultiLabelMargin_vector': lambda: case_multi_label_margin(True, batch=False),
    'MultiLabelSoftMargin': lambda: case_multi_label_soft_margin(False, True),
    'MultiLabelSoftMargin_weights': lambda: case_multi_label_soft_margin(True, True),
    'MultiLabelSoftMargin_weights_sum': lambda: case_multi_label_soft_margin(True, False),
    'HingeEmbedding': lambda: case_hinge_embedding(1, True),
    'HingeEmbedding_margin_sum': lambda: case_hinge_embedding(0.5, False),
    'HingeEmbedding_number_target_similar': lambda: case_hinge_embedding_number_target(1),
    'HingeEmbedding_number_target_dissimilar': lambda: case_hinge_embedding_number_target(-1),
    'L1HingeEmbedding_similar': lambda: case_l1_hinge(1, 1),
    'L1HingeEmbedding_dissimilar': lambda: case_l1_hinge(-1, 4),
    'CosineEmbedding': lambda: case_cosine(0, True),
    'CosineEmbedding_margin_sum': lambda: case_cosine(-0.5, False),
    'CosineEmbedding_vectors': lambda: case_cosine(-0.9, True, batch=False),
    'CosineEmbedding_number_target_similar': lambda: case_cosine_number_target(1),
    'CosineEmbedding_number_target_dissimilar': lambda: case_cosine_number_target(-1),
    'MarginRanking_number_target_for_a_batch': lambda: case_margin_ranking_number_target(-1),
    'MarginRanking': lambda: case_margin_ranking(0, True),
    'MarginRanking_margin_sum': lambda: case_margin_ranking(1, False),
    'MarginRanking_number_target': lambda: case_margin_ranking(3, True, batch=False),
    'WeightedMSE_per_sample': lambda: case_weighted_mse(True, True),
    'WeightedMSE_whole_sum': lambda: case_weighted_mse(False, False),
    'L1Cost': case_l1_cost,
    'ClassSimplex': case_class_simplex,
}


def make(name):
    criterion, input, target, expected = CASES[name]()
    return criterion.double(), input, target, expected


@pytest.mark.parametrize('name', sorted(CASES))
def test_forward_is_the_formula_as_a_number(name):
    criterion, input, target, expected = make(name)
    loss = criterion.forward(input, target)
    assert isinstance(loss, float)
    assert criterion.output == loss
    assert abs(loss - expected) <= 1e-9 * max(1.0, abs(expected))


@pytest.mark.parametrize('name', sorted(CASES))
def test_gradInput_matches_central_differences(name):
    criterion, input, target, _ = make(name)
    gradInput = criterion.backward(input, target)
    assert [tuple(g.size()) for g in tensors_of(gradInput)] == \
        [tuple(x.size()) for x in tensors_of(input)]
    check_criterion_gradient(criterion, input, target)


def as_float(x):
    """x with its double tensors (not its index tensors) in float."""
    if torch.is_tensor(x):
        return x.float() if x.type() == 'torch_early.DoubleTensor' else x
    if isinstance(x, list):
        return [as_float(element) for element in x]
    return x


@pytest.mark.parametrize('name', sorted(CASES))
def test_float_gives_the_double_loss(name):
    criterion, input, target, expected = make(name)
    criterion.float()
    assert criterion.type() == 'torch_early.FloatTensor'
    float_input = as_float(input)
    loss = criterion.forward(float_input, as_float(target))
    assert abs(loss - expected) <= 1e-4 * max(1.0, abs(expected))
    gradInput = criterion.backward(float_input, as_float(target))
    assert all(g.type() == 'torch_early.FloatTensor' for g in tensors_of(gradInput))
    criterion.double()
    assert_close(criterion.backward(input, target),
                 clone_table(criterion.double().backward(input, target)))


@pytest.mark.parametrize('name', sorted(CASES))
def test_clearState_then_the_same_loss_and_gradient(name):
    criterion, input, target, expected = make(name)
    criterion.forward(input, target)
    gradInput = clone_table(criterion.backward(input, target))
    assert criterion.clearState() is criterion
    assert all(g.nelement() == 0 for g in tensors_of(criterion.gradInput))
    assert abs(criterion.forward(input, target) - expected) <= 1e-9 * max(1.0, abs(expected))
    assert_close(criterion.backward(input, target), gradInput)


@pytest.mark.parametrize('name', sorted(CASES))
def test_repr_names_the_class(name):
    criterion = make(name)[0]
    assert repr(criterion) == 'nn.' + type(criterion).__name__
    assert str(criterion) == repr(criterion)


def test_defaults_average_and_have_the_eras_margins():
    for cls in (nn.AbsCriterion, nn.MSECriterion, nn.SmoothL1Criterion, nn.DistKLDivCriterion,
                nn.SoftMarginCriterion, nn.BCECriterion, nn.ClassNLLCriterion,
                nn.SpatialClassNLLCriterion, nn.MultiLabelMarginCriterion,
                nn.MultiMarginCriterion, nn.MarginCriterion, nn.HingeEmbeddingCriterion,
                nn.CosineEmbeddingCriterion, nn.MarginRankingCriterion,
                nn.MultiLabelSoftMarginCriterion):
        assert cls().sizeAverage is True
    assert nn.MarginCriterion().margin == 1
    assert nn.HingeEmbeddingCriterion().margin == 1
    assert nn.L1HingeEmbeddingCriterion().margin == 1
    assert nn.CosineEmbeddingCriterion().margin == 0
    assert nn.MarginRankingCriterion().margin == 1
    multi_margin = nn.MultiMarginCriterion()
    assert (multi_margin.p, multi_margin.weights, multi_margin.margin) == (1, None, 1)


def test_a_new_criterion_has_the_default_tensor_type_and_a_zero_output():
    criterion = nn.MSECriterion()
    assert criterion.output == 0
    assert criterion.type() == 'torch_early.FloatTensor'
    assert criterion._backend is torch._thnn.type2backend['torch.FloatTensor']
    assert criterion.double()._backend is torch._thnn.type2backend['torch.DoubleTensor']


def test_class_simplex_vertices_are_unit_and_equiangular():
    # 300 classes: the vertices are built column by column (their work grows as nClasses^2,
    # the size of the table), no longer pair by pair of rows (nClasses^3 Python steps)
    for n_classes in (2, 3, 7, 300):
        simplex = nn.ClassSimplexCriterion(n_classes).simplex.double()
        assert tuple(simplex.size()) == (n_classes, n_classes)
        gram = torch.mm(simplex, simplex.t())
        expected = torch.DoubleTensor(n_classes, n_classes).fill_(-1.0 / (n_classes - 1))
        for i in range(n_classes):
            expected[i][i] = 1.0
        assert (gram - expected).abs().max() < 1e-6
        assert simplex.select(1, n_classes - 1).abs().max() == 0   # the spare dimension


def test_class_simplex_predicts_the_class_of_its_own_vertex():
    criterion = nn.ClassSimplexCriterion(4).double()
    target = torch.LongTensor([2, 0, 3])
    embeddings = criterion.simplex.index_select(0, target).mul(3)
    predictions = criterion.getPredictions(embeddings)
    assert_close(predictions, torch.mm(embeddings, criterion.simplex.t()))
    assert criterion.getTopPrediction(embeddings).tolist() == [2, 0, 3]
    assert criterion.getTopPrediction(criterion.simplex[1]).tolist() == [1]


def test_cross_entropy_is_log_softmax_then_nll():
    x, target = normal(5, 3), classes(5, 3)
    log_probabilities = x.clone()
    for i, row in enumerate(x.tolist()):
        log_probabilities[i].copy_(torch.DoubleTensor(log_softmax(row)))
    nll = nn.ClassNLLCriterion().double()
    criterion = nn.CrossEntropyCriterion().double()
    assert abs(criterion.forward(x, target) - nll.forward(log_probabilities, target)) < 1e-12


def test_cross_entropy_gradient_keeps_the_input_size():
    criterion = nn.CrossEntropyCriterion().double()
    x = normal(1, 4)
    assert tuple(criterion.backward(x, torch.LongTensor([2])).size()) == (1, 4)


def test_multi_label_soft_margin_stays_finite_for_large_scores():
    criterion = nn.MultiLabelSoftMarginCriterion().double()
    x, t = torch.DoubleTensor([[100, -100]]), torch.DoubleTensor([[0, 1]])
    assert abs(criterion.forward(x, t) - 100) < 1e-9
    assert_close(criterion.backward(x, t), [[0.5, -0.5]])


def test_the_pair_criteria_give_a_pair_of_gradients():
    for criterion, input, target in (
            (nn.L1HingeEmbeddingCriterion(), [normal(3, 2), normal(3, 2)], 1),
            (nn.CosineEmbeddingCriterion(), [normal(3, 2), normal(3, 2)], signs(3)),
            (nn.MarginRankingCriterion(), [normal(3), normal(3)], signs(3))):
        criterion.double()
        gradInput = criterion.backward(input, target)
        assert isinstance(gradInput, list) and len(gradInput) == 2
        assert gradInput is criterion.gradInput


def test_l1_hinge_dissimilar_pair_beyond_the_margin_costs_nothing():
    criterion = nn.L1HingeEmbeddingCriterion(1).double()
    x1, x2 = torch.DoubleTensor([0, 0]), torch.DoubleTensor([3, -2])
    assert criterion.forward([x1, x2], -1) == 0
    assert_close(criterion.backward([x1, x2], torch.DoubleTensor([-1])), [[0, 0], [0, 0]])


def test_l1_hinge_pairs_tensors_of_two_shapes_element_by_element():
    criterion = nn.L1HingeEmbeddingCriterion().double()
    x1, x2 = normal(2, 3), normal(6)
    assert abs(criterion.forward([x1, x2], 1) - l1_hinge_loss(x1, x2, 1, 1)) < 1e-12
    gradFirst, gradSecond = criterion.backward([x1, x2], 1)
    assert (tuple(gradFirst.size()), tuple(gradSecond.size())) == ((2, 3), (6,))
    assert_close(gradSecond, gradFirst.view(6).mul(-1))


def test_weighted_mse_weight_is_a_copy():
    weight = torch.DoubleTensor([1, 2])
    criterion = nn.WeightedMSECriterion(weight).double()
    weight.fill_(0)
    x, t = torch.DoubleTensor([0, 0]), torch.DoubleTensor([1, 1])
    assert criterion.forward(x, t) == (1 + 4) / 2


def test_l1_cost_ignores_its_target():
    criterion = nn.L1Cost().double()
    x = torch.DoubleTensor([-1, 2, 0])
    assert criterion.forward(x, None) == 3
    assert criterion.backward(x, None).tolist() == [-1, 1, 0]


# --- errors ------------------------------------------------------------------------------------

def raises(exception, match, function, *args):
    with pytest.raises(exception, match=match):
        function(*args)


@pytest.mark.parametrize('cls', [nn.BCECriterion, nn.ClassNLLCriterion,
                                 nn.SpatialClassNLLCriterion, nn.MultiLabelSoftMarginCriterion])
def test_weights_must_be_one_dimensional(cls):
    raises(ValueError, 'weights should be a 1D tensor', cls, torch.ones(2, 2))


def test_multi_margin_takes_p_1_or_2_and_1d_weights():
    raises(ValueError, 'only p = 1 and p = 2', nn.MultiMarginCriterion, 3)
    raises(ValueError, 'weights should be a 1D tensor', nn.MultiMarginCriterion, 1,
           torch.ones(2, 2))


def test_class_simplex_needs_two_classes_or_more():
    raises(ValueError, 'nClasses should be an integer > 1', nn.ClassSimplexCriterion, 1)
    raises(ValueError, 'nClasses should be an integer > 1', nn.ClassSimplexCriterion, 2.5)


def test_sizes_that_do_not_match_raise_runtime_errors():
    pairs = [normal(3), normal(4)]
    cases = [
        (nn.MSECriterion(), normal(3), normal(4), 'target should have 3 elements'),
        (nn.AbsCriterion(), normal(3), normal(4), 'target should have 3 elements'),
        (nn.BCECriterion(torch.ones(3)), uniform(2, 4), uniform(2, 4), '3 weights for 4'),
        (nn.ClassNLLCriterion(), normal(2, 3), torch.LongTensor([0]), 'target should have 2'),
        (nn.HingeEmbeddingCriterion(), normal(3), signs(4), 'the target has 4 elements'),
        (nn.L1HingeEmbeddingCriterion(), pairs, 1, 'have 3 and 4 elements'),
        (nn.CosineEmbeddingCriterion(), pairs, 1, 'same size'),
        (nn.CosineEmbeddingCriterion(), [normal(2, 3), normal(2, 3)], signs(3),
         'one element per row'),
        (nn.MarginRankingCriterion(), pairs, signs(3), 'as many elements'),
        (nn.WeightedMSECriterion(torch.ones(5)), normal(2, 4), normal(2, 4), 'the weight has'),
        (nn.WeightedMSECriterion(torch.ones(4)), normal(2, 4), normal(3, 4), 'target has 12'),
        (nn.MultiLabelSoftMarginCriterion(torch.ones(3)), normal(2, 4), normal(2, 4),
         '3 weights for 4'),
        (nn.MultiLabelSoftMarginCriterion(), normal(2, 4), normal(2, 3), 'target has 6'),
        (nn.ClassSimplexCriterion(3), normal(2, 4), torch.LongTensor([0, 1]),
         'should have 3 values per sample'),
    ]
    for criterion, input, target, match in cases:
        criterion.double()
        raises(RuntimeError, match, criterion.forward, input, target)


def test_class_indices_out_of_range_are_refused():
    raises(RuntimeError, 'out of range', nn.ClassNLLCriterion().double().forward,
           normal(2, 3), torch.LongTensor([0, 3]))
    raises(RuntimeError, 'out of range', nn.MultiMarginCriterion().double().forward,
           normal(2, 3), torch.LongTensor([-1, 0]))
    raises(RuntimeError, 'out of range', nn.MultiLabelMarginCriterion().double().forward,
           normal(2, 3), torch.LongTensor([[0, 5, -1], [1, -1, 0]]))
    raises(IndexError, 'class indices go from 0 to 2', nn.ClassSimplexCriterion(3).forward,
           normal(2, 3).float(), torch.LongTensor([0, 3]))


def test_class_simplex_target_must_be_a_vector_of_indices():
    raises(ValueError, '1D tensor of class indices', nn.ClassSimplexCriterion(3).forward,
           normal(2, 3).float(), torch.LongTensor([[0, 1]]))


def test_targets_other_than_plus_or_minus_one_are_refused():
    raises(ValueError, 'every target should be 1 or -1',
           nn.HingeEmbeddingCriterion().double().forward, normal(2), torch.DoubleTensor([1, 0]))
    raises(ValueError, 'every target should be 1 or -1',
           nn.CosineEmbeddingCriterion().double().forward, [normal(2, 3), normal(2, 3)],
           torch.DoubleTensor([1, 2]))
    raises(ValueError, 'should be 1 or -1, but got 0',
           nn.L1HingeEmbeddingCriterion().double().forward, [normal(3), normal(3)], 0)


def test_pair_criteria_want_a_pair():
    for criterion in (nn.L1HingeEmbeddingCriterion(), nn.CosineEmbeddingCriterion(),
                      nn.MarginRankingCriterion()):
        raises(TypeError, 'should be a pair of tensors', criterion.double().forward,
               normal(3), 1)


def test_target_that_is_not_indices_is_a_type_error():
    raises(TypeError, 'tensor of class indices or an int',
           nn.ClassNLLCriterion().double().forward, normal(3), 'cat')


def test_input_of_another_type_than_the_criterion_is_a_type_error():
    raises(TypeError, 'invalid combination of arguments', nn.MSECriterion().forward,
           normal(3), normal(3))


@pytest.mark.parametrize('make, call, what', [
    (nn.HingeEmbeddingCriterion, lambda c, e: c.forward(e, e), 'the input'),
    (nn.MarginRankingCriterion, lambda c, e: c.forward([e, e], e), 'the input pair'),
    (nn.MultiLabelSoftMarginCriterion, lambda c, e: c.forward(e, e), 'the input'),
])
def test_the_average_loss_of_an_empty_input_is_an_error_naming_it(make, call, what):
    empty = torch.DoubleTensor()
    criterion = make()
    raises(RuntimeError, '%s: %s is empty, and the average of no losses is undefined'
           % (type(criterion).__name__, what), call, criterion, empty)
    criterion.sizeAverage = False
    assert call(criterion, empty) == 0                  # the sum of no losses
