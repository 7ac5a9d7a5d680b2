"""The dtypes and memory layouts that the tests of tensor operations run over.

`make(name, layout, values)` builds a tensor of dtype `name` (e.g. 'Float') holding the 2-D NumPy
array `values` in one of LAYOUTS: 'contiguous'; 'transposed' (a column-major view); 'narrowed' (a
window of a larger tensor whose other elements hold 99); 'expanded' (stride 0 down the rows, so
every row is values[0] — `values` is changed to match, so that it stays the reference).
"""
import numpy

import torch_early

DTYPES = ['Byte', 'Char', 'Short', 'Int', 'Long', 'Float', 'Double']   # Half has no math
FLOAT_DTYPES = ['Float', 'Double']
NUMPY = {'Byte': numpy.uint8, 'Char': numpy.int8, 'Short': numpy.int16, 'Int': numpy.int32,
         'Long': numpy.int64, 'Float': numpy.float32, 'Double': numpy.float64}
LAYOUTS = ['contiguous', 'transposed', 'narrowed', 'expanded']


def tensor_class(name):
    return getattr(torch_early, name + 'Tensor')


def make(name, layout, values):
    cls = tensor_class(name)
    rows, cols = values.shape
    if layout == 'contiguous':
        return cls(values.tolist())
    if layout == 'transposed':
        return cls(values.T.tolist()).t()
    if layout == 'narrowed':
        window = cls(rows + 2, cols + 3).fill_(99).narrow(0, 1, rows).narrow(1, 2, cols)
        window.copy_(cls(values.tolist()))
        return window
    values[:] = values[0]
    return cls(values[0:1].tolist()).expand(rows, cols)
