"""rprop: Lua optim's resilient backpropagation, on a flat parameter tensor."""


def rprop(opfunc, x, config=None, state=None):
    """rprop(opfunc, x, config=None, state=None) -> x, [f(x) of each iteration]

    Runs niter iterations. In each, element-wise: the step size grows by etaplus where the
    gradient kept its sign since the last iteration, shrinks by etaminus where it flipped (and
    that coordinate stands still this once), and stays within [stepsizemin, stepsizemax];
    x -= sign(g) * stepsize.
    config: stepsize (0.1, the initial step), etaplus (1.2), etaminus (0.5), stepsizemax (50),
    stepsizemin (1e-6), niter (1). state (config itself when None): delta (the last gradient),
    stepsize.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    stepsize = config.get('stepsize', 0.1)
    etaplus = config.get('etaplus', 1.2)
    etaminus = config.get('etaminus', 0.5)
    stepsizemax = config.get('stepsizemax', 50.0)
    stepsizemin = config.get('stepsizemin', 1e-6)
    niter = config.get('niter', 1)

    f_values = []
    for _ in range(niter):
        fx, dfdx = opfunc(x)

        if 'delta' not in state:
            state['delta'] = dfdx.new().resize_as_(dfdx).zero_()
            state['stepsize'] = dfdx.new().resize_as_(dfdx).fill_(stepsize)

        product = dfdx.mul(state['delta'])
        flipped = product.lt(0)
        factor = dfdx.new().resize_as_(dfdx).fill_(1)
        factor.masked_fill_(product.gt(0), etaplus)
        factor.masked_fill_(flipped, etaminus)
        state['stepsize'].mul_(factor).clamp_(stepsizemin, stepsizemax)

        dfdx = dfdx.clone().masked_fill_(flipped, 0)
        x.addcmul_(-1, dfdx.sign(), state['stepsize'])
        state['delta'].copy_(dfdx)
        f_values.append(fx)
    return x, f_values
