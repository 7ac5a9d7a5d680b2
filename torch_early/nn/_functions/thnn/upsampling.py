"""The upsampling Functions over THNN: UpsamplingNearest2d (SpatialUpSamplingNearest, each pixel
copied into a scale_factor x scale_factor block) and UpsamplingBilinear2d
(SpatialUpSamplingBilinear, bilinear interpolation with the corner pixels on the corners). Each
takes an output size or a whole-number scale factor."""

from numbers import Integral

from ....autograd.function import Function
from .... import _thnn
from ...modules.utils import _pair


class _UpsamplingBase(Function):

    def __init__(self, size=None, scale_factor=None):
        super(_UpsamplingBase, self).__init__()
        if size is None and scale_factor is None:
            raise ValueError('either size or scale_factor should be defined')
        if scale_factor is not None and not isinstance(scale_factor, Integral):
            raise ValueError('scale_factor must be of integer type')
        self.size = None if size is None else _pair(size)
        self.scale_factor = scale_factor


class UpsamplingNearest2d(_UpsamplingBase):
    """forward(input), input (batch x) planes x H x W: each pixel repeated scale_factor times in
    both directions. A size must be the same whole multiple of the input's height and width."""

    def _scale_for(self, input):
        if self.scale_factor is not None:
            return self.scale_factor
        height, width = input.size(-2), input.size(-1)
        if self.size[0] % height != 0 or self.size[1] % width != 0:
            raise RuntimeError("output size specified in UpsamplingNearest ({}) has to be "
                               "divisible by the input size, but got: {}".format(
                                   'x'.join(map(str, self.size)),
                                   'x'.join(map(str, input.size()))))
        if self.size[0] // height != self.size[1] // width:
            raise RuntimeError("input aspect ratio doesn't match the output ratio: input of "
                               "size {} cannot be scaled to {} by a single factor".format(
                                   'x'.join(map(str, input.size())),
                                   'x'.join(map(str, self.size))))
        return self.size[0] // height

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        if input.dim() not in (3, 4):   # before the sizes are read from it
            raise RuntimeError("input should be a 3D or 4D tensor, but got size {}".format(
                'x'.join(map(str, input.size()))))
        self.scale = self._scale_for(input)
        output = input.new()
        backend.SpatialUpSamplingNearest_updateOutput(backend.library_state, input, output,
                                                      self.scale)
        self.save_for_backward(input)
        return output

    def backward(self, grad_output):
        input, = self.saved_tensors
        backend = _thnn.type2backend[type(input)]
        grad_input = grad_output.new()
        backend.SpatialUpSamplingNearest_updateGradInput(
            backend.library_state, input, grad_output.contiguous(), grad_input, self.scale)
        return grad_input


class UpsamplingBilinear2d(_UpsamplingBase):
    """forward(input), input batch x planes x H x W: each plane resized to size (h, w), or
    scale_factor times its own, by bilinear interpolation; output row i samples input row
    i*(H-1)/(h-1), so the corner pixels stay on the corners."""

    def forward(self, input):
        backend = _thnn.type2backend[type(input)]
        if input.dim() != 4:   # before the sizes are read from it
            raise RuntimeError("input should be a 4D tensor (batch x planes x height x width), "
                               "but got size {}".format('x'.join(map(str, input.size()))))
        if self.scale_factor is not None:
            self.output_size = (input.size(2) * self.scale_factor,
                                input.size(3) * self.scale_factor)
        else:
            self.output_size = self.size
        self.input_size = input.size()
        output = input.new()
        backend.SpatialUpSamplingBilinear_updateOutput(backend.library_state, input, output,
                                                       self.output_size[0], self.output_size[1])
        return output

    def backward(self, grad_output):
        backend = _thnn.type2backend[type(grad_output)]
        grad_input = grad_output.new()
        # the kernel is told the input's sizes rather than given the input
        backend.SpatialUpSamplingBilinear_updateGradInput(
            backend.library_state, grad_output.contiguous(), grad_input,
            self.input_size[0], self.input_size[1], self.input_size[2], self.input_size[3],
            self.output_size[0], self.output_size[1])
        return grad_input
