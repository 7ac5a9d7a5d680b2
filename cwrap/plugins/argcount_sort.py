"""Option order: the options that take more arguments are tried first.

Each option is matched on its exact argument count, so the order only decides which of two
options with the same count and compatible types wins, and the order of signatures in messages
and docstrings. Longest first, otherwise in declaration order (the sort is stable). out= is not
counted, so that an option with out= stays next to the same option without it.
"""

from . import Plugin


class ArgcountSort(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            declaration.options.sort(key=lambda option: -len(
                [arg for arg in option.python_arguments() if not arg.output]))
        return declarations
