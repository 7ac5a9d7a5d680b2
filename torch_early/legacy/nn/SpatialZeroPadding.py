"""legacy.nn.SpatialZeroPadding: pads the last two dimensions of a (batch x) planes x height x
width input with zeros: pad_l columns on the left, pad_r on the right, pad_t rows on top, pad_b at
the bottom (each defaulting to pad_l). A negative pad crops instead. Backward takes the input's
region back out of gradOutput (zeros where the input was cropped)."""
from .Module import Module


class SpatialZeroPadding(Module):

    def __init__(self, pad_l, pad_r=None, pad_t=None, pad_b=None):
        super(SpatialZeroPadding, self).__init__()
        self.pad_l = pad_l
        self.pad_r = pad_r if pad_r is not None else pad_l
        self.pad_t = pad_t if pad_t is not None else pad_l
        self.pad_b = pad_b if pad_b is not None else pad_l

    def _regions(self, input):
        """The matching (height, width) windows of input and output: (input's, output's), each a
        list of (dim, start, length)."""
        if input.dim() not in (3, 4):
            raise RuntimeError('SpatialZeroPadding: expected a 3D or 4D input (planes x height x '
                               'width, with or without a batch dimension), but got one of size '
                               '%s' % (tuple(input.size()),))
        h_dim, w_dim = input.dim() - 2, input.dim() - 1
        height = input.size(h_dim) + self.pad_t + self.pad_b
        width = input.size(w_dim) + self.pad_l + self.pad_r
        if height < 1 or width < 1:
            raise RuntimeError('SpatialZeroPadding: the input of size %s cropped by (%d, %d, %d, '
                               '%d) is empty' % (tuple(input.size()), self.pad_l, self.pad_r,
                                                 self.pad_t, self.pad_b))
        inside_h = height - max(self.pad_t, 0) - max(self.pad_b, 0)
        inside_w = width - max(self.pad_l, 0) - max(self.pad_r, 0)
        in_window = [(h_dim, max(-self.pad_t, 0), inside_h), (w_dim, max(-self.pad_l, 0), inside_w)]
        out_window = [(h_dim, max(self.pad_t, 0), inside_h), (w_dim, max(self.pad_l, 0), inside_w)]
        return (height, width), in_window, out_window

    @staticmethod
    def _window(tensor, window):
        for dim, start, length in window:
            tensor = tensor.narrow(dim, start, length)
        return tensor

    def updateOutput(self, input):
        (height, width), in_window, out_window = self._regions(input)
        self.output.resize_(*(tuple(input.size())[:-2] + (height, width))).zero_()
        if in_window[0][2] > 0 and in_window[1][2] > 0:
            self._window(self.output, out_window).copy_(self._window(input, in_window))
        return self.output

    def updateGradInput(self, input, gradOutput):
        _, in_window, out_window = self._regions(input)
        self.gradInput.resize_as_(input).zero_()
        if in_window[0][2] > 0 and in_window[1][2] > 0:
            self._window(self.gradInput, in_window).copy_(self._window(gradOutput, out_window))
        return self.gradInput

    def __repr__(self):
        return super(SpatialZeroPadding, self).__repr__() + '(l=%d, r=%d, t=%d, b=%d)' % (
            self.pad_l, self.pad_r, self.pad_t, self.pad_b)
