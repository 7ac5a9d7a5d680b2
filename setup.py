"""Builds torch_early from source: the C libraries lib/TH, lib/THS and lib/THNN, the cwrap
generation, and torch_early._C.

    pip install .                  # or: python setup.py install, which runs exactly that
    pip install -e .               # development (python setup.py build_ext --inplace also works)

The build needs PyYAML (cwrap reads YAML) and scipy-openblas32 (BLAS and LAPACK): pip puts them,
the build requirements of pyproject.toml, in the environment it builds in. `python setup.py
install` hands over to pip for that reason (setuptools' own install would build without them and
then try to build NumPy from source). A build run directly, as build_ext --inplace, uses what this
Python has and stops, saying what to install, when one of them is missing.

Environment switches:
    WITH_BLAS=0      use TH's reference loops instead of OpenBLAS (scipy-openblas32); no LAPACK
    MAX_JOBS=N       parallel compile jobs (default: the number of CPUs)
    DEBUG=1          -O0 -g
    VERBOSE=1        show each compiler, archiver and linker command line (as does
                     `python setup.py -v build_ext`)
    WITH_MPI=0/1     the mpi backend of torch_early.distributed: built when an MPI is found (MPICC,
                     or mpicc on PATH or in this Python's bin/, as the mpich wheel puts it); 1
                     stops the build when none is, 0 never builds it
    WITH_GLOO=0/1    the gloo backend: built when Gloo's headers and library are found (GLOO_HOME,
                     /usr or /usr/local; Debian's libgloo-dev); 1 and 0 as for WITH_MPI
    SANITIZE=1       AddressSanitizer and UBSan on every compile and link (-O1 -g unless DEBUG=1);
                     build it into a folder of its own, as test/fuzz/fuzz.py --sanitize does:
                     SANITIZE=1 python setup.py build_py --build-lib build/sanitize \
                         build_ext --build-lib build/sanitize --build-temp build/sanitize-temp
                     and run Python with LD_PRELOAD=$(gcc -print-file-name=libasan.so)

What a build prints: one line per file it compiles, counted over the files this build compiles
("[12/51] lib/TH/THTensorMath.c"; after editing one file, "[1/1] ..."), a line for each other
step (the cwrap generation, each static library, the link of _C, the shared-memory manager, the
distributed plugins), and at the end the time it took ("torch_early: built in 1m 52s"). The
compiler's warnings and errors show as they come; its command lines only with VERBOSE=1 (or
-v), and the command of a step that fails always. pip shows a build's output only when asked:
`pip install -v .` (or -v -e .) prints the same lines.
"""
import argparse
import collections
import os
import shutil
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

ROOT = os.path.dirname(os.path.abspath(__file__))


def install_with_pip(arguments):
    """`python setup.py install [--user] [--prefix DIR] [--root DIR]` done by pip: it builds the
    wheel in an environment that has the build requirements, and installs the dependencies (NumPy,
    PyYAML, scipy-openblas32) as wheels. Runs before setuptools is imported, which a fresh
    environment of Python 3.12+ does not have."""
    parser = argparse.ArgumentParser(
        prog="python setup.py install",
        description="Installs torch_early with pip (python -m pip install <this folder>).",
        epilog="For any other option, run pip install . with pip's options.")
    parser.add_argument("--user", action="store_true", help="install into the user site")
    parser.add_argument("--prefix", help="install under this prefix")
    parser.add_argument("--root", help="install as if this folder were the file system root")
    options = parser.parse_args(arguments)
    command = [sys.executable, "-m", "pip", "install", ROOT]
    if options.user:
        command.append("--user")
    for name in ("prefix", "root"):
        if getattr(options, name) is not None:
            command += ["--" + name, getattr(options, name)]
    print("torch_early: python setup.py install runs: " + " ".join(command), flush=True)
    try:
        return subprocess.call(command)
    except OSError as error:
        sys.exit("torch_early: could not run pip: %s" % error)


if __name__ == "__main__" and sys.argv[1:2] == ["install"]:
    sys.exit(install_with_pip(sys.argv[2:]))

try:  # after the hand-over to pip, which needs no setuptools here
    from setuptools import Extension, find_namespace_packages, setup
    from setuptools.command.build_ext import build_ext
    from setuptools.command.build_py import build_py
    from setuptools.errors import ExecError
except ImportError:
    sys.exit("torch_early: building needs setuptools, which this Python does not have.\n"
             "Install with:  python -m pip install setuptools pyyaml scipy-openblas32")

sys.path.insert(0, ROOT)  # for the cwrap generator, which lives in the source tree

GENERATED = os.path.join("build", "generated")
DEBUG = os.environ.get("DEBUG", "0") == "1"
JOBS = int(os.environ.get("MAX_JOBS", os.cpu_count() or 1))
WITH_BLAS = os.environ.get("WITH_BLAS", "1") != "0"
SANITIZE = os.environ.get("SANITIZE", "0") == "1"
VERBOSE = os.environ.get("VERBOSE", "0") == "1"
SANITIZE_FLAGS = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"] if SANITIZE else []


def importable(module):
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def stop_unless_build_requirements_are_installed():
    """Stops the build, saying how to get them, when this Python lacks PyYAML or (unless
    WITH_BLAS=0) scipy-openblas32, rather than failing halfway or building without BLAS."""
    requirements = [("yaml", "pyyaml", "the cwrap generator reads YAML")]
    if WITH_BLAS:
        requirements.append(("scipy_openblas32", "scipy-openblas32",
                             "OpenBLAS with LAPACK, for TH's matrix routines"))
    missing = [(package, why) for module, package, why in requirements if not importable(module)]
    if not missing:
        return
    lines = ["torch_early: this Python lacks what the build needs:"]
    lines += ["  %s (%s)" % (package, why) for package, why in missing]
    lines.append("Install with:  python -m pip install " + " ".join(package for package, _ in missing))
    lines.append("(pip install . gets them by itself, in the environment it builds in.)")
    if any(package == "scipy-openblas32" for package, _ in missing):
        lines.append("Or build TH's reference loops instead of OpenBLAS, without LAPACK: WITH_BLAS=0")
    sys.exit("\n".join(lines))


def blas_config():
    """(macros, link args) for OpenBLAS and its LAPACK from the scipy-openblas32 wheel; none with
    WITH_BLAS=0, or without the wheel (then BuildExt stops the build before it compiles)."""
    if not WITH_BLAS:
        return [], []
    try:
        import scipy_openblas32
    except ImportError:
        return [], []
    libdir = scipy_openblas32.get_lib_dir()
    # At run time torch_early/__init__.py imports scipy_openblas32, which loads this library;
    # the rpath finds it too when both packages sit in the same site-packages.
    return ([("USE_BLAS", None), ("USE_LAPACK", None), ("BLAS_SYMBOL_PREFIX", "scipy_")],
            ["-L" + libdir, "-l" + scipy_openblas32.get_library(),
             "-Wl,-rpath,$ORIGIN/../scipy_openblas32/lib"])


BLAS_MACROS, BLAS_LINK = blas_config()
COMMON_FLAGS = ["-std=gnu11", "-fopenmp", "-Wall", "-Wno-unused-function"] + (
    ["-O0", "-g"] if DEBUG else ["-O1", "-g"] if SANITIZE else ["-O3"]) + SANITIZE_FLAGS
TH_MACROS = [("TH_INDEX_BASE", "0")] + BLAS_MACROS


def library_sources(name):
    """The C files of lib/<name> (its generic/ sources are included by them, not compiled alone)."""
    folder = os.path.join(ROOT, "lib", name)
    return sorted(os.path.join("lib", name, f) for f in os.listdir(folder) if f.endswith(".c"))


TH_SOURCES = library_sources("TH")
THS_SOURCES = library_sources("THS")
THNN_SOURCES = library_sources("THNN")
THD_SOURCES = library_sources("THD")
# The cwrap root files and the C files generated from them: the dense tensor types' methods
# (included by generic/Tensor.c) and the sparse ones' (generic/SparseTensor.c). Beside each file
# of wrappers, X.c, cwrap writes the entries of the two method tables, X.table.c and
# X.stateless.c.
CWRAP_ROOTS = {"TensorMethods.cwrap": "TensorMethods.c",
               "SparseTensorMethods.cwrap": "SparseTensorMethods.c"}
# The THNN bindings are generated from THNN's API header (cwrap/thnn.py): the wrappers and the
# entries of their module table, both included by csrc/THNN.c.
THNN_HEADER = os.path.join("lib", "THNN", "generic", "THNN.h")
THNN_GENERATED = "THNNFunctions.c"
GENERATED_FILES = [name for generated in CWRAP_ROOTS.values()
                   for name in (generated, generated[:-2] + ".table.c",
                                generated[:-2] + ".stateless.c")] + [
                                    THNN_GENERATED, THNN_GENERATED[:-2] + ".table.c"]
# Every declaration file, shipped with cwrap for `python -m cwrap show`.
DECLARATIONS = [os.path.join("generic", root) for root in CWRAP_ROOTS] + sorted(
    os.path.join("generic", "methods", f) for f in os.listdir(os.path.join(ROOT, "generic", "methods"))
    if f.endswith(".cwrap")) + [THNN_HEADER]
EXTENSION_SOURCES = sorted(os.path.join("csrc", f) for f in os.listdir(os.path.join(ROOT, "csrc"))
                           if f.endswith(".c"))

SHM_MANAGER_SOURCE = os.path.join("csrc", "shm_manager", "manager.c")


def switch(name):
    """An optional part's environment switch: True (WITH_X=1: required), False (0: never), or None
    (unset: built when found)."""
    value = os.environ.get(name)
    return None if value is None else value != "0"


def mpi_config():
    """How to compile and link the mpi plugin: (compile args, link args, where MPI was found), or
    None. The MPI's own compiler wrapper says it (`mpicc -show`), whichever MPI it is."""
    candidates = [os.environ.get("MPICC"), shutil.which("mpicc"),
                  os.path.join(sys.prefix, "bin", "mpicc")]
    for mpicc in candidates:
        if not mpicc or not os.path.exists(mpicc):
            continue
        try:
            shown = subprocess.run([mpicc, "-show"], capture_output=True, text=True, timeout=30)
        except (OSError, subprocess.SubprocessError):
            continue
        if shown.returncode != 0 or not shown.stdout.split():
            continue
        words = shown.stdout.split()[1:]  # without the compiler itself
        compile_args = [w for w in words if w.startswith(("-I", "-D"))]
        link_args = [w for w in words if w.startswith(("-L", "-l", "-Wl"))]
        # the library's own folder, so that the plugin finds it at run time without LD_LIBRARY_PATH
        link_args += ["-Wl,-rpath," + w[2:] for w in words if w.startswith("-L")]
        return compile_args, link_args, mpicc
    return None


def gloo_config():
    """(compile args, link args, where Gloo was found) for the gloo plugin, or None. The plugin
    needs the options-style collectives (gloo/allreduce.h, Gloo 2018 and later) and the tcp
    transport, so a Gloo without either is passed over. Debian's libgloo.so carries its own
    dependencies (libibverbs, libhiredis: see ldd), so -lgloo is all the link needs."""
    prefixes = [os.environ.get("GLOO_HOME"), sys.prefix, "/usr/local", "/usr"]
    needed = [os.path.join("gloo", "allreduce.h"),
              os.path.join("gloo", "transport", "tcp", "device.h")]
    for prefix in filter(None, prefixes):
        headers = [os.path.join(prefix, "include", h) for h in needed]
        libdirs = [os.path.join(prefix, d) for d in ("lib", "lib64", "lib/x86_64-linux-gnu",
                                                     "lib/aarch64-linux-gnu")]
        libdir = next((d for d in libdirs if os.path.exists(os.path.join(d, "libgloo.so"))), None)
        if all(os.path.exists(h) for h in headers) and libdir:
            return (["-I" + os.path.join(prefix, "include")],
                    ["-L" + libdir, "-Wl,-rpath," + libdir, "-lgloo"], prefix)
    return None


def plugin_configs():
    """{name: config} of the distributed plugins this build makes; stops the build when a
    WITH_X=1 plugin has nothing to build with."""
    found = {}
    for name, variable, find, how in (
            ("mpi", "WITH_MPI", mpi_config,
             "an MPI: pip install mpich, or Debian's mpich and libmpich-dev, or set MPICC"),
            ("gloo", "WITH_GLOO", gloo_config, "Gloo: Debian's libgloo-dev, or set GLOO_HOME")):
        wanted = switch(variable)
        config = find() if wanted is not False else None
        if config is None and wanted:
            sys.exit("torch_early: %s=1 but no %s was found; install %s" % (variable, name, how))
        if config is not None:
            found[name] = config
    return found


def dependencies(depfile):
    """The files a compile read, from the make rule that the compiler's -MMD wrote
    ("obj.o: source.c header.h ..."); None when there is no such file yet."""
    try:
        with open(depfile) as f:
            rule = f.read().replace("\\\n", " ")
    except OSError:
        return None
    return rule.split(":", 1)[1].split() if ":" in rule else None


def up_to_date(obj, command):
    """True when `obj` was compiled with this same command line and is newer than its source and
    every header it included, so compiling it again would give the same object."""
    depfile, commandfile = obj[:-2] + ".d", obj[:-2] + ".cmd"
    inputs = dependencies(depfile)
    if inputs is None or not os.path.exists(obj) or not os.path.exists(commandfile):
        return False
    with open(commandfile) as f:
        if f.read() != command:
            return False
    built = os.path.getmtime(obj)
    return all(os.path.exists(path) and os.path.getmtime(path) <= built for path in inputs)


class Progress:
    """What the build prints as it goes: "[3/51] lib/TH/THTensor.c" as each file starts compiling,
    counted over the `total` files this build compiles, a line for each other step, and the time
    since the build began. Compiles run on several threads, hence the lock."""

    def __init__(self):
        self.started = time.monotonic()
        self.total = 0
        self.compiled = 0
        self.lock = threading.Lock()

    def compiling(self, source):
        with self.lock:
            self.compiled += 1
            print("[%d/%d] %s" % (self.compiled, self.total, source), flush=True)

    def step(self, text):
        with self.lock:
            print(text, flush=True)

    def elapsed(self):
        """'1m 52s' (or '7s') since the build began."""
        seconds = round(time.monotonic() - self.started)
        return "%dm %02ds" % divmod(seconds, 60) if seconds >= 60 else "%ds" % seconds


def quiet_spawn(command, verbose):
    """Runs a compiler, archiver or linker command as distutils' spawn does, but without echoing
    the command line (`verbose` echoes it): the progress lines say what is being built. A command
    that fails is printed, since that is when its flags matter."""
    if verbose:
        print(" ".join(command), flush=True)
    try:
        status = subprocess.call(command)
    except OSError as error:
        raise ExecError("could not run %r: %s" % (command[0], error))
    if status != 0:
        if not verbose:
            print("torch_early: this command failed:\n  " + " ".join(command), flush=True)
        raise ExecError("command %r failed with exit code %d" % (command[0], status))


CompilePlan = collections.namedtuple("CompilePlan", "objects stale cc_args extra_args pp_opts")


def plan_compiles(compiler, sources, output_dir, macros, include_dirs, extra_args, everything):
    """What compiling `sources` takes: the object of each, and the (object, source, extension,
    command) of each object out of date (see up_to_date; every one if `everything`), with the
    arguments distutils' _compile wants."""
    macros, objects, extra_args, pp_opts, build = compiler._setup_compile(
        output_dir, macros, include_dirs, sources, None, extra_args)
    cc_args = compiler._get_cc_args(pp_opts, DEBUG, None)
    stale = []
    for obj in objects:
        source, ext = build[obj]
        command = " ".join(compiler.compiler_so + cc_args + [source] + extra_args)
        if everything or not up_to_date(obj, command):
            stale.append((obj, source, ext, command))
    return CompilePlan(objects, stale, cc_args, extra_args, pp_opts)


def compile_in_parallel(compiler, plan, progress):
    """distutils compiles one file at a time, every time; this compiles the stale files of `plan`
    on JOBS threads, so that a rebuild after editing one file compiles that file and the files
    that include it. Returns every object of the plan."""

    def compile_one(stale):
        obj, source, ext, command = stale
        progress.compiling(source)
        # -MMD -MF: the compiler lists the headers it read, for the next build's up_to_date
        compiler._compile(obj, source, ext, plan.cc_args,
                          plan.extra_args + ["-MMD", "-MF", obj[:-2] + ".d"], plan.pp_opts)
        with open(obj[:-2] + ".cmd", "w") as f:
            f.write(command)

    with ThreadPoolExecutor(max_workers=JOBS) as pool:
        list(pool.map(compile_one, plan.stale))
    return plan.objects


def library_include_dirs(name):
    """lib/TH, and for the libraries over TH their own folder too (lib/THS, ...)."""
    folders = ["TH"] if name == "TH" else ["TH", name]
    return [os.path.join("lib", folder) for folder in folders]


SHM_MANAGER_FLAGS = ["-std=gnu11", "-Wall", "-O2"] + SANITIZE_FLAGS


class BuildExt(build_ext):
    """Generates the cwrap wrappers, builds lib/TH, lib/THS, lib/THNN and lib/THD as static
    libraries, then the extension, the shared-memory manager and the distributed plugins, printing
    its progress (see Progress)."""

    def run(self):
        stop_unless_build_requirements_are_installed()
        self.progress = Progress()
        self.generate_wrappers()
        # setuptools skips the extension unless a file is newer than _C by its time stamp in
        # whole seconds, so a file saved in the second a build ended would look up to date.
        # plan_compiles checks each object exactly instead, and the libraries and _C are
        # linked again every time (seconds). `build_ext --force` still recompiles everything.
        self.recompile_everything = bool(self.force)
        self.force = True
        super().run()
        self.install_generated_source()
        self.build_shm_manager()
        self.build_distributed_plugins()
        self.progress.step("torch_early: built in " + self.progress.elapsed())

    def show_commands(self):
        """Whether to echo each command line: VERBOSE=1, or python setup.py -v build_ext."""
        return VERBOSE or self.verbose > 1

    def generate_wrappers(self):
        """The C of the tensor methods (from the .cwrap declarations) and of the THNN bindings
        (from THNN's header), into build/generated; a file that would not change is not written."""
        import cwrap
        import cwrap.thnn

        os.makedirs(os.path.join(ROOT, GENERATED), exist_ok=True)
        jobs = [(cwrap.generate, os.path.join("generic", root), generated)
                for root, generated in CWRAP_ROOTS.items()]
        jobs.append((cwrap.thnn.generate, THNN_HEADER, THNN_GENERATED))
        for generate, source, generated in jobs:
            target = os.path.join(GENERATED, generated)
            wrote = generate(os.path.join(ROOT, source), os.path.join(ROOT, target))
            self.progress.step("generate %s from %s%s" % (target, source,
                                                          "" if wrote else " (unchanged)"))

    def compile_groups(self):
        """Every group of files this build compiles, in order, as {name: (sources, macros,
        include_dirs, extra_args)}: the four libraries, the extension (with the arguments
        setuptools' build_extension passes on), the shared-memory manager."""
        groups = {name: (sources, TH_MACROS, library_include_dirs(name), COMMON_FLAGS)
                  for name, sources in (("TH", TH_SOURCES), ("THS", THS_SOURCES),
                                        ("THNN", THNN_SOURCES), ("THD", THD_SOURCES))}
        extension = self.extensions[0]
        groups["_C"] = (extension.sources, list(extension.define_macros), extension.include_dirs,
                        extension.extra_compile_args)
        groups["_shm_manager"] = ([SHM_MANAGER_SOURCE], None, None, SHM_MANAGER_FLAGS)
        return groups

    def plan(self, group):
        sources, macros, include_dirs, extra_args = self.compile_groups()[group]
        return plan_compiles(self.compiler, sources, self.build_temp, macros, include_dirs,
                             extra_args, self.recompile_everything)

    def build_static_library(self, name):
        """Compiles lib/<name> into lib<name>.a in the build folder; returns its path."""
        objects = compile_in_parallel(self.compiler, self.plan(name), self.progress)
        library = os.path.join(self.build_temp, self.compiler.library_filename(name))
        # `ar` only adds and replaces members: an archive made before a source file was removed
        # would keep its object. So a stale archive is made again from the current objects.
        stale = not os.path.exists(library) or any(
            os.path.getmtime(o) > os.path.getmtime(library) for o in objects)
        if stale:
            if os.path.exists(library):
                os.remove(library)
            self.progress.step("archive " + library)
        self.compiler.create_static_lib(objects, name, output_dir=self.build_temp)
        return library

    def build_extensions(self):
        compiler = self.compiler
        compiler.spawn = lambda command, **_: quiet_spawn(command, self.show_commands())
        self.progress.total = sum(len(self.plan(group).stale) for group in self.compile_groups())
        libraries = [self.build_static_library(name) for name in ("TH", "THS", "THNN", "THD")]
        extension = self.extensions[0]
        # TH last: a static library only supplies what the files before it still need.
        libraries.reverse()
        extension.extra_objects = libraries
        extension.depends = extension.depends + libraries  # relink on changes
        # The extension's own sources go through the same parallel compile, and its link says so.
        compiler.compile = lambda sources, output_dir=None, macros=None, include_dirs=None, \
            debug=0, extra_preargs=None, extra_postargs=None, depends=None: compile_in_parallel(
                compiler, self.plan("_C"), self.progress)
        link = compiler.link_shared_object

        def link_and_say_so(objects, output_filename, *args, **kwargs):
            self.progress.step("link " + output_filename)
            return link(objects, output_filename, *args, **kwargs)

        compiler.link_shared_object = link_and_say_so
        super().build_extensions()

    def build_shm_manager(self):
        """Builds the file_system strategy's shared-memory manager (csrc/shm_manager/), a program
        of its own, into the package next to _C, where torch_early.multiprocessing finds it."""
        objects = compile_in_parallel(self.compiler, self.plan("_shm_manager"), self.progress)
        target = os.path.dirname(self.get_ext_fullpath("torch_early._C"))
        self.progress.step("link " + os.path.relpath(os.path.join(target, "_shm_manager"), ROOT))
        self.compiler.link_executable(objects, "_shm_manager", output_dir=target,
                                      extra_postargs=SANITIZE_FLAGS)

    def build_distributed_plugins(self):
        """Builds the mpi and gloo data channels of lib/THD/plugins/ that this machine has what
        for, as shared objects next to _C (_thd_mpi.so, _thd_gloo.so), which THD loads with
        dlopen only when init_process_group asks for that backend: importing torch_early never
        loads MPI or Gloo, and _C does not break when they are removed."""
        target = os.path.dirname(self.get_ext_fullpath("torch_early._C"))
        configs = plugin_configs()
        for name in ("mpi", "gloo"):
            plugin = os.path.join(target, "_thd_%s.so" % name)
            if name not in configs:
                if os.path.exists(plugin):
                    os.remove(plugin)  # built before, and what it needs is gone
                self.progress.step("torch_early: distributed backend %r not built (not found)"
                                   % name)
                continue
            compile_args, link_args, where = configs[name]
            folder = os.path.join("lib", "THD", "plugins", name)
            sources = sorted(os.path.join(folder, f) for f in os.listdir(folder)
                             if f.endswith((".c", ".cpp"))) if os.path.isdir(folder) else []
            if not sources:
                continue
            cxx = any(s.endswith(".cpp") for s in sources)
            compiler = (os.environ.get("CXX", "c++") if cxx else os.environ.get("CC", "cc")).split()
            language = ["-std=c++17"] if cxx else ["-std=gnu11"]
            command = compiler + language + ["-shared", "-fPIC", "-Wall", "-pthread",
                                             "-I" + os.path.join("lib", "THD")] + compile_args + \
                (["-O0", "-g"] if DEBUG else ["-O2"]) + SANITIZE_FLAGS + sources + \
                ["-o", plugin] + link_args
            self.progress.step("build %s (distributed backend %r, from %s)"
                               % (os.path.relpath(plugin, ROOT), name, where))
            quiet_spawn(command, self.show_commands())

    def install_generated_source(self):
        """Ships the generated wrappers with the package, so the demo can show what runs."""
        target = os.path.join(os.path.dirname(self.get_ext_fullpath("torch_early._C")), "_generated")
        os.makedirs(target, exist_ok=True)
        for generated in GENERATED_FILES:
            shutil.copyfile(os.path.join(ROOT, GENERATED, generated),
                            os.path.join(target, generated))


# TH's headers, installed as torch_early/lib/include/TH/..., so that C extensions built with
# torch_early.utils.ffi compile against them (#include <TH/TH.h>).
TH_HEADERS = [os.path.join(folder, f) for folder in ("", "generic")
              for f in sorted(os.listdir(os.path.join(ROOT, "lib", "TH", folder)))
              if f.endswith(".h")]


class BuildPy(build_py):
    """Also ships the tensor method declarations with cwrap (as cwrap/declarations/generic/...),
    and THNN's API header (cwrap/declarations/lib/THNN/generic/THNN.h), so that `python -m cwrap
    show add` and `show Abs_updateOutput` work where torch_early is installed, away from this
    checkout, and torch_early._thnn.utils finds the header; and TH's headers (TH_HEADERS)."""

    def run(self):
        super().run()
        for source in DECLARATIONS:
            target = os.path.join(self.build_lib, "cwrap", "declarations", source)
            self.mkpath(os.path.dirname(target))
            self.copy_file(os.path.join(ROOT, source), target)
        for header in TH_HEADERS:
            target = os.path.join(self.build_lib, "torch_early", "lib", "include", "TH", header)
            self.mkpath(os.path.dirname(target))
            self.copy_file(os.path.join(ROOT, "lib", "TH", header), target)


extension = Extension(
    "torch_early._C",
    sources=EXTENSION_SOURCES,
    include_dirs=[".", "csrc", os.path.join("lib", "TH"), os.path.join("lib", "THS"),
                  os.path.join("lib", "THNN"), os.path.join("lib", "THD"), GENERATED],
    define_macros=TH_MACROS,
    extra_compile_args=COMMON_FLAGS,
    extra_link_args=["-fopenmp", "-pthread", "-ldl"] + BLAS_LINK + SANITIZE_FLAGS,
)

# The packages are listed here rather than in pyproject.toml's [tool.setuptools], whose support
# older setuptools (65, say) call "beta" in a warning on every build; found as that table found
# them, folders without __init__.py included (torch_early/_generated, once built, so that
# setuptools does not warn that it holds data but is not a package). cwrap is installed so that
# `python -m cwrap show` works wherever torch_early is.
PACKAGES = find_namespace_packages(include=["torch_early", "torch_early.*", "cwrap", "cwrap.*"])
setup(license="BSD-3-Clause", packages=PACKAGES,
      ext_modules=[extension], cmdclass={"build_ext": BuildExt, "build_py": BuildPy},
      package_data={"torch_early": ["_generated/*.c"]})
