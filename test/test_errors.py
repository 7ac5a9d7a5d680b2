"""TH errors as Python sees them: the message names the Python argument that was wrong, and the
exception keeps the C file and line of the TH check that failed (its th_location attribute).

TH numbers the arguments of its C functions ("invalid argument 4"); the generated wrappers and
the hand-written methods tell the error frame which Python argument each number is, so a.add(b)
says "argument 'other'". A number that is no argument of the caller's never shows.
"""
import os

import pytest

import torch_early

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
Float = torch_early.FloatTensor
Long = torch_early.LongTensor
Byte = torch_early.ByteTensor


def ones(*sizes):
    return Float(*sizes).fill_(1)


# (what is called, the exception type, the start of its message) across the families of ops
CASES = {
    'add': (lambda: ones(2, 3).add(ones(3, 3)), RuntimeError,
            "argument 'other': inconsistent tensor size: expected 6 elements (size 2x3) but got 9 "
            "(size 3x3)"),
    'add_': (lambda: ones(2, 3).add_(2, ones(3, 3)), RuntimeError, "argument 'other': "),
    'torch_early.add': (lambda: torch_early.add(ones(2, 3), ones(3, 3)), RuntimeError,
                        "argument 'other': "),
    'sub': (lambda: ones(2, 3).sub(ones(3)), RuntimeError, "argument 'other': "),
    'mul': (lambda: ones(2, 3).mul(ones(3)), RuntimeError, "argument 'other': "),
    'div': (lambda: ones(2, 3).div(ones(3)), RuntimeError, "argument 'other': "),
    'addcmul': (lambda: ones(2, 3).addcmul(ones(3), ones(2, 3)), RuntimeError,
                "argument 'tensor1': "),
    'addmm': (lambda: ones(2, 2).addmm(ones(2, 3), ones(2, 3)), RuntimeError,
              "argument 'mat2': size mismatch: mat1 is 2x3 and mat2 is 2x3"),
    'mm': (lambda: ones(2, 3).mm(ones(2, 3)), RuntimeError, "argument 'mat2': size mismatch"),
    'bmm': (lambda: ones(2, 2, 3).bmm(ones(2, 2, 3)), RuntimeError,
            "argument 'batch2': size mismatch"),
    'addmv': (lambda: ones(2).addmv(ones(2, 3), ones(2)), RuntimeError,
              "argument 'vec': size mismatch: mat is 2x3 and vec is 2"),
    'addr': (lambda: ones(2, 2).addr(ones(3), ones(2)), RuntimeError, "argument 'self': "),
    'dot': (lambda: ones(2).dot(ones(3)), RuntimeError, "argument 'tensor': "),
    'index_select': (lambda: ones(2, 3).index_select(0, Long([5])), IndexError,
                     "argument 'index': index 5 is out of range for dimension 0 (of size 2)"),
    'index_select dim': (lambda: ones(2, 3).index_select(5, Long([0])), RuntimeError,
                         "argument 'dim': dimension 5 out of range of 2D tensor"),
    'index_copy_': (lambda: ones(2, 3).index_copy_(0, Long([0]), ones(2, 2)), RuntimeError,
                    "argument 'source': "),
    'gather dim': (lambda: ones(2, 3).gather(4, Long([[0]])), RuntimeError, "argument 'dim': "),
    'masked_fill_': (lambda: ones(2, 3).masked_fill_(Byte(5).fill_(1), 2), RuntimeError,
                     "argument 'mask': the mask has 5 elements"),
    'masked_select': (lambda: ones(2, 3).masked_select(Byte(5).fill_(1)), RuntimeError,
                      "argument 'mask': "),
    'masked_copy_': (lambda: ones(2, 3).masked_copy_(Byte(2, 3).fill_(1), ones(2)), RuntimeError,
                     "argument 'source': the mask picks 6 elements"),
    't[mask]': (lambda: ones(2, 3)[Byte(4).fill_(1)], RuntimeError, "argument 'key': "),
    'cat': (lambda: torch_early.cat([ones(2, 3), ones(2, 2)], 0), RuntimeError,
            "argument 'seq': inconsistent tensor sizes in cat"),
    'cat dim': (lambda: torch_early.cat([ones(2, 3)], 5), RuntimeError, "argument 'dim': "),
    'transpose': (lambda: ones(2, 3).transpose(0, 5), RuntimeError, "argument 'dim1': "),
    'narrow': (lambda: ones(2, 3).narrow(0, 1, 5), RuntimeError, "argument 'length': "),
    'select': (lambda: ones(2, 3).select(0, 5), RuntimeError, "argument 'index': "),
    'unfold': (lambda: ones(2, 3).unfold(0, 5, 1), RuntimeError, "argument 'size': "),
    'copy_': (lambda: ones(2, 3).copy_(ones(5)), RuntimeError, "argument 'source': "),
    'sort': (lambda: ones(2, 3).sort(5), IndexError, "argument 'dim': dimension 5 out of range"),
    'topk': (lambda: ones(2, 3).topk(10), IndexError, "argument 'k': k (10) out of range"),
    'kthvalue dim': (lambda: ones(2, 3).kthvalue(1, 7), IndexError, "argument 'dim': "),
    'sum dim': (lambda: ones(2, 3).sum(5), RuntimeError, "argument 'dim': "),
    'max dim': (lambda: ones(2, 3).max(5), IndexError, "argument 'dim': "),
    'random_': (lambda: ones(3).random_(5, 2), RuntimeError,
                "argument 'from': random_ expects from < to"),
    'random_ to': (lambda: ones(3).random_(0), RuntimeError,
                   "argument 'to': random_ expects to > 0"),
    'randperm': (lambda: torch_early.randperm(-1), RuntimeError,
                 "argument 'n': randperm expects n > 0"),
    'multinomial rank': (lambda: ones(2, 2, 2).multinomial(1), RuntimeError,
                         "argument 'self': multinomial expects a 1-D or 2-D tensor"),
    'multinomial samples': (lambda: ones(2).multinomial(5), RuntimeError,
                            "argument 'num_samples': cannot draw 5 samples"),
    'gather sizes': (lambda: ones(3, 2).gather(1, Long(1, 2).zero_()), RuntimeError,
                     "argument 'index': inconsistent tensor size: the index (size 1x2) must "
                     "match the tensor (size 3x2) in every dimension except 1"),
    'scatter_ sizes': (lambda: ones(3, 2).scatter_(1, Long(3, 1).zero_(), ones(2, 2)),
                       RuntimeError, "argument 'source': inconsistent tensor size: the source "
                       "(size 2x2) must match the tensor (size 3x2)"),
    'bernoulli_': (lambda: ones(3).bernoulli_(2), RuntimeError, "argument 'p': "),
    'linspace': (lambda: torch_early.linspace(0, 1, 1), RuntimeError, "argument 'steps': "),
    'potrf': (lambda: ones(2, 3).potrf(), RuntimeError,
              "argument 'self': the input must be a square matrix, got size 2x3"),
    'gesv': (lambda: torch_early.gesv(ones(3, 1), ones(2, 3)), RuntimeError,
             "argument 'A': A must be a square matrix"),
}


@pytest.mark.parametrize('name', sorted(CASES))
def test_a_th_error_names_the_python_argument(name):
    call, error, message = CASES[name]
    with pytest.raises(error) as caught:
        call()
    assert str(caught.value).startswith(message)
    assert 'invalid argument' not in str(caught.value)    # TH's C position is not shown


def test_an_index_out_of_range_is_both_an_index_error_and_a_runtime_error():
    with pytest.raises(torch_early.TensorIndexError) as caught:
        ones(2, 3).index_select(0, Long([5]))
    assert isinstance(caught.value, IndexError) and isinstance(caught.value, RuntimeError)


def test_memory_the_system_refuses_is_both_a_memory_error_and_a_runtime_error():
    with pytest.raises(torch_early.TensorMemoryError) as caught:
        torch_early.DoubleTensor(2 ** 47)
    assert isinstance(caught.value, MemoryError) and isinstance(caught.value, RuntimeError)
    assert str(caught.value).startswith('not enough memory: you tried to allocate 1125899906842624')
    assert caught.value.th_location[0] == 'lib/TH/THGeneral.c'


def test_the_exception_keeps_the_file_and_line_of_the_th_check():
    with pytest.raises(RuntimeError) as caught:
        ones(2, 3).add(ones(3, 3))
    path, line = caught.value.th_location
    assert path.startswith('lib/TH/') and path.endswith(('.c', '.h'))  # relative to the source tree
    source = os.path.join(REPO, path)
    if not os.path.exists(source):
        pytest.skip('the TH sources are not beside the tests')
    with open(source) as f:
        lines = f.read().split('\n')
    # the line that failed is a check (a macro call that may span lines: its first one)
    assert 'Check' in lines[line - 1] or 'THError' in lines[line - 1]


def test_hand_written_methods_keep_the_location_too():
    with pytest.raises(RuntimeError) as caught:
        ones(2, 3).copy_(ones(5))
    assert caught.value.th_location[0].startswith('lib/TH/')


def test_a_python_error_has_no_th_location():
    with pytest.raises(TypeError) as caught:
        ones(2).add('x')
    assert not hasattr(caught.value, 'th_location')


def test_a_th_number_that_is_no_argument_of_the_callers_is_left_out():
    # random_(to) calls cappedRandom(self, generator, to), whose check gives a number that is
    # not the caller's: the message reads without it rather than as "invalid argument 2"
    with pytest.raises(RuntimeError) as caught:
        ones(3).random_(0)
    assert 'random_ expects to > 0' in str(caught.value)
    assert 'invalid argument' not in str(caught.value)


# ---- an argument's error while the next ones are unpacked -------------------------------------
# A wrapper unpacks its arguments one after another and reports the first error after the last.
# The unpacking of the later ones must run no Python code with that error pending (a
# torch_early.Size, a tuple subclass, was iterated, and CPython turned the pending OverflowError
# into a SystemError).

class RecordingIndex:
    """An int-like argument that notes each time Python asks for its value."""

    def __init__(self, value):
        self.value, self.calls = value, 0

    def __index__(self):
        self.calls += 1
        return self.value


@pytest.mark.parametrize('offset', [2 ** 63, -2 ** 63 - 1, 2 ** 64])
def test_an_overflowing_argument_before_a_size_is_its_own_overflow_error(offset):
    storage = torch_early.LongStorage(12).fill_(0)
    for size in (torch_early.Size([4]), (4,), [4]):
        tensor = Long(4).zero_()
        with pytest.raises(OverflowError, match="argument 'offset' must be an int .* got %d"
                           % offset):
            tensor.set_(storage, offset, size)
        with pytest.raises(OverflowError, match="argument 'offset'"):
            tensor.set_(storage, offset, size, torch_early.Size([1]))
        assert tensor.size() == (4,) and tensor.storage().size() == 4


def test_an_overflowing_argument_before_an_int_like_one_leaves_that_one_unread():
    start, value = RecordingIndex(0), RecordingIndex(3)
    with pytest.raises(OverflowError, match="argument 'dimension'|dimension"):
        Long(4).narrow(2 ** 70, start, 2)
    with pytest.raises(OverflowError, match='out of range for integer tensors'):
        torch_early.IntTensor(3).zero_().clamp_(2 ** 70, value)
    assert start.calls == 0 and value.calls == 0
    # alone, the same arguments are read once each
    assert torch_early.IntTensor(3).fill_(7).clamp_(0, value).tolist() == [3, 3, 3]
    assert value.calls == 1
