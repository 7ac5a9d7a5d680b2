"""The rules that changed within the 0.1 line (torch_early/_release.py): v0.1.12's by default,
0.1.6-0.1.9's on request (TORCH_EARLY_RELEASE, `as_torch --release`, `_release.use`)."""
import copy
import os
import subprocess
import sys

import pytest

import torch_early
from torch_early import _release
from torch_early.autograd import Variable
from torch_early.utils.data import DataLoader, TensorDataset


@pytest.fixture
def january():
    _release.use('0.1.6')
    yield
    _release.use(_release.LATEST)


def test_the_default_is_the_last_release_of_the_line():
    assert _release.current() == '0.1.12' and not _release.before_0_1_10()


def test_a_leafs_grad(january):
    x = Variable(torch_early.ones(2), requires_grad=True)
    assert x.grad.data.tolist() == [0, 0]               # zeros, made on first reading
    assert Variable(torch_early.ones(2)).grad is None   # not for a leaf without grad
    _release.use('0.1.12')
    assert Variable(torch_early.ones(2), requires_grad=True).grad is None


def test_variable_equality(january):
    a, b = Variable(torch_early.ones(2)), Variable(torch_early.ones(2))
    assert (a == a) is True and (a == b) is False and (a != b) is True
    assert a not in [b] and a in [b, a]
    _release.use('0.1.12')
    assert (a == b).data.tolist() == [1, 1]             # element-wise


def test_copy_of_a_tensor(january):
    a = torch_early.FloatTensor([1, 2])
    copy.copy(a).fill_(0)
    assert a.tolist() == [1, 2]                         # a copy of the elements
    _release.use('0.1.12')
    shallow = copy.copy(a)
    shallow.fill_(0)
    assert a.tolist() == [0, 0] and shallow.storage().data_ptr() == a.storage().data_ptr()


def test_detach_keeps_its_nograd_creator(january):
    y = Variable(torch_early.ones(2), requires_grad=True) * 2
    assert type(y.detach().creator).__name__ == 'NoGrad'
    _release.use('0.1.12')
    assert y.detach().creator is None


def test_tensor_dataset_rows_and_batches(january):
    dataset = TensorDataset(torch_early.randn(4, 2), torch_early.LongTensor([5, 6, 7, 8]))
    assert dataset[1][1].tolist() == [6]
    _, target = next(iter(DataLoader(dataset, batch_size=2)))
    assert type(target) is torch_early.LongTensor and target.tolist() == [[5], [6]]
    _release.use('0.1.12')
    assert dataset[1][1] == 6
    assert next(iter(DataLoader(dataset, batch_size=2)))[1].tolist() == [5, 6]


def test_bool_of_one_element(january):
    with pytest.raises(RuntimeError, match='ambiguous'):
        bool(torch_early.FloatTensor([1]))
    _release.use('0.1.12')
    assert bool(torch_early.FloatTensor([1]))


def test_a_variable_sent_to_another_process(january):
    from multiprocessing.reduction import ForkingPickler
    import torch_early.multiprocessing      # noqa: F401  (registers the reductions)
    x = Variable(torch_early.ones(2), requires_grad=True)
    x.sum().backward()
    received = ForkingPickler.loads(ForkingPickler.dumps(x))
    assert received.grad.data.tolist() == [1, 1]        # the gradient travels, shared
    received.grad.data.fill_(5)
    assert x.grad.data.tolist() == [5, 5]
    _release.use('0.1.12')
    assert ForkingPickler.loads(ForkingPickler.dumps(x)).grad is None


def test_an_unknown_release_is_refused():
    with pytest.raises(ValueError, match="unknown release '0.2': torch_early follows one of "
                                         "0.1.6, .*, 0.1.12"):
        _release.use('0.2')
    assert _release.current() == '0.1.12'


def run(arguments, environment=None):
    env = {name: value for name, value in os.environ.items() if name != _release.VARIABLE}
    env.update(environment or {})
    return subprocess.run([sys.executable] + arguments, capture_output=True, text=True, env=env,
                          timeout=120)


PROGRAM = ("import torch\nfrom torch.autograd import Variable\n"
           "print(torch.__version__, Variable(torch.ones(1), requires_grad=True).grad)\n")


def test_as_torch_release_flag_and_the_environment_variable(tmp_path):
    program = tmp_path / 'program.py'
    program.write_text(PROGRAM)
    flagged = run(['-m', 'torch_early.as_torch', '--release', '0.1.8', str(program)])
    assert flagged.returncode == 0, flagged.stderr
    assert flagged.stdout.split('\n')[0] == '0.1.8 Variable containing:'
    by_environment = run(['-m', 'torch_early.as_torch', str(program)],
                         {_release.VARIABLE: '0.1.7'})
    assert by_environment.stdout.startswith('0.1.7 Variable containing:')
    default = run(['-m', 'torch_early.as_torch', str(program)])
    assert default.stdout.strip() == '0.1.12 None'
    bad = run(['-m', 'torch_early.as_torch', '--release', '1.0', str(program)])
    assert bad.returncode == 2 and "unknown release '1.0'" in bad.stderr
    bad_environment = run(['-c', 'import torch_early'], {_release.VARIABLE: 'january'})
    assert bad_environment.returncode != 0
    assert "TORCH_EARLY_RELEASE is set to 'january'" in bad_environment.stderr
