"""Adamax: Adam with the infinity norm in place of the root mean square (Kingma & Ba, sec. 7)."""
from .optimizer import Optimizer


class Adamax(Optimizer):
    """Adamax(params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0)

    Per parameter, at step t (from 1), with g = grad + weight_decay * p:
        m = beta1 * m + (1 - beta1) * g             (state 'exp_avg')
        u = max(beta2 * u, |g| + eps)               (state 'exp_inf', element-wise)
        p = p - lr / (1 - beta1^t) * m / u
    """

    def __init__(self, params, lr=2e-3, betas=(0.9, 0.999), eps=1e-8, weight_decay=0):
        defaults = dict(lr=lr, betas=betas, eps=eps, weight_decay=weight_decay)
        super(Adamax, self).__init__(params, defaults)

    def step(self, closure=None):
        """One step; `closure` (optional) re-evaluates the model and returns the loss."""
        loss = None
        if closure is not None:
            loss = closure()

        for group in self.param_groups:
            beta1, beta2 = group['betas']
            for p in group['params']:
                if p.grad is None:        # no backward has reached it yet
                    continue
                grad = p.grad.data
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['exp_avg'] = grad.new().resize_as_(grad).zero_()
                    state['exp_inf'] = grad.new().resize_as_(grad).zero_()
                exp_avg, exp_inf = state['exp_avg'], state['exp_inf']
                state['step'] += 1

                if group['weight_decay'] != 0:
                    grad = grad.add(group['weight_decay'], p.data)
                exp_avg.mul_(beta1).add_(1 - beta1, grad)
                exp_inf.mul_(beta2).cmax_(grad.abs().add_(group['eps']))

                clr = group['lr'] / (1 - beta1 ** state['step'])
                p.data.addcdiv_(-clr, exp_avg, exp_inf)
        return loss
