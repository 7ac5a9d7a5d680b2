"""Shared helpers of the tensor tests: the dtypes, their classes and NumPy twins, and the memory
layouts an operand can have.

- ALL_DTYPES names every tensor type; DTYPES those with math (Half only stores and converts);
  INTEGER_DTYPES, SIGNED_DTYPES and FLOAT_DTYPES are parts of DTYPES.
- NUMPY gives each dtype's NumPy dtype; tensor_class('Float') is torch_early.FloatTensor and
  storage_class('Float') torch_early.FloatStorage; as_numpy(tensor, name) reads a tensor back;
  small_values(rows, cols) is a sample of small distinct values that every dtype holds.
- laid_out(name, values, layout) builds a tensor of dtype `name` holding the 2-D `values` (a NumPy
  array or nested lists) in one of LAYOUTS: 'contiguous'; 'transposed' (a column-major view);
  'narrowed' (a window of a larger tensor whose other elements hold 99); 'expanded' (stride 0 down
  the rows, so every row is values[0]). expected_values(values, layout) is what that tensor holds,
  and make(name, layout, values) is laid_out that also changes `values` to it, so that `values`
  stays the reference.
"""
import numpy

import torch_early

ALL_DTYPES = ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double', 'Half']
DTYPES = ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double']   # Half has no math
INTEGER_DTYPES = ['Byte', 'Char', 'Short', 'Int', 'Long']
SIGNED_DTYPES = ['Char', 'Short', 'Int', 'Long', 'Float', 'Double']
FLOAT_DTYPES = ['Float', 'Double']
NUMPY = {'Byte': numpy.uint8, 'Char': numpy.int8, 'Short': numpy.int16, 'Int': numpy.int32,
         'Long': numpy.int64, 'Float': numpy.float32, 'Double': numpy.float64,
         'Half': numpy.float16}
LAYOUTS = ['contiguous', 'transposed', 'narrowed', 'expanded']


def tensor_class(name):
    return getattr(torch_early, name + 'Tensor')


def storage_class(name):
    return getattr(torch_early, name + 'Storage')


def as_numpy(tensor, name=None):
    """The tensor's values as a NumPy array: of dtype `name`'s twin, or as NumPy guesses it."""
    return numpy.array(tensor.tolist(), dtype=NUMPY[name] if name else None)


def small_values(rows, cols, start=0):
    """A rows x cols array of small distinct values: (start + k) % 50."""
    return (numpy.arange(rows * cols).reshape(rows, cols) + start) % 50


def laid_out(name, values, layout):
    """A tensor holding `values` in `layout`, checked to hold them and to really be laid out so
    (a test that passes has then seen the strided paths). `values` is left as it is."""
    cls = tensor_class(name)
    rows = values.tolist() if isinstance(values, numpy.ndarray) else values
    height, width = len(rows), len(rows[0])
    if layout == 'contiguous':
        tensor = cls(rows)
    elif layout == 'transposed':
        tensor = cls([list(column) for column in zip(*rows)]).t()
    elif layout == 'narrowed':
        tensor = cls(height + 2, width + 3).fill_(99).narrow(0, 1, height).narrow(1, 2, width)
        tensor.copy_(cls(rows))
    else:
        assert layout == 'expanded'
        tensor = cls(rows[:1]).expand(height, width)
        assert tensor.stride(0) == 0
    assert tensor.is_contiguous() == (layout == 'contiguous')
    held = expected_values(numpy.array(rows, dtype=NUMPY[name]), layout)
    assert tensor.tolist() == held.tolist()
    return tensor


def expected_values(values, layout):
    """The NumPy array that laid_out(name, values, layout) holds: for 'expanded' the first row in
    every row, otherwise `values` itself."""
    values = numpy.asarray(values)
    return numpy.tile(values[:1], (values.shape[0], 1)) if layout == 'expanded' else values


def make(name, layout, values):
    """laid_out(name, values, layout), with the NumPy array `values` changed to what the tensor
    holds."""
    tensor = laid_out(name, values, layout)
    values[:] = expected_values(values, layout)
    return tensor
