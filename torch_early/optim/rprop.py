"""Rprop: resilient backpropagation; each coordinate's step size grows while its gradient keeps
its sign and shrinks when the sign flips; only the gradient's sign is used (Riedmiller & Braun)."""
from .optimizer import Optimizer


class Rprop(Optimizer):
    """Rprop(params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50))

    Per parameter, element-wise, with (etaminus, etaplus) = etas:
        factor = etaplus where g * prev > 0, etaminus where < 0, 1 where == 0
        step_size = clamp(step_size * factor, *step_sizes)   (state 'step_size', from lr)
        g = 0 where the sign flipped (factor was etaminus)
        p = p - sign(g) * step_size
        prev = g                                             (state 'prev', from zeros)
    """

    def __init__(self, params, lr=1e-2, etas=(0.5, 1.2), step_sizes=(1e-6, 50)):
        defaults = dict(lr=lr, etas=etas, step_sizes=step_sizes)
        super(Rprop, self).__init__(params, defaults)

    def step(self, closure=None):
        """One step; `closure` (optional) re-evaluates the model and returns the loss."""
        loss = None
        if closure is not None:
            loss = closure()

        for group in self.param_groups:
            etaminus, etaplus = group['etas']
            step_size_min, step_size_max = group['step_sizes']
            for p in group['params']:
                if p.grad is None:        # no backward has reached it yet
                    continue
                grad = p.grad.data
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['prev'] = grad.new().resize_as_(grad).zero_()
                    state['step_size'] = grad.new().resize_as_(grad).fill_(group['lr'])
                state['step'] += 1

                same_sign = grad.mul(state['prev'])
                flipped = same_sign.lt(0)
                factor = grad.new().resize_as_(grad).fill_(1)
                factor.masked_fill_(same_sign.gt(0), etaplus)
                factor.masked_fill_(flipped, etaminus)
                step_size = state['step_size']
                step_size.mul_(factor).clamp_(step_size_min, step_size_max)

                grad = grad.clone().masked_fill_(flipped, 0)
                p.data.addcmul_(-1, grad.sign(), step_size)
                state['prev'].copy_(grad)
        return loss
