"""sgd: Lua optim's stochastic gradient descent, on a flat parameter tensor."""


def sgd(opfunc, x, config=None, state=None):
    """sgd(opfunc, x, config=None, state=None) -> x, [f(x)]

    opfunc(x) returns (f(x), df/dx); x is updated in place. config holds the options:
    learningRate (1e-3), learningRateDecay (0), weightDecay (0), momentum (0), dampening
    (= momentum), nesterov (False), and the per-coordinate tensors learningRates and
    weightDecays. state (config itself when None) keeps evalCounter and the momentum buffer.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    lr = config.get('learningRate', 1e-3)
    lrd = config.get('learningRateDecay', 0)
    wd = config.get('weightDecay', 0)
    mom = config.get('momentum', 0)
    damp = config.get('dampening', mom)
    nesterov = config.get('nesterov', False)
    lrs = config.get('learningRates')
    wds = config.get('weightDecays')
    state.setdefault('evalCounter', 0)
    if nesterov and (mom <= 0 or damp != 0):
        raise ValueError("Nesterov momentum requires a momentum and zero dampening")

    fx, dfdx = opfunc(x)

    if wd != 0:
        dfdx = dfdx.add(wd, x)
    elif wds is not None:
        dfdx = dfdx.addcmul(1, wds, x)

    if mom != 0:
        if 'dfdx' not in state:
            state['dfdx'] = dfdx.clone()
        else:
            state['dfdx'].mul_(mom).add_(1 - damp, dfdx)
        if nesterov:
            dfdx = dfdx.add(mom, state['dfdx'])
        else:
            dfdx = state['dfdx']

    clr = lr / (1 + state['evalCounter'] * lrd)
    if lrs is not None:
        x.addcmul_(-clr, lrs, dfdx)
    else:
        x.add_(-clr, dfdx)

    state['evalCounter'] += 1
    return x, [fx]
