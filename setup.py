"""Builds torch_early from source: the C libraries lib/TH and lib/THS, the cwrap generation, and
torch_early._C.

    pip install .                  # or: python setup.py install
    pip install -e .               # development (python setup.py build_ext --inplace also works)

Environment switches:
    WITH_BLAS=0      use TH's reference loops instead of OpenBLAS (scipy-openblas32); no LAPACK
    MAX_JOBS=N       parallel compile jobs (default: the number of CPUs)
    DEBUG=1          -O0 -g
"""
import os
import shutil
import sys
from concurrent.futures import ThreadPoolExecutor

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

ROOT = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, ROOT)  # for the cwrap generator, which lives in the source tree

GENERATED = os.path.join("build", "generated")
DEBUG = os.environ.get("DEBUG", "0") == "1"
JOBS = int(os.environ.get("MAX_JOBS", os.cpu_count() or 1))


def blas_config():
    """(macros, link args) for OpenBLAS and its LAPACK from the scipy-openblas32 wheel, or none with
    WITH_BLAS=0."""
    if os.environ.get("WITH_BLAS", "1") == "0":
        return [], []
    try:
        import scipy_openblas32
    except ImportError:
        print("torch_early: scipy-openblas32 not found; building with TH's reference BLAS loops")
        return [], []
    libdir = scipy_openblas32.get_lib_dir()
    # At run time torch_early/__init__.py imports scipy_openblas32, which loads this library;
    # the rpath finds it too when both packages sit in the same site-packages.
    return ([("USE_BLAS", None), ("USE_LAPACK", None), ("BLAS_SYMBOL_PREFIX", "scipy_")],
            ["-L" + libdir, "-l" + scipy_openblas32.get_library(),
             "-Wl,-rpath,$ORIGIN/../scipy_openblas32/lib"])


BLAS_MACROS, BLAS_LINK = blas_config()
COMMON_FLAGS = ["-std=gnu11", "-fopenmp", "-Wall", "-Wno-unused-function"] + (
    ["-O0", "-g"] if DEBUG else ["-O3"])
TH_MACROS = [("TH_INDEX_BASE", "0")] + BLAS_MACROS


def library_sources(name):
    """The C files of lib/<name> (its generic/ sources are included by them, not compiled alone)."""
    folder = os.path.join(ROOT, "lib", name)
    return sorted(os.path.join("lib", name, f) for f in os.listdir(folder) if f.endswith(".c"))


TH_SOURCES = library_sources("TH")
THS_SOURCES = library_sources("THS")
# The cwrap root files and the C files generated from them: the dense tensor types' methods
# (included by generic/Tensor.c) and the sparse ones' (generic/SparseTensor.c).
CWRAP_ROOTS = {"TensorMethods.cwrap": "TensorMethods.c",
               "SparseTensorMethods.cwrap": "SparseTensorMethods.c"}
EXTENSION_SOURCES = sorted(os.path.join("csrc", f) for f in os.listdir(os.path.join(ROOT, "csrc"))
                           if f.endswith(".c"))


def compile_in_parallel(compiler, sources, output_dir, macros, include_dirs, extra_args):
    """distutils compiles one file at a time; this compiles `sources` on JOBS threads."""
    macros, objects, extra_args, pp_opts, build = compiler._setup_compile(
        output_dir, macros, include_dirs, sources, None, extra_args)
    cc_args = compiler._get_cc_args(pp_opts, DEBUG, None)

    def compile_one(obj):
        source, ext = build[obj]
        compiler._compile(obj, source, ext, cc_args, extra_args, pp_opts)

    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        list(pool.map(compile_one, objects))
    return objects


class BuildExt(build_ext):
    """Generates the cwrap wrappers, builds lib/TH and lib/THS as static libraries, then the
    extension."""

    def run(self):
        import cwrap

        os.makedirs(os.path.join(ROOT, GENERATED), exist_ok=True)
        for root, generated in CWRAP_ROOTS.items():
            cwrap.generate(os.path.join(ROOT, "generic", root),
                           os.path.join(ROOT, GENERATED, generated))
        super().run()
        self.install_generated_source()

    def build_static_library(self, name, sources, include_dirs):
        """Compiles lib/<name> into lib<name>.a in the build folder; returns its path."""
        objects = compile_in_parallel(self.compiler, sources, self.build_temp, TH_MACROS,
                                      include_dirs, COMMON_FLAGS)
        self.compiler.create_static_lib(objects, name, output_dir=self.build_temp)
        return os.path.join(self.build_temp, self.compiler.library_filename(name))

    def build_extensions(self):
        compiler = self.compiler
        th_include = [os.path.join("lib", "TH")]
        th_library = self.build_static_library("TH", TH_SOURCES, th_include)
        ths_library = self.build_static_library("THS", THS_SOURCES,
                                                 th_include + [os.path.join("lib", "THS")])
        extension = self.extensions[0]
        # THS before TH: a static library only supplies what the files before it still need.
        extension.extra_objects = [ths_library, th_library]
        extension.depends = extension.depends + [ths_library, th_library]  # relink on changes
        # The extension's own sources go through the same parallel compile.
        compiler.compile = lambda sources, output_dir=None, macros=None, include_dirs=None, \
            debug=0, extra_preargs=None, extra_postargs=None, depends=None: compile_in_parallel(
                compiler, sources, output_dir, macros, include_dirs, extra_postargs)
        super().build_extensions()

    def install_generated_source(self):
        """Ships the generated wrappers with the package, so the demo can show what runs."""
        target = os.path.join(os.path.dirname(self.get_ext_fullpath("torch_early._C")), "_generated")
        os.makedirs(target, exist_ok=True)
        for generated in CWRAP_ROOTS.values():
            shutil.copyfile(os.path.join(ROOT, GENERATED, generated),
                            os.path.join(target, generated))


extension = Extension(
    "torch_early._C",
    sources=EXTENSION_SOURCES,
    depends=[os.path.join(GENERATED, generated) for generated in CWRAP_ROOTS.values()],
    include_dirs=[".", "csrc", os.path.join("lib", "TH"), os.path.join("lib", "THS"), GENERATED],
    define_macros=TH_MACROS,
    extra_compile_args=COMMON_FLAGS,
    extra_link_args=["-fopenmp"] + BLAS_LINK,
)

setup(ext_modules=[extension], cmdclass={"build_ext": BuildExt},
      package_data={"torch_early": ["_generated/*.c"]})
