"""SGD: stochastic gradient descent, with momentum (plain or Nesterov's) and weight decay."""
from .optimizer import Optimizer, required


class SGD(Optimizer):
    """SGD(params, lr=required, momentum=0, dampening=0, weight_decay=0, nesterov=False)

    Per parameter p with gradient g, on each step:
        d = g + weight_decay * p
        buf = d on the first step, then momentum * buf + (1 - dampening) * d
        d = d + momentum * buf with nesterov, else d = buf      (only when momentum != 0)
        p = p - lr * d
    """

    def __init__(self, params, lr=required, momentum=0, dampening=0, weight_decay=0,
                 nesterov=False):
        if nesterov and (momentum <= 0 or dampening != 0):
            raise ValueError("Nesterov momentum requires a momentum and zero dampening")
        defaults = dict(lr=lr, momentum=momentum, dampening=dampening,
                        weight_decay=weight_decay, nesterov=nesterov)
        super(SGD, self).__init__(params, defaults)

    def step(self, closure=None):
        """One step; `closure` (optional) re-evaluates the model and returns the loss, which
        step returns too."""
        loss = None
        if closure is not None:
            loss = closure()

        for group in self.param_groups:
            momentum = group['momentum']
            for p in group['params']:
                if p.grad is None:        # no backward has reached it yet
                    continue
                d_p = p.grad.data
                if group['weight_decay'] != 0:
                    d_p = d_p.add(group['weight_decay'], p.data)
                if momentum != 0:
                    state = self.state[p]
                    if 'momentum_buffer' not in state:
                        buf = state['momentum_buffer'] = d_p.clone()
                    else:
                        buf = state['momentum_buffer']
                        buf.mul_(momentum).add_(1 - group['dampening'], d_p)
                    if group['nesterov']:
                        d_p = d_p.add(momentum, buf)
                    else:
                        d_p = buf
                p.data.add_(-group['lr'], d_p)
        return loss
