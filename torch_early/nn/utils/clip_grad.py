"""clip_grad_norm: scale a set of gradients down so that their joint norm is at most max_norm."""


def clip_grad_norm(parameters, max_norm, norm_type=2):
    """Compute the norm of all the parameters' gradients together, as if concatenated into one
    vector (`norm_type` a p-norm, or float('inf') / 'inf' for the largest absolute value), and
    when it exceeds `max_norm` multiply every gradient in place by max_norm / norm. Returns the
    norm before clipping. Parameters without a gradient are skipped."""
    grads = [p.grad.data for p in parameters if p.grad is not None]
    max_norm = float(max_norm)
    norm_type = float(norm_type)
    if norm_type == float('inf'):
        total_norm = max([g.abs().max() for g in grads] or [0.0])
    else:
        total_norm = sum(g.norm(norm_type) ** norm_type for g in grads) ** (1. / norm_type)
    # The small constant keeps the division finite for all-zero gradients.
    clip_coef = max_norm / (total_norm + 1e-6)
    if clip_coef < 1:
        for grad in grads:
            grad.mul_(clip_coef)
    return total_norm
