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

# criteria
from .AbsCriterion import AbsCriterion
from .BCECriterion import BCECriterion
from .ClassNLLCriterion import ClassNLLCriterion
from .ClassSimplexCriterion import ClassSimplexCriterion
from .CosineEmbeddingCriterion import CosineEmbeddingCriterion
from .CrossEntropyCriterion import CrossEntropyCriterion
from .DistKLDivCriterion import DistKLDivCriterion
from .HingeEmbeddingCriterion import HingeEmbeddingCriterion
from .L1Cost import L1Cost
from .L1HingeEmbeddingCriterion import L1HingeEmbeddingCriterion
from .MSECriterion import MSECriterion
from .MarginCriterion import MarginCriterion
from .MarginRankingCriterion import MarginRankingCriterion
from .MultiLabelMarginCriterion import MultiLabelMarginCriterion
from .MultiLabelSoftMarginCriterion import MultiLabelSoftMarginCriterion
from .MultiMarginCriterion import MultiMarginCriterion
from .SmoothL1Criterion import SmoothL1Criterion
from .SoftMarginCriterion import SoftMarginCriterion
from .SpatialClassNLLCriterion import SpatialClassNLLCriterion
from .WeightedMSECriterion import WeightedMSECriterion
