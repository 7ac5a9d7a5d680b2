"""The demo (python -m torch_early.demo) runs end to end and shows each layer it promises; its
--help prints the list of them and runs nothing."""
import subprocess
import sys


def test_the_demo_walks_every_layer():
    result = subprocess.run([sys.executable, "-m", "torch_early.demo"], capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    assert "[torch_early.FloatTensor of size 2x3]" in out          # 1. a tensor and its storage
    assert "same memory: True" in out                              # 2. a view
    assert "THPFloatTensor_add" in out and "THFloatTensor_cadd" in out   # 3. one call
    assert "invalid combination of arguments" in out               #    its errors
    assert "array[0, 0] is 100.0" in out                           # 4. NumPy sharing
    assert "THDoubleTensor_cadd" in out                            # 5. generic mechanism
    assert "2 runs of 3 elements (stride 1), starting at storage offsets [6, 11]" in out  # 6.
    assert "Sum          previous_functions: AddConstant (output 0)" in out   # 7. autograd
    assert "Mul          previous_functions: x (output 0), w (output 0)" in out
    assert "x.grad = ['0.1175', '-0.1050', '0.0049']" in out
    assert "against finite differences, in double: True" in out
    assert "conv = Conv2d (1, 4, kernel_size=(3, 3)" in out         # 8. nn
    first, last = (float(v) for v in out.split("  loss ")[1].split("\n")[0].split(" -> "))
    assert last < first / 10                                       #    the convnet learns
    assert "im2col buffer finput: 8x9x64" in out and "output: 8x4x8x8" in out


def test_help_prints_the_usage_and_runs_nothing():
    result = subprocess.run([sys.executable, "-m", "torch_early.demo", "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("usage: python -m torch_early.demo [-h]\n")
    assert "7. autograd: a small graph node by node" in result.stdout   # the list of sections
    assert "[torch_early.FloatTensor of size" not in result.stdout      # and none of them ran


def test_an_unknown_argument_is_refused_before_anything_runs():
    result = subprocess.run([sys.executable, "-m", "torch_early.demo", "--fast"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert "unrecognized arguments: --fast" in result.stderr
    assert result.stdout == ""
