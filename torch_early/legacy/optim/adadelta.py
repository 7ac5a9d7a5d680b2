"""adadelta: Lua optim's Adadelta, on a flat parameter tensor."""


def adadelta(opfunc, x, config=None, state=None):
    """adadelta(opfunc, x, config=None, state=None) -> x, [f(x)]

    g = df/dx + weightDecay * x;  variance = rho * variance + (1 - rho) * g * g;
    delta = sqrt(accDelta + eps) / sqrt(variance + eps) * g;  x -= delta;
    accDelta = rho * accDelta + (1 - rho) * delta * delta.
    config: rho (0.9), eps (1e-6), weightDecay (0). state (config itself when None):
    evalCounter, paramVariance, paramStd, delta, accDelta.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    rho = config.get('rho', 0.9)
    eps = config.get('eps', 1e-6)
    wd = config.get('weightDecay', 0)
    state.setdefault('evalCounter', 0)

    fx, dfdx = opfunc(x)

    if wd != 0:
        dfdx = dfdx.add(wd, x)

    if 'paramVariance' not in state:
        for name in ('paramVariance', 'paramStd', 'delta', 'accDelta'):
            state[name] = x.new().resize_as_(dfdx).zero_()
    variance, acc_delta = state['paramVariance'], state['accDelta']
    variance.mul_(rho).addcmul_(1 - rho, dfdx, dfdx)
    std = state['paramStd'].resize_as_(variance).copy_(variance).add_(eps).sqrt_()
    delta = state['delta'].resize_as_(variance).copy_(acc_delta).add_(eps).sqrt_()
    delta.div_(std).mul_(dfdx)
    x.add_(-1, delta)
    acc_delta.mul_(rho).addcmul_(1 - rho, delta, delta)

    state['evalCounter'] += 1
    return x, [fx]
