"""LBFGS: the limited-memory BFGS quasi-Newton method, over all parameters as one flat vector.

Each step() runs up to max_iter iterations, calling the closure once per iteration. Directions
come from the two-loop recursion over the last history_size (step, gradient change) pairs; the
step length is fixed (lr; smaller on the very first iteration), as the era had no line search.
"""
import torch_early
from .optimizer import Optimizer


class LBFGS(Optimizer):
    """LBFGS(params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-5,
    tolerance_change=1e-9, history_size=100, line_search_fn=None)

    Takes one parameter group only, and step() requires a closure that re-evaluates the model
    (zeroes the gradients, computes the loss, calls backward) and returns the loss.
    max_eval defaults to 1.25 * max_iter. An iteration stops the step when the summed |gradient|
    falls to tolerance_grad, or the step or the change of the loss falls below tolerance_change.
    """

    def __init__(self, params, lr=1, max_iter=20, max_eval=None, tolerance_grad=1e-5,
                 tolerance_change=1e-9, history_size=100, line_search_fn=None):
        if max_eval is None:
            max_eval = max_iter * 1.25
        defaults = dict(lr=lr, max_iter=max_iter, max_eval=max_eval,
                        tolerance_grad=tolerance_grad, tolerance_change=tolerance_change,
                        history_size=history_size, line_search_fn=line_search_fn)
        super(LBFGS, self).__init__(params, defaults)
        if len(self.param_groups) != 1:
            raise ValueError("LBFGS doesn't support per-parameter options (parameter groups)")
        if line_search_fn is not None:
            raise ValueError("LBFGS has no line search in this version: line_search_fn must "
                             "be None")

    @property
    def _params(self):
        # Read from the group each time, so that pickling and load_state_dict need no more.
        return self.param_groups[0]['params']

    def _gather_flat_grad(self):
        # a parameter that no backward reached yet has a zero gradient
        return torch_early.cat([p.grad.data.contiguous().view(-1) if p.grad is not None
                                else p.data.new(p.data.numel()).zero_()
                                for p in self._params], 0)

    def _add_to_params(self, step_size, direction):
        """p += step_size * (p's slice of the flat direction), for every parameter."""
        offset = 0
        for p in self._params:
            numel = p.data.numel()
            p.data.add_(step_size, direction[offset:offset + numel].view_as(p.data))
            offset += numel

    def step(self, closure):
        """Run up to max_iter iterations; returns the loss the closure gave before the first."""
        if closure is None:
            raise RuntimeError("LBFGS.step requires a closure that re-evaluates the model and "
                               "returns the loss")
        group = self.param_groups[0]
        lr = group['lr']
        max_iter, max_eval = group['max_iter'], group['max_eval']
        tolerance_grad, tolerance_change = group['tolerance_grad'], group['tolerance_change']
        history_size = group['history_size']

        # The state lives with the first parameter, so that state_dict and pickling carry it.
        state = self.state[self._params[0]]
        state.setdefault('func_evals', 0)
        state.setdefault('n_iter', 0)

        orig_loss = closure()
        loss = _number(orig_loss)
        current_evals = 1
        state['func_evals'] += 1
        flat_grad = self._gather_flat_grad()
        abs_grad_sum = flat_grad.abs().sum()
        if abs_grad_sum <= tolerance_grad:
            return orig_loss

        d = state.get('d')
        t = state.get('t')
        old_dirs = state.get('old_dirs')
        old_stps = state.get('old_stps')
        H_diag = state.get('H_diag')
        prev_flat_grad = state.get('prev_flat_grad')
        prev_loss = state.get('prev_loss')

        n_iter = 0
        while n_iter < max_iter:
            n_iter += 1
            state['n_iter'] += 1

            if state['n_iter'] == 1:
                d = flat_grad.neg()
                old_dirs, old_stps = [], []
                H_diag = 1
            else:
                # The newest pair: y, the change of gradient; s, the step just taken.
                y = flat_grad.sub(prev_flat_grad)
                s = d.mul(t)
                ys = y.dot(s)
                if ys > 1e-10:
                    if len(old_dirs) == history_size:
                        old_dirs.pop(0)
                        old_stps.pop(0)
                    old_dirs.append(s)
                    old_stps.append(y)
                    H_diag = ys / y.dot(y)
                d = _two_loop_direction(flat_grad, old_dirs, old_stps, H_diag)

            prev_flat_grad = flat_grad.clone()
            prev_loss = loss

            if state['n_iter'] == 1:
                t = min(1., 1. / abs_grad_sum) * lr
            else:
                t = lr

            # The direction must lead downhill, by more than tolerance_change.
            if flat_grad.dot(d) > -tolerance_change:
                break

            self._add_to_params(t, d)
            evals = 0
            if n_iter != max_iter:
                # After the last iteration there is no need to know the loss: the next step()
                # evaluates it anyway.
                loss = _number(closure())
                flat_grad = self._gather_flat_grad()
                abs_grad_sum = flat_grad.abs().sum()
                evals = 1
            current_evals += evals
            state['func_evals'] += evals

            if n_iter == max_iter or current_evals >= max_eval:
                break
            if abs_grad_sum <= tolerance_grad:
                break
            if d.mul(t).abs_().sum() <= tolerance_change:
                break
            if abs(loss - prev_loss) < tolerance_change:
                break

        state['d'] = d
        state['t'] = t
        state['old_dirs'] = old_dirs
        state['old_stps'] = old_stps
        state['H_diag'] = H_diag
        state['prev_flat_grad'] = prev_flat_grad
        state['prev_loss'] = prev_loss
        return orig_loss


def _two_loop_direction(grad, steps, grad_changes, H_diag):
    """-H grad, with H the L-BFGS inverse-Hessian estimate from the (step, grad change) pairs
    (oldest first) and H_diag * identity as the initial guess: the two-loop recursion."""
    rho = [1. / y.dot(s) for s, y in zip(steps, grad_changes)]
    alpha = [0.] * len(steps)
    q = grad.neg()
    for i in range(len(steps) - 1, -1, -1):
        alpha[i] = steps[i].dot(q) * rho[i]
        q.add_(-alpha[i], grad_changes[i])
    r = q.mul_(H_diag)
    for i in range(len(steps)):
        beta = grad_changes[i].dot(r) * rho[i]
        r.add_(alpha[i] - beta, steps[i])
    return r


def _number(loss):
    """The closure's loss as a Python number (it may be a Variable or tensor of one element)."""
    if hasattr(loss, 'data'):
        loss = loss.data
    if torch_early.is_tensor(loss):
        loss = loss[0]
    return float(loss)
