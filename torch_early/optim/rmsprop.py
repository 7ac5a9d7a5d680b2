"""RMSprop: each coordinate's step divided by a running root mean square of its gradients."""
from .optimizer import Optimizer


class RMSprop(Optimizer):
    """RMSprop(params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0, centered=False)

    Per parameter, with g = grad + weight_decay * p:
        square_avg = alpha * square_avg + (1 - alpha) * g * g
        centered:  grad_avg = alpha * grad_avg + (1 - alpha) * g
                   avg = sqrt(square_avg - grad_avg * grad_avg) + eps   (an estimate of the
                   gradient's standard deviation instead of its root mean square)
        otherwise: avg = sqrt(square_avg) + eps
        momentum:  buf = momentum * buf + g / avg;  p = p - lr * buf
        otherwise: p = p - lr * g / avg
    (momentum and centered arrived in v0.1.12; with their defaults the step is January's.)
    """

    def __init__(self, params, lr=1e-2, alpha=0.99, eps=1e-8, weight_decay=0, momentum=0,
                 centered=False):
        defaults = dict(lr=lr, alpha=alpha, eps=eps, weight_decay=weight_decay,
                        momentum=momentum, centered=centered)
        super(RMSprop, self).__init__(params, defaults)

    def __setstate__(self, state):
        # a state_dict of a January optimizer has neither key
        super(RMSprop, self).__setstate__(state)
        for group in self.param_groups:
            group.setdefault('momentum', 0)
            group.setdefault('centered', False)

    def step(self, closure=None):
        """One step; `closure` (optional) re-evaluates the model and returns the loss."""
        loss = None
        if closure is not None:
            loss = closure()

        for group in self.param_groups:
            alpha = group['alpha']
            for p in group['params']:
                if p.grad is None:        # no backward has reached it yet
                    continue
                grad = p.grad.data
                state = self.state[p]
                if len(state) == 0:
                    state['step'] = 0
                    state['square_avg'] = grad.new().resize_as_(grad).zero_()
                    if group['momentum'] > 0:
                        state['momentum_buffer'] = grad.new().resize_as_(grad).zero_()
                    if group['centered']:
                        state['grad_avg'] = grad.new().resize_as_(grad).zero_()
                square_avg = state['square_avg']
                state['step'] += 1

                if group['weight_decay'] != 0:
                    grad = grad.add(group['weight_decay'], p.data)
                square_avg.mul_(alpha).addcmul_(1 - alpha, grad, grad)
                if group['centered']:
                    grad_avg = state['grad_avg']
                    grad_avg.mul_(alpha).add_(1 - alpha, grad)
                    avg = square_avg.addcmul(-1, grad_avg, grad_avg).sqrt().add_(group['eps'])
                else:
                    avg = square_avg.sqrt().add_(group['eps'])
                if group['momentum'] > 0:
                    buf = state['momentum_buffer']
                    buf.mul_(group['momentum']).addcdiv_(grad, avg)
                    p.data.add_(-group['lr'], buf)
                else:
                    p.data.addcdiv_(-group['lr'], grad, avg)
        return loss
