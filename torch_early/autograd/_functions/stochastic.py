"""Sampling nodes: Multinomial, Bernoulli, Normal. Their backward is REINFORCE: it reads the
reward given through `sample.reinforce(reward)` (arriving here in place of grad_output)."""

from ..stochastic_function import StochasticFunction

__all__ = ['Multinomial', 'Bernoulli', 'Normal']


class Multinomial(StochasticFunction):

    def __init__(self, num_samples, with_replacement=False):
        super(Multinomial, self).__init__()
        self.num_samples = num_samples
        self.with_replacement = with_replacement

    def forward(self, probs):
        samples = probs.multinomial(self.num_samples, self.with_replacement)
        self.save_for_backward(probs, samples)
        self.mark_non_differentiable(samples)
        return samples

    def backward(self, reward):
        probs, samples = self.saved_tensors
        reward = self._reward_tensor(reward, samples, type(probs))
        # d log p(k) / d p(k) = 1 / p(k), for each drawn k (rows of a 2-D input independently).
        grad_probs = probs.new(probs.size()).zero_()
        picked = probs.gather(probs.dim() - 1, samples)
        contribution = reward.div(picked.add(1e-20)).neg_()
        if probs.dim() == 1:
            grad_probs.index_add_(0, samples, contribution)
        else:
            # index_add_ adds repeated indices one by one, so a category drawn twice gets both.
            for row in range(probs.size(0)):
                grad_probs[row].index_add_(0, samples[row], contribution[row])
        return grad_probs


class Bernoulli(StochasticFunction):

    def forward(self, probs):
        samples = probs.new(probs.size()).copy_(probs).bernoulli_()
        # bernoulli_ with a tensor of probabilities is the `bernoulli` function of 0.1.x.
        self.save_for_backward(probs, samples)
        self.mark_non_differentiable(samples)
        return samples

    def backward(self, reward):
        probs, samples = self.saved_tensors
        reward = self._reward_tensor(reward, probs, type(probs))
        # d log p(s) / d p = (s - p) / (p (1 - p))
        denominator = probs.mul(probs.neg().add_(1)).add_(1e-20)
        return samples.sub(probs).div_(denominator).mul_(reward).neg_()


class Normal(StochasticFunction):
    """Samples mean + std * N(0, 1); std is a number (stddev) or a second input."""

    def __init__(self, stddev=None):
        super(Normal, self).__init__()
        self.stddev = stddev

    def forward(self, means, stddevs=None):
        output = means.new(means.size()).normal_()
        if self.stddev is not None:
            output.mul_(self.stddev)
        else:
            output.mul_(stddevs)
        output.add_(means)
        self.save_for_backward(means, stddevs, output)
        self.mark_non_differentiable(output)
        return output

    def backward(self, reward):
        means, stddevs, output = self.saved_tensors
        reward = self._reward_tensor(reward, means, type(means))
        std = stddevs if stddevs is not None else self.stddev
        deviation = output.sub(means)
        variance = std.mul(std) if stddevs is not None else std * std
        # d log N(x; m, s) / dm = (x - m) / s^2
        grad_means = deviation.div(variance).mul_(reward).neg_()
        if stddevs is None:
            return grad_means
        # d log N(x; m, s) / ds = (x - m)^2 / s^3 - 1 / s
        grad_std = deviation.mul(deviation).div_(stddevs).div_(variance).sub_(
            stddevs.reciprocal()).mul_(reward).neg_()
        return grad_means, grad_std
