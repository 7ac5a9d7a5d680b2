"""The two commands of cwrap.

  python -m cwrap generate <root.cwrap> <out.c>
      writes the wrappers for root.cwrap (and what it includes) to out.c, only if they changed
  python -m cwrap show <name> [--type Float] [--root <root.cwrap>]...
      prints the wrappers generated for one method (and name_, and its function form) by the
      dense and the sparse declarations, optionally with the generic names expanded for one dtype

`show` reads torch_early's declarations: the generic/ folder of the checkout this cwrap lives in,
or, where torch_early is installed, the copy that was installed with cwrap
(cwrap/declarations/generic/...). Both hold the same files, so both print the same C.
"""

import argparse
import os
import sys

from .generator import generate
from .parser import CwrapError
from .show import DTYPES, expand, wrappers_for

HERE = os.path.dirname(os.path.abspath(__file__))
CHECKOUT_GENERIC = os.path.join(os.path.dirname(HERE), 'generic')
INSTALLED_GENERIC = os.path.join(HERE, 'declarations', 'generic')
# The declarations of the dense tensor types, then those of the sparse ones.
ROOT_FILES = ['TensorMethods.cwrap', 'SparseTensorMethods.cwrap']


def default_roots():
    """The root declaration files of torch_early: the checkout's when cwrap runs from one, else the
    copies installed with cwrap. (When neither exists, the error names the checkout's.)"""
    folder = CHECKOUT_GENERIC
    if os.path.isdir(INSTALLED_GENERIC) and not os.path.isdir(CHECKOUT_GENERIC):
        folder = INSTALLED_GENERIC
    return [os.path.join(folder, name) for name in ROOT_FILES]


def main(argv=None):
    arguments = argparse.ArgumentParser(prog='python -m cwrap',
                                        description='Generates the C wrappers of tensor methods.')
    commands = arguments.add_subparsers(dest='command', required=True)
    command = commands.add_parser('generate', help='write the C file for a .cwrap root file')
    command.add_argument('root', help='the root .cwrap file, e.g. generic/TensorMethods.cwrap')
    command.add_argument('out', help='the C file to write')
    command = commands.add_parser('show', help='print the C generated for one method')
    command.add_argument('name', help='a method name, e.g. add')
    command.add_argument('--type', choices=sorted(DTYPES),
                         help='expand the generic names for this dtype')
    command.add_argument('--root', action='append',
                         help='a root .cwrap file (default: torch_early\'s '
                              'generic/TensorMethods.cwrap and generic/SparseTensorMethods.cwrap)')
    options = arguments.parse_args(argv)

    try:
        if options.command == 'generate':
            if generate(options.root, options.out):
                print('cwrap: wrote %s' % options.out)
            return 0
        texts = wrappers_for(options.root or default_roots(), options.name)
    except CwrapError as error:
        print('cwrap: error: %s' % error, file=sys.stderr)
        return 1
    if not texts:
        print('cwrap: nothing is generated for %r' % options.name, file=sys.stderr)
        return 1
    text = '\n'.join(texts)
    print(expand(text, options.type) if options.type else text, end='')
    return 0


if __name__ == '__main__':
    sys.exit(main())
