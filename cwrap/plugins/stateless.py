"""Function-form twins: `with_stateless: True` also makes torch_early.add(a, b), and
`only_stateless: True` makes only that.

The twin is a wrapper of its own, THPTensor_stateless_(add), listed in the stateless table (the
methods of the namespace object that torch_early.add dispatches to, through a's class). Its
receiver is gone: the first `self` argument becomes an ordinary checked argument named `source`
(any repeat of it reuses that value), `return: self` returns that argument, and the output
arguments become available as out= (see output_arguments).
"""

import copy

from . import Plugin


class Stateless(Plugin):

    def process_declarations(self, declarations):
        result = []
        for declaration in declarations:
            if not declaration.only_stateless:
                result.append(declaration)
            if declaration.with_stateless or declaration.only_stateless:
                result.append(self._twin(declaration))
        return result

    @staticmethod
    def _twin(declaration):
        twin = copy.deepcopy(declaration)
        twin.stateless = True
        for option in twin.options:
            source_index = None
            for index, arg in enumerate(option.arguments):
                if arg.kind != 'self':
                    continue
                if source_index is None:
                    arg.kind, arg.name = 'python', 'source'
                    source_index = index
                else:
                    option.arguments[index] = type(arg)(type='argument', kind='reference',
                                                        ref=source_index)
            if option.returns == 'self' and source_index is not None:
                option.returns = 'argument %d' % source_index
        return twin
