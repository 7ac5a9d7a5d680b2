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
        """Fills in this plugin's part of the wrapper around the options (a WrapperCode)."""

    def process_option(self, declaration, option, code):
        """Fills in this plugin's part of one option's OptionCode."""

    def wrap_emitted(self, declaration, text):
        """Returns the text of the wrapper (or of its method-table entry), possibly guarded."""
        return text


@dataclass
class OptionCode:
    """The pieces of one option's block, in the order they run:

        /* comment */
        if (<checks, the first one binding the caller's values>) {
          <unpacks: declaration = value;>
          THPCall_enterTH(&call, <elements, added up>);
          <before_call> <call> <after_call>
          <returns>
        }
    """
    comment: str
    checks: List[str] = field(default_factory=list)        # joined with &&
    unpacks: List[tuple] = field(default_factory=list)     # (C declaration, value) pairs
    elements: List[str] = field(default_factory=lambda: ['0'])  # input elements, for the GIL
    before_call: List[str] = field(default_factory=list)
    call_expression: str = ''                              # THTensor_(cadd)(result, self, ...)
    call: str = ''                                         # the statement made of it
    after_call: List[str] = field(default_factory=list)
    returns: List[str] = field(default_factory=list)


@dataclass
class WrapperCode:
    """What surrounds the option blocks: the keywords the wrapper accepts (for THPCall_begin),
    the unpacking of the receiver, and what comes after the options (no option matched)."""
    keywords: List[str] = field(default_factory=list)
    prologue: List[str] = field(default_factory=list)
    epilogue: List[str] = field(default_factory=list)


def substitute(template, values):
    """Replaces each $name in template by values[name] (longer names first: $arg10 before $arg1)."""
    for name in sorted(values, key=len, reverse=True):
        template = template.replace('$' + name, values[name])
    return template


def all_plugins():
    """The plugins, in the order their hooks run."""
    from . import (argcount_sort, before_after_call, binding, defined_if, generator_arguments,
                   gil_release, invalid_arguments, optional_arguments, output_arguments,
                   return_values, stateless, type_checks)
    return [
        type_checks.TypeChecks(),
        stateless.Stateless(),
        output_arguments.OutputArguments(),
        optional_arguments.OptionalArguments(),
        generator_arguments.GeneratorArguments(),
        argcount_sort.ArgcountSort(),
        binding.Binding(),
        before_after_call.BeforeAfterCall(),
        gil_release.GILRelease(),
        return_values.ReturnValues(),
        invalid_arguments.InvalidArguments(),
        defined_if.DefinedIf(),
    ]
