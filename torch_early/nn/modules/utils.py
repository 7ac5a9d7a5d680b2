"""Size arguments as tuples: a layer takes kernel_size=3 or kernel_size=(3, 2); _pair(3) is
(3, 3) and _pair((3, 2)) stays (3, 2). _check_sizes: the sizes a layer is built from."""

import collections.abc
import numbers


def _ntuple(n):
    def parse(x):
        # the common cases first: an int or a tuple (the Iterable check is an ABC's, slow on
        # a path taken several times per layer call)
        kind = type(x)
        if kind is int:
            return (x,) * n
        if kind is tuple:
            return x
        if isinstance(x, collections.abc.Iterable):
            return tuple(x)
        return (x,) * n
    return parse


_single = _ntuple(1)
_pair = _ntuple(2)
_triple = _ntuple(3)
_quadruple = _ntuple(4)


def _check_sizes(module, **sizes):
    """Each size a layer is built from (features, channels, kernel sizes, strides...), and each
    number of one given as a tuple, must be a whole number of at least 1: a TypeError otherwise,
    or a ValueError, naming the argument (a 0 would divide by zero when the weights are drawn,
    or make an empty weight)."""
    for name, value in sizes.items():
        for size in value if isinstance(value, tuple) else (value,):
            if isinstance(size, bool) or not isinstance(size, numbers.Integral):
                raise TypeError("{}: {} must be a whole number, but got {}".format(
                    type(module).__name__, name, type(size).__name__))
            if size < 1:
                raise ValueError("{}: {} must be at least 1, but got {}".format(
                    type(module).__name__, name, value))
