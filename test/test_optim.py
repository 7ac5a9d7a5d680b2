"""torch_early.optim: each algorithm's update rule against NumPy on a fixed sequence of gradients;
each one minimising the Rosenbrock function and a least-squares fit; each taking the very steps
of its Lua twin in torch_early.legacy.optim on flattened parameters; and the Optimizer base class:
parameter groups, weight decay, closures, state_dict, pickling and every error it raises."""
import math
import pickle

import numpy as np
import pytest

import torch_early
import torch_early.legacy.optim as legacy_optim
import torch_early.optim as optim
from torch_early import nn
from torch_early.autograd import Variable
from torch_early.optim.optimizer import required


def variable(values):
    return Variable(torch_early.DoubleTensor(values), requires_grad=True)


def as_array(tensor):
    return np.array(tensor.tolist(), dtype=np.float64)


def rosenbrock(xy):
    x, y = xy[0], xy[1]
    return (1 - x) ** 2 + 100 * (y - x ** 2) ** 2


START = [1.5, 1.5]
SOLUTION = torch_early.DoubleTensor([1, 1])


def loss_closure(optimizer, params, loss_fn):
    def closure():
        optimizer.zero_grad()
        loss = loss_fn(*params)
        loss.backward()
        return loss
    return closure


################################################################################
# The update rules, against NumPy, with gradients set by hand
################################################################################

GRADIENTS = [np.array([0.5, -2.0, 0.0]), np.array([0.25, 1.0, -3.0]),
             np.array([-1.0, -1.5, 2.0]), np.array([0.75, -0.5, 0.1])]
P0 = np.array([1.0, -0.5, 2.0])


def set_gradient(p, values):
    if p.grad is None:                  # None until a backward reaches p (v0.1.10 on)
        (p * 0).sum().backward()
    p.grad.data.copy_(torch_early.DoubleTensor(values))


def run_with_gradients(constructor):
    p = variable(P0.tolist())
    optimizer = constructor([p])
    trajectory = []
    for g in GRADIENTS:
        set_gradient(p, g.tolist())
        optimizer.step()
        trajectory.append(as_array(p.data))
    return trajectory


def reference(update, **state):
    """Apply update(p, g, t, state) (t from 1) to P0 with GRADIENTS, in NumPy."""
    p = P0.copy()
    trajectory = []
    for t, g in enumerate(GRADIENTS, 1):
        p = update(p, g.copy(), t, state)
        trajectory.append(p.copy())
    return trajectory


def assert_trajectories_equal(ours, expected):
    for step, (a, b) in enumerate(zip(ours, expected)):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-12, err_msg='step %d' % step)


def test_sgd_plain_rule():
    ours = run_with_gradients(lambda ps: optim.SGD(ps, lr=0.1))
    assert_trajectories_equal(ours, reference(lambda p, g, t, s: p - 0.1 * g))


@pytest.mark.parametrize('nesterov', [False, True])
def test_sgd_momentum_rule(nesterov):
    lr, mom, damp, wd = 0.1, 0.9, (0 if nesterov else 0.3), 0.01

    def update(p, g, t, s):
        d = g + wd * p
        s['buf'] = d.copy() if t == 1 else mom * s['buf'] + (1 - damp) * d
        d = d + mom * s['buf'] if nesterov else s['buf']
        return p - lr * d

    ours = run_with_gradients(lambda ps: optim.SGD(ps, lr=lr, momentum=mom, dampening=damp,
                                                   weight_decay=wd, nesterov=nesterov))
    assert_trajectories_equal(ours, reference(update))


def test_sgd_leaves_the_gradient_alone_under_weight_decay():
    p = variable([1.0, 2.0])
    set_gradient(p, [0.5, 0.5])
    optim.SGD([p], lr=0.1, weight_decay=0.1).step()
    assert p.grad.data.tolist() == [0.5, 0.5]


def test_adam_rule():
    lr, b1, b2, eps, wd = 0.01, 0.8, 0.9, 1e-3, 0.05

    def update(p, g, t, s):
        g = g + wd * p
        s['m'] = b1 * s.get('m', 0) + (1 - b1) * g
        s['v'] = b2 * s.get('v', 0) + (1 - b2) * g * g
        step = lr * math.sqrt(1 - b2 ** t) / (1 - b1 ** t)
        return p - step * s['m'] / (np.sqrt(s['v']) + eps)

    ours = run_with_gradients(lambda ps: optim.Adam(ps, lr=lr, betas=(b1, b2), eps=eps,
                                                    weight_decay=wd))
    assert_trajectories_equal(ours, reference(update))


def test_adagrad_rule():
    lr, lr_decay, wd = 0.1, 0.5, 0.02

    def update(p, g, t, s):
        g = g + wd * p
        s['sum'] = s.get('sum', 0) + g * g
        clr = lr / (1 + (t - 1) * lr_decay)
        return p - clr * g / (np.sqrt(s['sum']) + 1e-10)

    ours = run_with_gradients(lambda ps: optim.Adagrad(ps, lr=lr, lr_decay=lr_decay,
                                                       weight_decay=wd))
    assert_trajectories_equal(ours, reference(update))


def test_adadelta_rule():
    lr, rho, eps, wd = 0.5, 0.8, 1e-2, 0.1

    def update(p, g, t, s):
        g = g + wd * p
        s['sq'] = rho * s.get('sq', 0) + (1 - rho) * g * g
        delta = np.sqrt(s.get('acc', 0) + eps) / np.sqrt(s['sq'] + eps) * g
        s['acc'] = rho * s.get('acc', 0) + (1 - rho) * delta * delta
        return p - lr * delta

    ours = run_with_gradients(lambda ps: optim.Adadelta(ps, lr=lr, rho=rho, eps=eps,
                                                        weight_decay=wd))
    assert_trajectories_equal(ours, reference(update))


def test_adamax_rule():
    lr, b1, b2, eps, wd = 0.02, 0.7, 0.9, 1e-3, 0.1

    def update(p, g, t, s):
        g = g + wd * p
        s['m'] = b1 * s.get('m', 0) + (1 - b1) * g
        s['u'] = np.maximum(b2 * s.get('u', 0), np.abs(g) + eps)
        return p - lr / (1 - b1 ** t) * s['m'] / s['u']

    ours = run_with_gradients(lambda ps: optim.Adamax(ps, lr=lr, betas=(b1, b2), eps=eps,
                                                      weight_decay=wd))
    assert_trajectories_equal(ours, reference(update))


def test_rmsprop_rule():
    lr, alpha, eps, wd = 0.01, 0.9, 1e-4, 0.1

    def update(p, g, t, s):
        g = g + wd * p
        s['sq'] = alpha * s.get('sq', 0) + (1 - alpha) * g * g
        return p - lr * g / (np.sqrt(s['sq']) + eps)

    ours = run_with_gradients(lambda ps: optim.RMSprop(ps, lr=lr, alpha=alpha, eps=eps,
                                                       weight_decay=wd))
    assert_trajectories_equal(ours, reference(update))


@pytest.mark.parametrize('momentum', [0, 0.8])
@pytest.mark.parametrize('centered', [False, True])
def test_rmsprop_momentum_and_centered_rules(momentum, centered):
    lr, alpha, eps, wd = 0.01, 0.9, 1e-4, 0.1

    def update(p, g, t, s):
        g = g + wd * p
        s['sq'] = alpha * s.get('sq', 0) + (1 - alpha) * g * g
        if centered:
            s['mean'] = alpha * s.get('mean', 0) + (1 - alpha) * g
            avg = np.sqrt(s['sq'] - s['mean'] ** 2) + eps
        else:
            avg = np.sqrt(s['sq']) + eps
        if momentum:
            s['buf'] = momentum * s.get('buf', 0) + g / avg
            return p - lr * s['buf']
        return p - lr * g / avg

    ours = run_with_gradients(lambda ps: optim.RMSprop(ps, lr=lr, alpha=alpha, eps=eps,
                                                       weight_decay=wd, momentum=momentum,
                                                       centered=centered))
    assert_trajectories_equal(ours, reference(update))


def test_rmsprop_loads_a_state_dict_of_the_january_optimizer():
    p = variable([1.0, 2.0])
    old = optim.RMSprop([p]).state_dict()
    for group in old['param_groups']:
        del group['momentum'], group['centered']
    optimizer = optim.RMSprop([p])
    optimizer.load_state_dict(old)
    set_gradient(p, [1.0, 1.0])
    optimizer.step()
    assert optimizer.param_groups[0]['momentum'] == 0 and p.data[0] < 1


def test_adagrad_state_exists_before_the_first_step_and_can_be_shared():
    p = variable([1.0, 2.0])
    optimizer = optim.Adagrad([p])
    assert optimizer.state[p]['step'] == 0 and optimizer.state[p]['sum'].tolist() == [0, 0]
    optimizer.share_memory()
    assert optimizer.state[p]['sum'].is_shared()
    set_gradient(p, [1.0, -1.0])
    optimizer.step()
    assert optimizer.state[p]['step'] == 1 and optimizer.state[p]['sum'].tolist() == [1, 1]


def test_asgd_rule_and_its_average():
    lr, lambd, alpha, t0, wd = 0.1, 0.05, 0.6, 1, 0.01
    averages = []

    def update(p, g, t, s):
        eta, mu = s.get('eta', lr), s.get('mu', 1)
        g = g + wd * p
        p = p * (1 - lambd * eta) - eta * g
        s['ax'] = p.copy() if mu == 1 else s['ax'] + mu * (p - s['ax'])
        averages.append(s['ax'].copy())
        s['eta'] = lr / (1 + lambd * lr * t) ** alpha
        s['mu'] = 1 / max(1, t - t0)
        return p

    p = variable(P0.tolist())
    optimizer = optim.ASGD([p], lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=wd)
    expected = reference(update)
    for g, p_expected, ax_expected in zip(GRADIENTS, expected, averages):
        set_gradient(p, g.tolist())
        optimizer.step()
        np.testing.assert_allclose(as_array(p.data), p_expected, rtol=1e-12)
        np.testing.assert_allclose(as_array(optimizer.state[p]['ax']), ax_expected, rtol=1e-12)
    # t0 = 1: mu falls below 1 after step 3, so at step 4 the average lags behind
    assert not np.allclose(as_array(optimizer.state[p]['ax']), as_array(p.data))


def test_rprop_rule():
    lr, etaminus, etaplus, smin, smax = 0.1, 0.4, 1.5, 0.05, 0.2

    def update(p, g, t, s):
        prev = s.get('prev', np.zeros(3))
        size = s.get('size', np.full(3, lr))
        product = g * prev
        factor = np.where(product > 0, etaplus, np.where(product < 0, etaminus, 1.0))
        size = np.clip(size * factor, smin, smax)
        g = np.where(product < 0, 0.0, g)
        s['prev'], s['size'] = g, size
        return p - np.sign(g) * size

    ours = run_with_gradients(lambda ps: optim.Rprop(ps, lr=lr, etas=(etaminus, etaplus),
                                                     step_sizes=(smin, smax)))
    assert_trajectories_equal(ours, reference(update))


def test_defaults_of_the_era():
    p = [variable([1.0])]
    expected = {
        optim.SGD: dict(lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False),
        optim.Adam: dict(lr=1e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0),
        optim.Adagrad: dict(lr=1e-2, lr_decay=0, weight_decay=0),
        optim.Adadelta: dict(lr=1.0, rho=0.9, eps=1e-6, weight_decay=0),
        optim.Adamax: dict(lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0),
        optim.ASGD: dict(lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0),
        optim.RMSprop: dict(lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                            centered=False),
        optim.Rprop: dict(lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50)),
        optim.LBFGS: dict(lr=1, max_iter=20, max_eval=25, tolerance_grad=1e-5,
                          tolerance_change=1e-9, history_size=100, line_search_fn=None),
    }
    for cls, defaults in expected.items():
        kwargs = {'lr': 0.5} if cls is optim.SGD else {}
        group = cls(p, **kwargs).param_groups[0]
        defaults.update(kwargs)
        assert {k: v for k, v in group.items() if k != 'params'} == defaults, cls.__name__


################################################################################
# Minimising: Rosenbrock and least squares
################################################################################

MINIMISERS = [
    ('SGD', lambda ps: optim.SGD(ps, lr=1e-3, momentum=0.9), 2000),
    ('SGD nesterov', lambda ps: optim.SGD(ps, lr=1e-3, momentum=0.9, nesterov=True), 2000),
    ('Adam', lambda ps: optim.Adam(ps, lr=1e-2), 2000),
    ('Adagrad', lambda ps: optim.Adagrad(ps, lr=1e-1), 2000),
    ('Adadelta', lambda ps: optim.Adadelta(ps, lr=1.0), 2000),
    ('Adamax', lambda ps: optim.Adamax(ps, lr=1e-1), 2000),
    ('ASGD', lambda ps: optim.ASGD(ps, lr=1e-3), 2000),
    ('RMSprop', lambda ps: optim.RMSprop(ps, lr=1e-3), 2000),
    ('Rprop', lambda ps: optim.Rprop(ps, lr=1e-3), 2000),
    ('LBFGS', lambda ps: optim.LBFGS(ps, lr=0.5, max_iter=20, history_size=10), 50),
]


@pytest.mark.parametrize('name,constructor,steps', MINIMISERS, ids=[m[0] for m in MINIMISERS])
def test_minimises_rosenbrock(name, constructor, steps):
    xy = variable(START)
    optimizer = constructor([xy])
    closure = loss_closure(optimizer, [xy], rosenbrock)
    start_loss = closure().data[0]
    for _ in range(steps):
        optimizer.step(closure)
    # from 1.5, 1.5 (loss 56.5, distance 0.71) most get close to the valley floor at (1, 1);
    # all at least fall well down into the valley
    assert closure().data[0] < start_loss / 50
    assert xy.data.dist(SOLUTION) < xy.data.new(START).dist(SOLUTION)


def least_squares_problem():
    """Fit y = A w + b: A 8x3, targets made by known w, b, so the least loss is 0."""
    generator = np.random.RandomState(3)
    A = generator.randn(8, 3)
    w_true, b_true = np.array([0.5, -1.0, 2.0]), 0.3
    y = A @ w_true + b_true
    inputs = Variable(torch_early.DoubleTensor(A.tolist()))
    targets = Variable(torch_early.DoubleTensor(y.tolist()))
    w = variable([0.0, 0.0, 0.0])
    b = variable([0.0])

    def loss_fn(w, b):
        residual = inputs.mv(w) + b.expand(8) - targets
        return (residual * residual).sum() / 8

    return w, b, loss_fn, np.append(w_true, b_true)


LEAST_SQUARES = [
    ('SGD', lambda ps: optim.SGD(ps, lr=0.05, momentum=0.5)),
    ('Adam', lambda ps: optim.Adam(ps, lr=0.05)),
    ('Adagrad', lambda ps: optim.Adagrad(ps, lr=0.5)),
    ('Adadelta', lambda ps: optim.Adadelta(ps, lr=0.5, eps=1e-3)),
    ('Adamax', lambda ps: optim.Adamax(ps, lr=0.05)),
    ('ASGD', lambda ps: optim.ASGD(ps, lr=0.05)),
    ('RMSprop', lambda ps: optim.RMSprop(ps, lr=1e-2)),
    ('Rprop', lambda ps: optim.Rprop(ps)),
    ('LBFGS', lambda ps: optim.LBFGS(ps, max_iter=5)),
]


@pytest.mark.parametrize('name,constructor', LEAST_SQUARES, ids=[m[0] for m in LEAST_SQUARES])
def test_minimises_least_squares(name, constructor):
    w, b, loss_fn, _ = least_squares_problem()
    optimizer = constructor([w, b])
    closure = loss_closure(optimizer, [w, b], loss_fn)
    start_loss = closure().data[0]
    for _ in range(300):
        optimizer.step(closure)
    assert closure().data[0] < start_loss / 1000


def test_lbfgs_solves_least_squares_exactly():
    w, b, loss_fn, solution = least_squares_problem()
    optimizer = optim.LBFGS([w, b], max_iter=100)
    optimizer.step(loss_closure(optimizer, [w, b], loss_fn))
    np.testing.assert_allclose(np.append(as_array(w.data), as_array(b.data)), solution,
                               atol=1e-4)


################################################################################
# The same steps as the Lua twin, on flattened parameters
################################################################################

TWINS = [
    ('sgd', lambda ps: optim.SGD(ps, lr=1e-3, momentum=0.9, dampening=0, weight_decay=1e-4),
     legacy_optim.sgd, dict(learningRate=1e-3, momentum=0.9, dampening=0, weightDecay=1e-4)),
    ('sgd nesterov', lambda ps: optim.SGD(ps, lr=1e-3, momentum=0.5, nesterov=True),
     legacy_optim.sgd, dict(learningRate=1e-3, momentum=0.5, dampening=0, nesterov=True)),
    ('adam', lambda ps: optim.Adam(ps, lr=1e-2, betas=(0.8, 0.99), weight_decay=1e-2),
     legacy_optim.adam, dict(learningRate=1e-2, beta1=0.8, beta2=0.99, weightDecay=1e-2)),
    ('adagrad', lambda ps: optim.Adagrad(ps, lr=1e-1, lr_decay=1e-3, weight_decay=1e-2),
     legacy_optim.adagrad, dict(learningRate=1e-1, learningRateDecay=1e-3, weightDecay=1e-2)),
    ('adadelta', lambda ps: optim.Adadelta(ps, rho=0.95, weight_decay=1e-2),
     legacy_optim.adadelta, dict(rho=0.95, weightDecay=1e-2)),
    ('adamax', lambda ps: optim.Adamax(ps, lr=1e-1, betas=(0.95, 0.998), weight_decay=1e-2),
     legacy_optim.adamax, dict(learningRate=1e-1, beta1=0.95, beta2=0.998, epsilon=1e-8,
                               weightDecay=1e-2)),
    ('asgd', lambda ps: optim.ASGD(ps, lr=1e-3, alpha=0.8, t0=50),
     legacy_optim.asgd, dict(eta0=1e-3, alpha=0.8, t0=50)),
    ('rmsprop', lambda ps: optim.RMSprop(ps, lr=1e-2, alpha=0.95, weight_decay=1e-2),
     legacy_optim.rmsprop, dict(learningRate=1e-2, alpha=0.95, weightDecay=1e-2)),
    ('rprop', lambda ps: optim.Rprop(ps, lr=1e-3, etas=(0.6, 1.1), step_sizes=(1e-4, 3)),
     legacy_optim.rprop, dict(stepsize=1e-3, etaminus=0.6, etaplus=1.1, stepsizemin=1e-4,
                              stepsizemax=3)),
    ('lbfgs', lambda ps: optim.LBFGS(ps, lr=0.5, max_iter=5, history_size=4),
     legacy_optim.lbfgs, dict(learningRate=0.5, maxIter=5, nCorrection=4)),
]


def flat_opfunc(shapes, loss_fn):
    """opfunc(x) for a legacy function: x holds every parameter, flattened, one after another."""
    def opfunc(x):
        params, offset = [], 0
        for shape in shapes:
            numel = int(np.prod(shape))
            params.append(Variable(x[offset:offset + numel].clone().view(*shape),
                                   requires_grad=True))
            offset += numel
        loss = loss_fn(*params)
        loss.backward()
        return loss.data[0], torch_early.cat([p.grad.data.view(-1) for p in params], 0)
    return opfunc


@pytest.mark.parametrize('name,constructor,legacy_fn,config', TWINS, ids=[t[0] for t in TWINS])
def test_same_steps_as_legacy_twin(name, constructor, legacy_fn, config):
    w, b, loss_fn, _ = least_squares_problem()
    w.data.copy_(torch_early.DoubleTensor([0.3, -0.2, 0.1]))
    b.data.fill_(-0.4)
    optimizer = constructor([w, b])
    closure = loss_closure(optimizer, [w, b], loss_fn)
    x = torch_early.cat([w.data, b.data], 0)
    opfunc = flat_opfunc([(3,), (1,)], loss_fn)
    state = {}
    for step in range(100 if name != 'lbfgs' else 10):
        optimizer.step(closure)
        legacy_fn(opfunc, x, dict(config), state)
        ours = np.append(as_array(w.data), as_array(b.data))
        np.testing.assert_allclose(ours, as_array(x), rtol=1e-10, atol=1e-12,
                                   err_msg='step %d' % step)


################################################################################
# Parameter groups, closures, state_dict, pickling
################################################################################

def test_groups_take_their_own_options():
    a, b = variable([1.0, 1.0]), variable([1.0, 1.0])
    optimizer = optim.SGD([{'params': [a]}, {'params': b, 'lr': 0.5, 'momentum': 0.9}], lr=0.1)
    assert [g['lr'] for g in optimizer.param_groups] == [0.1, 0.5]
    assert [g['momentum'] for g in optimizer.param_groups] == [0, 0.9]
    for p in (a, b):
        set_gradient(p, [1.0, 1.0])
    optimizer.step()
    assert a.data.tolist() == pytest.approx([0.9, 0.9])
    assert b.data.tolist() == pytest.approx([0.5, 0.5])
    assert 'momentum_buffer' in optimizer.state[b] and a not in optimizer.state


def test_lr_changed_between_steps_is_used():
    p = variable([1.0])
    optimizer = optim.SGD([p], lr=0.1)
    set_gradient(p, [1.0])
    optimizer.step()
    optimizer.param_groups[0]['lr'] = 0.01
    optimizer.step()
    assert p.data[0] == pytest.approx(1 - 0.1 - 0.01)


def test_user_group_dicts_are_not_changed():
    p = variable([1.0])
    group = {'params': [p]}
    optim.Adam([group])
    assert group == {'params': [p]}


def test_weight_decay_pulls_towards_zero_without_gradient():
    for constructor in (lambda ps: optim.SGD(ps, lr=0.1, weight_decay=0.5),
                        lambda ps: optim.Adam(ps, lr=0.1, weight_decay=0.5),
                        lambda ps: optim.Adagrad(ps, lr=0.1, weight_decay=0.5),
                        lambda ps: optim.RMSprop(ps, lr=0.1, weight_decay=0.5)):
        p = variable([2.0, -2.0])
        set_gradient(p, [0.0, 0.0])
        optimizer = constructor([p])
        for _ in range(5):
            optimizer.zero_grad()
            optimizer.step()
        assert abs(p.data[0]) < 2 and abs(p.data[1]) < 2
        assert p.data[0] == pytest.approx(-p.data[1])


def test_a_parameter_no_backward_reached_is_left_alone_by_every_optimizer():
    # its .grad is None (v0.1.10 on): the step skips it, weight decay and momentum included
    for constructor in (lambda ps: optim.SGD(ps, lr=0.1, momentum=0.9, weight_decay=0.5),
                        lambda ps: optim.Adam(ps, weight_decay=0.5),
                        lambda ps: optim.Adagrad(ps, weight_decay=0.5),
                        lambda ps: optim.Adadelta(ps, weight_decay=0.5),
                        lambda ps: optim.Adamax(ps, weight_decay=0.5),
                        lambda ps: optim.ASGD(ps, weight_decay=0.5),
                        lambda ps: optim.RMSprop(ps, momentum=0.9, centered=True),
                        lambda ps: optim.Rprop(ps),
                        lambda ps: optim.LBFGS(ps)):
        used, unused = variable([2.0, -2.0]), variable([3.0])
        optimizer = constructor([used, unused])
        optimizer.zero_grad()                               # nothing to zero on unused

        def closure():
            optimizer.zero_grad()
            loss = (used * used).sum()
            loss.backward()
            return loss
        optimizer.step(closure)
        assert unused.grad is None and unused.data.tolist() == [3.0]
        assert used.data.tolist() != [2.0, -2.0]


def test_zero_grad_zeroes_every_gradient():
    model = nn.Linear(3, 2)
    optimizer = optim.SGD(model.parameters(), lr=0.1)
    model(Variable(torch_early.randn(4, 3))).sum().backward()
    optimizer.zero_grad()
    for p in model.parameters():
        assert p.grad.data.abs().sum() == 0


def test_step_returns_the_closures_loss():
    p = variable([3.0])
    for optimizer in (optim.SGD([p], lr=0.1), optim.Adam([p]), optim.LBFGS([p], max_iter=3)):
        seen = []

        def closure():
            optimizer.zero_grad()
            loss = (p * p).sum()
            loss.backward()
            seen.append(loss)
            return loss
        assert optimizer.step(closure) is seen[0]
    assert optim.SGD([p], lr=0.1).step() is None


def test_lbfgs_requires_a_closure_and_one_group():
    p, q = variable([1.0]), variable([2.0])
    with pytest.raises(RuntimeError, match='requires a closure'):
        optim.LBFGS([p]).step(None)
    with pytest.raises(ValueError, match="doesn't support per-parameter options"):
        optim.LBFGS([{'params': [p]}, {'params': [q]}])
    with pytest.raises(ValueError, match='line_search_fn must be None'):
        optim.LBFGS([p], line_search_fn='strong_wolfe')


def test_lbfgs_counts_iterations_and_evaluations():
    xy = variable(START)
    optimizer = optim.LBFGS([xy], max_iter=7, max_eval=100, tolerance_grad=0,
                            tolerance_change=0)
    evaluations = []
    closure = loss_closure(optimizer, [xy], rosenbrock)

    def counted():
        evaluations.append(1)
        return closure()
    optimizer.step(counted)
    state = optimizer.state[xy]
    # 7 iterations: one evaluation before them, one after each but the last
    assert state['n_iter'] == 7 and state['func_evals'] == 7 and len(evaluations) == 7
    optimizer.step(counted)
    assert state['n_iter'] == 14 and state['func_evals'] == 14


def stepped_optimizer(constructor, steps=5):
    w, b, loss_fn, _ = least_squares_problem()
    optimizer = constructor([w, b])
    closure = loss_closure(optimizer, [w, b], loss_fn)
    for _ in range(steps):
        optimizer.step(closure)
    return optimizer, (w, b), closure


ALL_CLASSES = [m for m in MINIMISERS if m[0] != 'SGD nesterov']


@pytest.mark.parametrize('name,constructor,steps', ALL_CLASSES, ids=[m[0] for m in ALL_CLASSES])
def test_state_dict_round_trip_continues_identically(name, constructor, steps):
    optimizer, (w, b), closure = stepped_optimizer(constructor)
    w2, b2 = Variable(w.data.clone(), requires_grad=True), Variable(b.data.clone(),
                                                                     requires_grad=True)
    _, _, loss_fn, _ = least_squares_problem()
    twin = constructor([w2, b2])
    twin.load_state_dict(optimizer.state_dict())
    twin_closure = loss_closure(twin, [w2, b2], loss_fn)
    for _ in range(3):
        optimizer.step(closure)
        twin.step(twin_closure)
    assert w2.data.tolist() == w.data.tolist() and b2.data.tolist() == b.data.tolist()


def test_state_dict_names_parameters_by_id():
    optimizer, (w, b), _ = stepped_optimizer(lambda ps: optim.Adam(ps, lr=0.1))
    saved = optimizer.state_dict()
    assert saved['param_groups'][0]['params'] == [id(w), id(b)]
    assert set(saved['state']) == {id(w), id(b)}
    assert saved['param_groups'][0]['lr'] == 0.1
    # the loaded state is a copy: stepping the twin leaves the original's state alone
    twin = optim.Adam([variable([0., 0., 0.]), variable([0.])])
    twin.load_state_dict(saved)
    assert twin.state[twin.param_groups[0]['params'][0]]['exp_avg'] is not \
        optimizer.state[w]['exp_avg']
    assert isinstance(twin.state, type(optimizer.state))


def test_load_state_dict_refuses_other_shapes():
    optimizer, _, _ = stepped_optimizer(lambda ps: optim.SGD(ps, lr=0.1))
    saved = optimizer.state_dict()
    with pytest.raises(ValueError, match='different number of parameter groups'):
        optim.SGD([{'params': [variable([1.])]}, {'params': [variable([1.])]}],
                  lr=0.1).load_state_dict(saved)
    with pytest.raises(ValueError, match="doesn't match the size of optimizer's group"):
        optim.SGD([variable([1.])], lr=0.1).load_state_dict(saved)


@pytest.mark.parametrize('name,constructor,steps', ALL_CLASSES, ids=[m[0] for m in ALL_CLASSES])
def test_pickled_optimizer_continues_identically(name, constructor, steps):
    optimizer, (w, b), closure = stepped_optimizer(constructor)
    copy = pickle.loads(pickle.dumps(optimizer))
    w2, b2 = copy.param_groups[0]['params']
    assert w2 is not w and w2.data.tolist() == w.data.tolist()
    _, _, loss_fn, _ = least_squares_problem()
    copy_closure = loss_closure(copy, [w2, b2], loss_fn)
    for _ in range(3):
        optimizer.step(closure)
        copy.step(copy_closure)
    assert w2.data.tolist() == w.data.tolist() and b2.data.tolist() == b.data.tolist()


def test_works_with_module_parameters_and_float_tensors():
    torch_early.manual_seed(0)
    model = nn.Linear(4, 1)
    inputs = Variable(torch_early.randn(16, 4))
    targets = Variable(inputs.data.sum(1))
    optimizer = optim.Adam(model.parameters(), lr=0.05)
    losses = []
    for _ in range(100):
        optimizer.zero_grad()
        residual = model(inputs) - targets
        loss = (residual * residual).mean()
        loss.backward()
        optimizer.step()
        losses.append(loss.data[0])
    assert losses[-1] < losses[0] / 100


################################################################################
# Errors
################################################################################

def test_params_given_as_one_variable():
    with pytest.raises(TypeError, match='should be an iterable of Variables or dicts, but got '
                                        'torch_early.autograd.variable.Variable'):
        optim.SGD(variable([1.0]), lr=0.1)
    with pytest.raises(TypeError, match='but got torch_early.DoubleTensor'):
        optim.SGD(torch_early.DoubleTensor(2), lr=0.1)


def test_empty_parameter_list():
    with pytest.raises(ValueError, match='optimizer got an empty parameter list'):
        optim.Adam([])


def test_parameter_in_two_groups():
    p = variable([1.0])
    with pytest.raises(ValueError, match='some parameters appear in more than one parameter '
                                         'group'):
        optim.SGD([{'params': [p]}, {'params': [p, variable([2.0])]}], lr=0.1)
    with pytest.raises(ValueError, match='appears more than once in one parameter group'):
        optim.SGD([p, p], lr=0.1)


def test_missing_required_option():
    with pytest.raises(ValueError, match="parameter group 1 didn't specify a value of required "
                                         "optimization parameter lr"):
        optim.SGD([{'params': [variable([1.0])], 'lr': 0.1}, {'params': [variable([1.0])]}])
    assert repr(required) == '<required parameter>'


def test_not_a_variable():
    with pytest.raises(TypeError, match='optimizer can only optimize Variables, but one of the '
                                        'params is torch_early.DoubleTensor'):
        optim.SGD([torch_early.DoubleTensor(2)], lr=0.1)


def test_parameter_without_requires_grad():
    with pytest.raises(ValueError, match="optimizing a parameter that doesn't require "
                                         "gradients"):
        optim.SGD([Variable(torch_early.DoubleTensor(2))], lr=0.1)


def test_non_leaf_parameter():
    p = variable([1.0, 2.0])
    with pytest.raises(ValueError, match="can't optimize a non-leaf Variable"):
        optim.SGD([p * 2], lr=0.1)


def test_bad_groups():
    with pytest.raises(TypeError, match='must hold only dicts'):
        optim.SGD([{'params': [variable([1.0])]}, [variable([1.0])]], lr=0.1)
    with pytest.raises(ValueError, match="must have a 'params' entry"):
        optim.SGD([{'lr': 0.1}], lr=0.1)


def test_nesterov_needs_momentum_and_no_dampening():
    p = variable([1.0])
    with pytest.raises(ValueError, match='Nesterov momentum requires a momentum and zero '
                                         'dampening'):
        optim.SGD([p], lr=0.1, nesterov=True)
    with pytest.raises(ValueError, match='Nesterov'):
        optim.SGD([p], lr=0.1, momentum=0.9, dampening=0.1, nesterov=True)


def test_base_class_step_is_abstract():
    with pytest.raises(NotImplementedError):
        optim.Optimizer([variable([1.0])], {}).step()


def test_a_2017_training_loop_under_import_torch(tmp_path):
    from test_as_torch import run_program
    printed = run_program(tmp_path, '''\
import torch
import torch.nn as nn
import torch.optim as optim
import torch.legacy.optim as legacy_optim
from torch.autograd import Variable

torch.manual_seed(0)
model = nn.Linear(3, 1)
optimizer = optim.SGD(model.parameters(), lr=0.1, momentum=0.5)
inputs = Variable(torch.randn(20, 3))
targets = Variable(inputs.data.sum(1))
losses = []
for _ in range(50):
    optimizer.zero_grad()
    loss = ((model(inputs) - targets) ** 2).mean()
    loss.backward()
    optimizer.step()
    losses.append(loss.data[0])
print(losses[-1] < losses[0] / 10, optim.SGD.__module__, legacy_optim.sgd.__module__)
''')
    assert printed.split() == ['True', 'torch_early.optim.sgd', 'torch_early.legacy.optim.sgd']
