"""A fuzzed call as data, and as the one line of Python that reproduces it.

The generator (calls.py) builds a Call; the worker runs `render(call)`; the parent, which never
imports torch_early, reads Calls back as dicts and shrinks a crashing one (`smaller_calls`) by
plain text surgery on its parts. Every name a rendered line uses is defined by PRELUDE.
"""
import re
from dataclasses import asdict, dataclass, field
from typing import List

# What every call may use. A report prints it above a reproducer; the corpus files spell it out.
PRELUDE = """\
import io
import numpy
import torch_early
import torch_early.nn.functional as F
from torch_early.autograd import Variable
from torch_early.legacy import nn as legacy_nn
from torch_early._thnn import _THNN, type2backend
inf = float('inf')
nan = float('nan')


def attribute(obj, name, default):
    value = getattr(obj, name, None)
    return default if value is None else value
"""


@dataclass
class Step:
    """One statement before the call: `name = expr`. `plain` is a simpler expression for the same
    kind of operand (a contiguous tensor of ones, ...), which the reducer tries in its place.
    A step whose name starts with '_', or is not a name (`d3[7] = 0`), is run for its effect."""
    name: str
    expr: str
    plain: str = ''

    @property
    def for_effect(self):
        return self.name.startswith('_') or not self.name.isidentifier()


@dataclass
class Call:
    family: str                 # 'tensor', 'function', 'sparse', 'functional', 'autograd', ...
    target: str                 # what is fuzzed, e.g. 'IntTensor.fmod_' or 'F.max_pool2d'
    steps: List[Step] = field(default_factory=list)
    function: str = ''          # the callee as an expression: 't0.fmod_'
    args: List[str] = field(default_factory=list)           # positional arguments, as text
    kwargs: List[List[str]] = field(default_factory=list)   # [keyword, text] pairs
    after: List[str] = field(default_factory=list)  # statements run on the result `r`
    big: bool = False           # asked for a huge size: a MemoryError is then a fine answer


def call_text(call):
    """`function(args, k=v)` as text."""
    parts = list(call.args) + ['%s=%s' % (key, value) for key, value in call.kwargs]
    return '%s(%s)' % (call.function, ', '.join(parts))


def render(call):
    """The call as one line of Python (statements joined by '; ') that PRELUDE's names make
    runnable: the steps, then the call (assigned to `r` when statements follow it)."""
    statements = ['%s = %s' % (step.name, step.expr) for step in call.steps]
    if call.after:
        statements.append('r = ' + call_text(call))
        statements.extend(call.after)
    else:
        statements.append(call_text(call))
    return '; '.join(statements)


def as_dict(call):
    return asdict(call)


def from_dict(record):
    record = dict(record)
    record['steps'] = [Step(**step) for step in record['steps']]
    return Call(**record)


# ---- shrinking ----------------------------------------------------------------------------

def _uses(text, name):
    return re.search(r'\b%s\b' % re.escape(name), text) is not None


def without_unused_steps(call):
    """The call without the steps that nothing after them mentions (a step run for its effect,
    like shrinking a storage, is kept)."""
    steps = list(call.steps)
    changed = True
    while changed:
        changed = False
        for position, step in enumerate(steps):
            if step.for_effect:
                continue
            later = [s.expr for s in steps[position + 1:]] + [call_text(call)] + call.after
            if not any(_uses(text, step.name) for text in later):
                del steps[position]
                changed = True
                break
    return Call(**dict(vars(call), steps=steps))


def smaller_calls(call):
    """Candidates one edit smaller than `call`, simplest edits first: a statement after the call
    left out, a keyword argument left out, the last positional argument left out, a step run
    for its effect left out, an operand made plain. The reducer keeps the first that still fails the same way, and asks again."""
    candidates = []
    for position in range(len(call.after)):
        candidates.append(dict(vars(call), after=call.after[:position] + call.after[position + 1:]))
    for position in range(len(call.kwargs)):
        candidates.append(dict(vars(call), kwargs=call.kwargs[:position] + call.kwargs[position + 1:]))
    if call.args:
        candidates.append(dict(vars(call), args=call.args[:-1]))
    for position, step in enumerate(call.steps):
        if step.for_effect:
            candidates.append(dict(vars(call), steps=call.steps[:position] + call.steps[position + 1:]))
        elif step.plain and step.plain != step.expr:
            steps = list(call.steps)
            steps[position] = Step(step.name, step.plain, '')
            candidates.append(dict(vars(call), steps=steps))
    return [without_unused_steps(Call(**candidate)) for candidate in candidates]
