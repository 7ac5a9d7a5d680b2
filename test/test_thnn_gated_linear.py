"""THNN's GatedLinear (the v0.1.10 gated linear unit): the generated Function GatedLinear(dim)
halves its input along dim and gates the first half by the sigmoid of the second; against NumPy,
gradcheck in double, and the errors of an odd size or a dimension out of range."""
import numpy as np
import pytest

import torch_early
from torch_early.autograd import Variable, gradcheck
from torch_early.nn._functions.thnn import GatedLinear
from torch_early.nn.backends.thnn import backend


@pytest.mark.parametrize('dim', [0, 1, 2])
def test_the_first_half_gated_by_the_sigmoid_of_the_second(dim):
    x = torch_early.randn(4, 6, 2)
    out = GatedLinear(dim)(Variable(x)).data.numpy()
    a, b = np.split(x.numpy(), 2, axis=dim)
    assert np.allclose(out, a / (1 + np.exp(-b)), atol=1e-6)


def test_gradcheck_in_double_and_the_backend_name():
    x = Variable(torch_early.DoubleTensor(3, 4).uniform_(-2, 2), requires_grad=True)
    assert gradcheck(lambda v: GatedLinear(1)(v), (x,))
    assert backend.GatedLinear is GatedLinear


def test_errors():
    with pytest.raises(RuntimeError, match=r"input should have an even size along dim 0 to be "
                                           r"cut in halves, but got size 3x4"):
        GatedLinear(0)(Variable(torch_early.randn(3, 4)))
    with pytest.raises(RuntimeError, match=r"dim should be a dimension of the input \(0 to 1\), "
                                           r"but got 2"):
        GatedLinear(2)(Variable(torch_early.randn(4, 4)))
