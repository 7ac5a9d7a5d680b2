"""nag: Lua optim's Nesterov accelerated gradient (Sutskever's form), on a flat tensor."""


def nag(opfunc, x, config=None, state=None):
    """nag(opfunc, x, config=None, state=None) -> x, [f(x)]

    First moves x along the momentum vector, then evaluates the gradient there:
        x = x + momentum * v;   g = df/dx(x) + weightDecay * x
        v = momentum * v - clr * g;   x = x - clr * g
    with clr = learningRate / (1 + evalCounter * learningRateDecay). config: learningRate
    (1e-3), learningRateDecay (0), weightDecay (0), momentum (0.9, must be positive),
    learningRates (per coordinate). state (config itself when None): evalCounter, dfdx (v).
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    lr = config.get('learningRate', 1e-3)
    lrd = config.get('learningRateDecay', 0)
    wd = config.get('weightDecay', 0)
    mom = config.get('momentum', 0.9)
    lrs = config.get('learningRates')
    state.setdefault('evalCounter', 0)
    if mom <= 0:
        raise ValueError("Momentum must be positive for Nesterov Accelerated Gradient")

    if 'dfdx' in state:
        x.add_(mom, state['dfdx'])
    fx, dfdx = opfunc(x)

    if wd != 0:
        dfdx = dfdx.add(wd, x)

    clr = lr / (1 + state['evalCounter'] * lrd)
    if 'dfdx' not in state:
        state['dfdx'] = dfdx.new().resize_as_(dfdx).zero_()
    else:
        state['dfdx'].mul_(mom)

    step = dfdx if lrs is None else lrs.clone().mul_(dfdx)
    x.add_(-clr, step)
    state['dfdx'].add_(-clr, step)

    state['evalCounter'] += 1
    return x, [fx]
