"""before_call / after_call: C snippets run just before and just after the TH call.

Both run inside the wrapper's error frame, once THPCall_enterTH has run: they may check
something with THArgCheck (a failure becomes a RuntimeError naming the argument whose number it
gives, counting the TH call's arguments from 1) or call any TH function, but they may run without
the GIL, so they must not touch Python objects. In a snippet, $argN is the C value of argument N
of the option (counting every argument from 0, as `argument N` does).
"""

from . import Plugin, substitute


class BeforeAfterCall(Plugin):

    def process_option(self, declaration, option, code):
        values = {'arg%d' % index: option.c_value(arg)
                  for index, arg in enumerate(option.arguments)}
        for snippet, lines in ((option.before_call, code.before_call),
                               (option.after_call, code.after_call)):
            if snippet:
                lines += substitute(snippet.strip(), values).split('\n')
