"""before_call / after_call: C snippets run just before and just after the TH call.

Both run inside the error frame with the GIL held, so a snippet may check something with
THArgCheck (a failure becomes a RuntimeError) or call any TH function. In a snippet, $argN is
the C value of argument N of the option (counting every argument, as `argument N` does).
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
