"""`Variable._torch`: what a function-style call does when a Variable decides its type.

`torch_early.mm(v, w)`, `torch_early.sigmoid(v)`, `torch_early.cat([v, w], 1)`: the C dispatcher
finds a Variable among the arguments and calls the attribute of the same name here. As in 2017, a
function is the method of its first argument: `torch_early.div(v, 2)` is `v.div(2)`. A first
argument that is not a Variable is a TypeError (`torch_early.div(2, v)` has no method to stand
for, as it has none for tensors), never the method of a later Variable with the arguments out of
order. The few functions whose first argument is not the Variable to work on are written out.
"""

from .variable import Variable


def _package():
    """The package's name as the program imports it ('torch' under torch_early.as_torch)."""
    from .. import _C
    return _C._public_name()


class _VariableFunctions(object):

    def __getattr__(self, name):
        if name.startswith('_') or not hasattr(Variable, name):
            raise AttributeError(name)

        def function(*args, **kwargs):
            if kwargs.get('out') is not None:
                raise TypeError("{}.{}: out= is not supported for Variables".format(
                    _package(), name))
            kwargs.pop('out', None)
            if not args or not isinstance(args[0], Variable):
                got = type(args[0]).__name__ if args else 'no positional argument'
                raise TypeError("{package}.{0}() of Variables takes the Variable to work on "
                                "first (as v.{0}(...) does), but got {1}".format(
                                    name, got, package=_package()))
            return getattr(args[0], name)(*args[1:], **kwargs)
        function.__name__ = name
        return function

    @staticmethod
    def cat(sequence, dim=0):
        from ._functions import Concat
        return Concat(dim)(*sequence)

    @staticmethod
    def pow(base, exponent):
        """pow(v, exponent) or pow(number, v): a number may come first, as for tensors."""
        if isinstance(base, Variable):
            return base.pow(exponent)
        return exponent.__rpow__(base)

    @staticmethod
    def normal(means, std=1):
        from ._functions import Normal
        if isinstance(std, Variable):
            return Normal()(means, std)
        return Normal(std)(means)

    # The BLAS add-forms put their scales around the tensor to add, as the tensor functions do:
    # addmm(M, m1, m2), addmm(beta, M, m1, m2), addmm(beta, M, alpha, m1, m2) are
    # M.addmm(m1, m2), M.addmm(beta, m1, m2), M.addmm(beta, alpha, m1, m2).

    @staticmethod
    def addmm(*args):
        return _blas_function('addmm', 'mat1, mat2', args)

    @staticmethod
    def addbmm(*args):
        return _blas_function('addbmm', 'batch1, batch2', args)

    @staticmethod
    def baddbmm(*args):
        return _blas_function('baddbmm', 'batch1, batch2', args)

    @staticmethod
    def addmv(*args):
        return _blas_function('addmv', 'mat, vec', args)

    @staticmethod
    def addr(*args):
        return _blas_function('addr', 'vec1, vec2', args)


def _blas_function(name, operands, args):
    if len(args) == 3:
        added, method_args = args[0], args[1:]
    elif len(args) == 4:
        added, method_args = args[1], args[:1] + args[2:]
    elif len(args) == 5:
        added, method_args = args[1], (args[0], args[2]) + args[3:]
    else:
        raise TypeError("{package}.{0}() takes (tensor, {1}), (beta, tensor, {1}) or (beta, "
                        "tensor, alpha, {1}), but got {2} arguments".format(
                            name, operands, len(args), package=_package()))
    if not isinstance(added, Variable):
        raise TypeError("{}.{}() expects a Variable as the tensor to add, but got "
                        "{}".format(_package(), name, type(added).__name__))
    return getattr(added, name)(*method_args)
