"""Reading .cwrap files: C text with YAML declarations in it.

A declaration sits between two lines that are exactly `[[` and `]]`; a line `!!inc <path>` is
replaced by the file at <path> (relative to the including file); every other line is C text that
passes through to the generated file untouched.

parse(root) gives the whole file as a list of Text and Declaration items, in order. Declarations
come out normalised: each has a list of options (one per overload), every option carries the
declaration-level keys it does not set itself, and every argument is an Argument record.
"""

import os
from dataclasses import dataclass
from typing import List, Optional

import yaml


class CwrapError(Exception):
    """A mistake in a .cwrap file; the message names the file and the declaration."""


@dataclass
class Argument:
    """One argument of the TH call, in the order the TH function takes them.

    `kind` says where the value comes from:
      python    - given by the caller (positionally or by keyword), type-checked, unpacked
      self      - the tensor the method is called on
      constant  - a C expression: `CONSTANT <expr>`, or a left-out argument's default
      reference - `argument N`: the value of argument N again
      output    - a result: given as out= or allocated by the wrapper (output_arguments)
    """
    type: str                       # C type as TH sees it: 'THTensor*', 'real', 'long'...
    name: Optional[str] = None      # C name, also the keyword; None for CONSTANT and references
    default: Optional[str] = None   # C expression used when the caller leaves the argument out
    kwarg_only: bool = False
    output: bool = False            # a result tensor: given as out=, or allocated
    long_args: bool = False         # THSize*: all remaining positional ints, or one tuple
    kind: str = 'python'
    value: Optional[str] = None     # constants: the C expression
    ref: Optional[int] = None       # references: the index of the argument reused
    keyword: Optional[str] = None   # python kind: the keyword the caller may use
    position: Optional[int] = None  # python kind: index among positional arguments, if any
    out_index: Optional[int] = None  # outputs: the index among the option's results
    if_true: Optional[str] = None   # bool arguments: the C string TH gets for True ...
    if_false: Optional[str] = None  # ... and for False (LAPACK's 'U'/'L' flags)
    nullable: bool = False          # a pointer that may be given as None: TH gets NULL
    wrap_dim: Optional[str] = None  # int dimensions: the tensor argument whose dimensions a
                                    # negative value counts back from ('self', 'seq'); with
                                    # '+1' ('self+1') a position to insert one at (unsqueeze)

    @property
    def py_object(self):
        """The C local holding this argument's Python object."""
        return 'py_' + self.name


@dataclass
class Option:
    """One overload: the arguments it accepts and the TH call it makes."""
    arguments: List[Argument]
    cname: str
    returns: str
    before_call: Optional[str] = None
    after_call: Optional[str] = None
    sparse: bool = False            # the TH function is a THS one: THSTensor_(cname)

    def python_arguments(self):
        """The arguments the caller supplies, in TH order."""
        return [arg for arg in self.arguments if arg.kind == 'python']

    def c_value(self, arg):
        """The C expression that goes into the TH call for this argument."""
        if arg.kind == 'reference':
            return self.c_value(self.arguments[arg.ref])
        if arg.kind == 'constant' and arg.name is None:
            return arg.value
        if arg.if_true is not None:
            return '(%s ? "%s" : "%s")' % (arg.name, arg.if_true, arg.if_false)
        return arg.name


@dataclass
class Declaration:
    """One [[ ]] block. After the plugins have run, one declaration is one C wrapper."""
    name: str                        # base of the C wrapper name
    python_name: str                 # name in the method table
    options: List[Option]
    source: str                      # the .cwrap file it was written in, for comments
    defined_if: Optional[str] = None
    with_stateless: bool = False
    only_stateless: bool = False
    release_gil: bool = True         # False: the call does no work per element, keep the GIL
    stateless: bool = False          # this is the function form, torch_early.<name>(...)
    sparse: bool = False             # a method of the sparse types: THSPTensor_(name)
    doc: Optional[str] = None        # what the operation computes, for its docstring
    origin: int = 0                  # index of its [[ ]] block among the parsed items
    module: Optional[str] = None     # a function of this module (torch_early._thnn._THNN: the
                                     # THNN bindings, cwrap/thnn.py), not a tensor method


@dataclass
class Text:
    """C text that passes through verbatim."""
    text: str


DECLARATION_KEYS = {'name', 'python_name', 'cname', 'return', 'arguments', 'options',
                    'defined_if', 'with_stateless', 'only_stateless', 'before_call',
                    'after_call', 'release_gil', 'sparse', 'doc'}
OPTION_KEYS = {'cname', 'return', 'arguments', 'before_call', 'after_call', 'sparse'}
ARGUMENT_KEYS = {'arg', 'default', 'kwarg_only', 'output', 'long_args', 'if_true', 'if_false',
                 'nullable', 'wrap_dim'}


def parse(root_path):
    """Reads root_path and the files it includes; returns [Text | Declaration, ...].

    Declarations name their file relative to the folder above the root file's folder, so
    generic/TensorMethods.cwrap and generic/methods/TensorMath.cwrap keep those names wherever
    the command runs.
    """
    name_base = os.path.dirname(os.path.dirname(os.path.abspath(root_path)))
    items = []
    _read(os.path.abspath(root_path), name_base, items, including=[])
    for origin, item in enumerate(items):
        if isinstance(item, Declaration):
            item.origin = origin
    return items


def _read(path, name_base, items, including):
    if path in including:
        raise CwrapError('%s includes itself (through %s)' % (path, ' -> '.join(including)))
    shown = os.path.relpath(path, name_base).replace(os.sep, '/')
    try:
        with open(path, encoding='utf-8') as f:
            lines = f.read().splitlines(keepends=True)
    except OSError as e:
        raise CwrapError('cannot read %s: %s' % (shown, e.strerror))

    text = []
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.rstrip('\r\n')
        if stripped == '[[':
            end = i + 1
            while end < len(lines) and lines[end].rstrip('\r\n') != ']]':
                end += 1
            if end == len(lines):
                raise CwrapError('%s:%d: "[[" without a closing "]]"' % (shown, i + 1))
            _flush(text, items)
            body = ''.join(lines[i + 1:end])
            items.append(_declaration(body, shown, i + 1))
            i = end + 1
        elif stripped.startswith('!!inc '):
            _flush(text, items)
            target = stripped[len('!!inc '):].strip()
            _read(os.path.join(os.path.dirname(path), target), name_base, items,
                  including + [path])
            i += 1
        else:
            text.append(line)
            i += 1
    _flush(text, items)


def _flush(text, items):
    if text:
        items.append(Text(''.join(text)))
        text.clear()


def _declaration(body, source, line):
    where = '%s:%d' % (source, line)
    try:
        raw = yaml.safe_load(body)
    except yaml.YAMLError as e:
        raise CwrapError('%s: invalid YAML: %s' % (where, e))
    if not isinstance(raw, dict) or 'name' not in raw:
        raise CwrapError('%s: a declaration is a YAML map with at least a name' % where)
    name = str(raw['name'])
    where = '%s: declaration %s' % (source, name)
    _check_keys(raw, DECLARATION_KEYS, where)

    inherited = {key: raw[key] for key in OPTION_KEYS if key in raw}
    raw_options = raw.get('options', [{}])
    if not isinstance(raw_options, list) or not raw_options:
        raise CwrapError('%s: options must be a non-empty list' % where)
    options = []
    for raw_option in raw_options:
        _check_keys(raw_option, OPTION_KEYS, where + ' (option)')
        merged = dict(inherited, **raw_option)
        arguments = [_argument(a, where) for a in merged.get('arguments', [])]
        for argument in arguments:
            if argument.kind == 'reference' and not 0 <= argument.ref < len(arguments):
                raise CwrapError('%s: "argument %d" does not exist' % (where, argument.ref))
        options.append(Option(arguments=arguments,
                              cname=str(merged.get('cname', name)),
                              returns=str(merged.get('return', 'void')),
                              before_call=merged.get('before_call'),
                              after_call=merged.get('after_call'),
                              sparse=bool(merged.get('sparse', False))))

    return Declaration(name=name,
                       python_name=str(raw.get('python_name', name)),
                       options=options,
                       source=source,
                       defined_if=raw.get('defined_if'),
                       release_gil=bool(raw.get('release_gil', True)),
                       sparse=bool(raw.get('sparse', False)),
                       doc=_doc(raw.get('doc'), where),
                       with_stateless=bool(raw.get('with_stateless', False)),
                       only_stateless=bool(raw.get('only_stateless', False)))


def _doc(doc, where):
    if doc is not None and not isinstance(doc, str):
        raise CwrapError('%s: doc is a text, got %r' % (where, doc))
    return doc


def _check_keys(raw, allowed, where):
    if not isinstance(raw, dict):
        raise CwrapError('%s: expected a YAML map, got %r' % (where, raw))
    unknown = sorted(set(raw) - allowed)
    if unknown:
        raise CwrapError('%s: unknown key(s) %s' % (where, ', '.join(unknown)))


def _argument(raw, where):
    """'THTensor* other', 'CONSTANT 1', 'argument 0', or a map {arg: ..., <attributes>}."""
    attributes = {}
    if isinstance(raw, dict):
        _check_keys(raw, ARGUMENT_KEYS, where + ' (argument)')
        if 'arg' not in raw:
            raise CwrapError('%s: an argument map needs an "arg"' % where)
        attributes = raw
        raw = raw['arg']
    text = str(raw).strip()

    if text.startswith('CONSTANT '):
        argument = Argument(type='CONSTANT', kind='constant', value=text[len('CONSTANT '):].strip())
    elif text.startswith('argument '):
        try:
            index = int(text[len('argument '):])
        except ValueError:
            raise CwrapError('%s: bad argument reference %r' % (where, text))
        argument = Argument(type='argument', kind='reference', ref=index)
    else:
        parts = text.replace('*', '* ').split()
        if len(parts) < 2:
            raise CwrapError('%s: an argument is "<type> <name>", got %r' % (where, text))
        ctype, name = ''.join(parts[:-1]), parts[-1]
        argument = Argument(type=ctype, name=name, kind='self' if name == 'self' else 'python')

    if 'default' in attributes:
        argument.default = _c_expression(attributes['default'])
    argument.kwarg_only = bool(attributes.get('kwarg_only', False))
    argument.output = bool(attributes.get('output', False))
    argument.long_args = bool(attributes.get('long_args', False))
    argument.nullable = bool(attributes.get('nullable', False))
    if argument.nullable and not argument.type.endswith('*'):
        raise CwrapError('%s: %r: only a pointer can be nullable' % (where, text))
    if 'wrap_dim' in attributes:
        argument.wrap_dim = str(attributes['wrap_dim']).replace(' ', '')
        if argument.type != 'int':
            raise CwrapError('%s: %r: wrap_dim is for an int dimension' % (where, text))
    if ('if_true' in attributes) != ('if_false' in attributes) or (
            'if_true' in attributes and argument.type != 'bool'):
        raise CwrapError('%s: %r: if_true and if_false go together, on a bool' % (where, text))
    if 'if_true' in attributes:
        argument.if_true = str(attributes['if_true'])
        argument.if_false = str(attributes['if_false'])
    if argument.kind != 'python' and (argument.default is not None or argument.kwarg_only
                                      or argument.output or argument.long_args
                                      or argument.nullable or argument.wrap_dim):
        raise CwrapError('%s: %r takes no attributes' % (where, text))
    return argument


def _c_expression(value):
    """A YAML scalar as C: True/False become 1/0, and YAML's null (how YAML reads NULL) NULL."""
    if value is None:
        return 'NULL'
    if isinstance(value, bool):
        return '1' if value else '0'
    return str(value)


def declarations(items):
    """The Declaration items of a parsed file."""
    return [item for item in items if isinstance(item, Declaration)]
