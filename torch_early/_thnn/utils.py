"""torch_early._thnn.utils: THNN's API header, read at run time, for code that builds Python
functions from it (the era's nn Functions were generated that way).

    for function in parse_header(THNN_H_PATH):
        function.name                  # 'Abs_updateOutput'
        function.arguments             # [Argument(type='THNNState*', name='state', is_optional=False), ...]

The parser is cwrap's (cwrap/thnn.py), the one the bindings are generated with; the header is the
checkout's lib/THNN/generic/THNN.h, or where torch_early is installed the copy installed with
cwrap.
"""
from cwrap.thnn import Argument, Function, default_header, parse_header

THNN_H_PATH = default_header()

__all__ = ['Argument', 'Function', 'THNN_H_PATH', 'parse_header']
