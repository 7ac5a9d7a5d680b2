"""torch_early.legacy.nn: Lua Torch's nn package, driven imperatively over THNN with no autograd.
One class per file, as Lua's nn laid them out; every class is imported here."""
# the protocol and containers
from .Module import Module
from .Criterion import Criterion
from .Container import Container
from .Sequential import Sequential
from .Concat import Concat
from .DepthConcat import DepthConcat
from .Parallel import Parallel
from .ConcatTable import ConcatTable
from .ParallelTable import ParallelTable
from .MultiCriterion import MultiCriterion
from .ParallelCriterion import ParallelCriterion
from .CriterionTable import CriterionTable
from .CAddTable import CAddTable
from .CSubTable import CSubTable
from .CMulTable import CMulTable
from .CDivTable import CDivTable
from .JoinTable import JoinTable
from .SplitTable import SplitTable
from .SelectTable import SelectTable
from .NarrowTable import NarrowTable
from .FlattenTable import FlattenTable
from .MixtureTable import MixtureTable
from .PairwiseDistance import PairwiseDistance
from .CosineDistance import CosineDistance
from .DotProduct import DotProduct
from .MM import MM
from .MV import MV
from . import utils

# layers over THNN

# layers over tensor operations

# criteria
