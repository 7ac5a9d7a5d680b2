"""Side-by-side timings: torch_early against NumPy and, where installed, modern PyTorch.

    python benchmarks/run.py            # every workload
    python benchmarks/run.py add sum    # only workloads whose name contains one of the words

Each workload is timed as the best of several repeats (per-call time), in the same process, on the
same inputs. The ratio column is torch_early's time divided by the other library's: below 1.0
means torch_early is faster. Speed targets live here, never in the tests.
"""
import sys
import timeit

import numpy as np

import torch_early

try:  # modern PyTorch, only for comparison
    import torch as modern_torch
except ImportError:
    modern_torch = None


def best_time(fn, min_total=0.2, repeats=5):
    """Seconds per call: calibrate a loop count that runs ~min_total/repeats, keep the best run."""
    timer = timeit.Timer(fn)
    number, _ = timer.autorange()
    number = max(1, int(number * (min_total / repeats) / 0.2))
    return min(timer.repeat(repeat=repeats, number=number)) / number


def workload(name, target=None):
    def register(make):
        WORKLOADS.append((name, target, make))
        return make
    return register


WORKLOADS = []


def tensors(shape, dtype):
    """Two random NumPy arrays of the given shape and dtype."""
    rng = np.random.RandomState(0)
    a = rng.rand(*shape).astype(dtype)
    b = rng.rand(*shape).astype(dtype)
    return a, b


def to_early(array):
    cls = {np.dtype('float32'): torch_early.FloatTensor, np.dtype('float64'): torch_early.DoubleTensor}
    return cls[array.dtype](array.copy())


def to_modern(array):
    return modern_torch.from_numpy(array.copy()) if modern_torch is not None else None


def pair(array_fn_early, array_fn_numpy, array_fn_modern, arrays):
    """Three zero-argument callables running the same operation on copies of the same arrays."""
    early = [to_early(a) for a in arrays]
    modern = [to_modern(a) for a in arrays] if modern_torch is not None else None
    return (lambda: array_fn_early(*early),
            lambda: array_fn_numpy(*arrays),
            (lambda: array_fn_modern(*modern)) if modern is not None else None)


@workload("a.add(b), 1 element", target=0.5)
def _():
    return pair(lambda a, b: a.add(b), lambda a, b: a + b, lambda a, b: a.add(b),
                tensors((1,), 'float32'))


@workload("a.add_(b), 1 element", target=0.5)
def _():
    return pair(lambda a, b: a.add_(b), lambda a, b: a + b, lambda a, b: a.add_(b),
                tensors((1,), 'float32'))


@workload("torch_early.add(a, b), 1 element")
def _():
    return pair(lambda a, b: torch_early.add(a, b), lambda a, b: a + b,
                lambda a, b: modern_torch.add(a, b), tensors((1,), 'float32'))


@workload("add, 10M float contiguous", target=0.7)
def _():
    return pair(lambda a, b: a.add(b), lambda a, b: a + b, lambda a, b: a.add(b),
                tensors((10_000_000,), 'float32'))


@workload("sum, 10M float contiguous", target=0.7)
def _():
    return pair(lambda a, b: a.sum(), lambda a, b: a.sum(), lambda a, b: a.sum(),
                tensors((10_000_000,), 'float32'))


@workload("addmm 1024x1024 float (NumPy: a @ b)", target=1.05)
def _():
    a, b = tensors((1024, 1024), 'float32')
    c = np.zeros((1024, 1024), dtype='float32')
    return pair(lambda c, a, b: torch_early.addmm(c, a, b), lambda c, a, b: a @ b,
                lambda c, a, b: modern_torch.addmm(c, a, b), (c, a, b))


def main(words):
    header = f"{'workload':42} {'torch_early':>12} {'numpy':>12} {'ratio':>7} {'target':>7}"
    if modern_torch is not None:
        header += f" {'torch ' + modern_torch.__version__.split('+')[0]:>13} {'ratio':>7}"
    print(f"threads: {torch_early.get_num_threads()}  BLAS: {'OpenBLAS' if torch_early._C.has_blas else 'reference loops'}")
    print(header)
    for name, target, make in WORKLOADS:
        if words and not any(w in name for w in words):
            continue
        early, numpy_fn, modern = make()
        t_early, t_numpy = best_time(early), best_time(numpy_fn)
        line = f"{name:42} {t_early * 1e6:10.2f}us {t_numpy * 1e6:10.2f}us {t_early / t_numpy:7.2f}"
        line += f" {('<= %.2f' % target) if target else '':>7}"
        if modern is not None:
            t_modern = best_time(modern)
            line += f" {t_modern * 1e6:11.2f}us {t_early / t_modern:7.2f}"
        print(line, flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
