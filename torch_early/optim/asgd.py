"""ASGD: averaged stochastic gradient descent (Polyak & Juditsky; Bottou's schedule)."""
from .optimizer import Optimizer


class ASGD(Optimizer):
    """ASGD(params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0)

    Per parameter, at step t (from 1), with g = grad + weight_decay * p and eta = lr, mu = 1
    at the start:
        p = p * (1 - lambd * eta) - eta * g
        ax = p when mu == 1, else ax + mu * (p - ax)    (state 'ax': the averaged parameter)
        eta = lr / (1 + lambd * lr * t)^alpha
        mu = 1 / max(1, t - t0)
    The parameter itself follows plain SGD; the average is in optimizer.state[p]['ax'].
    """

    def __init__(self, params, lr=1e-2, lambd=1e-4, alpha=0.75, t0=1e6, weight_decay=0):
        defaults = dict(lr=lr, lambd=lambd, alpha=alpha, t0=t0, weight_decay=weight_decay)
        super(ASGD, self).__init__(params, defaults)

    def step(self, closure=None):
        """One step; `closure` (optional) re-evaluates the model and returns the loss."""
        loss = None
        if closure is not None:
            loss = closure()

        for group in self.param_groups:
            lr, lambd = group['lr'], group['lambd']
            for p in group['params']:
                if p.grad is None:        # no backward has reached it yet
                    continue
                grad = p.grad.data
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['eta'] = lr
                    state['mu'] = 1
                    state['ax'] = grad.new().resize_as_(grad).zero_()
                state['step'] += 1

                if group['weight_decay'] != 0:
                    grad = grad.add(group['weight_decay'], p.data)
                p.data.mul_(1 - lambd * state['eta'])
                p.data.add_(-state['eta'], grad)
                if state['mu'] != 1:
                    state['ax'].add_(p.data.sub(state['ax']).mul_(state['mu']))
                else:
                    state['ax'].copy_(p.data)

                state['eta'] = lr / ((1 + lambd * lr * state['step']) ** group['alpha'])
                state['mu'] = 1 / max(1, state['step'] - group['t0'])
        return loss
