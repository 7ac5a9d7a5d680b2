"""The issue's closing check: a 2017-style MNIST training program (docs/examples/mnist.py: `import
torch`, a convnet, SGD, a DataLoader with 2 worker processes, checkpoints saved and loaded back)
runs unchanged through `python -m torch_early.as_torch`, its loss falls, and the reloaded models
compute what the trained one does."""
import os
import re
import subprocess
import sys

import torch_early

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      'docs', 'examples', 'mnist.py')


def test_mnist_script_trains_and_reloads(tmp_path):
    env = dict(os.environ)
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(torch_early.__file__)))
    env['PYTHONPATH'] = os.pathsep.join([package_parent] + ([env['PYTHONPATH']]
                                                            if env.get('PYTHONPATH') else []))
    env.pop('TORCH_EARLY_TRUST_CHECKPOINTS', None)
    result = subprocess.run([sys.executable, '-m', 'torch_early.as_torch', '--trust-checkpoints',
                             SCRIPT], cwd=str(tmp_path), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True, timeout=300)
    assert result.returncode == 0, result.stderr
    output = result.stdout

    first_loss = float(re.search(r'epoch 1 first batch loss (\S+)', output).group(1))
    mean_losses = [float(x) for x in re.findall(r'epoch \d+ mean loss (\S+)', output)]
    assert len(mean_losses) == 2
    assert 2.0 < first_loss < 2.6                  # it starts near guessing: log(10) = 2.30
    assert mean_losses[1] < mean_losses[0] < first_loss
    assert mean_losses[1] < 0.5 * first_loss

    correct, total = map(int, re.search(r'accuracy (\d+)/(\d+)', output).groups())
    assert total == 512 and correct >= 0.9 * total

    assert 'reloaded weights max difference 0.0' in output
    assert 'reloaded whole model max difference 0.0' in output
    assert sorted(os.listdir(str(tmp_path))) == ['mnist_model.pt', 'mnist_weights.pt']
