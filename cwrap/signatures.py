"""How an option is written for people: (float value, torch_early.FloatTensor other).

These strings make the docstrings of the method tables (see docstring below), whose last
paragraph is also what the TypeError lists when no option matches (csrc/Call.c reads it there).
Positional arguments come first as `type name`, then keyword-only ones as `name=type` (results as
`out=type`); a nullable one is followed by `or None`. An option with results gives two
signatures: with out=, then without (the wrapper allocates them). Names that differ per dtype
are C macros (RealStr, THPTensorStr), so a signature is a list of pieces, plain text or Macro,
that c_string turns into adjacent C literals:
"(" RealStr " value, " THPTensorStr " other)".
"""

import textwrap

from .plugins.type_checks import TYPES, Macro


def python_type(arg):
    if arg.long_args:
        return 'int ...'
    return TYPES[arg.type].python


def python_signature(option, with_out):
    """The pieces of '(float value, torch_early.FloatTensor other)' for one option, with its
    results given as out= or not."""
    arguments = [arg for arg in option.arguments
                 if arg.kind == 'python' or (with_out and arg.kind == 'output')]
    outputs = [arg for arg in arguments if arg.kind == 'output']
    positional = [arg for arg in arguments if arg.position is not None and arg.kind == 'python']
    keyword = [arg for arg in arguments if arg not in positional
               and (arg.kind == 'python' or len(outputs) == 1)]

    parts = [[python_type(arg), ' ' + arg.name + _or_none(arg)] for arg in positional]
    parts += [[('out' if arg.kind == 'output' else arg.keyword) + '=', python_type(arg),
               _or_none(arg)] for arg in keyword]
    if len(outputs) > 1:
        tuple_parts = ['out=(']
        for index, arg in enumerate(outputs):
            tuple_parts += ([', '] if index else []) + [python_type(arg)]
        parts.append(tuple_parts + [')'])

    pieces = ['(']
    for index, part in enumerate(parts):
        pieces += ([', '] if index else []) + part
    return pieces + [')']


def _or_none(arg):
    """' or None' after a nullable argument: (torch_early.FloatTensor bias or None)."""
    return ' or None' if arg.nullable else ''


def all_signatures(declaration):
    """The distinct signatures of a declaration's options, in option order."""
    seen = []
    for option in declaration.options:
        has_results = any(arg.kind == 'output' for arg in option.arguments)
        for with_out in ([True, False] if has_results else [False]):
            pieces = python_signature(option, with_out)
            if pieces not in seen:
                seen.append(pieces)
    return seen


def docstring(declaration):
    """The docstring of a wrapper, as lines of pieces: its `doc` text (what the operation
    computes), a blank line, then one line per signature, "add(" RealStr " value)". The
    signatures are always the last paragraph."""
    lines = [[line] for line in doc_lines(declaration.doc)]
    if lines:
        lines.append([''])
    return lines + [[declaration.python_name] + pieces for pieces in all_signatures(declaration)]


def doc_lines(doc, width=76):
    """The `doc` text as lines: each paragraph (they are separated by blank lines) filled to
    `width` columns, except those whose lines are indented (examples), which stay as written."""
    lines = []
    for paragraph in (doc or '').strip().split('\n\n'):
        if lines:
            lines.append('')
        written = [line.rstrip() for line in paragraph.strip('\n').split('\n')]
        if any(line.startswith(' ') for line in written):
            lines += written
        else:
            lines += textwrap.wrap(' '.join(written), width)
    return lines


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
    """The option in C terms, for the comment above its block: (real value, THTensor* other,
    out=THTensor*); out= may always be left out, the wrapper then allocates the result."""
    arguments = option.python_arguments()
    parts = []
    for arg in arguments:
        if arg.long_args:
            parts.append('%s ...%s' % (arg.type, arg.name))
        elif arg.position is not None:
            parts.append('%s %s%s' % (arg.type, arg.name, ' or NULL' if arg.nullable else ''))
    parts += ['%s=%s' % (arg.keyword, arg.type) for arg in arguments if arg.position is None]
    outputs = [arg.type for arg in option.arguments if arg.kind == 'output']
    if len(outputs) == 1:
        parts.append('out=%s' % outputs[0])
    elif outputs:
        parts.append('out=(%s)' % ', '.join(outputs))
    return '(%s)' % ', '.join(parts)
