"""The two commands of cwrap.

  python -m cwrap generate <root.cwrap> <out.c>
      writes the wrappers for root.cwrap (and what it includes) to out.c, only if they changed;
      for a THNN header (lib/THNN/generic/THNN.h), the THNN bindings
  python -m cwrap show <name> [--type Float] [--root <root.cwrap>]... [--header <THNN.h>]
      prints the wrappers generated for one method (and name_, and its function form) by the
      dense and the sparse declarations, optionally with the generic names expanded for one
      dtype, and the THNN bindings of that name (Abs_updateOutput, FloatAbs_updateOutput)

`show` reads torch_early's declarations: the generic/ folder and lib/THNN/generic/THNN.h of the
checkout this cwrap lives in, or, where torch_early is installed, the copies that were installed
with cwrap (cwrap/declarations/...). Both hold the same files, so both print the same C.
"""

import argparse
import os
import sys

from .generator import generate
from .parser import CwrapError
from . import thnn
from .show import DTYPES, expand, thnn_wrappers_for, wrappers_for

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
    command = commands.add_parser('generate', help='write the C file for a .cwrap root file or '
                                                   'a THNN header')
    command.add_argument('root', help='the root .cwrap file, e.g. generic/TensorMethods.cwrap, or '
                                      'the THNN header lib/THNN/generic/THNN.h')
    command.add_argument('out', help='the C file to write')
    command = commands.add_parser('show', help='print the C generated for one method')
    command.add_argument('name', help='a method name, e.g. add')
    command.add_argument('--type', choices=sorted(DTYPES),
                         help='expand the generic names for this dtype')
    command.add_argument('--root', action='append',
                         help='a root .cwrap file (default: torch_early\'s '
                              'generic/TensorMethods.cwrap and generic/SparseTensorMethods.cwrap)')
    command.add_argument('--header', help='the THNN header whose bindings are searched too '
                                          '(default: torch_early\'s lib/THNN/generic/THNN.h)')
    options = arguments.parse_args(argv)

    try:
        if options.command == 'generate':
            write = thnn.generate if options.root.endswith('.h') else generate
            if write(options.root, options.out):
                print('cwrap: wrote %s' % options.out)
            return 0
        texts = wrappers_for(options.root or default_roots(), options.name)
        if options.type:
            texts = [expand(text, options.type) for text in texts]
        if options.type is None or options.type in thnn.FLOAT_TYPES:
            texts += thnn_wrappers_for(options.header or thnn.default_header(), options.name,
                                       options.type)
    except CwrapError as error:
        print('cwrap: error: %s' % error, file=sys.stderr)
        return 1
    if not texts:
        print('cwrap: nothing is generated for %r' % options.name, file=sys.stderr)
        return 1
    print('\n'.join(texts), end='')
    return 0


if __name__ == '__main__':
    sys.exit(main())
