"""torch_early.legacy.nn: Lua Torch's nn package, driven imperatively over THNN with no autograd.
One class per file, as Lua's nn laid them out; every class is imported here."""
# the protocol and containers
from .Module import Module
from .Criterion import Criterion
from .Container import Container
from .Sequential import Sequential
from . import utils

# layers over THNN

# layers over tensor operations
from .Add import Add
from .AddConstant import AddConstant
from .CMul import CMul
from .Clamp import Clamp
from .Contiguous import Contiguous
from .Copy import Copy
from .Cosine import Cosine
from .Dropout import Dropout
from .Euclidean import Euclidean
from .Exp import Exp
from .GradientReversal import GradientReversal
from .Identity import Identity
from .Index import Index
from .L1Penalty import L1Penalty
from .Log import Log
from .MaskedSelect import MaskedSelect
from .Max import Max
from .Mean import Mean
from .Min import Min
from .Mul import Mul
from .MulConstant import MulConstant
from .Narrow import Narrow
from .Normalize import Normalize
from .Padding import Padding
from .Power import Power
from .Replicate import Replicate
from .Reshape import Reshape
from .Select import Select
from .SoftSign import SoftSign
from .SpatialCrossMapLRN import SpatialCrossMapLRN
from .SpatialDropout import SpatialDropout
from .SpatialZeroPadding import SpatialZeroPadding
from .Squeeze import Squeeze
from .Sum import Sum
from .TanhShrink import TanhShrink
from .Transpose import Transpose
from .Unsqueeze import Unsqueeze
from .View import View
from .VolumetricDropout import VolumetricDropout
from .WeightedEuclidean import WeightedEuclidean

# criteria
