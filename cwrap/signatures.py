"""How an option is written for people: (float value, torch_early.FloatTensor other).

These strings go into the TypeError that lists the accepted signatures when no option matches,
and into the docstrings of the method tables. Positional arguments come first as `type name`,
then keyword-only ones as `name=type` (results as `out=type`). Names that differ per dtype are C
macros (RealStr, THPTensorStr), so a signature is a list of pieces, plain text or Macro, that
c_string turns into adjacent C literals: "(" RealStr " value, " THPTensorStr " other)".
"""

from .plugins.type_checks import TYPES, Macro


def python_type(arg):
    if arg.long_args:
        return 'int ...'
    return TYPES[arg.type].python


def python_signature(option):
    """The pieces of '(float value, torch_early.FloatTensor other)' for one option."""
    arguments = option.python_arguments()
    positional = [arg for arg in arguments if arg.position is not None]
    keyword = [arg for arg in arguments if arg.position is None and arg.out_index is None]
    in_out_tuple = [arg for arg in arguments if arg.out_index is not None]

    parts = [[python_type(arg), ' ' + arg.name] for arg in positional]
    parts += [[arg.keyword + '=', python_type(arg)] for arg in keyword]
    if in_out_tuple:
        tuple_parts = ['out=(']
        for index, arg in enumerate(in_out_tuple):
            tuple_parts += ([', '] if index else []) + [python_type(arg)]
        parts.append(tuple_parts + [')'])

    pieces = ['(']
    for index, part in enumerate(parts):
        pieces += ([', '] if index else []) + part
    return pieces + [')']


def all_signatures(declaration):
    """The distinct signatures of a declaration's options, in option order."""
    seen = []
    for option in declaration.options:
        pieces = python_signature(option)
        if pieces not in seen:
            seen.append(pieces)
    return seen


def c_string(pieces):
    """Adjacent C literals and macros:
    ['(', Macro('RealStr'), ' value)'] -> "(" RealStr " value)"."""
    out = []
    text = ''
    for piece in pieces:
        if isinstance(piece, Macro):
            if text:
                out.append(_literal(text))
                text = ''
            out.append(str(piece))
        else:
            text += piece
    if text or not out:
        out.append(_literal(text))
    return ' '.join(out)


def _literal(text):
    return '"%s"' % text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n')


def c_comment(option):
    """The option in C terms, for the comment above its block: (real value, THTensor* other)."""
    arguments = option.python_arguments()
    parts = []
    for arg in arguments:
        if arg.long_args:
            parts.append('%s ...%s' % (arg.type, arg.name))
        elif arg.position is not None:
            parts.append('%s %s' % (arg.type, arg.name))
    parts += ['%s=%s' % (arg.keyword, arg.type) for arg in arguments if arg.position is None]
    return '(%s)' % ', '.join(parts)
