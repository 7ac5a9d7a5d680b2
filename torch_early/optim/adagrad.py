"""Adagrad: each coordinate's step divided by the root of its summed squared gradients."""
from .optimizer import Optimizer


class Adagrad(Optimizer):
    """Adagrad(params, lr=1e-2, lr_decay=0, weight_decay=0)

    Per parameter, at step t (from 1), with g = grad + weight_decay * p:
        clr = lr / (1 + (t - 1) * lr_decay)
        sum = sum + g * g                           (state 'sum')
        p = p - clr * g / (sqrt(sum) + 1e-10)
    """

    def __init__(self, params, lr=1e-2, lr_decay=0, weight_decay=0):
        defaults = dict(lr=lr, lr_decay=lr_decay, weight_decay=weight_decay)
        super(Adagrad, self).__init__(params, defaults)
        # The state exists from the start (as in v0.1.12), so that share_memory can place it
        # in shared memory before worker processes (Hogwild) begin to step.
        for group in self.param_groups:
            for p in group['params']:
                state = self.state[p]
                state['step'] = 0
                state['sum'] = p.data.new().resize_as_(p.data).zero_()

    def share_memory(self):
        """Move every parameter's sum of squared gradients into shared memory, so that
        processes stepping the same parameters share it too."""
        for group in self.param_groups:
            for p in group['params']:
                self.state[p]['sum'].share_memory_()

    def step(self, closure=None):
        """One step; `closure` (optional) re-evaluates the model and returns the loss."""
        loss = None
        if closure is not None:
            loss = closure()

        for group in self.param_groups:
            for p in group['params']:
                if p.grad is None:        # no backward has reached it yet
                    continue
                grad = p.grad.data
                state = self.state[p]
                if len(state) == 0:       # a state_dict from before the state was made early
                    state['step'] = 0
                    state['sum'] = grad.new().resize_as_(grad).zero_()
                state['step'] += 1

                if group['weight_decay'] != 0:
                    grad = grad.add(group['weight_decay'], p.data)
                clr = group['lr'] / (1 + (state['step'] - 1) * group['lr_decay'])
                state['sum'].addcmul_(1, grad, grad)
                std = state['sum'].sqrt().add_(1e-10)
                p.data.addcdiv_(-clr, grad, std)
        return loss
