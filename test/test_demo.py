"""The demo runs end to end and shows each layer it promises (python -m torch_early.demo)."""
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
