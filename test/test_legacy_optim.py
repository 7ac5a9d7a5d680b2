"""torch_early.legacy.optim: Lua optim's functions on a flat tensor. The first steps of each rule
against NumPy; each one minimising the Rosenbrock function and a quadratic; the calling
convention (state kept in config, what each returns); the options only Lua had; the errors."""
import math

import numpy as np
import pytest

import torch_early
import torch_early.legacy.optim as optim


def rosenbrock(x):
    a, b = x[0], x[1]
    return (1 - a) ** 2 + 100 * (b - a ** 2) ** 2


def rosenbrock_gradient(x):
    a, b = x[0], x[1]
    return torch_early.DoubleTensor([-400 * a * (b - a ** 2) - 2 * (1 - a), 200 * (b - a ** 2)])


def opfunc(x):
    return rosenbrock(x), rosenbrock_gradient(x)


def np_gradient(p):
    a, b = p
    return np.array([-400 * a * (b - a ** 2) - 2 * (1 - a), 200 * (b - a ** 2)])


START = [1.5, 1.5]


def start():
    return torch_early.DoubleTensor(START)


def run(fn, config, steps):
    x, state = start(), {}
    trajectory = []
    for _ in range(steps):
        fn(opfunc, x, dict(config), state)
        trajectory.append(np.array(x.tolist()))
    return trajectory


def reference(update, steps):
    p, state = np.array(START), {}
    trajectory = []
    for t in range(1, steps + 1):
        p = update(p, t, state)
        trajectory.append(p.copy())
    return trajectory


def assert_trajectories_equal(ours, expected):
    for step, (a, b) in enumerate(zip(ours, expected)):
        np.testing.assert_allclose(a, b, rtol=1e-12, err_msg='step %d' % step)


################################################################################
# The rules, three steps each, against NumPy
################################################################################

def test_sgd_rule_with_momentum_decay_and_annealing():
    lr, lrd, wd, mom, damp = 1e-4, 0.1, 0.2, 0.9, 0.3

    def update(p, t, s):
        g = np_gradient(p) + wd * p
        s['v'] = g.copy() if t == 1 else mom * s['v'] + (1 - damp) * g
        return p - lr / (1 + (t - 1) * lrd) * s['v']

    ours = run(optim.sgd, dict(learningRate=lr, learningRateDecay=lrd, weightDecay=wd,
                               momentum=mom, dampening=damp), 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_sgd_dampening_defaults_to_momentum_as_in_lua():
    ours = run(optim.sgd, dict(learningRate=1e-4, momentum=0.9), 3)
    same = run(optim.sgd, dict(learningRate=1e-4, momentum=0.9, dampening=0.9), 3)
    assert_trajectories_equal(ours, same)


def test_sgd_per_coordinate_rates_and_decays():
    lrs = torch_early.DoubleTensor([1e-4, 1e-5])
    wds = torch_early.DoubleTensor([0.5, 0.0])

    def update(p, t, s):
        g = np_gradient(p) + np.array([0.5, 0.0]) * p
        return p - np.array([1e-4, 1e-5]) * g

    ours = run(optim.sgd, dict(learningRate=1, learningRates=lrs, weightDecays=wds), 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_nag_rule():
    lr, mom, wd = 1e-4, 0.8, 0.1

    def update(p, t, s):
        if t > 1:
            p = p + mom * s['v']
        g = np_gradient(p) + wd * p
        s['v'] = (mom * s['v'] if t > 1 else 0) - lr * g
        return p - lr * g

    ours = run(optim.nag, dict(learningRate=lr, momentum=mom, weightDecay=wd), 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_adagrad_rule():
    lr, lrd, wd = 0.1, 0.5, 0.1

    def update(p, t, s):
        g = np_gradient(p) + wd * p
        s['var'] = s.get('var', 0) + g * g
        return p - lr / (1 + (t - 1) * lrd) * g / (np.sqrt(s['var']) + 1e-10)

    ours = run(optim.adagrad, dict(learningRate=lr, learningRateDecay=lrd, weightDecay=wd), 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_adadelta_rule():
    rho, eps, wd = 0.8, 1e-3, 0.2

    def update(p, t, s):
        g = np_gradient(p) + wd * p
        s['var'] = rho * s.get('var', 0) + (1 - rho) * g * g
        delta = np.sqrt(s.get('acc', 0) + eps) / np.sqrt(s['var'] + eps) * g
        s['acc'] = rho * s.get('acc', 0) + (1 - rho) * delta * delta
        return p - delta

    ours = run(optim.adadelta, dict(rho=rho, eps=eps, weightDecay=wd), 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_adam_rule():
    lr, b1, b2, eps, wd = 1e-2, 0.8, 0.95, 1e-3, 0.1

    def update(p, t, s):
        g = np_gradient(p) + wd * p
        s['m'] = b1 * s.get('m', 0) + (1 - b1) * g
        s['v'] = b2 * s.get('v', 0) + (1 - b2) * g * g
        return p - lr * math.sqrt(1 - b2 ** t) / (1 - b1 ** t) * s['m'] / (np.sqrt(s['v']) + eps)

    ours = run(optim.adam, dict(learningRate=lr, beta1=b1, beta2=b2, epsilon=eps,
                                weightDecay=wd), 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_adamax_rule():
    lr, b1, b2, wd = 1e-2, 0.8, 0.95, 0.1

    def update(p, t, s):
        g = np_gradient(p) + wd * p
        s['m'] = b1 * s.get('m', 0) + (1 - b1) * g
        s['u'] = np.maximum(b2 * s.get('u', 0), np.abs(g) + 1e-38)
        return p - lr / (1 - b1 ** t) * s['m'] / s['u']

    ours = run(optim.adamax, dict(learningRate=lr, beta1=b1, beta2=b2, weightDecay=wd), 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_asgd_rule():
    eta0, lambd, alpha = 1e-4, 0.01, 0.9

    def update(p, t, s):
        eta = eta0 / (1 + lambd * eta0 * (t - 1)) ** alpha
        return p * (1 - lambd * eta) - eta * np_gradient(p)

    ours = run(optim.asgd, {'eta0': eta0, 'lambda': lambd, 'alpha': alpha}, 3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_asgd_returns_the_average():
    x, config = start(), {'eta0': 1e-4, 't0': 1}
    points = []
    for _ in range(4):
        _, _, ax = optim.asgd(opfunc, x, config)
        points.append(np.array(x.tolist()))
    # t0 = 1: mu = 1 / max(1, t - t0) after step t, so steps 1-3 copy x into the average and
    # step 4 moves it half way to x
    expected = points[2] + 0.5 * (points[3] - points[2])
    np.testing.assert_allclose(np.array(ax.tolist()), expected, rtol=1e-12)


def test_rmsprop_rule_starts_from_zero():
    lr, alpha, eps, wd = 1e-3, 0.9, 1e-4, 0.1

    def update(p, t, s):
        g = np_gradient(p) + wd * p
        s['m'] = alpha * s.get('m', 0) + (1 - alpha) * g * g
        return p - lr * g / (np.sqrt(s['m']) + eps)

    ours = run(optim.rmsprop, dict(learningRate=lr, alpha=alpha, epsilon=eps, weightDecay=wd),
               3)
    assert_trajectories_equal(ours, reference(update, 3))


def test_rprop_rule():
    size0, etaplus, etaminus, smin, smax = 0.05, 1.3, 0.4, 0.01, 0.06

    def update(p, t, s):
        g = np_gradient(p)
        product = g * s.get('prev', np.zeros(2))
        factor = np.where(product > 0, etaplus, np.where(product < 0, etaminus, 1.0))
        s['size'] = np.clip(s.get('size', np.full(2, size0)) * factor, smin, smax)
        s['prev'] = np.where(product < 0, 0.0, g)
        return p - np.sign(s['prev']) * s['size']

    ours = run(optim.rprop, dict(stepsize=size0, etaplus=etaplus, etaminus=etaminus,
                                 stepsizemin=smin, stepsizemax=smax), 6)
    assert_trajectories_equal(ours, reference(update, 6))


def test_rprop_runs_niter_evaluations():
    x = start()
    _, f_values = optim.rprop(opfunc, x, {'niter': 4})
    assert len(f_values) == 4 and f_values[0] == pytest.approx(rosenbrock(START))
    assert f_values[-1] < f_values[0]


################################################################################
# Minimising
################################################################################

MINIMISERS = [
    ('sgd', optim.sgd, dict(learningRate=1e-3, momentum=0.9, dampening=0), 2000),
    ('nag', optim.nag, dict(learningRate=1e-3, momentum=0.9), 2000),
    ('adagrad', optim.adagrad, dict(learningRate=1e-1), 2000),
    ('adadelta', optim.adadelta, dict(), 2000),
    ('adam', optim.adam, dict(learningRate=1e-2), 2000),
    ('adamax', optim.adamax, dict(learningRate=1e-1), 2000),
    ('asgd', optim.asgd, dict(eta0=1e-3), 2000),
    ('rmsprop', optim.rmsprop, dict(learningRate=1e-3), 2000),
    ('rprop', optim.rprop, dict(stepsize=1e-3), 2000),
    ('cg', optim.cg, dict(maxIter=20), 5),
    ('lbfgs', optim.lbfgs, dict(learningRate=0.5, maxIter=20, nCorrection=10), 50),
]


@pytest.mark.parametrize('name,fn,config,steps', MINIMISERS, ids=[m[0] for m in MINIMISERS])
def test_minimises_rosenbrock(name, fn, config, steps):
    x = start()
    for _ in range(steps):
        fn(opfunc, x, config)
    assert rosenbrock(x) < rosenbrock(START) / 50
    assert x.dist(torch_early.DoubleTensor([1, 1])) < start().dist(torch_early.DoubleTensor([1, 1]))


def quadratic_opfunc(x):
    """f(x) = 1/2 x'Ax - b'x with A symmetric positive definite; its minimum solves Ax = b."""
    A = torch_early.DoubleTensor([[4, 1, 0], [1, 3, 1], [0, 1, 2]])
    b = torch_early.DoubleTensor([1, 2, 3])
    Ax = A.mv(x)
    return 0.5 * x.dot(Ax) - b.dot(x), Ax - b


QUADRATIC_SOLUTION = np.linalg.solve(np.array([[4, 1, 0], [1, 3, 1], [0, 1, 2]]),
                                     np.array([1, 2, 3]))


@pytest.mark.parametrize('fn', [optim.cg, optim.lbfgs], ids=['cg', 'lbfgs'])
def test_solves_a_quadratic(fn):
    x = torch_early.DoubleTensor(3).zero_()
    fn(quadratic_opfunc, x, {'maxIter': 50})
    np.testing.assert_allclose(np.array(x.tolist()), QUADRATIC_SOLUTION, atol=1e-5)


def test_cg_returns_f_per_line_search_and_evaluations():
    x = start()
    _, f_values, evaluations = optim.cg(opfunc, x, {'maxIter': 3})
    assert f_values[0] == pytest.approx(rosenbrock(START))
    assert all(later < earlier for earlier, later in zip(f_values, f_values[1:]))
    assert evaluations >= len(f_values)


def test_lbfgs_history_and_evaluations():
    x, config = start(), {'maxIter': 5, 'nCorrection': 2}
    _, f_values, evaluations = optim.lbfgs(opfunc, x, config)
    # one evaluation first, then one per iteration except the last
    assert evaluations == 5 and len(f_values) == 5
    assert config['nIter'] == 5 and config['funcEval'] == 5
    assert len(config['old_dirs']) <= 2
    optim.lbfgs(opfunc, x, config)
    assert config['nIter'] == 10


def test_lbfgs_stops_at_once_on_a_zero_gradient():
    x = torch_early.DoubleTensor([1, 1])
    _, f_values, evaluations = optim.lbfgs(opfunc, x)
    assert f_values == [0] and evaluations == 1 and x.tolist() == [1, 1]


def test_lbfgs_calls_the_line_search():
    calls = []

    def half_step(opfunc, x, t, d, f, g, gtd, options):
        calls.append(options)
        x.add_(t / 2, d)
        f, g = opfunc(x)
        return f, g, x, t / 2, 1

    x = start()
    optim.lbfgs(opfunc, x, {'maxIter': 3, 'lineSearch': half_step, 'lineSearchOptions': 'o'})
    assert calls == ['o', 'o', 'o']
    assert rosenbrock(x) < rosenbrock(START)


################################################################################
# The calling convention
################################################################################

def test_state_lives_in_config_when_not_given():
    x, config = start(), {'learningRate': 1e-3, 'momentum': 0.5}
    optim.sgd(opfunc, x, config)
    assert config['evalCounter'] == 1 and 'dfdx' in config
    state = {}
    optim.sgd(opfunc, x, config, state)
    assert config['evalCounter'] == 1 and state['evalCounter'] == 1


def test_updates_x_in_place_and_returns_it_with_f():
    for name, fn, config, _ in MINIMISERS:
        x = start()
        result = fn(opfunc, x, dict(config))
        assert result[0] is x, name
        assert result[1][0] == pytest.approx(rosenbrock(START)), name
        assert x.tolist() != START, name


def test_empty_config_works():
    for name, fn, _, _ in MINIMISERS:
        x = start()
        fn(opfunc, x)
        assert x.tolist() != START, name


def test_errors():
    with pytest.raises(ValueError, match='Momentum must be positive for Nesterov'):
        optim.nag(opfunc, start(), {'momentum': 0})
    with pytest.raises(ValueError, match='Nesterov momentum requires a momentum and zero '
                                         'dampening'):
        optim.sgd(opfunc, start(), {'nesterov': True, 'momentum': 0.9})
