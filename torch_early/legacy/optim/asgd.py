"""asgd: Lua optim's averaged stochastic gradient descent, on a flat parameter tensor."""


def asgd(opfunc, x, config=None, state=None):
    """asgd(opfunc, x, config=None, state=None) -> x, [f(x)], ax

    x = x * (1 - lambda * eta) - eta * df/dx;  ax, the average of x, follows from step t0 on;
    eta = eta0 / (1 + lambda * eta0 * t)^alpha;  mu = 1 / max(1, t - t0).
    As Lua's, it also returns ax, the averaged parameters.
    config: eta0 (1e-4), lambda (1e-4), alpha (0.75), t0 (1e6).
    state (config itself when None): eta_t, mu_t, t, ax.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    lambd = config.get('lambda', 1e-4)
    alpha = config.get('alpha', 0.75)
    t0 = config.get('t0', 1e6)
    eta0 = config.get('eta0', 1e-4)

    fx, dfdx = opfunc(x)

    state.setdefault('eta_t', eta0)
    state.setdefault('mu_t', 1)
    state.setdefault('t', 0)

    x.mul_(1 - lambd * state['eta_t'])
    x.add_(-state['eta_t'], dfdx)

    if 'ax' not in state:
        state['ax'] = x.new().resize_as_(x).zero_()
    if state['mu_t'] != 1:
        state['ax'].add_(x.sub(state['ax']).mul_(state['mu_t']))
    else:
        state['ax'].copy_(x)

    state['t'] += 1
    state['eta_t'] = eta0 / ((1 + lambd * eta0 * state['t']) ** alpha)
    state['mu_t'] = 1 / max(1, state['t'] - t0)
    return x, [fx], state['ax']
