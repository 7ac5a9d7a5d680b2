"""defined_if: a C preprocessor condition on a declaration, for what exists only for some dtypes.

normal_ needs TH_REAL_IS_FLOAT or TH_REAL_IS_DOUBLE: both its wrapper and its method-table entry
are put between #if <condition> and #endif, so the other dtypes compile neither.
"""

from . import Plugin


class DefinedIf(Plugin):

    def wrap_emitted(self, declaration, text):
        if not declaration.defined_if:
            return text
        condition = ' '.join(str(declaration.defined_if).split())
        return '#if %s\n%s#endif\n' % (condition, text)
