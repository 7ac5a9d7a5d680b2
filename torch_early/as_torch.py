"""Run a 2017 PyTorch program unchanged, on torch_early:

    python -m torch_early.as_torch program.py [arguments...]

Inside the program, `import torch`, `import torch.nn as nn` or `from torch.autograd import
Variable` give torch_early and its submodules: the very same module objects, so that
`torch.FloatTensor is torch_early.FloatTensor`. The program sees the `sys.argv` and `__name__`
('__main__') it would see if run as `python program.py [arguments...]`.

With `--trust-checkpoints` before the program, torch_early.load trusts every file of the run (as
load(f, weights_only=False) does), so that a 2017 program that saves and loads a whole model of
its own classes runs unchanged; it sets TORCH_EARLY_TRUST_CHECKPOINTS=1, which its child
processes inherit. Use it only for files you trust: loading a file can then run its code.

`install()` sets up the same alias inside a running interpreter (for test harnesses).

`torch.__version__` then reads '0.1.12', the release whose behaviour torch_early follows, as a
2017 program testing it expects; torch_early's own version is kept in
torch_early.TORCH_EARLY_VERSION. `--release 0.1.6` (any of 0.1.6-0.1.12) runs a program written
for an earlier release with that release's rules where the releases disagree (_release.py); it
sets TORCH_EARLY_RELEASE, which child processes inherit.

Type names then say `torch.` as the era's did: x.type() == 'torch.FloatTensor', the printed
trailer [torch.FloatTensor of size 2x3], torch.Size([2, 3]), and the classes in error messages
(torch_early._set_public_name does it).

How: `sys.modules['torch']` is torch_early itself, and a finder placed first on `sys.meta_path`
answers every `torch.<sub>` import by importing `torch_early.<sub>` and handing back that module.
"""
import importlib
import importlib.abc
import importlib.util
import os
import sys

import torch_early
from torch_early import _release

_ALIAS = 'torch'
_REAL = 'torch_early'

_USAGE = ('usage: python -m torch_early.as_torch [--trust-checkpoints] [--release 0.1.N] '
          'program.py [arguments...]')
_TRUST_FLAG = '--trust-checkpoints'
_RELEASE_FLAG = '--release'


class _AliasLoader(importlib.abc.Loader):
    """Loads 'torch.<sub>' by returning the already imported module torch_early.<sub>."""

    def __init__(self, module):
        self._module = module
        self._spec = module.__spec__

    def create_module(self, spec):
        return self._module

    def exec_module(self, module):
        # The import system has just stamped the alias spec on the module; the module keeps its
        # own, so that it still knows itself as torch_early.<sub>.
        module.__spec__ = self._spec


class _TorchAliasFinder(importlib.abc.MetaPathFinder):
    """Finds 'torch' and 'torch.<sub>' as torch_early and torch_early.<sub>."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname != _ALIAS and not fullname.startswith(_ALIAS + '.'):
            return None
        real_name = _REAL + fullname[len(_ALIAS):]
        try:
            module = importlib.import_module(real_name)
        except ModuleNotFoundError as error:
            if error.name == real_name:
                return None   # the usual "No module named 'torch.<sub>'" follows
            raise
        return importlib.util.spec_from_loader(fullname, _AliasLoader(module))


def install():
    """Make `import torch` and `import torch.<sub>` give torch_early and its submodules, in this
    interpreter, from now on. Calling it again changes nothing.

    Raises ImportError when another `torch` is already imported: two libraries cannot both be
    'torch' in one interpreter."""
    current = sys.modules.get(_ALIAS)
    if current is not None and current is not torch_early:
        raise ImportError(
            "another 'torch' module is already imported ({!r}), so torch_early cannot stand in "
            "for it; run the program with 'python -m torch_early.as_torch program.py' instead"
            .format(getattr(current, '__file__', current)))
    if not any(isinstance(finder, _TorchAliasFinder) for finder in sys.meta_path):
        sys.meta_path.insert(0, _TorchAliasFinder())
    sys.modules[_ALIAS] = torch_early
    torch_early._set_public_name(_ALIAS)
    # A 2017 program tests torch.__version__ (the same module object): it reads the release
    # whose behaviour torch_early follows; torch_early's own stays in TORCH_EARLY_VERSION.
    torch_early.__version__ = _release.current()
    # Submodules imported before the alias existed get their 'torch.' names now.
    for name, module in list(sys.modules.items()):
        if name.startswith(_REAL + '.') and module is not None:
            sys.modules.setdefault(_ALIAS + name[len(_REAL):], module)


def main(argv=None):
    """Run the program named by argv[0] with the alias installed; returns an exit status."""
    argv = sys.argv[1:] if argv is None else list(argv)
    while argv and argv[0] in (_TRUST_FLAG, _RELEASE_FLAG):
        if argv[0] == _TRUST_FLAG:
            from .serialization import _TRUST_VARIABLE
            os.environ[_TRUST_VARIABLE] = '1'
            argv = argv[1:]
            continue
        if len(argv) < 2:
            print(_USAGE, file=sys.stderr)
            return 2
        try:
            _release.use(argv[1])
        except ValueError as error:
            print('torch_early.as_torch: {}'.format(error), file=sys.stderr)
            return 2
        os.environ[_release.VARIABLE] = argv[1]
        argv = argv[2:]
    if not argv or argv[0] in ('-h', '--help'):
        print(_USAGE, file=sys.stdout if argv else sys.stderr)
        return 0 if argv else 2
    program = argv[0]
    if not os.path.isfile(program):
        print("torch_early.as_torch: can't open file '{}'".format(program), file=sys.stderr)
        return 2
    install()
    import runpy
    sys.argv = argv
    # As for `python program.py`: the program's folder comes first on the import path.
    sys.path[0] = os.path.dirname(os.path.abspath(program))
    runpy.run_path(program, run_name='__main__')
    return 0


if __name__ == '__main__':
    # Run through the imported module torch_early.as_torch, not this '__main__' copy of it, so
    # that a later install() from the program finds the same finder class and stays idempotent.
    from torch_early import as_torch
    sys.exit(as_torch.main())
