"""The worked example of docs/legacy_nn.md: docs/examples/legacy_vs_autograd.py trains one convnet
with legacy.nn (forward, backward, updateParameters) and with nn + autograd + optim, through
`python -m torch_early.as_torch`; both losses fall, and the two take the same steps."""
import os
import re
import subprocess
import sys

import torch_early

SCRIPT = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                      'docs', 'examples', 'legacy_vs_autograd.py')


def test_both_designs_learn_the_batch_alike(tmp_path):
    env = dict(os.environ)
    package_parent = os.path.dirname(os.path.dirname(os.path.abspath(torch_early.__file__)))
    env['PYTHONPATH'] = os.pathsep.join([package_parent] + ([env['PYTHONPATH']]
                                                            if env.get('PYTHONPATH') else []))
    result = subprocess.run([sys.executable, '-m', 'torch_early.as_torch', SCRIPT],
                            cwd=str(tmp_path), env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, universal_newlines=True, timeout=120)
    assert result.returncode == 0, result.stderr
    steps = re.findall(r'legacy\.nn loss (\S+)  autograd loss (\S+)', result.stdout)
    legacy_losses = [float(a) for a, _ in steps]
    autograd_losses = [float(b) for _, b in steps]
    assert len(steps) == 20
    assert 0.9 < legacy_losses[0] < 1.3                 # it starts near guessing: log(3) = 1.10
    for losses in (legacy_losses, autograd_losses):
        assert losses[-1] < 0.2 * losses[0]
        assert losses[-1] < losses[len(losses) // 2] < losses[0]
    assert max(abs(a - b) for a, b in zip(legacy_losses, autograd_losses)) < 1e-4
    difference = float(re.search(r'difference between the trained weights (\S+)',
                                 result.stdout).group(1))
    assert difference < 1e-4
    assert result.stdout.startswith('nn.Sequential {\n  [input -> (1) -> (2) -> (3) -> (4) -> (5) '
                                    '-> (6) -> output]\n  (1): nn.SpatialConvolution(1 -> 4, 3x3)')
