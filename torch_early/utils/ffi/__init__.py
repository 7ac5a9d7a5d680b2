"""torch_early.utils.ffi: C extensions that work on torch_early tensors, built with cffi.

create_extension(name, headers, sources, ...) returns a cffi FFI whose build() compiles the
user's C files against TH's headers (installed with the package) into a Python package `name`;
its functions take and return torch_early tensors and storages (the C side sees THFloatTensor*
...), and a TH error inside them raises torch_early.FatalError instead of ending the process.
"""
import ctypes
import os
import shutil
import sys
import tempfile

try:
    import cffi
except ImportError:
    raise ImportError("torch_early.utils.ffi requires the cffi package (pip install cffi)")
if cffi.__version_info__ < (1, 4, 0):
    raise ImportError("torch_early.utils.ffi requires cffi >= 1.4, but got " + cffi.__version__)

import torch_early
from . import _guards
from ._wrap import _wrap_functions

__all__ = ['create_extension', 'compile_extension']


def _expose_th_symbols():
    """The user's extension calls TH functions that live in torch_early._C. Python loaded _C with
    its symbols private (RTLD_LOCAL); this reopens the loaded library (RTLD_NOLOAD: never a
    second copy) with RTLD_GLOBAL, so the dynamic loader resolves the extension's TH calls there.
    Done here, and not when torch_early is imported, so that only programs using C extensions
    share TH's names with the libraries they load."""
    mode = os.RTLD_NOW | os.RTLD_GLOBAL | getattr(os, 'RTLD_NOLOAD', 0)
    ctypes.CDLL(torch_early._C.__file__, mode=mode)


_expose_th_symbols()


def include_dirs():
    """The folders holding TH/TH.h: the headers installed with the package, or, in a source
    checkout built in place, the checkout's lib/."""
    package = os.path.dirname(os.path.abspath(torch_early.__file__))
    for folder in (os.path.join(package, 'lib', 'include'),
                   os.path.join(os.path.dirname(package), 'lib')):
        if os.path.exists(os.path.join(folder, 'TH', 'TH.h')):
            return [folder]
    raise RuntimeError("torch_early.utils.ffi: TH's headers are not installed with torch_early "
                       "(looked for TH/TH.h under {})".format(package))


_PACKAGE_TEMPLATE = '''\
"""The C extension {name}, built by torch_early.utils.ffi.create_extension: the functions of its
headers, taking and returning torch_early tensors and storages."""
from torch_early.utils.ffi import _wrap_functions
from .{module} import ffi as _ffi, lib as _lib

__all__ = _wrap_functions(globals(), _ffi, _lib, {functions!r})
'''


def _module_folder(base_path, fullname):
    """Creates base_path/<the dotted name as folders>, with an __init__.py in each parent folder
    that lacks one so the name imports as a package; returns (last part of the name, folder)."""
    parts = fullname.split('.')
    target_dir = os.path.join(base_path, *parts)
    os.makedirs(target_dir, exist_ok=True)
    for depth in range(1, len(parts)):
        init_file = os.path.join(base_path, *(parts[:depth] + ['__init__.py']))
        if not os.path.exists(init_file):
            open(init_file, 'a').close()
    return parts[-1], target_dir


def _read_headers(base_path, headers):
    source = ''
    for header in headers:
        with open(os.path.join(base_path, header), 'r') as f:
            source += f.read() + '\n\n'
    return source


def create_extension(name, headers, sources, verbose=True, with_cuda=False, package=False,
                     relative_to='.', **kwargs):
    """Prepares the extension `name` (a dotted name: 'pkg.mylib' is built into pkg/mylib/) from
    the C `headers` (a path or a list; the declarations Python may call) and `sources`, both
    relative to the folder of `relative_to`. Returns the cffi FFI, whose build() compiles it;
    the package's __init__.py, which wraps the functions, is written now. package=True names
    the compiled module by its full dotted name, for building within a package by setuptools.
    Further keyword arguments (include_dirs, libraries, extra_compile_args...) go to cffi's
    set_source."""
    if with_cuda:
        raise RuntimeError("create_extension(with_cuda=True): torch_early is not compiled with "
                           "CUDA (this build has no GPU library, THC)")
    base_path = os.path.abspath(os.path.dirname(relative_to))
    short_name, target_dir = _module_folder(base_path, name)
    module_name = '_' + short_name
    cffi_name = name + '.' + module_name if package else module_name
    if isinstance(headers, str):
        headers = [headers]
    header_source = _read_headers(base_path, headers)
    functions = _guards.read_functions(header_source)

    ffi = cffi.FFI()
    ffi.cdef(_guards.CDEF_TYPEDEFS + header_source + _guards.wrapper_cdef(functions))
    ffi.set_source(cffi_name,
                   '#include <TH/TH.h>\n' + header_source + _guards.wrapper_source(functions),
                   sources=[os.path.join(base_path, source) for source in sources],
                   include_dirs=include_dirs() + list(kwargs.pop('include_dirs', [])),
                   **kwargs)
    with open(os.path.join(target_dir, '__init__.py'), 'w') as f:
        f.write(_PACKAGE_TEMPLATE.format(
            name=name, module=module_name,
            functions=[(f.name, f.returns_value) for f in functions]))

    def build():
        _build(ffi, target_dir, verbose)

    ffi.build = build
    return ffi


def _build(ffi, target_dir, verbose):
    """Compiles in a temporary folder, then copies the library into target_dir."""
    tmpdir = tempfile.mkdtemp(prefix='torch_early_ffi_')
    try:
        library = ffi.compile(tmpdir=tmpdir, verbose=verbose)
        shutil.copy(library, os.path.join(target_dir, os.path.basename(library)))
    finally:
        shutil.rmtree(tmpdir)


def compile_extension(name, header, sources=[], verbose=True, with_cuda=False, **kwargs):
    """The first releases' one-step form: create_extension relative to the working folder, then
    build()."""
    create_extension(name, header, sources, verbose=verbose, with_cuda=with_cuda,
                     **kwargs).build()
