"""Memory: every reference taken is given back, on success and on failure alike.

Two ways to see a leak from Python:
- Reference counts. sys.getrefcount(obj) counts the references to obj. A C function that takes a
  reference and forgets to drop it makes the count of its argument grow by one per call. Every
  object also holds a reference to its class, so a leaked result shows up in the count of its
  class (torch_early.FloatTensor, numpy.ndarray, ...).
- Resident memory. Memory taken with malloc and never freed (a TH tensor or storage that nothing
  points to) has no reference count; it shows up as a process that grows. After a warm-up, a
  hundred thousand calls should leave the resident size where it was, give or take a little.
No test here measures time.
"""
import gc
import resource
import sys

import numpy
import pytest

import torch_early

# ---- reference counts -----------------------------------------------------------------------


def attempt(function):
    """Calls function, swallowing the exception it may be meant to raise."""
    try:
        function()
    except Exception:
        pass


def reference_counts(objects):
    gc.collect()
    return [sys.getrefcount(obj) for obj in objects]


def assert_balanced(function, objects, times=100):
    """The reference counts of `objects` are the same after `times` more calls of function."""
    for _ in range(3):  # the first calls may fill caches (interned names, method lookups)
        attempt(function)
    before = reference_counts(objects)
    for _ in range(times):
        attempt(function)
    after = reference_counts(objects)
    assert after == before


def operands():
    a = torch_early.FloatTensor([[1, 2], [3, 4]])
    b = torch_early.FloatTensor([[5, 6], [7, 8]])
    return a, b


CLASSES = [torch_early.FloatTensor, torch_early.DoubleTensor, torch_early.IntTensor,
           torch_early.ByteTensor, torch_early.FloatStorage, torch_early.Size, numpy.ndarray]


def test_method_calls_balance():
    a, b = operands()
    scale = float('1.5')  # a float object of our own, not a cached constant
    cases = [
        lambda: a.add(b), lambda: a.add(scale, b), lambda: a.add_(0), lambda: a.mul(scale),
        lambda: a.sum(), lambda: a.sum(0), lambda: a.dot(b), lambda: a.addmm(a, b),
        lambda: a.size(), lambda: a.stride(), lambda: a.storage(), lambda: a.t(),
        lambda: a.copy_(b), lambda: a.copy_(torch_early.IntTensor([1, 2, 3, 4])),
        lambda: a.clone(), lambda: a.tolist(),
    ]
    for case in cases:
        assert_balanced(case, [a, b, scale] + CLASSES)


def test_function_forms_balance():
    a, b = operands()
    out = torch_early.FloatTensor()
    indices = torch_early.LongTensor()
    for case in [lambda: torch_early.add(a, b), lambda: torch_early.add(a, b, out=out),
                 lambda: torch_early.sum(a, 1, out=out), lambda: torch_early.addmm(a, a, b),
                 lambda: a.add(b, out=out), lambda: a.max(0, out=(out, indices))]:
        assert_balanced(case, [a, b, out, indices] + CLASSES)


def test_indexing_balances():
    a = torch_early.FloatTensor(3, 4).zero_()
    key, columns, ellipsis = (1, 2), slice(1, 3), (Ellipsis, 1)
    mask = torch_early.ByteTensor(3, 4).zero_()
    value = float('2.5')
    row = torch_early.FloatTensor([1, 2, 3, 4])
    cases = [
        lambda: a[1], lambda: a[key], lambda: a[columns], lambda: a[ellipsis], lambda: a[mask],
        lambda: a.__setitem__(key, value), lambda: a.__setitem__(0, row),
        lambda: a.__setitem__(mask, value), lambda: a.__setitem__(columns, value),
        lambda: len(a), lambda: a.index(key), lambda: a.index(mask),
        lambda: a.set_index(key, value), lambda: a.set_index(key, row[0:1]),
    ]
    for case in cases:
        assert_balanced(case, [a, key, columns, ellipsis, mask, value, row] + CLASSES)


def test_failing_calls_balance():
    a, b = operands()
    wrong = 'x'
    short = torch_early.FloatTensor([1, 2, 3])
    other_dtype = torch_early.DoubleTensor([1, 2, 3, 4])
    bad_out = torch_early.DoubleTensor()
    cases = [
        lambda: a.add(wrong),                            # TypeError: no signature matches
        lambda: a.add(other_dtype),                      # TypeError: wrong tensor type
        lambda: torch_early.add(a, b, out=bad_out),      # TypeError: out of the wrong type
        lambda: a.add(b, out=bad_out),
        lambda: a.add(short, out=torch_early.FloatTensor()),  # RuntimeError with out= given
        lambda: a.add(short),                            # RuntimeError: sizes
        lambda: a.addmm(short, short),                   # RuntimeError: not matrices
        lambda: a.copy_(short),                          # RuntimeError: element counts
        lambda: torch_early.IntTensor([1]).div(0),       # TensorZeroDivisionError
        lambda: a[wrong], lambda: a[5], lambda: a[0:0],  # TypeError, IndexError
        lambda: a.__setitem__(0, wrong),
        lambda: torch_early.FloatTensor(wrong),          # constructor TypeError
        lambda: torch_early.FloatTensor([[1], [2, 3]]),  # ragged: RuntimeError
        lambda: torch_early.FloatTensor([[1], ['x']]),   # not a number: TypeError
        lambda: a.gather(0, torch_early.LongTensor([[5, 0]])),  # TensorIndexError
        lambda: a.index((0, 9)), lambda: a.set_index(0, wrong),
        lambda: float(a),                                # ValueError: four elements
        lambda: torch_early.FloatStorage.from_buffer(b'123', 'big'),  # ValueError: 3 bytes
        lambda: torch_early.FloatTensor(2 ** 50),        # out of memory: RuntimeError
        lambda: torch_early.add(torch_early.HalfTensor(1), 1),  # no such function for Half
    ]
    for case in cases:
        assert_balanced(case, [a, b, wrong, short, other_dtype, bad_out] + CLASSES)


def test_numpy_round_trips_balance():
    array = numpy.arange(6.0).reshape(2, 3)
    t = torch_early.DoubleTensor([1, 2, 3])
    cases = [
        lambda: torch_early.from_numpy(array), lambda: torch_early.from_numpy(array).numpy(),
        lambda: t.numpy(), lambda: numpy.asarray(t), lambda: torch_early.DoubleTensor(array),
        lambda: torch_early.FloatTensor(array), lambda: torch_early.from_numpy(array[:, ::-1]),
    ]
    for case in cases:
        assert_balanced(case, [array, t] + CLASSES)


def test_storage_operations_balance():
    storage = torch_early.FloatStorage([1, 2, 3, 4])
    source = torch_early.IntStorage([5, 6, 7, 8])
    cases = [
        lambda: storage[1], lambda: storage[1:3], lambda: storage.copy_(source),
        lambda: storage.fill_(1), lambda: torch_early.FloatTensor(storage, 1, (2,)),
        lambda: storage['x'], lambda: storage.copy_(torch_early.IntStorage(2)),
        lambda: storage.new(), lambda: torch_early.FloatStorage.from_buffer(b'\0' * 8, 'big'),
        lambda: torch_early.FloatTensor().storage(), lambda: float(storage[0:1].tolist()[0]),
        lambda: float(torch_early.FloatTensor(storage, 1, (1,))),
    ]
    for case in cases:
        assert_balanced(case, [storage, source] + CLASSES)


def test_random_calls_balance():
    generator = torch_early.Generator()
    t = torch_early.FloatTensor(10)
    cases = [
        lambda: t.uniform_(generator=generator), lambda: t.normal_(0, 1, generator=generator),
        lambda: generator.get_state(), lambda: torch_early.get_rng_state(),
        lambda: t.uniform_(generator='x'),
    ]
    for case in cases:
        assert_balanced(case, [generator, t, torch_early.default_generator] + CLASSES)


def test_a_dropped_tensor_frees_its_storage_reference():
    t = torch_early.FloatTensor([1, 2])
    storage = t.storage()
    views = [t[0:1] for _ in range(10)]
    del views, t
    gc.collect()
    # the storage object is the only thing left; it still works
    assert storage.tolist() == [1, 2]


# ---- resident memory ------------------------------------------------------------------------

def resident_bytes():
    try:
        with open('/proc/self/statm') as statm:
            return int(statm.read().split()[1]) * resource.getpagesize()
    except OSError:  # no /proc: the peak is the best we have (kilobytes on Linux, bytes on macOS)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == 'darwin' else peak * 1024


def growth_over(function, calls=100000, warm_up=20000):
    for _ in range(warm_up):
        attempt(function)
    gc.collect()
    before = resident_bytes()
    for _ in range(calls):
        attempt(function)
    gc.collect()
    return resident_bytes() - before


# A leak of even 16 bytes per call would grow the process by 1.6 MB over 100,000 calls.
TOLERANCE = 1 << 20


def memory_cases():
    a = torch_early.FloatTensor(100).fill_(1)
    b = torch_early.FloatTensor(100).fill_(2)
    array = numpy.arange(100.0)
    return {
        'add': lambda: a.add(b),
        'add_ in place': lambda: a.add_(b),
        'add with a wrong type': lambda: a.add('x'),
        'add with a wrong size': lambda: a.add(torch_early.FloatTensor(3)),
        'indexing': lambda: a[3:50],
        'numpy round trip': lambda: torch_early.from_numpy(a.numpy()),
        'from_numpy': lambda: torch_early.from_numpy(array),
        'an allocation that fails': lambda: torch_early.FloatTensor(2 ** 50),
        'a ragged constructor': lambda: torch_early.FloatTensor([[1], [2, 3]]),
        'the storage of an empty tensor': lambda: torch_early.FloatTensor().storage(),
        'from_buffer': lambda: torch_early.DoubleStorage.from_buffer(array, 'little'),
        'histc': lambda: a.histc(10),
    }


@pytest.mark.parametrize('case', list(memory_cases()))
def test_repeated_calls_keep_memory_flat(case):
    function = memory_cases()[case]
    assert growth_over(function) < TOLERANCE


def test_steps_that_allocate_the_same_sizes_keep_memory_flat():
    """A training loop allocates the same sizes at every step. TH keeps freed blocks of 128 KB or
    more for the next step; over 1,000 steps of ten 1 MB results alive at once, what it keeps must
    not grow."""
    a = torch_early.FloatTensor(262144).fill_(1)

    def step():
        results = [a.add(1)]
        for _ in range(9):
            results.append(results[-1].add(1))

    assert growth_over(step, calls=1000, warm_up=20) < TOLERANCE


def test_autograd_steps_balance():
    """A forward and backward through Variables gives back every reference it took: to the
    leaf tensors, the tensor classes and the Variable class (the function-style dispatch to
    Variables included, and a failing backward too)."""
    from torch_early.autograd import Variable
    x = Variable(torch_early.DoubleTensor([[1, 2], [3, 4]]), requires_grad=True)
    w = Variable(torch_early.DoubleTensor([[0.5, 0], [0, 0.5]]), requires_grad=True)

    def step():
        y = torch_early.mm(x, w).sigmoid()
        loss = (y * y).sum() + y.max(1)[0].sum()
        loss.backward()

    def failing_backward():
        (x * w).backward()     # not a scalar: raises

    for case in (step, failing_backward):
        assert_balanced(case, [x.data, w.data, Variable] + CLASSES)
