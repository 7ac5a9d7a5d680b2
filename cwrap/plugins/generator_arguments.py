"""Generators: x.uniform_(g, 0, 1) and torch_early.rand(g, 2, 3), or generator=g anywhere.

A `THGenerator*` argument is declared in its TH place (after the result, before the operands), so
the caller may pass it there, positionally, as the era's wrappers took it. Code written later
names it instead (x.uniform_(0, 1, generator=g)), which a positional argument cannot allow once
values follow it. So every option in which a generator is given gets a twin where it is keyword-
only, listed first in messages as the form most code uses; the option where it is left out
(the default generator) is untouched.

Runs after optional_arguments, which has already made the variants with and without it.
"""

import copy

from . import Plugin


class GeneratorArguments(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            options = []
            for option in declaration.options:
                generators = [arg for arg in option.python_arguments()
                              if arg.type == 'THGenerator*' and not arg.kwarg_only]
                if generators:
                    twin = copy.deepcopy(option)
                    for arg in twin.python_arguments():
                        if arg.type == 'THGenerator*':
                            arg.kwarg_only = True
                    options.append(twin)
                options.append(option)
            declaration.options = options
        return declarations
