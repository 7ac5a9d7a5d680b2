"""Why `import torch_early` found no C extension, in words a newcomer can act on.

torch_early/__init__.py imports `_C` first; when that fails, it asks this module whether the
package folder lacks a `_C` this Python can load (never built, or built for another Python) and,
if so, raises an ImportError with the message below instead of Python's own, which for a package
that imports itself reads as a circular import. Most often the folder is a source checkout's,
found first because Python runs from the checkout's root.
"""
import importlib.machinery
import os
import platform
import sys


def loadable_extension(package_folder):
    """The file name of a `_C` in `package_folder` that this Python can load, or None."""
    names = os.listdir(package_folder)
    return next((name for name in ('_C' + suffix
                                   for suffix in importlib.machinery.EXTENSION_SUFFIXES)
                 if name in names), None)


def extensions_for_other_pythons(package_folder):
    """The `_C` files in `package_folder` built for other Pythons (other ABI tags)."""
    return sorted(name for name in os.listdir(package_folder)
                  if name.startswith('_C.') and name.endswith(('.so', '.pyd', '.dylib')))


def this_python():
    return '%s %d.%d, which loads %s' % (platform.python_implementation(), sys.version_info[0],
                                         sys.version_info[1],
                                         '_C' + importlib.machinery.EXTENSION_SUFFIXES[0])


def missing_extension_message(package_folder):
    """What to tell the user when `_C` did not import from `package_folder`; None when a `_C`
    this Python can load is there (then the error is of another kind and speaks for itself)."""
    if loadable_extension(package_folder) is not None:
        return None
    others = extensions_for_other_pythons(package_folder)
    if others:
        state = ('has no C extension _C built for this Python (%s), only for another: %s'
                 % (this_python(), ', '.join(others)))
    else:
        state = 'has no C extension _C: it has not been built'
    checkout = os.path.dirname(package_folder)
    if not os.path.exists(os.path.join(checkout, 'setup.py')):
        return ('torch_early at %s %s. Install torch_early again with this Python '
                '(python -m pip install <a checkout of torch_early>).' % (package_folder, state))
    return '\n'.join([
        'torch_early was imported from the source checkout at %s, whose torch_early folder %s.'
        % (checkout, state),
        'Either build it in place, with this Python, from %s:' % checkout,
        '    python setup.py build_ext --inplace     (or: pip install -e .)',
        'or run Python from another folder, so that the installed torch_early is found '
        'instead of this checkout.'])
