"""adamax: Lua optim's Adamax, on a flat parameter tensor."""


def adamax(opfunc, x, config=None, state=None):
    """adamax(opfunc, x, config=None, state=None) -> x, [f(x)]

    At step t (from 1), g = df/dx + weightDecay * x:
        m = beta1 * m + (1 - beta1) * g;   u = max(beta2 * u, |g| + epsilon)
        x -= learningRate / (1 - beta1^t) * m / u
    config: learningRate (2e-3), beta1 (0.9), beta2 (0.999), epsilon (1e-38), weightDecay (0).
    state (config itself when None): t, m, u.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    lr = config.get('learningRate', 2e-3)
    beta1 = config.get('beta1', 0.9)
    beta2 = config.get('beta2', 0.999)
    epsilon = config.get('epsilon', 1e-38)
    wd = config.get('weightDecay', 0)

    fx, dfdx = opfunc(x)

    if wd != 0:
        dfdx = dfdx.add(wd, x)

    if 't' not in state:
        state['t'] = 0
        state['m'] = x.new().resize_as_(dfdx).zero_()
        state['u'] = x.new().resize_as_(dfdx).zero_()
    state['t'] += 1

    state['m'].mul_(beta1).add_(1 - beta1, dfdx)
    state['u'].mul_(beta2).cmax_(dfdx.abs().add_(epsilon))

    step_size = lr / (1 - beta1 ** state['t'])
    x.addcdiv_(-step_size, state['m'], state['u'])
    return x, [fx]
