"""Defaults: an argument with `default: <C expression>` may be left out.

Each option becomes one variant per subset of its defaulted arguments; a left-out argument turns
into a constant (a C local holding its default). That is how the historical positional-optional
scalars work: addmm([beta,] mat1, mat2) and addmm(beta, [alpha,] mat1, mat2).

Variants are made with more arguments present first and, among equals, earlier arguments
present first. Two variants the caller could not tell apart (same positional types, same
keyword-only arguments) would shadow each other: the later one then gets its present defaulted
arguments made keyword-only (mat.addmm(m1, m2, alpha=2)), or is dropped if that still collides.

A bool never takes the place of a left-out dimension: when an int or long argument is left out,
the bools after it are keyword-only in that variant, so x.topk(4, True) is a TypeError rather than
a call with largest=True (the first releases refused it too: True is not a dimension), while
x.topk(4, largest=False) and x.topk(4, 1, False) work.
"""

import copy
import itertools

from . import Plugin


def _caller_view(option):
    """What the caller sees of an option: positional types, and keyword-only names with types."""
    arguments = option.python_arguments()
    return (tuple(arg.type for arg in arguments if not arg.kwarg_only),
            frozenset((arg.keyword or arg.name, arg.type) for arg in arguments if arg.kwarg_only))


def _no_bool_for_a_dimension(variant, present, defaulted):
    """Makes keyword-only the present bools that follow a left-out int or long argument."""
    integer_left_out = False
    for index, arg in enumerate(variant.arguments):
        if index in defaulted and index not in present and arg.type in ('int', 'long'):
            integer_left_out = True
        elif integer_left_out and index in present and arg.type == 'bool':
            arg.kwarg_only = True


class OptionalArguments(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            options = []
            for option in declaration.options:
                options += self._variants(option)
            declaration.options = options
        return declarations

    @staticmethod
    def _variants(option):
        defaulted = [index for index, arg in enumerate(option.arguments)
                     if arg.kind == 'python' and arg.default is not None]
        if not defaulted:
            return [option]
        variants = []
        seen = set()
        for count in range(len(defaulted), -1, -1):
            for present in itertools.combinations(defaulted, count):
                variant = copy.deepcopy(option)
                for index in defaulted:
                    arg = variant.arguments[index]
                    if index not in present:
                        arg.kind, arg.value = 'constant', arg.default
                _no_bool_for_a_dimension(variant, present, defaulted)
                view = _caller_view(variant)
                if view in seen:
                    for index in present:
                        variant.arguments[index].kwarg_only = True
                    view = _caller_view(variant)
                    if view in seen:
                        continue
                seen.add(view)
                variants.append(variant)
        return variants
