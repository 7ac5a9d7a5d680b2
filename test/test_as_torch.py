"""Running 2017 programs unchanged: `python -m torch_early.as_torch program.py` makes the
program's `import torch` lines give torch_early, and `install()` does the same in-process. Under
the alias, type names say `torch.` as the era's did; without it they say `torch_early.`."""
import os
import subprocess
import sys
import textwrap

import pytest

import torch_early
from torch_early import as_torch

PROGRAM = '''\
import sys
import torch
import torch._utils
from torch.functional import chunk
from torch import FloatTensor
import torch_early

print(torch is torch_early)
print(torch.FloatTensor is torch_early.FloatTensor and FloatTensor is torch.FloatTensor)
print(torch._utils is torch_early._utils and chunk is torch_early.chunk)
print(__name__)
print(sys.argv[1:])
print(sys.path[0] == HERE)
print(repr(torch.FloatTensor([[1, 2], [3, 4]])))
try:
    import torch.no_such_module
except ImportError as error:
    print(error)
'''


def run_module(args, cwd):
    """Run `python -m torch_early.as_torch args...` with this torch_early importable."""
    env = dict(os.environ)
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(torch_early.__file__)))
    inherited = [env['PYTHONPATH']] if env.get('PYTHONPATH') else []
    env['PYTHONPATH'] = os.pathsep.join([package_parent] + inherited)
    return subprocess.run([sys.executable, '-m', 'torch_early.as_torch'] + args, cwd=str(cwd),
                          env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          universal_newlines=True)


def test_program_sees_torch_early_as_torch(tmp_path):
    folder = tmp_path / 'program'
    folder.mkdir()
    script = folder / 'train.py'
    script.write_text('HERE = {!r}\n'.format(str(folder)) + PROGRAM)
    result = run_module([str(script), '--epochs', '3', 'data dir'], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.split('\n')
    assert lines[:6] == ['True', 'True', 'True', '__main__', "['--epochs', '3', 'data dir']",
                         'True']
    assert '\n'.join(lines[6:]) == textwrap.dedent('''\

         1  2
         3  4
        [torch.FloatTensor of size 2x2]

        No module named 'torch.no_such_module'
        ''')


def test_program_argv_zero_is_the_program(tmp_path):
    script = tmp_path / 'show_argv.py'
    script.write_text('import sys\nprint(sys.argv[0])\n')
    result = run_module([str(script)], cwd=tmp_path)
    assert result.returncode == 0, result.stderr
    assert result.stdout == str(script) + '\n'


def test_program_exit_status_is_kept(tmp_path):
    script = tmp_path / 'fail.py'
    script.write_text('import sys\nimport torch\nsys.exit(3)\n')
    assert run_module([str(script)], cwd=tmp_path).returncode == 3


def test_without_a_program_it_prints_the_usage(tmp_path):
    result = run_module([], cwd=tmp_path)
    assert result.returncode == 2
    assert 'usage:' in result.stderr


def test_missing_program(tmp_path):
    result = run_module([str(tmp_path / 'missing.py')], cwd=tmp_path)
    assert result.returncode == 2
    assert 'missing.py' in result.stderr


@pytest.fixture
def clean_import_state():
    """Undo what install() does to sys.modules and sys.meta_path after the test."""
    saved_modules = {name: module for name, module in sys.modules.items()
                     if name == 'torch' or name.startswith('torch.')}
    saved_meta_path = list(sys.meta_path)
    yield
    for name in [n for n in sys.modules if n == 'torch' or n.startswith('torch.')]:
        del sys.modules[name]
    sys.modules.update(saved_modules)
    sys.meta_path[:] = saved_meta_path
    torch_early._set_public_name('torch_early')
    torch_early.__version__ = torch_early.TORCH_EARLY_VERSION


def test_install_aliases_torch_in_process(clean_import_state):
    as_torch.install()
    import torch
    import torch.functional
    assert torch is torch_early
    assert torch.functional is torch_early.functional
    assert torch_early.functional.__spec__.name == 'torch_early.functional'


def test_install_names_the_types_torch_in_process(clean_import_state):
    as_torch.install()
    x = torch_early.DoubleTensor(2)
    assert x.type() == 'torch.DoubleTensor'
    assert torch_early.typename(x) == 'torch.DoubleTensor'
    assert repr(x.size()) == 'torch.Size([2])'


def test_install_presents_the_eras_version_and_keeps_ours(clean_import_state):
    as_torch.install()
    assert torch_early.__version__ == '0.1.12' == torch_early._release.current()
    assert torch_early.TORCH_EARLY_VERSION != '0.1.12'


def test_install_is_idempotent(clean_import_state):
    as_torch.install()
    finders = len(sys.meta_path)
    as_torch.install()
    assert len(sys.meta_path) == finders
    assert sys.modules['torch'] is torch_early


def test_install_refuses_when_another_torch_is_imported(clean_import_state):
    sys.modules['torch'] = type(sys)('torch')
    with pytest.raises(ImportError, match="another 'torch' module is already imported"):
        as_torch.install()


AUTOGRAD_PROGRAM = '''\
# Written against PyTorch 0.1.7 (January 2017): a custom Function and a hand-rolled fit.
import torch
from torch.autograd import Variable, Function


class MyReLU(Function):

    def forward(self, input):
        self.save_for_backward(input)
        return input.clamp(min=0)

    def backward(self, grad_output):
        input, = self.saved_tensors
        grad_input = grad_output.clone()
        grad_input[input < 0] = 0
        return grad_input


torch.manual_seed(0)
x = Variable(torch.randn(64, 10), requires_grad=False)
y = Variable(torch.randn(64, 1), requires_grad=False)
w1 = Variable(torch.randn(10, 20) * 0.1, requires_grad=True)
w2 = Variable(torch.randn(20, 1) * 0.1, requires_grad=True)
losses = []
for t in range(200):
    y_pred = MyReLU()(x.mm(w1)).mm(w2)
    loss = (y_pred - y).pow(2).sum()
    losses.append(loss.data[0])
    loss.backward()
    w1.data -= 1e-3 * w1.grad.data
    w2.data -= 1e-3 * w2.grad.data
    w1.grad.data.zero_()
    w2.grad.data.zero_()
print(losses[-1] < losses[0] * 0.9)
print(type(loss).__name__, type(loss.creator).__name__)
'''


def test_a_2017_autograd_program_runs_unchanged(tmp_path):
    program = tmp_path / "fit.py"
    program.write_text(AUTOGRAD_PROGRAM)
    result = run_module([str(program)], cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ['True', 'Variable', 'Sum']


def run_program(tmp_path, source, name='program.py'):
    """What a program prints when run under `python -m torch_early.as_torch`."""
    program = tmp_path / name
    program.write_text(source)
    result = run_module([str(program)], cwd=str(tmp_path))
    assert result.returncode == 0, result.stderr
    return result.stdout


def test_type_strings_under_the_alias_say_torch(tmp_path):
    printed = run_program(tmp_path, textwrap.dedent('''\
        import torch
        x = torch.FloatTensor([[1, 2, 3], [4, 5, 6]])
        print(x.type())
        print(torch.typename(x), torch.typename(torch.LongStorage))
        print(x.double().type(), x.type('torch.IntTensor').type(), x.storage().type())
        print(repr(x.size()))
        print(torch.typename(torch.cuda.FloatTensor))
        print(torch.FloatTensor.__module__, torch.cuda.ByteStorage.__module__)
        from torch.autograd import Variable
        print(torch.typename(Variable(x)))
        '''))
    assert printed.split('\n') == [
        'torch.FloatTensor',
        'torch.FloatTensor torch.LongStorage',
        'torch.DoubleTensor torch.IntTensor torch.FloatStorage',
        'torch.Size([2, 3])',
        'torch.cuda.FloatTensor',
        'torch torch.cuda',
        'torch.autograd.variable.Variable',
        '']


def test_printing_under_the_alias_says_torch(tmp_path):
    printed = run_program(tmp_path, textwrap.dedent('''\
        import torch
        print(torch.LongTensor([[1, 2, 3], [4, 5, 6]]))
        print(torch.ByteStorage([7, 8]))
        '''))
    assert printed == textwrap.dedent('''\

         1  2  3
         4  5  6
        [torch.LongTensor of size 2x3]

         7
         8
        [torch.ByteStorage of size 2]
        ''')


def test_error_messages_under_the_alias_name_torch_types(tmp_path):
    printed = run_program(tmp_path, textwrap.dedent('''\
        import torch
        attempts = [lambda: torch.FloatTensor(2).add('a'),
                    lambda: torch.DoubleTensor(2).add(torch.Size([2])),
                    lambda: torch.FloatTensor('a', 'b'),
                    lambda: torch.Size(['a'])]
        for attempt in attempts:
            try:
                attempt()
            except TypeError as error:
                print(repr(str(error)))
        '''))
    messages = [eval(line) for line in printed.splitlines()]
    assert len(messages) == 4
    assert not any('torch_early' in message for message in messages)
    add_str, add_size, constructor, size = messages
    assert add_str.startswith('add received an invalid combination of arguments - got (str)')
    assert '\n * (torch.FloatTensor other)' in add_str
    assert 'got (torch.Size)' in add_size and '(torch.DoubleTensor other)' in add_size
    assert constructor.startswith('torch.FloatTensor received an invalid combination')
    assert '(torch.FloatStorage storage, int offset=0, torch.Size size=None' in constructor
    assert size == "torch.Size() takes an iterable of 'int' (item 0 is 'str')"


@pytest.mark.parametrize('attempt', [
    lambda t: t.FloatStorage(['a']),
    lambda t: t.FloatStorage(2)['a'],
    lambda t: t.FloatTensor([[1], ['a']]),
    lambda t: t.DoubleTensor(2).apply_(lambda x: 'a'),
    lambda t: t.FloatTensor(2).__setitem__(0, 'a'),
    lambda t: t.HalfTensor(2).index(t.ByteTensor([1, 0])),   # the C method: no Half masks
    lambda t: float(t.FloatTensor(2)),
    lambda t: t.default_generator.set_state('a'),
    lambda t: t.set_default_tensor_type('a'),
    lambda t: t.mm(2, t.autograd.Variable(t.FloatTensor(2, 2))),
], ids=['storage item', 'storage key', 'nested data', 'apply_', 'element', 'half mask',
        'float()', 'generator state', 'default type', 'variable function'])
def test_every_message_that_names_a_type_says_torch(clean_import_state, attempt):
    as_torch.install()
    with pytest.raises((TypeError, ValueError, RuntimeError)) as error:
        attempt(torch_early)
    assert 'torch.' in str(error.value) and 'torch_early' not in str(error.value)


def test_without_the_alias_type_strings_say_torch_early():
    x = torch_early.FloatTensor(2, 3)
    assert x.type() == 'torch_early.FloatTensor'
    assert torch_early.typename(x) == 'torch_early.FloatTensor'
    assert repr(x.size()) == 'torch_early.Size([2, 3])'
    assert torch_early.FloatTensor.__module__ == 'torch_early'
    assert torch_early.cuda.FloatTensor.__module__ == 'torch_early.cuda'
    with pytest.raises(TypeError, match=r'\(torch_early\.FloatTensor other\)'):
        x.add('a')


def test_a_pickle_made_under_the_alias_loads_under_the_alias(tmp_path):
    saved = tmp_path / 'tensor.pickle'
    run_program(tmp_path, textwrap.dedent('''\
        import pickle
        import torch
        with open({!r}, 'wb') as f:
            pickle.dump((torch.IntTensor([1, 2]), torch.Size([3])), f)
        '''.format(str(saved))), name='save.py')
    printed = run_program(tmp_path, textwrap.dedent('''\
        import pickle
        import torch
        with open({!r}, 'rb') as f:
            tensor, size = pickle.load(f)
        print(type(tensor) is torch.IntTensor, tensor.tolist(), size)
        '''.format(str(saved))), name='load.py')
    assert printed == 'True [1, 2] torch.Size([3])\n'


def test_a_program_sees_the_version_of_the_release_torch_early_follows(tmp_path):
    result = run_program(tmp_path, textwrap.dedent('''
        import torch
        import torch_early
        print(torch.__version__, torch.__version__ >= '0.1.10', torch_early.TORCH_EARLY_VERSION)
    '''))
    assert result.split() == ["0.1.12", "True", torch_early.TORCH_EARLY_VERSION]


def test_import_torch_binds_multiprocessing_backends_and_has_cudnn_as_v0_1_12_did(tmp_path):
    result = run_program(tmp_path, textwrap.dedent('''
        import torch
        print(torch.multiprocessing.get_sharing_strategy() in
              torch.multiprocessing.get_all_sharing_strategies())
        print(torch.backends.cudnn.enabled, torch.has_cudnn)
    '''))
    assert result.split() == ["True", "True", "False"]
