"""Result tensors: arguments marked `output: True`, like the r_ that TH functions take first.

The caller may choose them, x.add(2, out=r) or torch_early.max(x, 1, out=(v, i)), so each option
comes in two variants: one where out= gives the result (a tuple when there are several), checked
like any other argument, and one where the wrapper allocates it: an empty tensor of the right
class, THPTensor_(NewEmpty)(), that TH resizes. An allocated result is released if TH raises,
and otherwise handed to the caller by return_values.
"""

import copy

from . import Plugin, Resource, substitute
from .type_checks import TYPES, declared


class OutputArguments(Plugin):

    def process_declarations(self, declarations):
        for declaration in declarations:
            options = []
            for option in declaration.options:
                outputs = [arg for arg in option.arguments if arg.output]
                if outputs:
                    given = copy.deepcopy(option)
                    given_outputs = [arg for arg in given.arguments if arg.output]
                    for index, arg in enumerate(given_outputs):
                        arg.kwarg_only = True
                        arg.keyword = 'out'
                        if len(given_outputs) > 1:
                            arg.out_index = index
                    options.append(given)
                for arg in outputs:
                    arg.kind = 'allocated'
                options.append(option)
            declaration.options = options
        return declarations

    def process_option(self, declaration, option, code):
        for arg in option.arguments:
            if arg.kind != 'allocated':
                continue
            thp = TYPES[arg.type]
            code.resources.append(Resource(
                acquire='PyObject *volatile %s = %s;' % (arg.py_object, thp.new_empty),
                failed='%s == NULL' % arg.py_object,
                release='Py_DECREF(%s);' % arg.py_object,
                then=['%s = %s;' % (declared(thp.ctype, arg.name),
                                    substitute(thp.unpack, {'arg': arg.py_object}))],
                keep=True))
