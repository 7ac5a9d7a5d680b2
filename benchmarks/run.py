"""Side-by-side timings: torch_early against NumPy and, where installed, modern PyTorch.

    python benchmarks/run.py            # every workload
    python benchmarks/run.py add sum    # only workloads whose name contains one of the words

Each workload is one statement per library, timed by timeit over the same data in the same process
(timeit compiles the statement into its loop, so no Python call wraps it), best of several repeats.
The ratio column is torch_early's time divided by the other library's: below 1.0 means torch_early
is faster. Speed targets are printed beside the ratios; they are never asserted in the tests.
"""
import sys
import timeit

import numpy as np

import torch_early

try:  # modern PyTorch, only for comparison
    import torch as modern_torch
except ImportError:
    modern_torch = None

WORKLOADS = []


def workload(name, early, numpy, modern, target=None):
    """Registers a workload: three statements over the names that `make_data` returns."""
    def register(make_data):
        WORKLOADS.append((name, early, numpy, modern, target, make_data))
        return make_data
    return register


def arrays(shape, dtype, count=2):
    rng = np.random.RandomState(0)
    return [rng.rand(*shape).astype(dtype) for _ in range(count)]


def namespace(**named_arrays):
    """The same data three ways: x_np (NumPy), x (torch_early), x_pt (modern PyTorch)."""
    early_types = {np.dtype('float32'): torch_early.FloatTensor,
                   np.dtype('float64'): torch_early.DoubleTensor}
    ns = {'torch_early': torch_early, 'np': np, 'torch': modern_torch}
    for name, array in named_arrays.items():
        ns[name + '_np'] = array
        ns[name] = early_types[array.dtype](array.copy())
        if modern_torch is not None:
            ns[name + '_pt'] = modern_torch.from_numpy(array.copy())
    return ns


@workload("a.add(b), 1 element", "a.add(b)", "a_np + b_np", "a_pt.add(b_pt)", target=0.5)
def _():
    a, b = arrays((1,), 'float32')
    return namespace(a=a, b=b)


@workload("a.add_(b), 1 element", "a.add_(b)", "a_np + b_np", "a_pt.add_(b_pt)")
def _():
    a, b = arrays((1,), 'float32')
    return namespace(a=a, b=b)


@workload("torch_early.add(a, b), 1 element", "torch_early.add(a, b)", "a_np + b_np",
          "torch.add(a_pt, b_pt)")
def _():
    a, b = arrays((1,), 'float32')
    return namespace(a=a, b=b)


@workload("add, 10M float contiguous", "a.add(b)", "a_np + b_np", "a_pt.add(b_pt)", target=0.7)
def _():
    a, b = arrays((10_000_000,), 'float32')
    return namespace(a=a, b=b)


@workload("sum, 10M float contiguous", "a.sum()", "a_np.sum()", "a_pt.sum()", target=0.7)
def _():
    a, = arrays((10_000_000,), 'float32', count=1)
    return namespace(a=a)


# beta = 0: the result is exactly a @ b (BLAS does not read c), the same work as NumPy's a @ b.
@workload("addmm(0, c, 1, a, b), 1024x1024 float", "torch_early.addmm(0, c, 1, a, b)", "a_np @ b_np",
          "torch.addmm(c_pt, a_pt, b_pt, beta=0)", target=1.05)
def _():
    a, b = arrays((1024, 1024), 'float32')
    return namespace(a=a, b=b, c=np.zeros((1024, 1024), dtype='float32'))


def best_time(statement, ns, repeats=7):
    """Seconds per execution of `statement`: each repeat runs ~0.1 s; the best repeat counts."""
    timer = timeit.Timer(statement, globals=ns)
    number, elapsed = timer.autorange()
    number = max(1, int(number * 0.1 / max(elapsed, 1e-9)))
    return min(timer.repeat(repeat=repeats, number=number)) / number


def main(words):
    blas = 'OpenBLAS' if torch_early._C.has_blas else 'reference loops'
    print(f"torch_early {torch_early.__version__}, {torch_early.get_num_threads()} threads, {blas}; "
          f"NumPy {np.__version__}")
    header = f"{'workload':38} {'torch_early':>12} {'numpy':>12} {'ratio':>6} {'target':>8}"
    if modern_torch is not None:
        header += f" {'torch ' + modern_torch.__version__.split('+')[0]:>13} {'ratio':>6}"
    print(header)
    for name, early, numpy_stmt, modern, target, make_data in WORKLOADS:
        if words and not any(w in name for w in words):
            continue
        ns = make_data()
        t_early, t_numpy = best_time(early, ns), best_time(numpy_stmt, ns)
        line = (f"{name:38} {t_early * 1e6:10.3f}us {t_numpy * 1e6:10.3f}us {t_early / t_numpy:6.2f}"
                f" {('<= %.2f' % target) if target else '':>8}")
        if modern_torch is not None:
            t_modern = best_time(modern, ns)
            line += f" {t_modern * 1e6:11.3f}us {t_early / t_modern:6.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
