"""Size arguments as tuples: a layer takes kernel_size=3 or kernel_size=(3, 2); _pair(3) is
(3, 3) and _pair((3, 2)) stays (3, 2)."""

import collections.abc


def _ntuple(n):
    def parse(x):
        if isinstance(x, collections.abc.Iterable):
            return tuple(x)
        return (x,) * n
    return parse


_single = _ntuple(1)
_pair = _ntuple(2)
_triple = _ntuple(3)
_quadruple = _ntuple(4)
