"""rmsprop: Lua optim's RMSprop, on a flat parameter tensor."""


def rmsprop(opfunc, x, config=None, state=None):
    """rmsprop(opfunc, x, config=None, state=None) -> x, [f(x)]

    g = df/dx + weightDecay * x;  m = alpha * m + (1 - alpha) * g * g;
    x -= learningRate * g / (sqrt(m) + epsilon).
    config: learningRate (1e-2), alpha (0.99), epsilon (1e-8), weightDecay (0).
    state (config itself when None): m, tmp.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    lr = config.get('learningRate', 1e-2)
    alpha = config.get('alpha', 0.99)
    epsilon = config.get('epsilon', 1e-8)
    wd = config.get('weightDecay', 0)

    fx, dfdx = opfunc(x)

    if wd != 0:
        dfdx = dfdx.add(wd, x)

    if 'm' not in state:
        state['m'] = x.new().resize_as_(dfdx).zero_()
        state['tmp'] = x.new().resize_as_(dfdx)
    state['m'].mul_(alpha).addcmul_(1 - alpha, dfdx, dfdx)
    state['tmp'].copy_(state['m']).sqrt_().add_(epsilon)
    x.addcdiv_(-lr, dfdx, state['tmp'])
    return x, [fx]
