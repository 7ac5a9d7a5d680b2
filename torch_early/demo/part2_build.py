"""Part II: the build, seen from its results: the extension and what sits beside it, the C libraries
inside it, the files cwrap generated and what the build recorded. Reads files; rebuilds nothing."""
import ctypes
import os
import re

import torch_early as torch
from torch_early.demo import heading

PACKAGE = os.path.dirname(os.path.abspath(torch.__file__))


def kilobytes(path):
    return "%d kB" % round(os.path.getsize(path) / 1024)


def show_what_landed():
    heading("What the build put into the package")
    print("torch_early/%-38s %8s  the extension: csrc/ + generic/ + lib/TH, THS, THNN"
          % (os.path.basename(torch._C.__file__), kilobytes(torch._C.__file__)))
    manager = os.path.join(PACKAGE, "_shm_manager")
    print("torch_early/%-38s %8s  a program of its own (csrc/shm_manager/manager.c)"
          % ("_shm_manager", kilobytes(manager) if os.path.exists(manager) else "missing"))
    generated = os.path.join(PACKAGE, "_generated")
    print("torch_early/%-38s %8s  copies of build/generated/, for reading"
          % ("_generated/", "%d files" % len(os.listdir(generated))))
    headers = os.path.join(PACKAGE, "lib", "include", "TH")
    if os.path.isdir(headers):
        count = sum(len(files) for _, _, files in os.walk(headers))
        where = "torch_early/lib/include/TH/: %d headers, for torch_early.utils.ffi" % count
    else:
        where = "TH's headers: read from the checkout's lib/TH (an in-place build installs none)"
    print(where)


def loaded_libraries():
    """The file names of the shared libraries mapped into this process (Linux), or None."""
    try:
        with open("/proc/self/maps") as maps:
            paths = {line.split()[-1] for line in maps if ".so" in line}
    except OSError:
        return None
    return sorted(os.path.basename(path) for path in paths)


def show_libraries_inside():
    heading("TH, THS and THNN are inside _C")
    library = ctypes.CDLL(torch._C.__file__)
    for symbol in ("THFloatTensor_cadd", "THSFloatTensor_new", "THNN_FloatAbs_updateOutput"):
        print("  %-28s defined in _C: %s" % (symbol, hasattr(library, symbol)))
    print("  (they were linked in from the static libraries libTH.a, libTHS.a, libTHNN.a)")
    libraries = loaded_libraries()
    if libraries is None:
        print("  (this system has no /proc/self/maps: the loaded libraries are not listed)")
        return
    for prefix, why in (("libgomp", "OpenMP, for -fopenmp"),
                        ("libscipy_openblas", "BLAS and LAPACK, from the scipy-openblas32 wheel")):
        found = [name for name in libraries if name.startswith(prefix)]
        print("  loaded beside it: %-22s %s" % (found[0] if found else "(none)", why))


def count(pattern, path):
    with open(path) as source:
        return len(re.findall(pattern, source.read(), re.MULTILINE))


def show_generated():
    heading("What cwrap generated (build/generated/, copied to torch_early/_generated/)")
    generated = os.path.join(PACKAGE, "_generated")
    for name in sorted(os.listdir(generated)):
        print("  %-32s %7s" % (name, kilobytes(os.path.join(generated, name))))
    wrapper = r"^static PyObject \*"
    entry = r'^\{"'
    dense = os.path.join(generated, "TensorMethods")
    print("TensorMethods.c: %d wrapper functions, for %d methods and %d functions (torch_early.add...)"
          % (count(wrapper, dense + ".c"), count(entry, dense + ".table.c"),
             count(entry, dense + ".stateless.c")))
    sparse = os.path.join(generated, "SparseTensorMethods")
    print("SparseTensorMethods.c: %d wrapper functions" % count(wrapper, sparse + ".c"))
    print("THNNFunctions.c: %d bindings (Float and Double of each THNN entry point)"
          % count(wrapper, os.path.join(generated, "THNNFunctions.c")))
    print("generic/Tensor.c includes TensorMethods.c once per dtype: 8 copies, each guarded down to "
          "what its dtype has")


def show_settings():
    heading("What the build recorded, and what is chosen at load time")
    print("torch_early._C.has_blas =", torch._C.has_blas,
          " (1: built with OpenBLAS; 0: WITH_BLAS=0, TH's reference loops)")
    print("chosen when _C loads: SIMD level %s, %d OpenMP threads"
          % (torch._C._simd_level(), torch.get_num_threads()))


def run():
    show_what_landed()
    show_libraries_inside()
    show_generated()
    show_settings()
