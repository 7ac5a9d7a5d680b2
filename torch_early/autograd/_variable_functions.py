"""`Variable._torch`: what a function-style call does when a Variable decides its type.

`torch_early.mm(v, w)`, `torch_early.sigmoid(v)`, `torch_early.cat([v, w], 1)`: the C dispatcher
finds a Variable among the arguments and calls the attribute of the same name here. Most functions
are the method of their first Variable argument, called with the other arguments in order
(`torch_early.addmm(M, m1, m2)` is `M.addmm(m1, m2)`); the few whose first argument is not the
Variable to work on are written out.
"""

from .variable import Variable


class _VariableFunctions(object):

    def __getattr__(self, name):
        if name.startswith('_') or not hasattr(Variable, name):
            raise AttributeError(name)

        def function(*args, **kwargs):
            if kwargs.get('out') is not None:
                raise TypeError("torch_early.{}: out= is not supported for Variables".format(name))
            kwargs.pop('out', None)
            for position, arg in enumerate(args):
                if isinstance(arg, Variable):
                    method = getattr(arg, name)
                    return method(*(args[:position] + args[position + 1:]), **kwargs)
            raise TypeError("torch_early.{} got no Variable to work on".format(name))
        function.__name__ = name
        return function

    @staticmethod
    def cat(sequence, dim=0):
        from ._functions import Concat
        return Concat(dim)(*sequence)

    @staticmethod
    def pow(base, exponent):
        if isinstance(base, Variable):
            return base.pow(exponent)
        return exponent.__rpow__(base)

    @staticmethod
    def normal(means, std=1):
        from ._functions import Normal
        if isinstance(std, Variable):
            return Normal()(means, std)
        return Normal(std)(means)
