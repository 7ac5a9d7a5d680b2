"""Which release of the 0.1 line torch_early behaves as, where the releases disagree.

torch_early follows v0.1.12, the last release of the 0.1 line, unless the user asks for an
earlier one: the environment variable TORCH_EARLY_RELEASE (read at import; worker processes
inherit it), `python -m torch_early.as_torch --release 0.1.6 program.py`, or `use(...)`.
Releases 0.1.6 to 0.1.9 (January and February 2017) had these rules, which v0.1.10 changed:

    a leaf's .grad         zeros, made on first reading       None until a backward reaches it
    x.detach()'s creator   a NoGrad node                      None (a new leaf)
    Variable == Variable   identity (no comparison operators) element-wise, a ByteTensor Variable
    copy.copy(tensor)      a copy of the elements             a new tensor on the same storage
    bool(one element)      ambiguous (RuntimeError)           the truth of the element
    a Variable sent to     with its gradient, shared          without its gradient
      another process
    TensorDataset rows     a 1-element tensor for a 1-D       a number
                           tensor (batches N x 1)             (1-D batches)

Everything else is the same in both. docs/conformance.md lists each rule with the tests of each
release that check it.
"""
import os

# The release whose behaviour torch_early follows by default.
LATEST = '0.1.12'
SUPPORTED = tuple('0.1.{}'.format(minor) for minor in range(6, 13))
VARIABLE = 'TORCH_EARLY_RELEASE'

_current = LATEST


def use(release):
    """Behave as `release` ('0.1.6' ... '0.1.12') from now on, in this process."""
    global _current
    if release not in SUPPORTED:
        raise ValueError("unknown release {!r}: torch_early follows one of {}".format(
            release, ', '.join(SUPPORTED)))
    _current = release


def current():
    """The release torch_early behaves as: '0.1.12' unless the user chose another."""
    return _current


def before_0_1_10():
    """Whether the January 2017 rules apply (releases 0.1.6-0.1.9)."""
    return int(_current.split('.')[2]) < 10


def _from_environment():
    release = os.environ.get(VARIABLE)
    if release:
        try:
            use(release)
        except ValueError as error:
            raise ValueError("{} is set to {!r}: {}".format(VARIABLE, release, error)) from None


_from_environment()
