"""adam: Lua optim's Adam, on a flat parameter tensor."""
import math


def adam(opfunc, x, config=None, state=None):
    """adam(opfunc, x, config=None, state=None) -> x, [f(x)]

    At step t (from 1), g = df/dx + weightDecay * x:
        m = beta1 * m + (1 - beta1) * g;   v = beta2 * v + (1 - beta2) * g * g
        x -= learningRate * sqrt(1 - beta2^t) / (1 - beta1^t) * m / (sqrt(v) + epsilon)
    config: learningRate (1e-3), beta1 (0.9), beta2 (0.999), epsilon (1e-8), weightDecay (0).
    state (config itself when None): t, m, v, denom.
    """
    if config is None:
        config = {}
    if state is None:
        state = config
    lr = config.get('learningRate', 1e-3)
    beta1 = config.get('beta1', 0.9)
    beta2 = config.get('beta2', 0.999)
    epsilon = config.get('epsilon', 1e-8)
    wd = config.get('weightDecay', 0)

    fx, dfdx = opfunc(x)

    if wd != 0:
        dfdx = dfdx.add(wd, x)

    if 't' not in state:
        state['t'] = 0
        for name in ('m', 'v', 'denom'):
            state[name] = x.new().resize_as_(dfdx).zero_()
    state['t'] += 1

    state['m'].mul_(beta1).add_(1 - beta1, dfdx)
    state['v'].mul_(beta2).addcmul_(1 - beta2, dfdx, dfdx)
    state['denom'].copy_(state['v']).sqrt_().add_(epsilon)

    bias_correction1 = 1 - beta1 ** state['t']
    bias_correction2 = 1 - beta2 ** state['t']
    step_size = lr * math.sqrt(bias_correction2) / bias_correction1
    x.addcdiv_(-step_size, state['m'], state['denom'])
    return x, [fx]
