"""legacy.nn's convolutions share this base: SpatialConvolution, SpatialFullConvolution,
SpatialDilatedConvolution, SpatialConvolutionLocal and the Volumetric ones. It holds what they
did alike: the weight, bias and their gradients, the uniform `reset` by the fan-in, `noBias`, the
THNN buffers finput and fgradInput (made on first use, of the input's type, emptied by
clearState), and the pieces of their __repr__ in Lua nn's layout. Not a public class: the
package does not export it."""
import math

import torch_early
from .Module import Module
from .utils import clear


class ConvolutionBase(Module):
    """A subclass sets nInputPlane, nOutputPlane and its kernel sizes (kW, kH, and kT for a
    volume), then calls _makeParameters."""

    def _makeParameters(self, weightSizes, biasSizes):
        """Weight and bias of these sizes and their gradients, no buffers yet, then reset()."""
        self.weight = torch_early.Tensor(*weightSizes)
        self.bias = torch_early.Tensor(*biasSizes)
        self.gradWeight = torch_early.Tensor(*weightSizes)
        self.gradBias = torch_early.Tensor(*biasSizes)
        self.finput = None
        self.fgradInput = None
        self.reset()

    def noBias(self):
        self.bias = None
        self.gradBias = None
        return self

    def _fanIn(self):
        """The inputs each output sums: the kernel's taps over every input plane (kT is a
        volume's kernel depth; a plane has none)."""
        return self.nInputPlane * self.kW * self.kH * getattr(self, 'kT', 1)

    def reset(self, stdv=None):
        """Uniform weights (and bias) in [-stdv, stdv], stdv = 1/sqrt(fan-in), or sqrt(3) * stdv
        when given."""
        if stdv is not None:
            stdv = stdv * math.sqrt(3)
        else:
            stdv = 1. / math.sqrt(self._fanIn())
        self.weight.uniform_(-stdv, stdv)
        if self.bias is not None:
            self.bias.uniform_(-stdv, stdv)
        return self

    def _buffers(self, input):
        """THNN's buffers, of the input's type, made on first use and kept between calls."""
        if self.finput is None:
            self.finput = input.new()
        if self.fgradInput is None:
            self.fgradInput = input.new()

    def clearState(self):
        clear(self, 'finput', 'fgradInput')
        return super(ConvolutionBase, self).clearState()

    # -- __repr__ in Lua nn's layout: 'nn.Name(in -> out, kernel[, stride][, pad]...)'
    def _reprHead(self, *sizes):
        """'nn.Name(in -> out' then each size group, as 'kWxkH' (or 'kTxkWxkH')."""
        groups = ''.join(', ' + 'x'.join(str(size) for size in group) for group in sizes)
        return '{}({} -> {}{}'.format(Module.__repr__(self), self.nInputPlane, self.nOutputPlane,
                                      groups)

    @staticmethod
    def _reprWindow(stride, pad, padShown=False):
        """', dW,dH' when the stride or the padding is not the default, then ', padW,padH' when
        the padding is not zero (or padShown: a following group needs it to be read)."""
        text = ''
        padded = any(p != 0 for p in pad)
        if any(d != 1 for d in stride) or padded:
            text += ', ' + ','.join(str(d) for d in stride)
        if padded or padShown:
            text += ', ' + ','.join(str(p) for p in pad)
        return text

    def _reprTail(self):
        return ') without bias' if self.bias is None else ')'
