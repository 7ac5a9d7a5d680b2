"""Which of the caller's values is which argument: a.add(b), a.add(other=b), x.uniform_(0, 1,
generator=g), torch_early.add(a, b, out=r), x.resize_(2, 3).

Under METH_FASTCALL | METH_KEYWORDS the keyword values follow the positional ones in `args` and
their names are in the `kwnames` tuple. THPCall_begin refuses a keyword that no option of the
wrapper knows (the list it gets from here). Each option then binds the values with the
argument-names string of its TH call (csrc/Exceptions.h), which also names the arguments in TH's
error messages:

    THPCall_bind(&call, 2, "out self value other")

takes the option's 2 Python arguments, value and other, positionally or by name, and an optional
out= for the result; with no keyword given it only compares counts. An option with a keyword-only
argument ("generator=") or one that takes the remaining positional values ("size...") calls
THPCall_bindGeneral(&call, names) instead. The bound values are call.arg[0], call.arg[1]...: the
option's Python arguments in TH order.
"""

from . import Plugin


def keyword_names(declaration):
    """Every keyword some option of the declaration accepts, in order of first appearance."""
    names = []
    for option in declaration.options:
        arguments = option.python_arguments()
        in_call_order = ([arg for arg in arguments if arg.position is not None]
                         + [arg for arg in arguments if arg.position is None])
        for arg in in_call_order:
            if arg.keyword is not None and arg.keyword not in names:
                names.append(arg.keyword)
        if any(arg.kind == 'output' for arg in option.arguments) and 'out' not in names:
            names.append('out')
    return names


def _word(option, arg):
    if arg.kind == 'self':
        return 'self'
    if arg.kind == 'output':
        return 'out'
    if arg.kind == 'python':
        return arg.name + ('...' if arg.long_args else '=' if arg.kwarg_only else '')
    if arg.kind == 'reference' and option.arguments[arg.ref].kind == 'self':
        return 'self'
    return '-'  # a constant, or a Python argument passed a second time


def argument_names(option):
    """The option's argument-names string: one word per argument of the TH call."""
    return ' '.join(_word(option, arg) for arg in option.arguments)


class Binding(Plugin):

    def process_wrapper(self, declaration, code):
        code.keywords = keyword_names(declaration)

    def process_option(self, declaration, option, code):
        arguments = option.python_arguments()
        names = argument_names(option)
        if any(arg.kwarg_only or arg.long_args for arg in arguments):
            bind = 'THPCall_bindGeneral(&call, "%s")' % names
        else:
            bind = 'THPCall_bind(&call, %d, "%s")' % (len(arguments), names)
        code.checks.insert(0, bind)
