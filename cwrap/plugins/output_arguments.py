"""Result tensors: arguments marked `output: True`, like the r_ that TH functions take first.

The caller may choose them, x.add(2, out=r) or torch_early.max(x, 1, out=(v, i)); otherwise the
wrapper allocates them: an empty tensor of the right class that TH resizes. Either way one option
serves: the last of its checks is the result helper of the output's type,

    THPTensor_(result)(&call, 0)

which takes the tensor given as out= (or item 0 of an out= tuple) when its type is right, or,
when out= was not given, a new empty tensor that the call owns: released if TH raises, otherwise
handed to the caller by return_values. Then the result is unpacked like any tensor:

    THTensor *result = THPTensor_(CData)(call.result[0]);
"""

from . import Plugin, substitute
from .type_checks import TYPES, declared


class OutputArguments(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            for option in declaration.options:
                outputs = [arg for arg in option.arguments if arg.output]
                for index, arg in enumerate(outputs):
                    arg.kind = 'output'
                    arg.out_index = index
        return declarations

    def process_option(self, declaration, option, code):
        for arg in option.arguments:
            if arg.kind != 'output':
                continue
            thp = TYPES[arg.type]
            code.checks.append('%s(&call, %d)' % (thp.result, arg.out_index))
            code.unpacks.append((declared(thp.ctype, arg.name), substitute(
                thp.unpack, {'arg': 'call.result[%d]' % arg.out_index})))
