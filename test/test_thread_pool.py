"""One thread pool for the process: the BLAS runs on one thread inside TH's parallel loops, TH
shares large matrix products out across its own threads, and set_num_threads governs both, in every
Python thread. Results do not depend on the thread count (within float rounding)."""
import os
import subprocess
import sys
import threading

import pytest

import torch_early
from torch_early.autograd import Variable

needs_openblas = pytest.mark.skipif(
    not torch_early._C.has_blas or torch_early._C._blas_threads() == -1,
    reason="built without OpenBLAS (WITH_BLAS=0): no BLAS threads to govern")


@pytest.fixture
def threads():
    """Sets the thread count for a test and puts the old one back."""
    before = torch_early.get_num_threads()
    yield torch_early.set_num_threads
    torch_early.set_num_threads(before)


def run_python(code, **environment):
    """Runs code in a fresh interpreter with these environment variables (None removes one) and
    returns what it printed."""
    env = dict(os.environ)
    for name, value in environment.items():
        env.pop(name, None)
        if value is not None:
            env[name] = value
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


@needs_openblas
def test_blas_runs_on_one_thread_and_th_shares_the_products():
    printed = run_python("import torch_early as t; print(t._C._blas_threads(), t._C._gemm_shared())",
                         OPENBLAS_NUM_THREADS=None, GOTO_NUM_THREADS=None)
    assert printed == ["1", "True"]


@needs_openblas
def test_a_blas_thread_count_the_user_set_is_kept():
    code = ("import torch_early as t\n"
            "a = t.randn(300, 200); b = t.randn(200, 100)\n"
            "print(t._C._blas_threads(), t._C._gemm_shared(), (a.mm(b) - a.double().mm(b.double())"
            ".float()).abs().max() < 1e-3)")
    assert run_python(code, OPENBLAS_NUM_THREADS="2") == ["2", "False", "True"]


def test_the_thread_count_is_one_number_for_every_python_thread(threads):
    threads(1)
    seen = []
    worker = threading.Thread(target=lambda: seen.append(torch_early.get_num_threads()))
    worker.start()
    worker.join()
    assert seen == [1]
    threads(2)
    worker = threading.Thread(target=lambda: seen.append(torch_early.get_num_threads()))
    worker.start()
    worker.join()
    assert seen == [1, 2]


def on_each_thread_count(compute):
    """compute() with 1 and with 2 threads."""
    results = []
    for count in (1, 2):
        torch_early.set_num_threads(count)
        results.append(compute())
    return results


# Large enough to be shared out (m*n*k well above the threshold), tall and wide, sides that are not
# multiples of the blocks, transposed operands.
@pytest.mark.parametrize("m,k,n", [(333, 70, 90), (90, 70, 333), (17, 300, 400), (400, 129, 33)])
@pytest.mark.parametrize("dtype", ["float", "double"])
def test_shared_products_equal_one_thread(threads, m, k, n, dtype):
    torch_early.manual_seed(0)
    a, b = torch_early.randn(m, k).type('torch_early.%sTensor' % dtype.capitalize()), None
    b = torch_early.randn(k, n).type(a.type())
    c = torch_early.randn(m, n).type(a.type())
    tolerance = 1e-4 if dtype == "float" else 1e-10

    def products():
        return [a.mm(b), torch_early.addmm(0.5, c, 1.5, a, b), a.t().t().mm(b.t().contiguous().t()),
                b.t().mm(a.t()), torch_early.baddbmm(c.unsqueeze(0), a.unsqueeze(0),
                                                     b.unsqueeze(0))]
    one, two = on_each_thread_count(products)
    for x, y in zip(one, two):
        assert (x - y).abs().max() <= tolerance * (1 + x.abs().max())


def test_a_network_trains_to_the_same_numbers_on_any_thread_count(threads):
    """A few SGD steps of a small convolutional network and an LSTM: the parameters after them
    agree on 1 and 2 threads."""
    nn, F = torch_early.nn, torch_early.nn.functional

    def train():
        torch_early.manual_seed(1)
        conv, fc = nn.Conv2d(2, 4, 3, padding=1), nn.Linear(4 * 4 * 4, 5)
        lstm = nn.LSTM(5, 7, 2)
        params = list(conv.parameters()) + list(fc.parameters()) + list(lstm.parameters())
        x = Variable(torch_early.randn(6, 2, 8, 8).double())
        for p in params:
            p.data = p.data.double()
        for _ in range(3):
            h = F.max_pool2d(F.relu(conv(x)), 2).view(6, -1)
            out, _ = lstm(fc(h).view(3, 2, 5))
            loss = (out * out).sum()
            for p in params:
                if p.grad is not None:
                    p.grad.data.zero_()
            loss.backward()
            for p in params:
                p.data.add_(-0.01, p.grad.data)
        return [p.data.clone() for p in params]
    one, two = on_each_thread_count(train)
    for x, y in zip(one, two):
        assert (x - y).abs().max() < 1e-10
