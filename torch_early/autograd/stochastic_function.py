"""StochasticFunction: a node that samples, trained by REINFORCE rather than by its gradient.

A sample has no gradient with respect to the probabilities that drew it. Instead the user gives a
reward for each sample (`sample.reinforce(reward)`), and the node's backward turns it into the
score-function estimate -reward * d log p(sample) / d parameters. The gradient that reaches the
node from later in the graph is ignored.
"""

import weakref

from .function import Function
from .variable import Variable

# The stochastic nodes that require grad and are still alive: the engine looks for them in a
# graph only while there are some.
_requiring_grad = weakref.WeakSet()


class StochasticFunction(Function):

    reward = None

    def _do_forward(self, *input):
        result = super(StochasticFunction, self)._do_forward(*input)
        if self.requires_grad:
            _requiring_grad.add(self)
        return result

    @staticmethod
    def _any_requiring_grad():
        return len(_requiring_grad) > 0

    def _reinforce(self, reward):
        self.reward = reward

    def _do_backward(self, grad_output, retain_variables):
        if self.reward is None:
            raise RuntimeError("differentiating stochastic functions requires providing a "
                               "reward (call .reinforce(reward) on the sampled Variable)")
        reward = self.reward
        if not retain_variables:
            self.reward = None
        return super(StochasticFunction, self)._do_backward((reward,), retain_variables)

    @staticmethod
    def _reward_tensor(reward, sample, tensor_type):
        """The reward as a tensor of the sample's size and the given (floating) type."""
        if isinstance(reward, Variable):
            reward = reward.data
        if isinstance(reward, (int, float)):
            return tensor_type(sample.size()).fill_(reward)
        if reward.numel() != sample.numel():
            raise RuntimeError("the reward has {} elements but the sample has {}".format(
                reward.numel(), sample.numel()))
        return tensor_type(sample.size()).copy_(reward)
