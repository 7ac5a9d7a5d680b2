"""StochasticFunction: a node that samples, trained by REINFORCE rather than by its gradient.

A sample has no gradient with respect to the probabilities that drew it. Instead the user gives a
reward for each sample (`sample.reinforce(reward)`), and the node's backward turns it into the
score-function estimate -reward * d log p(sample) / d parameters. The gradient that reaches the
node from later in the graph is ignored.
"""

import weakref

import torch_early
from .function import Function
from .variable import Variable, _format_size

# The stochastic nodes that require grad and are still alive: the engine looks for them in a
# graph only while there are some.
_requiring_grad = weakref.WeakSet()


class StochasticFunction(Function):

    reward = None
    # A reward tensor must have the type of the distribution's parameters (the first input:
    # multinomial's probabilities give LongTensor samples but floating rewards) and the size of
    # the sample.
    _reward_info = None

    def _do_forward(self, *input):
        result = super(StochasticFunction, self)._do_forward(*input)
        sample = result[0] if isinstance(result, tuple) else result
        self._reward_info = (type(input[0].data), sample.data.size())
        if self.requires_grad:
            _requiring_grad.add(self)
        return result

    @staticmethod
    def _any_requiring_grad():
        return len(_requiring_grad) > 0

    def _reinforce(self, reward):
        """Keep the reward for backward: a number, or a tensor of the parameters' type and the
        sample's size (a Variable's data is taken), once per backward."""
        if isinstance(reward, Variable):
            reward = reward.data
        if not isinstance(reward, (int, float)):
            reward_class, sample_size = self._reward_info
            if type(reward) is not reward_class:
                raise TypeError("mismatch between reward and output type: got {}, but expected "
                                "{}".format(torch_early.typename(reward),
                                            torch_early.typename(reward_class)))
            if reward.size() != sample_size:
                raise ValueError("got reward of size {}, but expected a tensor of size {}"
                                 .format(_format_size(reward.size()), _format_size(sample_size)))
        if self.reward is not None:
            raise RuntimeError("you can only reinforce a stochastic Function once (until a "
                               "backward uses the reward)")
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
