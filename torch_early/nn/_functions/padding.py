"""ConstantPad2d: a 4-D (batch, channels, height, width) input surrounded by a border of one
value, each side's width given on its own; a negative width crops that side instead. Written with
narrow and copy_, no kernel: the backward is the gradient of the kept region, zero for a border."""

from ...autograd import Function


def _kept_span(size, before, after, dim_name, input_size):
    """For one dimension of `size` elements padded by `before` and `after` (negative: cropped),
    (first kept input element, kept count, where it lands in the output, the output's size)."""
    out_size = size + before + after
    if out_size < 1:
        raise ValueError("ConstantPad2d: padding ({}, {}) of the {} leaves no element of input "
                         "of size {}".format(before, after, dim_name, input_size))
    first = max(0, -before)
    count = max(0, size - first - max(0, -after))
    return first, count, max(0, before), out_size


class ConstantPad2d(Function):
    """forward(input) on a 4-D tensor; pad is (left, right, top, bottom)."""

    def __init__(self, pad, value=0):
        super(ConstantPad2d, self).__init__()
        if len(pad) != 4:
            raise ValueError("ConstantPad2d takes 4 paddings (left, right, top, bottom), but "
                             "got {}".format(len(pad)))
        self.pad = tuple(pad)
        self.value = value

    def _spans(self, input):
        if input.dim() != 4:
            raise ValueError("ConstantPad2d expects a 4D input (batch x channels x height x "
                             "width), but got {}D".format(input.dim()))
        sizes = 'x'.join(map(str, input.size()))
        left, right, top, bottom = self.pad
        return (_kept_span(input.size(2), top, bottom, 'height', sizes),
                _kept_span(input.size(3), left, right, 'width', sizes))

    def forward(self, input):
        height, width = self.spans = self._spans(input)
        self.input_size = input.size()
        output = input.new(input.size(0), input.size(1), height[3], width[3]).fill_(self.value)
        if height[1] > 0 and width[1] > 0:
            _region(output, height[2], width[2], height[1], width[1]).copy_(
                _region(input, height[0], width[0], height[1], width[1]))
        return output

    def backward(self, grad_output):
        height, width = self.spans
        grad_input = grad_output.new(*self.input_size).zero_()
        if height[1] > 0 and width[1] > 0:
            _region(grad_input, height[0], width[0], height[1], width[1]).copy_(
                _region(grad_output, height[2], width[2], height[1], width[1]))
        return grad_input


def _region(tensor, row, column, rows, columns):
    return tensor.narrow(2, row, rows).narrow(3, column, columns)
