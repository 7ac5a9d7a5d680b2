"""Draw the graph autograd recorded: `to_dot(variable)` gives Graphviz DOT text, `to_svg(variable)`
the picture Graphviz draws from it. The walk starts at `variable.creator` and follows every
Function's `previous_functions` back to the leaves, the same edges the engine (engine.py) follows.

What a drawing shows:
- a box per Function: its class name, the sizes of the tensors it saved for backward ("saved"),
  and of the other tensors it keeps in its own attributes ("buffers": THNN's scratch tensors, the
  ones vector of Linear...). After a backward without retain_variables the saved tensors are gone
  ("saved: freed"); the buffers stay until the Function dies;
- an ellipse per leaf Variable: its name in `params` (if there) and its size; a leaf that
  requires grad is filled;
- an arrow per input, in the direction of the forward pass; when the producer has several
  outputs the arrow says which one.

A Function or leaf reached along several paths is one node. A Function whose inputs need no
gradient is drawn dashed: the engine never visits it. A volatile computation records no graph
at all, so its result is drawn as a single leaf.
"""

import shutil

from .function import Function
from .variable import Variable


def to_dot(variable, params=None):
    """DOT text of the graph that made `variable`. `params` maps names to leaf Variables (a dict,
    or pairs such as `module.named_parameters()`); other leaves are labelled by size alone. The
    same graph always gives the same text: nodes are numbered in forward order."""
    if not isinstance(variable, Variable):
        raise TypeError("to_dot expects a Variable, but got {}".format(type(variable).__name__))
    names = _leaf_names(params)
    nodes = _forward_order(variable.creator if variable.creator is not None else variable)
    ids = {id(node): 'n{}'.format(i) for i, node in enumerate(nodes)}
    lines = [
        'digraph autograd {',
        '    node [fontname="Helvetica", fontsize=11];',
    ]
    for node in nodes:
        lines.append('    {} [{}];'.format(ids[id(node)], _node_attributes(node, names)))
    for node in nodes:
        if isinstance(node, Variable):
            continue
        for prev, output_nr in node.previous_functions:
            edge = '    {} -> {}'.format(ids[id(prev)], ids[id(node)])
            if isinstance(prev, Function) and prev.num_outputs > 1:
                edge += ' [label="output {}"]'.format(output_nr)
            lines.append(edge + ';')
    lines.append('}')
    return '\n'.join(lines) + '\n'


def to_svg(variable, params=None):
    """The graph of `to_dot(variable, params)` drawn by Graphviz, as SVG text. Needs the `graphviz`
    Python package (the `graph` extra of torch_early) and Graphviz's `dot` program."""
    dot_text = to_dot(variable, params)
    try:
        import graphviz
    except ImportError:
        raise RuntimeError('to_svg needs the graphviz Python package: pip install graphviz (in '
                           'a checkout, pip install -e ".[graph]" installs it) and Graphviz\'s dot '
                           'program, from your system\'s graphviz package; to_dot works without '
                           'them') from None
    if shutil.which('dot') is None:
        raise RuntimeError("to_svg needs Graphviz's dot program on the PATH: install Graphviz "
                           "(the graphviz package of your system, or graphviz.org); to_dot works "
                           "without it")
    return graphviz.Source(dot_text).pipe(format='svg').decode('utf-8')


def _leaf_names(params):
    """{id(leaf): name} from a mapping or iterable of (name, Variable) pairs."""
    if params is None:
        return {}
    pairs = params.items() if hasattr(params, 'items') else params
    names = {}
    for name, var in pairs:
        if not isinstance(var, Variable):
            raise TypeError("to_dot: params must map names to Variables, but {!r} is a {}".format(
                name, type(var).__name__))
        names[id(var)] = str(name)
    return names


def _forward_order(root):
    """Every node reachable from `root` (a Function, or a Variable with no creator), each once,
    inputs before the Functions that use them. Iterative, so a long graph (an unrolled RNN) does
    not hit the recursion limit."""
    order = []
    done = set()
    stack = [(root, False)]
    while stack:
        node, inputs_done = stack.pop()
        if id(node) in done:
            continue
        if inputs_done or isinstance(node, Variable):
            done.add(id(node))
            order.append(node)
            continue
        stack.append((node, True))
        # pushed in reverse, so that the first input is numbered first
        for prev, _ in reversed(node.previous_functions):
            if id(prev) not in done:
                stack.append((prev, False))
    return order


def _node_attributes(node, names):
    if isinstance(node, Variable):
        label = [_size_text(node.data)]
        if id(node) in names:
            label.insert(0, names[id(node)])
        style = 'style=filled, fillcolor="#cfe2f3"' if node.requires_grad else 'style=dashed'
        return 'label="{}", shape=ellipse, {}'.format(_escape('\n'.join(label)), style)
    label = [type(node).__name__] + _tensor_lines(node)
    style = 'style=filled, fillcolor="#f3f3f3"' if node.requires_grad else 'style=dashed'
    return 'label="{}", shape=box, {}'.format(_escape('\n'.join(label)), style)


def _tensor_lines(fn):
    """The "saved: ..." and "buffers: ..." lines of a Function's label."""
    lines = []
    saved = [entry[0] for entry in fn.saved_variables or () if entry is not None]
    if saved:
        lines.append('saved: ' + ', '.join(_size_text(t) for t in saved))
    elif fn._buffers_freed:
        lines.append('saved: freed')
    buffers = [_size_text(t) for t in _buffer_tensors(fn, saved)]
    if buffers:
        lines.append('buffers: ' + ', '.join(buffers))
    return lines


# What Function itself keeps (saved tensors and the graph's bookkeeping): not buffers.
_FUNCTION_FIELDS = frozenset(name for name in vars(Function) if not name.startswith('__'))


def _buffer_tensors(fn, saved):
    """The tensors a Function holds in attributes of its own (alone, or in lists, tuples and
    dicts), by attribute name: what a subclass kept for its backward besides the saved tensors."""
    import torch_early
    found = []
    seen = set(id(t) for t in saved)

    def collect(value):
        if torch_early.is_tensor(value):
            if id(value) not in seen:
                seen.add(id(value))
                found.append(value)
        elif isinstance(value, (list, tuple)):
            for item in value:
                collect(item)
        elif isinstance(value, dict):
            for key in sorted(value, key=str):
                collect(value[key])

    attributes = getattr(fn, '__dict__', {})
    for name in sorted(attributes):
        if name not in _FUNCTION_FIELDS:
            collect(attributes[name])
    return found


def _size_text(tensor):
    sizes = list(tensor.size())
    return 'x'.join(str(s) for s in sizes) if sizes else 'empty'


def _escape(text):
    """A DOT string body: quotes and backslashes escaped, newlines as \\n (centred lines)."""
    return text.replace('\\', '\\\\').replace('"', '\\"').replace('\n', '\\n')
