"""Side-by-side timings: torch_early against NumPy and, where installed, modern PyTorch.

    python benchmarks/run.py            # every workload
    python benchmarks/run.py add sum    # only workloads whose name contains one of the words
    python benchmarks/run.py --busy     # the parallel workloads on an idle and on a busy machine
    python benchmarks/run.py --openblas-pin conv2d LeNet   # OpenBLAS pinned by OPENBLAS_CORETYPE
                                                           # and not (nn workloads)

Each workload is one statement per library, timed by timeit over the same data in the same process
(timeit compiles the statement into its loop, so no Python call wraps it), best of several repeats.
The ratio column is torch_early's time divided by the other library's: below 1.0 means torch_early
is faster. Speed targets are printed beside the ratios; they are never asserted in the tests.
"""
import argparse
import json
import multiprocessing
import os
import statistics
import subprocess
import sys
import time
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


def ten_results_kept(x):
    """A step of a training loop in miniature: ten results of the same size alive at once."""
    results = [x + 1]
    for _ in range(9):
        results.append(results[-1] + 1)
    return results


# Every call allocates ten fresh 1 MB results: the allocator decides whether their pages are
# already mapped (TH keeps freed blocks for the next step) or fault in again.
@workload("10 chained 1 MB adds, all kept alive", "chain(a)", "chain(a_np)", "chain(a_pt)")
def _():
    a, = arrays((262_144,), 'float32', count=1)
    data = namespace(a=a)
    data['chain'] = ten_results_kept
    return data


# ---- issue 3: the tensor operations of the era ---------------------------------------------

def _pointwise(name, early, numpy_stmt, modern):
    @workload("%s, 10M float" % name, early, numpy_stmt, modern, target=0.7)
    def _():
        a, b = arrays((10_000_000,), 'float32')
        return namespace(a=a, b=b)


_pointwise("mul", "a.mul(b)", "a_np * b_np", "a_pt.mul(b_pt)")
_pointwise("exp", "a.exp()", "np.exp(a_np)", "a_pt.exp()")
_pointwise("sigmoid", "a.sigmoid()", "1 / (1 + np.exp(-a_np))", "a_pt.sigmoid()")


def _matrix_reduction(name, dim):
    early = "a.%s(%d)" % (name, dim)
    @workload("%s along dim %d, 4096x4096 float" % (name, dim), early,
              "a_np.%s(%d)" % (name, dim), "a_pt.%s(%d)" % (name, dim), target=0.7)
    def _():
        a, = arrays((4096, 4096), 'float32', count=1)
        return namespace(a=a)


for _name in ("sum", "max"):
    for _dim in (0, 1):
        _matrix_reduction(_name, _dim)


@workload("sort 1M float (NumPy: np.sort)", "a.sort()", "np.sort(a_np)", "a_pt.sort()", target=1.0)
def _():
    a, = arrays((1_000_000,), 'float32', count=1)
    return namespace(a=a)


# sort also returns the positions: NumPy's operation that gives both is argsort, then a gather.
@workload("sort 1M float (NumPy: argsort + take)", "a.sort()", "a_np[np.argsort(a_np)]",
          "a_pt.sort()")
def _():
    a, = arrays((1_000_000,), 'float32', count=1)
    return namespace(a=a)


@workload("index_select 100k rows of 1Mx16 float", "a.index_select(0, i)", "a_np[i_np]",
          "a_pt.index_select(0, i_pt)", target=0.7)
def _():
    a, = arrays((1_000_000, 16), 'float32', count=1)
    ns = namespace(a=a)
    rows = np.random.RandomState(1).randint(0, 1_000_000, 100_000)
    ns.update(i_np=rows, i=torch_early.LongTensor(rows.astype(np.int64)))
    if modern_torch is not None:
        ns['i_pt'] = modern_torch.from_numpy(rows.astype(np.int64))
    return ns


@workload("cat of 100 x 10k float", "torch_early.cat(parts)", "np.concatenate(parts_np)",
          "torch.cat(parts_pt)", target=0.7)
def _():
    parts = arrays((10_000,), 'float32', count=100)
    ns = namespace()
    ns['parts_np'] = parts
    ns['parts'] = [torch_early.FloatTensor(p.copy()) for p in parts]
    if modern_torch is not None:
        ns['parts_pt'] = [modern_torch.from_numpy(p.copy()) for p in parts]
    return ns


def _mm(size, dtype):
    @workload("mm %dx%d %s" % (size, size, dtype), "a.mm(b)", "a_np @ b_np", "a_pt.mm(b_pt)",
              target=1.05)
    def _():
        a, b = arrays((size, size), dtype)
        return namespace(a=a, b=b)


for _dtype in ('float32', 'float64'):
    for _size in (256, 1024, 2048):
        _mm(_size, _dtype)


# ---- issue 4: autograd ------------------------------------------------------------------------
# These compare torch_early with a reference other than NumPy: modern PyTorch's autograd for the
# per-operation overhead, and torch_early's own tensor operations for the cost of the graph.

AUTOGRAD_WORKLOADS = []


def autograd_workload(name, early, reference, reference_name, target):
    def register(make_data):
        AUTOGRAD_WORKLOADS.append((name, early, reference, reference_name, target, make_data))
        return make_data
    return register


def add_chain_early(Variable, a, b):
    x = Variable(a, requires_grad=True)
    y = Variable(b, requires_grad=True)
    for _ in range(100):
        x = x + y
    x.backward()


def add_chain_modern(a, b):
    x = a.detach().requires_grad_()
    y = b.detach().requires_grad_()
    for _ in range(100):
        x = x + y
    x.backward()


@autograd_workload("1-element a + b, chain of 100 + backward", "add_chain_early(Variable, a, b)",
                   "add_chain_modern(a_pt, b_pt)", "modern PyTorch", target=3.0)
def _():
    a, b = arrays((1,), 'float32')
    ns = namespace(a=a, b=b)
    ns.update(add_chain_early=add_chain_early, add_chain_modern=add_chain_modern,
              Variable=torch_early.autograd.Variable)
    return ns


def mm_chain_variables(Variable, x, weights):
    """Forward through len(weights) matrix products and back, with the autograd graph."""
    out = Variable(x)
    params = [Variable(w, requires_grad=True) for w in weights]
    for w in params:
        out = out.mm(w)
    out.backward(x)


def mm_chain_tensors(x, weights):
    """The same products and gradients written by hand with tensor operations."""
    inputs = [x]
    for w in weights:
        inputs.append(inputs[-1].mm(w))
    grad = x
    for layer in reversed(range(len(weights))):
        inputs[layer].t().mm(grad)                  # the weight's gradient
        if layer > 0:                               # x itself needs no gradient
            grad = grad.mm(weights[layer].t())      # the input's gradient


@autograd_workload("512x512 float mm chain of 8 + backward", "mm_chain_variables(Variable, x, ws)",
                   "mm_chain_tensors(x, ws)", "the same tensor ops", target=1.2)
def _():
    x, = arrays((512, 512), 'float32', count=1)
    weights = arrays((512, 512), 'float32', count=8)
    ns = namespace(x=x)
    ns.update(ws=[torch_early.FloatTensor(w) for w in weights], Variable=torch_early.autograd.Variable,
              mm_chain_variables=mm_chain_variables, mm_chain_tensors=mm_chain_tensors)
    return ns


# ---- issue 8: sparse tensors ------------------------------------------------------------------
# A sparse (COO) matrix times a dense one, against the same product with the matrix dense
# (torch_early.mm) and, where SciPy is installed, against scipy.sparse (CSR, built once).

try:
    import scipy.sparse as scipy_sparse
except ImportError:
    scipy_sparse = None

SPARSE_WORKLOADS = []


def sparse_workload(name, early, references):
    """references: [(label, statement)]; a statement naming scipy_sparse data is skipped without
    SciPy."""
    def register(make_data):
        SPARSE_WORKLOADS.append((name, early, references, make_data))
        return make_data
    return register


def sparse_product_data(rows, cols, density, columns, coalesced):
    """A rows x cols sparse matrix with about density * rows * cols entries (float64), as
    torch_early sparse `s` (coalesced or not: then each product first sorts a copy), dense `s_dense`
    and SciPy CSR `s_sp`; and a dense cols x columns factor `d` (`d_np` in NumPy)."""
    rng = np.random.RandomState(0)
    nnz = int(density * rows * cols)
    row, col = rng.randint(0, rows, nnz), rng.randint(0, cols, nnz)
    values = rng.rand(nnz)
    dense = rng.rand(cols, columns)
    s = torch_early.sparse.DoubleTensor(torch_early.LongTensor(np.stack([row, col]).tolist()),
                                        torch_early.DoubleTensor(values.tolist()),
                                        torch_early.Size([rows, cols]))
    if coalesced:
        s.contiguous()
    ns = {'torch_early': torch_early, 's': s, 's_dense': s.to_dense(),
          'd': torch_early.DoubleTensor(dense), 'd_np': dense}
    if scipy_sparse is not None:
        ns['s_sp'] = scipy_sparse.csr_matrix((values, (row, col)), shape=(rows, cols))
    return ns


for _coalesced in (True, False):
    @sparse_workload("spmm 4096x4096 1%% @ 4096x64 double%s" % ('' if _coalesced else ', unsorted'),
                     "torch_early.mm(s, d)",
                     [("dense mm", "torch_early.mm(s_dense, d)"), ("scipy CSR", "s_sp @ d_np")])
    def _(coalesced=_coalesced):
        return sparse_product_data(4096, 4096, 0.01, 64, coalesced)


def best_time(statement, ns, repeats=7):
    """Seconds per execution of `statement`: each repeat runs ~0.1 s; the best repeat counts."""
    timer = timeit.Timer(statement, globals=ns)
    number, elapsed = timer.autorange()
    number = max(1, int(number * 0.1 / max(elapsed, 1e-9)))
    return min(timer.repeat(repeat=repeats, number=number)) / number


# ---- issue 8: parallel loops on a busy machine -----------------------------------------------
# Each workload runs with 1 and with 2 (or more) threads, first on the machine as it is, then while
# one busy process per core keeps every core taken. Calls are timed one by one; the median is what
# users get on a busy machine, the best call what the work costs when nothing interferes.

BUSY_WORKLOADS = [
    ("sort 1M float", "a.sort()", (1_000_000,)),
    ("sum 10M float", "a.sum()", (10_000_000,)),
    ("add 10M float", "a.add(b)", (10_000_000,)),
    ("exp 10M float", "a.exp()", (10_000_000,)),
    ("mul 1M float", "a.mul(b)", (1_000_000,)),
]


def spin():
    """The background load: one process that never sleeps."""
    while True:
        pass


def call_times(statement, ns, seconds=1.0, most=200):
    """(median, best) seconds of one execution of `statement`, over calls timed one by one for
    about `seconds` (at least 5 calls, at most `most`)."""
    code = compile(statement, '<workload>', 'eval')
    times = []
    deadline = time.perf_counter() + seconds
    while len(times) < 5 or (len(times) < most and time.perf_counter() < deadline):
        start = time.perf_counter()
        eval(code, ns)
        times.append(time.perf_counter() - start)
    return statistics.median(times), min(times)


def measure_busy(words, thread_counts):
    """{(workload, threads): (median, best) seconds} for the selected workloads."""
    results = {}
    for name, statement, shape in BUSY_WORKLOADS:
        if words and not any(w in name for w in words):
            continue
        a, b = arrays(shape, 'float32')
        ns = namespace(a=a, b=b)
        for threads in thread_counts:
            torch_early.set_num_threads(threads)
            eval(statement, ns)                         # warm up: threads, pages, caches
            results[name, threads] = call_times(statement, ns)
    return results


# The nn steps timed the same way (issue 27): with every thread, torch_early and modern PyTorch.
# A fair share of 2 cores beside 2 spinning processes is half of them: busy/idle near 2.
BUSY_NN_WORKLOADS = {"LeNet training step, b64 1x28x28": 2.5,
                     "conv2d forward+backward, b32 64->64 16x16": None,
                     "LSTM 2 layers h256, seq 35 b20 forward+backward": None}


def busy_nn_steps(words):
    """{(workload, library name): step} for the selected nn workloads of BUSY_NN_WORKLOADS."""
    steps = {}
    for name, target, make_step in NN_WORKLOADS:
        if name not in BUSY_NN_WORKLOADS or (words and not any(w in name for w in words)):
            continue
        torch_early.manual_seed(0)
        steps[name, 'torch_early'] = make_step(torch_early)
        if modern_torch is not None:
            steps[name, 'torch'] = make_step(modern_torch)
    return steps


def measure_busy_nn(steps, threads):
    """{(workload, library): (median, best) seconds} of each step on `threads` threads."""
    torch_early.set_num_threads(threads)
    if modern_torch is not None:
        modern_torch.set_num_threads(threads)
    results = {}
    # torch_early's steps first: modern PyTorch's threads keep spinning a while after its own
    # steps, and would take the cores from whatever runs next
    for key in sorted(steps, key=lambda key: key[1] != 'torch_early'):
        steps[key]()                                    # warm up
        results[key] = call_times("step()", {'step': steps[key]}, seconds=2.0, most=100)
    return results


def busy_main(words):
    cores = os.cpu_count() or 1
    most = torch_early.get_num_threads()
    thread_counts = sorted({1, max(2, most)})
    print(f"torch_early {torch_early.__version__}; {cores} cores; time per call in ms, median "
          f"(best)")
    steps = busy_nn_steps(words)
    idle = measure_busy(words, thread_counts)
    idle_nn = measure_busy_nn(steps, most)
    load = [multiprocessing.Process(target=spin, daemon=True) for _ in range(cores)]
    for process in load:
        process.start()
    try:
        time.sleep(0.5)                                 # let the scheduler spread them
        busy = measure_busy(words, thread_counts)
        busy_nn = measure_busy_nn(steps, most)
    finally:
        for process in load:
            process.terminate()
        for process in load:
            process.join()
        torch_early.set_num_threads(most)
    print(f"{'workload':16} {'threads':>7} {'as it is':>18} {'busy':>18}  ({cores} busy processes)")
    for key, (median, best) in idle.items():
        busy_median, busy_best = busy[key]
        print(f"{key[0]:16} {key[1]:7d} {median * 1e3:9.2f} ({best * 1e3:6.2f}) "
              f"{busy_median * 1e3:9.2f} ({busy_best * 1e3:6.2f})")
    if not idle_nn:
        return
    print()
    print(f"{'nn workload, ' + str(most) + ' threads':50} {'library':>11} {'as it is':>18} "
          f"{'busy':>18} {'busy/idle':>9} {'target':>8}")
    for (name, library), (median, best) in sorted(idle_nn.items()):
        busy_median, busy_best = busy_nn[name, library]
        target = BUSY_NN_WORKLOADS[name]
        print(f"{name:50} {library:>11} {median * 1e3:9.2f} ({best * 1e3:6.2f}) "
              f"{busy_median * 1e3:9.2f} ({busy_best * 1e3:6.2f}) {busy_median / median:9.2f} "
              f"{('<= %.2f' % target) if target and library == 'torch_early' else '':>8}")


# ---- the nn issue: layers over THNN, against modern PyTorch --------------------------------

NN_WORKLOADS = []


def nn_workload(name, target):
    """Registers a layer workload: make_data(torch) returns a callable running one step with the
    given library (torch_early, or modern PyTorch under its own API)."""
    def register(make_step):
        NN_WORKLOADS.append((name, target, make_step))
        return make_step
    return register


def _leaf(torch, tensor, grad=True):
    """A leaf that requires grad, in either library's spelling."""
    if torch is torch_early:
        return torch_early.autograd.Variable(tensor, requires_grad=grad)
    return tensor.requires_grad_(grad)


def _backward_of(torch, y):
    """Backward of the sum of y's elements (a gradient of ones)."""
    y.backward(y.data.new(y.size()).fill_(1) if torch is torch_early else torch.ones_like(y))


@nn_workload("conv2d forward, b32 3->64 32x32 k3 p1", target=1.5)
def _(torch):
    F = torch.nn.functional
    x, w, b = torch.randn(32, 3, 32, 32), torch.randn(64, 3, 3, 3), torch.randn(64)
    x, w, b = (_leaf(torch, t, grad=False) for t in (x, w, b))
    return lambda: F.conv2d(x, w, b, padding=1)


@nn_workload("conv2d forward+backward, b32 64->64 16x16", target=1.3)
def _(torch):
    F = torch.nn.functional
    x, w, b = (_leaf(torch, t) for t in (torch.randn(32, 64, 16, 16), torch.randn(64, 64, 3, 3),
                                          torch.randn(64)))
    return lambda: _backward_of(torch, F.conv2d(x, w, b, padding=1))


@nn_workload("Linear 1024->1024 b128 forward+backward", target=1.0)
def _(torch):
    layer = torch.nn.Linear(1024, 1024)
    x = _leaf(torch, torch.randn(128, 1024))
    return lambda: _backward_of(torch, layer(x))


@nn_workload("max_pool2d 2x2, b32 64x32x32 forward+backward", target=1.5)
def _(torch):
    x = _leaf(torch, torch.randn(32, 64, 32, 32))
    return lambda: _backward_of(torch, torch.nn.functional.max_pool2d(x, 2))


@nn_workload("BatchNorm2d, b32 64x16x16 forward+backward", target=1.5)
def _(torch):
    layer = torch.nn.BatchNorm2d(64)
    x = _leaf(torch, torch.randn(32, 64, 16, 16))
    return lambda: _backward_of(torch, layer(x))


@nn_workload("ReLU, b32 64x32x32 forward+backward", target=1.5)
def _(torch):
    x = _leaf(torch, torch.randn(32, 64, 32, 32))
    return lambda: _backward_of(torch, torch.nn.functional.relu(x))


@nn_workload("log_softmax + nll_loss, b128 x 1000 classes", target=1.5)
def _(torch):
    F = torch.nn.functional
    x = _leaf(torch, torch.randn(128, 1000))
    target = torch.LongTensor(128).random_(0, 1000)
    if torch is torch_early:
        target = torch_early.autograd.Variable(target)
    return lambda: F.nll_loss(F.log_softmax(x, 1) if torch is not torch_early
                              else F.log_softmax(x), target).backward()


@nn_workload("LSTM 2 layers h256, seq 35 b20 forward+backward", target=1.2)
def _(torch):
    lstm = torch.nn.LSTM(256, 256, 2)
    x = _leaf(torch, torch.randn(35, 20, 256))
    return lambda: _backward_of(torch, lstm(x)[0])


@nn_workload("GRU 2 layers h256, seq 35 b20 forward+backward", target=1.2)
def _(torch):
    gru = torch.nn.GRU(256, 256, 2)
    x = _leaf(torch, torch.randn(35, 20, 256))
    return lambda: _backward_of(torch, gru(x)[0])


LENET_STEP = "LeNet training step, b64 1x28x28"


@nn_workload(LENET_STEP, target=1.0)
def _(torch):
    nn, F = torch.nn, torch.nn.functional
    conv1, conv2 = nn.Conv2d(1, 10, 5), nn.Conv2d(10, 20, 5)
    fc1, fc2 = nn.Linear(320, 50), nn.Linear(50, 10)
    params = [p for m in (conv1, conv2, fc1, fc2) for p in m.parameters()]
    x = _leaf(torch, torch.randn(64, 1, 28, 28), grad=False)
    target = torch.LongTensor(64).random_(0, 10)
    if torch is torch_early:
        target = torch_early.autograd.Variable(target)

    def step():
        h = F.relu(F.max_pool2d(conv1(x), 2))
        h = F.relu(F.max_pool2d(F.dropout(conv2(h), training=True), 2))
        h = F.relu(fc1(h.view(-1, 320)))
        h = fc2(F.dropout(h, training=True))
        logits = F.log_softmax(h) if torch is torch_early else F.log_softmax(h, 1)
        for p in params:
            if p.grad is not None:
                p.grad.data.zero_()
        F.nll_loss(logits, target).backward()
        for p in params:
            p.data.add_(p.grad.data, alpha=-0.01) if torch is not torch_early \
                else p.data.add_(-0.01, p.grad.data)
    return step


@nn_workload("Adam step over the LeNet parameters", target=1.5)
def _(torch):
    nn = torch.nn
    layers = (nn.Conv2d(1, 10, 5), nn.Conv2d(10, 20, 5), nn.Linear(320, 50), nn.Linear(50, 10))
    params = [p for layer in layers for p in layer.parameters()]
    for p in params:   # a gradient in place, as after a backward
        (p * p).sum().backward()
    optimizer = torch.optim.Adam(params, lr=1e-3)
    return optimizer.step


def time_step(step, repeat=5):
    """Best time of one call of step, after a warm-up call."""
    step()
    number = max(1, int(0.05 / max(timeit.timeit(step, number=1), 1e-6)))
    return min(timeit.repeat(step, number=number, repeat=repeat)) / number


def nn_ratios(words):
    """Yields (name, target, torch_early seconds, modern seconds or None) for the selected nn
    workloads, each library on the same number of threads."""
    for name, target, make_step in NN_WORKLOADS:
        if words and not any(w in name for w in words):
            continue
        torch_early.manual_seed(0)
        t_early = time_step(make_step(torch_early))
        t_modern = None
        if modern_torch is not None:
            modern_torch.set_num_threads(torch_early.get_num_threads())
            t_modern = time_step(make_step(modern_torch))
        yield name, target, t_early, t_modern


def run_nn_workloads(words):
    print()
    print(f"{'nn workload':50} {'torch_early':>12} {'torch':>12} {'ratio':>6} {'target':>8}")
    for name, target, t_early, t_modern in nn_ratios(words):
        if t_modern is None:
            print(f"{name:50} {t_early * 1e3:10.3f}ms   (modern PyTorch is not installed)",
                  flush=True)
            continue
        print(f"{name:50} {t_early * 1e3:10.3f}ms {t_modern * 1e3:10.3f}ms "
              f"{t_early / t_modern:6.2f} {'<= %.2f' % target:>8}", flush=True)


# ---- issue 27: OpenBLAS's kernels, pinned and not -------------------------------------------
# Some machines set OPENBLAS_CORETYPE, which pins OpenBLAS to the kernels of an older CPU. OpenBLAS
# reads it once, when it loads, so each setting runs in a process of its own: the environment as it
# is (or with the core type given to --openblas-pin where the machine sets none), and without the
# variable. Only the benchmark's own processes see the change.

def nn_ratios_in_child(words, coretype):
    """[(name, target, ratio or None, torch_early ms)] from a fresh process whose environment has
    OPENBLAS_CORETYPE=coretype (None: removed)."""
    env = dict(os.environ)
    env.pop('OPENBLAS_CORETYPE', None)
    if coretype is not None:
        env['OPENBLAS_CORETYPE'] = coretype
    command = [sys.executable, os.path.abspath(__file__), '--nn-json',
               '--threads', str(torch_early.get_num_threads())] + words
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith('[')]


def openblas_pin_main(words, pin):
    machine = os.environ.get('OPENBLAS_CORETYPE')
    pinned = machine or pin
    if pinned is None:
        print("OPENBLAS_CORETYPE is not set on this machine: give a core type to compare with "
              "(--openblas-pin Haswell)")
        return
    print(f"torch_early {torch_early.__version__}, {torch_early.get_num_threads()} threads; "
          f"OPENBLAS_CORETYPE={pinned} ({'as this machine sets it' if machine else 'given'}) "
          f"against unset; ratio = torch_early / modern PyTorch")
    with_pin = nn_ratios_in_child(words, pinned)
    without = {row[0]: row for row in nn_ratios_in_child(words, None)}
    print(f"{'nn workload':50} {'pinned':>16} {'unset':>16} {'target':>8}")
    for name, target, ratio, ms in with_pin:
        _, _, ratio_free, ms_free = without[name]
        def cell(r, t):
            return f"{t:8.2f}ms {r:5.2f}" if r is not None else f"{t:8.2f}ms   n/a"
        print(f"{name:50} {cell(ratio, ms):>16} {cell(ratio_free, ms_free):>16} "
              f"{'<= %.2f' % target:>8}", flush=True)


def nn_json_main(words):
    """The child of openblas_pin_main: one JSON list per workload."""
    for name, target, t_early, t_modern in nn_ratios(words):
        print(json.dumps([name, target, t_early / t_modern if t_modern else None, t_early * 1e3]),
              flush=True)


# ---- the data issue: a DataLoader with worker processes, against modern PyTorch's ---------------

DATA_WORKLOAD = "DataLoader, 2 workers, 60000 28x28 images, batch 64, one epoch"


def mnist_sized_loader(torch):
    """A DataLoader with 2 workers over a TensorDataset of 60,000 28x28 float images and long
    labels, batch 64: an epoch of MNIST, in either library."""
    if torch is torch_early:
        from torch_early.utils.data import TensorDataset, DataLoader
        images = torch.FloatTensor(60000, 28, 28).uniform_()
        labels = torch.LongTensor(60000).random_(0, 10)
    else:
        from torch.utils.data import TensorDataset, DataLoader
        images, labels = torch.rand(60000, 28, 28), torch.randint(0, 10, (60000,))
    return DataLoader(TensorDataset(images, labels), batch_size=64, num_workers=2)


def epoch_time(loader, repeat=3):
    """Best time of one pass over loader, starting and stopping its workers included."""
    best = float('inf')
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in loader:
            pass
        best = min(best, time.perf_counter() - start)
    return best


def run_data_workloads(words):
    print()
    print(f"{'data workload':62} {'torch_early':>13} {'torch':>13} {'ratio':>6} {'target':>8}")
    if words and not any(w in DATA_WORKLOAD for w in words):
        return
    loader = mnist_sized_loader(torch_early)
    t_early = epoch_time(loader)
    batches = len(loader)
    if modern_torch is None:
        print(f"{DATA_WORKLOAD:62} {batches / t_early:9.0f} b/s   (modern PyTorch is not installed)")
        return
    t_modern = epoch_time(mnist_sized_loader(modern_torch))
    print(f"{DATA_WORKLOAD:62} {batches / t_early:9.0f} b/s {batches / t_modern:9.0f} b/s "
          f"{t_early / t_modern:6.2f} {'<= 1.00':>8}", flush=True)


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
        try:
            t_early = best_time(early, ns)
        except (AttributeError, TypeError) as error:   # an operation this build does not have
            print(f"{name:38} {'n/a':>12}   ({error})", flush=True)
            continue
        t_numpy = best_time(numpy_stmt, ns)
        line = (f"{name:38} {t_early * 1e6:10.3f}us {t_numpy * 1e6:10.3f}us {t_early / t_numpy:6.2f}"
                f" {('<= %.2f' % target) if target else '':>8}")
        if modern_torch is not None:
            t_modern = best_time(modern, ns)
            line += f" {t_modern * 1e6:11.3f}us {t_early / t_modern:6.2f}"
        print(line, flush=True)

    print()
    print(f"{'autograd workload':42} {'torch_early':>12} {'reference':>12} {'ratio':>6} {'target':>8}"
          f"  reference")
    for name, early, reference, reference_name, target, make_data in AUTOGRAD_WORKLOADS:
        if words and not any(w in name for w in words):
            continue
        ns = make_data()
        if 'PyTorch' in reference_name and modern_torch is None:
            print(f"{name:42} (modern PyTorch is not installed)")
            continue
        try:
            t_early = best_time(early, ns)
        except (AttributeError, TypeError) as error:
            print(f"{name:42} {'n/a':>12}   ({error})", flush=True)
            continue
        t_reference = best_time(reference, ns)
        print(f"{name:42} {t_early * 1e6:10.1f}us {t_reference * 1e6:10.1f}us "
              f"{t_early / t_reference:6.2f} {'<= %.2f' % target:>8}  {reference_name}", flush=True)


    run_nn_workloads(words)

    print()
    print(f"{'sparse workload':42} {'torch_early':>12}  against")
    for name, early, references, make_data in SPARSE_WORKLOADS:
        if words and not any(w in name for w in words):
            continue
        ns = make_data()
        t_early = best_time(early, ns)
        parts = []
        for label, statement in references:
            if 's_sp' in statement and 's_sp' not in ns:
                parts.append(f"{label}: SciPy is not installed")
                continue
            t_reference = best_time(statement, ns)
            parts.append(f"{label} {t_reference * 1e6:.1f}us, ratio {t_early / t_reference:.2f}")
        print(f"{name:42} {t_early * 1e6:10.1f}us  " + '; '.join(parts), flush=True)

    run_data_workloads(words)


def parse_arguments():
    parser = argparse.ArgumentParser(prog="python benchmarks/run.py", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("words", nargs="*",
                        help="run only the workloads whose name contains one of these words")
    parser.add_argument("--busy", action="store_true",
                        help="time the parallel workloads with 1 and with all threads, and the "
                             "LeNet step, conv2d and LSTM with all threads, on the machine as it "
                             "is and with every core kept busy")
    parser.add_argument("--threads", type=int, default=2,
                        help="threads for torch_early and modern PyTorch (default 2)")
    parser.add_argument("--openblas-pin", nargs="?", const="", default=None, metavar="CORETYPE",
                        help="the nn workloads with OPENBLAS_CORETYPE as the machine sets it (or "
                             "CORETYPE where it sets none) and with it unset, each in a process "
                             "of its own")
    parser.add_argument("--nn-json", action="store_true", help=argparse.SUPPRESS)
    return parser.parse_intermixed_args()   # the words may come before or after the options


if __name__ == "__main__":
    arguments = parse_arguments()
    torch_early.set_num_threads(arguments.threads)
    if arguments.nn_json:
        nn_json_main(arguments.words)
    elif arguments.openblas_pin is not None:
        openblas_pin_main(arguments.words, arguments.openblas_pin or None)
    elif arguments.busy:
        busy_main(arguments.words)
    else:
        main(arguments.words)
