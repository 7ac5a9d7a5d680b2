"""Printing of tensors: `repr(t)` and `str(t)` (reached from `_TensorBase.__repr__`).

The layout is the one of the first PyTorch releases, kept character for character:
  1. one number format is chosen for the whole tensor from the magnitudes of its values: integers,
     fixed point, fixed point under a shared scale factor line ("1.00000e-03 *"), or scientific;
  2. a 1-D tensor prints one value per line, a 2-D tensor row by row (split in blocks headed
     "Columns a to b" when a row is wider than the line), a bigger tensor as its trailing 2-D
     slices, each under a header such as "(0 ,1 ,.,.) = ";
  3. a tensor with `threshold` elements or more is summarised: only `edgeitems` rows, columns and
     slices are kept at each end, the rest replaced by "...", "\u22ee" and "\u22f1";
  4. a trailer names the type and size: "[torch_early.FloatTensor of size 2x3]".
The whole text starts and ends with a newline, so that it stands apart after a `>>>` prompt.

Only the values that are shown are ever read: a summarised tensor is first cut down to its shown
part (`_shown_part`), and the number format is chosen from those values. (The original chose it
from every value, which read all 10^7 values of a tensor to print 36 of them; a tensor printed in
full gets the same text either way.)
"""
import fractions
import math
import sys

import torch_early
from ._utils import _flat_values, _range


class _PrintOptions(object):
    """The printer's settings; change them with `set_printoptions`."""
    precision = 4       # digits after the decimal point
    threshold = 1000    # tensors with at least this many elements are summarised
    edgeitems = 3       # rows, columns and slices kept at each end of a summarised dimension
    linewidth = 80      # characters per line before a matrix is split into column blocks


PRINT_OPTS = _PrintOptions()

_PROFILES = {
    'default': dict(precision=4, threshold=1000, edgeitems=3, linewidth=80),
    'short': dict(precision=2, threshold=1000, edgeitems=2, linewidth=80),
    'full': dict(precision=4, threshold=float('inf'), edgeitems=3, linewidth=80),
}

SCALE_FORMAT = '1.00000e{:+03d} *\n'   # printed above values that are divided by 10^e

_VDOTS = '\u22ee'   # vertical ellipsis: rows left out
_DDOTS = '\u22f1'   # down-right diagonal ellipsis: rows and columns left out


def set_printoptions(precision=None, threshold=None, edgeitems=None, linewidth=None,
                     profile=None):
    """Set the printing options (the names follow NumPy's).

    Args:
        precision: digits after the decimal point (default 4).
        threshold: number of elements from which a tensor is summarised (default 1000).
        edgeitems: rows/columns/slices shown at each end of a summarised dimension (default 3).
        linewidth: characters per line before a matrix is split into column blocks (default 80);
            summarised matrices ignore it.
        profile: a preset applied first, then overridden by the explicit arguments:
            "default" (4, 1000, 3, 80), "short" (2, 1000, 2, 80) or "full" (4, inf, 3, 80).
    """
    if profile is not None:
        if profile not in _PROFILES:
            raise ValueError("unknown print profile '{}' (expected one of: {})".format(
                profile, ', '.join(sorted(_PROFILES))))
        for name, value in _PROFILES[profile].items():
            setattr(PRINT_OPTS, name, value)
    if precision is not None:
        PRINT_OPTS.precision = precision
    if threshold is not None:
        PRINT_OPTS.threshold = threshold
    if edgeitems is not None:
        PRINT_OPTS.edgeitems = edgeitems
    if linewidth is not None:
        PRINT_OPTS.linewidth = linewidth


class _NumberFormat(object):
    """How each value of one tensor is written.

    `spec` is a str.format pattern, `width` is the number of characters one value takes. With a
    `scale_exponent` e, every value is divided by 10^e first, and `scale_line` is printed above
    them ("1.00000e-03 *\n"); without one, `scale_line` is empty."""

    def __init__(self, spec, width, scale_exponent=None):
        self.spec = spec
        self.width = width
        self.scale_line = '' if scale_exponent is None else SCALE_FORMAT.format(scale_exponent)
        self._divide = _scaler(scale_exponent)

    def __call__(self, value):
        return self.spec.format(self._divide(value))


def _scaler(exponent):
    """value -> value / 10^exponent. Where 10^exponent is a normal float, a float division, as
    the original printer did. For the scale of subnormal values (5e-324 needs 10^-324) the float
    10^exponent would be 0 or would have lost its precision: the exact quotient, rounded once."""
    if exponent is None:
        return lambda value: value
    power = math.pow(10, exponent)                  # exponent <= 308: never overflows
    if power >= sys.float_info.min:
        return lambda value: value / power
    exact_power = fractions.Fraction(10) ** exponent

    def exact(value):
        if math.isinf(value) or math.isnan(value):
            return value
        return float(fractions.Fraction(value) / exact_power)
    return exact


def _exponent(magnitude):
    """Number of digits before the decimal point, floor(log10(x)) + 1; it is 0 for values in
    [0.1, 1), negative for smaller ones, and taken as 1 for zero."""
    if magnitude == 0:
        return 1
    return math.floor(math.log10(magnitude)) + 1


def _choose_format(values, min_width=-1):
    """Pick one _NumberFormat for all `values` (Python numbers), from their absolute values.

    Infinities and NaNs take no part in the choice, but make every value at least 3 wide."""
    min_width = max(min_width, 2)
    magnitudes = []
    for value in values:
        magnitude = abs(float(value))
        if math.isinf(magnitude) or math.isnan(magnitude):
            min_width = max(min_width, 3)
        else:
            magnitudes.append(magnitude)
    if not magnitudes:
        magnitudes = [0.0]

    precision = PRINT_OPTS.precision
    exp_min = _exponent(min(magnitudes))
    exp_max = _exponent(max(magnitudes))

    if all(m == math.ceil(m) for m in magnitudes):
        # Integer mode: no decimals, unless the numbers are too long to read.
        if exp_max > precision + 1:
            return _NumberFormat('{:11.%de}' % precision, max(min_width, 7 + precision))
        width = max(min_width, exp_max + 1)
        return _NumberFormat('{:%d.0f}' % width, width)

    if exp_max - exp_min > precision:
        # Magnitudes too far apart for one fixed-point layout: scientific notation.
        width = 7 + precision
        if abs(exp_max) > 99 or abs(exp_min) > 99:
            width += 1
        width = max(min_width, width)
        return _NumberFormat('{:%d.%de}' % (width, precision), width)

    if exp_max > precision + 1 or exp_max < 0:
        # All large or all small: factor out a power of ten, printed once above the values.
        width = max(min_width, 7)
        return _NumberFormat('{:%d.%df}' % (width, precision), width, exp_max - 1)
    width = 7 if exp_max == 0 else exp_max + 6
    width = max(min_width, width)
    return _NumberFormat('{:%d.%df}' % (width, precision), width)


def _row_str(fmt, row, indent, edge=None):
    """One matrix row, as a line. With `edge`, only that many values at each end are written,
    around a centred '...'."""
    if edge is None:
        return indent + ' '.join(fmt(v) for v in row) + '\n'
    return (indent + ' '.join(fmt(v) for v in row[:edge]) + ' {:^5} '.format('...') +
            ' '.join(fmt(v) for v in row[-edge:]) + '\n')


def _summarised(numel):
    """Whether a tensor of numel elements prints as a summary (see set_printoptions)."""
    return numel >= PRINT_OPTS.threshold and PRINT_OPTS.edgeitems > 0


def _shown_size(size, summarised):
    """How many entries of a dimension of this size a printout shows: all, or `edgeitems` at
    each end when the tensor is summarised and the dimension is longer than both ends."""
    edge = PRINT_OPTS.edgeitems
    return 2 * edge if summarised and size > 2 * edge else size


def _shown_index(index, size, summarised):
    """Where entry `index` of a dimension lands among its shown entries (see _shown_size)."""
    cut = size - _shown_size(size, summarised)
    return index - cut if index >= size - PRINT_OPTS.edgeitems else index


def _shown_part(tensor, summarised):
    """A new contiguous tensor holding only the entries that the printout shows, each dimension cut
    to its ends (_shown_size): the source is narrowed down to blocks of shown values, and only
    those blocks are copied, so the work follows the shown values, never the size of the tensor."""
    shown = tensor.new(torch_early.Size([_shown_size(size, summarised) for size in tensor.size()]))
    _copy_shown_blocks(shown, tensor, summarised, 0)
    return shown


def _copy_shown_blocks(shown, tensor, summarised, dim):
    """Copies the shown entries of `tensor`, dimension `dim` and after, into `shown`."""
    if dim == tensor.dim():
        shown.copy_(tensor)
        return
    size = tensor.size(dim)
    if _shown_size(size, summarised) == size:
        _copy_shown_blocks(shown, tensor, summarised, dim + 1)
        return
    edge = PRINT_OPTS.edgeitems
    _copy_shown_blocks(shown.narrow(dim, 0, edge), tensor.narrow(dim, 0, edge), summarised, dim + 1)
    _copy_shown_blocks(shown.narrow(dim, edge, edge), tensor.narrow(dim, size - edge, edge),
                       summarised, dim + 1)


def _vector_str(values, size):
    """Body of a 1-D tensor of `size` elements whose shown values are `values`: one per line."""
    fmt = _choose_format(values)
    head, indent = '', ''
    if fmt.scale_line:
        head, indent = fmt.scale_line, ' '

    def lines(part):
        return '\n'.join(indent + fmt(v) for v in part) + '\n'

    if size < PRINT_OPTS.threshold:
        return head + lines(values)
    n = PRINT_OPTS.edgeitems
    dots = indent + '{:^{}}\n'.format(_VDOTS, fmt.width)
    return head + lines(values[:n]) + dots + lines(values[-n:])


def _matrix_str(values, start, nrows, ncols, indent='', fmt=None, force_summary=False):
    """Body of an nrows x ncols matrix whose shown values start at values[start] (row-major; a
    summarised matrix shows only `edgeitems` rows and columns at each end, see _shown_size).

    `fmt` is given when the matrix is a slice of a bigger tensor (one format for all slices);
    `force_summary` is set when that bigger tensor is summarised."""
    n = PRINT_OPTS.edgeitems
    wide = ncols > 2 * n
    tall = nrows > 2 * n
    summarised = force_summary or (_summarised(nrows * ncols) and (wide or tall))
    shown_rows = _shown_size(nrows, summarised)
    shown_cols = _shown_size(ncols, summarised)
    if fmt is None:
        fmt = _choose_format(values[start:start + shown_rows * shown_cols],
                             0 if not wide and not tall else 5)

    def row(r):
        begin = start + _shown_index(r, nrows, summarised) * shown_cols
        return values[begin:begin + shown_cols]

    text = ''
    if not summarised:
        room = PRINT_OPTS.linewidth - len(indent)
        per_line = max(1, int(math.floor(room / (fmt.width + 1))))
        row_indent = indent + (' ' if fmt.scale_line else '')
        first = 0
        while first < ncols:
            last = min(first + per_line, ncols) - 1
            if per_line < ncols:
                # The blank line goes before every block except one starting at column 1:
                # a slip of the original (meant for column 0) that its output keeps.
                if first != 1:
                    text += '\n'
                text += 'Columns {} to {} \n{}'.format(first, last, indent)
            text += fmt.scale_line
            for r in _range(nrows):
                text += _row_str(fmt, row(r)[first:last + 1], row_indent)
            first = last + 1
        return text

    # Summarised: rows and/or columns in the middle give way to ellipses. Here the rows are not
    # shifted under a scale line, and a lone vertical ellipsis is centred without the indent,
    # on the width of a row plus one: both as in the original.
    text += fmt.scale_line
    if wide and tall:
        dots = '{:^%d}' % ((fmt.width + 1) * n - 1)
        for r in _range(n):
            text += _row_str(fmt, row(r), indent, n)
        text += indent + ' '.join([dots.format('...'), '{:^5}'.format(_DDOTS),
                                   dots.format('...')]) + '\n'
        for r in _range(nrows - n, nrows):
            text += _row_str(fmt, row(r), indent, n)
    elif wide:
        for r in _range(nrows):
            text += _row_str(fmt, row(r), indent, n)
    elif tall:
        width = len(_row_str(fmt, row(0), ''))
        for r in _range(n):
            text += _row_str(fmt, row(r), indent)
        text += '{:^{}}\n'.format(_VDOTS, width)
        for r in _range(nrows - n, nrows):
            text += _row_str(fmt, row(r), indent)
    else:
        for r in _range(nrows):
            text += _row_str(fmt, row(r), indent)
    return text


def _slice_indices(sizes, summarise, edge):
    """Walk the indices of the leading dimensions (`sizes`), last one fastest, like an odometer.

    Yields (index, skipped, restarted): `skipped[d]` tells that dimension d just jumped over its
    middle (summarised output), `restarted[d]` that it just wrapped back to 0."""
    index = [0] * len(sizes)
    index[-1] = -1
    while True:
        skipped = [False] * len(sizes)
        restarted = [False] * len(sizes)
        for d in _range(len(sizes) - 1, -1, -1):
            index[d] += 1
            if summarise and index[d] == edge and sizes[d] > 2 * edge:
                index[d] = sizes[d] - edge
                skipped[d] = True
            if index[d] < sizes[d]:
                break
            if d == 0:
                return
            index[d] = 0
            restarted[d] = True
        yield tuple(index), skipped, restarted


def _tensor_str(values, sizes):
    """Body of a tensor with more than two dimensions, whose shown values are `values`: its
    trailing 2-D slices, one after the other, each under a header naming its leading indices,
    e.g. '(1 ,0 ,.,.) = '."""
    n = PRINT_OPTS.edgeitems
    nrows, ncols = sizes[-2], sizes[-1]
    full_matrix = ncols <= 2 * n and nrows <= 2 * n
    fmt = _choose_format(values, 0 if full_matrix else 3)
    numel = 1
    for size in sizes:
        numel *= size
    summarise = _summarised(numel)
    matrix_size = _shown_size(nrows, summarise) * _shown_size(ncols, summarise)

    label_width = max(2, max(len(str(size)) for size in sizes))
    label = '{:^%d}' % label_width
    marker = '{:^%d}' % (label_width + 1)

    leading = sizes[:-2]
    text = ''
    for index, skipped, restarted in _slice_indices(leading, summarise, n):
        if summarise:
            if any(skipped):
                text += ''.join(marker.format('...' if s else '') for s in skipped) + '\n'
            if any(restarted):
                text += ' ' + ''.join(marker.format(_VDOTS if r else '') for r in restarted) + '\n'
        if text:
            text += '\n'
        text += '({},.,.) = \n'.format(','.join(label.format(i) for i in index))
        start = 0
        for i, size in zip(index, leading):
            start = start * _shown_size(size, summarise) + _shown_index(i, size, summarise)
        text += _matrix_str(values, start * matrix_size, nrows, ncols, ' ', fmt, summarise)
    return text


def _str(self):
    """The full text of a tensor, as repr() and str() show it."""
    name = torch_early.typename(self)
    if self.dim() == 0 or self.numel() == 0:
        return '[{} with no dimension]\n'.format(name)
    sizes = list(self.size())
    summarised = _summarised(self.numel())
    values = _flat_values(_shown_part(self, summarised) if summarised else self)
    if len(sizes) == 1:
        body = _vector_str(values, sizes[0])
    elif len(sizes) == 2:
        body = _matrix_str(values, 0, sizes[0], sizes[1])
    else:
        body = _tensor_str(values, sizes)
    return '\n' + body + '[{} of size {}]\n'.format(name, 'x'.join(str(s) for s in sizes))
