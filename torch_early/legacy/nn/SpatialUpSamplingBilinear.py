"""legacy.nn.SpatialUpSamplingBilinear: bilinear upsampling of every plane of a 3D or 4D input,
the corners aligned, either by a whole scale factor (output (H - 1) * scale + 1 high, as Lua nn
had it) or to a given size (a dict {'oheight': h, 'owidth': w}). Over THNN's
SpatialUpSamplingBilinear kernels, which take 4D tensors: a 3D input runs as a batch of one."""
from .Module import Module


class SpatialUpSamplingBilinear(Module):

    def __init__(self, params):
        super(SpatialUpSamplingBilinear, self).__init__()
        self.scale_factor = None
        self.oheight = self.owidth = None
        if isinstance(params, dict):
            if set(params) != {'oheight', 'owidth'}:
                raise ValueError("SpatialUpSamplingBilinear: a size must be given as "
                                 "{'oheight': h, 'owidth': w}, but got %r" % (params,))
            self.oheight = int(params['oheight'])
            self.owidth = int(params['owidth'])
        elif int(params) == params and params >= 1:
            self.scale_factor = int(params)
        else:
            raise ValueError('SpatialUpSamplingBilinear: expected a whole scale factor of at '
                             'least 1 or a dict of oheight and owidth, but got {!r}'
                             .format(params))

    def _as_batch(self, tensor):
        if tensor.dim() == 3:
            return tensor.contiguous().view(1, *tensor.size())
        return tensor

    def _outputSize(self, input):
        if input.dim() not in (3, 4):
            raise RuntimeError('SpatialUpSamplingBilinear: expected a 3D or 4D input, but got a '
                               '{}D tensor'.format(input.dim()))
        inputHeight = input.size(input.dim() - 2)
        inputWidth = input.size(input.dim() - 1)
        if self.scale_factor is not None:
            return ((inputHeight - 1) * self.scale_factor + 1,
                    (inputWidth - 1) * self.scale_factor + 1)
        return self.oheight, self.owidth

    def updateOutput(self, input):
        outputHeight, outputWidth = self._outputSize(input)
        batch = self._as_batch(input)
        output = self.output.new()
        self._backend.SpatialUpSamplingBilinear_updateOutput(
            self._backend.library_state, batch, output, outputHeight, outputWidth)
        self.output.resize_(*(input.size()[:-2] + (outputHeight, outputWidth)))
        self.output.copy_(output.view(self.output.size()))
        return self.output

    def updateGradInput(self, input, gradOutput):
        outputHeight, outputWidth = self._outputSize(input)
        batch = self._as_batch(input)
        gradInput = self.gradInput.new()
        self._backend.SpatialUpSamplingBilinear_updateGradInput(
            self._backend.library_state, self._as_batch(gradOutput), gradInput, batch.size(0),
            batch.size(1), batch.size(2), batch.size(3), outputHeight, outputWidth)
        self.gradInput.resize_as_(input).copy_(gradInput.view(input.size()))
        return self.gradInput

    def __repr__(self):
        if self.scale_factor is not None:
            return '{}({})'.format(super(SpatialUpSamplingBilinear, self).__repr__(),
                                   self.scale_factor)
        return '{}({}x{})'.format(super(SpatialUpSamplingBilinear, self).__repr__(),
                                  self.oheight, self.owidth)
