"""Keyword arguments: a.add(other=b), x.uniform_(0, 1, generator=g), torch_early.add(a, b, out=r).

Under METH_FASTCALL | METH_KEYWORDS the keyword values follow the positional ones in `args` and
their names are in the `kwnames` tuple. The prologue sorts them into one kw_<name> slot per
keyword the wrapper knows (an unknown keyword is a TypeError), and only runs when keywords were
given, so a.add(b) pays nothing for it. An option then counts positional and keyword values
together, and takes its i-th positional argument from args[i] when the caller passed more than i
positional values, from its keyword slot otherwise; keyword-only arguments come from their slot.
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
    return names


class Kwargs(Plugin):

    def process_wrapper(self, declaration, code):
        names = keyword_names(declaration)
        if not names:
            code.prologue += [
                'if (kwnames != NULL && PyTuple_GET_SIZE(kwnames) != 0) {',
                '  PyErr_SetString(PyExc_TypeError, "%s() takes no keyword arguments");'
                % declaration.python_name,
                '  return NULL;',
                '}',
                '',
            ]
            return
        code.prologue += ['PyObject *kw_%s = NULL;' % name for name in names]
        code.prologue += [
            'Py_ssize_t argcount = nargs;',
            '',
            'if (kwnames != NULL) {',
            '  Py_ssize_t i;',
            '  for (i = 0; i < PyTuple_GET_SIZE(kwnames); i++) {',
            '    PyObject *key = PyTuple_GET_ITEM(kwnames, i);',
        ]
        for index, name in enumerate(names):
            code.prologue += [
                '    %sif (PyUnicode_CompareWithASCIIString(key, "%s") == 0) {'
                % ('} else ' if index else '', name),
                '      kw_%s = args[nargs + i];' % name,
            ]
        code.prologue += [
            '    } else {',
            '      PyErr_Format(PyExc_TypeError,',
            '                   "%s() got an unexpected keyword argument \'%%U\'", key);'
            % declaration.python_name,
            '      return NULL;',
            '    }',
            '  }',
            '  argcount += PyTuple_GET_SIZE(kwnames);',
            '}',
            '',
        ]

    def process_option(self, declaration, option, code):
        if not keyword_names(declaration):
            return
        arguments = option.python_arguments()
        positional = [arg for arg in arguments if arg.position is not None]
        keyword_only = [arg for arg in arguments if arg.position is None]
        bound_from_keywords = list(keyword_only)

        if positional and positional[-1].long_args:
            # The sizes take every positional value; the keywords are the keyword-only ones.
            keyword_count = option.python_argument_count() - len(positional)
            code.count_check = 'nargs >= %d && argcount - nargs == %d' % (len(positional),
                                                                          keyword_count)
        else:
            code.count_check = 'argcount == %d' % option.python_argument_count()
            code.bindings = ['PyObject *%s = nargs > %d ? args[%d] : kw_%s;'
                             % (arg.py_object, arg.position, arg.position, arg.keyword)
                             for arg in positional]
            bound_from_keywords = positional + keyword_only
        for arg in keyword_only:
            code.bindings.append('PyObject *%s = %s;'
                                 % (arg.py_object, _keyword_value(option, arg)))
        if bound_from_keywords:
            code.checks.insert(0, ' && '.join(arg.py_object for arg in bound_from_keywords))


def _keyword_value(option, arg):
    """kw_<name>, or for one of several results, its item of the out= tuple."""
    slot = 'kw_' + arg.keyword
    if arg.out_index is None:
        return slot
    size = len([a for a in option.python_arguments() if a.out_index is not None])
    is_tuple = '%s && PyTuple_Check(%s) && PyTuple_GET_SIZE(%s) == %d' % (slot, slot, slot, size)
    return '%s ? PyTuple_GET_ITEM(%s, %d) : NULL' % (is_tuple, slot, arg.out_index)
