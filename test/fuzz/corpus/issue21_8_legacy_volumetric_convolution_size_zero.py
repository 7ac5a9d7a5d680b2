# issue 21, item 8: legacy constructors with a size of 0 raised a bare ZeroDivisionError.
# expect: not ZeroDivisionError
import torch_early
from torch_early.legacy import nn as legacy_nn

legacy_nn.VolumetricConvolution(2, 2, 0, 2, 2)
