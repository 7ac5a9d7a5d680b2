"""legacy.nn.SpatialSubtractiveNormalization: subtracts from each pixel of a (batch x) planes x
height x width input the weighted mean of its neighbourhood over all planes, the weights a kernel
(9 x 9 ones by default; a 1-D kernel is applied across then down). Near the borders, where the
zero padding would pull the mean down, the mean is divided by the kernel weight that falls inside.
Built from legacy modules as Lua's was: zero padding and convolutions compute the local sums."""
import torch_early
from .Module import Module
from . import utils
from .Sequential import Sequential
from .SpatialConvolution import SpatialConvolution
from .SpatialConvolutionMap import SpatialConvolutionMap
from .SpatialZeroPadding import SpatialZeroPadding


def checked_kernel(name, kernel):
    """The averaging kernel (9 x 9 ones by default), checked: 1-D or 2-D with odd sizes."""
    if kernel is None:
        return torch_early.Tensor(9, 9).fill_(1)
    if not torch_early.is_tensor(kernel) or kernel.dim() not in (1, 2):
        raise ValueError('%s: the averaging kernel must be a 1D or 2D tensor' % name)
    if any(size % 2 == 0 for size in kernel.size()):
        raise ValueError('%s: the averaging kernel must have odd sizes, but got %s'
                         % (name, tuple(kernel.size())))
    return kernel


def local_sum_network(nInputPlane, kernel):
    """Sequential(padding, convolution(s)) computing, for a (batch x) nInputPlane x h x w input,
    the (batch x) 1 x h x w kernel-weighted sum over every plane of each pixel's neighbourhood."""
    kH = kernel.size(0)
    kW = kernel.size(1) if kernel.dim() == 2 else kH
    network = Sequential().add(SpatialZeroPadding(kW // 2, kW // 2, kH // 2, kH // 2))
    if kernel.dim() == 2:
        convolution = SpatialConvolution(nInputPlane, 1, kW, kH)
        for plane in range(nInputPlane):
            convolution.weight[0][plane].copy_(kernel)
        convolution.bias.zero_()
        network.add(convolution)
    else:
        # separable: along each row of each plane, then down the columns summing the planes
        across = SpatialConvolutionMap(SpatialConvolutionMap.maps.oneToOne(nInputPlane), kW, 1)
        down = SpatialConvolution(nInputPlane, 1, 1, kH)
        for plane in range(nInputPlane):
            across.weight[plane].copy_(kernel.view(1, kW))
            down.weight[0][plane].copy_(kernel.view(kH, 1))
        across.bias.zero_()
        down.bias.zero_()
        network.add(across).add(down)
    return network


def check_planes(name, input, nInputPlane):
    if input.dim() not in (3, 4) or input.size(input.dim() - 3) != nInputPlane:
        raise RuntimeError('%s: expected a 3D or 4D input of %d planes ((batch x) planes x height '
                           'x width), but got one of size %s'
                           % (name, nInputPlane, tuple(input.size())))


def plane_dim(input):
    return input.dim() - 3


def border_coefficients(module, input):
    """The kernel weight inside the image at each pixel, shaped like module.meanestimator's
    output for input: the estimator applied to ones shaped like one example, kept in module.coef
    while the example size stays the same."""
    example = input[0] if input.dim() == 4 else input
    if module.coef is None or module.coef.size()[1:] != example.size()[1:]:
        ones = example.new().resize_as_(example).fill_(1)
        module.coef = module.meanestimator.updateOutput(ones).clone()
    if input.dim() == 4:
        return module.coef.view(1, *module.coef.size()).expand(input.size(0), *module.coef.size())
    return module.coef


class SpatialSubtractiveNormalization(Module):

    def __init__(self, nInputPlane=1, kernel=None):
        super(SpatialSubtractiveNormalization, self).__init__()
        utils.checkSizes(self, nInputPlane=nInputPlane)
        self.nInputPlane = nInputPlane
        self.kernel = checked_kernel(type(self).__name__, kernel)
        self.kernel = self.kernel.div(self.kernel.sum() * nInputPlane)
        self.meanestimator = local_sum_network(nInputPlane, self.kernel)
        self.coef = None   # the kernel weight inside the image at each pixel: 1 x h x w

    def updateOutput(self, input):
        check_planes(type(self).__name__, input, self.nInputPlane)
        coef = border_coefficients(self, input)
        means = (self.meanestimator.updateOutput(input) / coef).expand_as(input)
        self.output.resize_as_(input).copy_(input).add_(-1, means)
        return self.output

    def updateGradInput(self, input, gradOutput):
        # output = x - (local sums of x) / coef, the means shared by every plane
        coef = border_coefficients(self, input)
        gradMeans = gradOutput.sum(plane_dim(input)).div_(coef).neg_()
        self.gradInput.resize_as_(input).copy_(gradOutput)
        self.gradInput.add_(self.meanestimator.updateGradInput(input, gradMeans))
        return self.gradInput

    def clearState(self):
        self.coef = None
        self.meanestimator.clearState()
        return super(SpatialSubtractiveNormalization, self).clearState()
