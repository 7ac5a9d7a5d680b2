"""The plugins: one module per concern of the generated code, and the hooks they implement.

A plugin subclasses Plugin and overrides the hooks it needs. process_declarations runs once over
all declarations; process_wrapper and process_option run while one wrapper is written and fill in
the pieces below (the generator lays them out); wrap_emitted may guard the finished text.
all_plugins() gives the plugins in the order their hooks run.
"""

from dataclasses import dataclass, field
from typing import List


class Plugin:
    """Every hook defaults to doing nothing."""

    def process_declarations(self, declarations):
        """Returns the declarations, rewritten (more of them, more or fewer options...)."""
        return declarations

    def process_wrapper(self, declaration, code):
        """Adds lines to code.prologue / code.epilogue (a WrapperCode)."""

    def process_option(self, declaration, option, code):
        """Fills in this plugin's part of one option's OptionCode."""

    def wrap_emitted(self, declaration, text):
        """Returns the text of the wrapper (or of its method-table entry), possibly guarded."""
        return text


@dataclass
class Resource:
    """Something acquired after the type checks that must be let go if a later step fails: a
    result tensor the wrapper allocates, a THLongStorage unpacked from a size tuple."""
    acquire: str                # a declaration with its initialiser
    failed: str                 # C condition: the acquisition failed (a Python error is set)
    release: str                # the statement that lets it go
    then: List[str] = field(default_factory=list)   # lines to run once it is acquired
    keep: bool = False          # lives on after success (it is returned) instead of being released


@dataclass
class OptionCode:
    """The pieces of one option's block, in the order they run."""
    comment: str
    count_check: str = ''                                  # a cheap test of the argument count
    bindings: List[str] = field(default_factory=list)      # PyObject *py_x = ...;
    checks: List[str] = field(default_factory=list)        # joined with &&
    unpacks: List[str] = field(default_factory=list)       # Python values -> C values
    resources: List[Resource] = field(default_factory=list)
    frame_locals: List[str] = field(default_factory=list)  # declared next to the error frame
    on_error: List[str] = field(default_factory=list)      # TH raised: undo before raising
    before_call: List[str] = field(default_factory=list)
    call_prefix: List[str] = field(default_factory=list)
    call_expression: str = ''                              # THTensor_(cadd)(result, self, ...)
    call: str = ''                                         # the statement made of it
    call_suffix: List[str] = field(default_factory=list)
    after_call: List[str] = field(default_factory=list)
    returns: List[str] = field(default_factory=list)


@dataclass
class WrapperCode:
    """Lines before the option blocks (keyword parsing) and after them (no option matched)."""
    prologue: List[str] = field(default_factory=list)
    epilogue: List[str] = field(default_factory=list)


def substitute(template, values):
    """Replaces each $name in template by values[name] (longer names first: $arg10 before $arg1)."""
    for name in sorted(values, key=len, reverse=True):
        template = template.replace('$' + name, values[name])
    return template


def all_plugins():
    """The plugins, in the order their hooks run."""
    from . import (argcount_sort, before_after_call, defined_if, generator_arguments,
                   gil_release, invalid_arguments, kwargs, optional_arguments, output_arguments,
                   return_values, stateless, type_checks)
    return [
        type_checks.TypeChecks(),
        stateless.Stateless(),
        output_arguments.OutputArguments(),
        optional_arguments.OptionalArguments(),
        generator_arguments.GeneratorArguments(),
        argcount_sort.ArgcountSort(),
        kwargs.Kwargs(),
        before_after_call.BeforeAfterCall(),
        gil_release.GILRelease(),
        return_values.ReturnValues(),
        invalid_arguments.InvalidArguments(),
        defined_if.DefinedIf(),
    ]
