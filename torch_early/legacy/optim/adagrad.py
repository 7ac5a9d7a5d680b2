"""adagrad: Lua optim's Adagrad, on a flat parameter tensor."""


def adagrad(opfunc, x, config=None, state=None):
    """adagrad(opfunc, x, config=None, state=None) -> x, [f(x)]

    g = df/dx + weightDecay * x;  variance += g * g;
    x -= clr * g / (sqrt(variance) + 1e-10), clr = learningRate / (1 + evalCounter * decay).
    config: learningRate (1e-3), learningRateDecay (0), weightDecay (0).
    state (config itself when None): evalCounter, paramVariance, paramStd.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    lr = config.get('learningRate', 1e-3)
    lrd = config.get('learningRateDecay', 0)
    wd = config.get('weightDecay', 0)
    state.setdefault('evalCounter', 0)

    fx, dfdx = opfunc(x)

    if wd != 0:
        dfdx = dfdx.add(wd, x)

    clr = lr / (1 + state['evalCounter'] * lrd)
    if 'paramVariance' not in state:
        state['paramVariance'] = x.new().resize_as_(dfdx).zero_()
        state['paramStd'] = x.new().resize_as_(dfdx).zero_()
    state['paramVariance'].addcmul_(1, dfdx, dfdx)
    std = state['paramStd'].resize_as_(dfdx).copy_(state['paramVariance']).sqrt_()
    x.addcdiv_(-clr, dfdx, std.add_(1e-10))

    state['evalCounter'] += 1
    return x, [fx]
