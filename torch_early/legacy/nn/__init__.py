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
from .Abs import Abs
from .BatchNormalization import BatchNormalization
from .Bilinear import Bilinear
from .ELU import ELU
from .HardShrink import HardShrink
from .HardTanh import HardTanh
from .LeakyReLU import LeakyReLU
from .Linear import Linear
from .LogSigmoid import LogSigmoid
from .LogSoftMax import LogSoftMax
from .LookupTable import LookupTable
from .PReLU import PReLU
from .PartialLinear import PartialLinear
from .RReLU import RReLU
from .ReLU import ReLU
from .ReLU6 import ReLU6
from .Sigmoid import Sigmoid
from .SoftMax import SoftMax
from .SoftMin import SoftMin
from .SoftPlus import SoftPlus
from .SoftShrink import SoftShrink
from .SparseLinear import SparseLinear
from .SpatialAdaptiveMaxPooling import SpatialAdaptiveMaxPooling
from .SpatialAveragePooling import SpatialAveragePooling
from .SpatialBatchNormalization import SpatialBatchNormalization
from .SpatialConvolution import SpatialConvolution
from .SpatialConvolutionLocal import SpatialConvolutionLocal
from .SpatialConvolutionMap import SpatialConvolutionMap
from .SpatialDilatedConvolution import SpatialDilatedConvolution
from .SpatialDilatedMaxPooling import SpatialDilatedMaxPooling
from .SpatialFractionalMaxPooling import SpatialFractionalMaxPooling
from .SpatialFullConvolution import SpatialFullConvolution
from .SpatialFullConvolutionMap import SpatialFullConvolutionMap
from .SpatialLPPooling import SpatialLPPooling
from .SpatialMaxPooling import SpatialMaxPooling
from .SpatialMaxUnpooling import SpatialMaxUnpooling
from .SpatialReflectionPadding import SpatialReflectionPadding
from .SpatialReplicationPadding import SpatialReplicationPadding
from .SpatialSoftMax import SpatialSoftMax
from .SpatialSubSampling import SpatialSubSampling
from .SpatialUpSamplingBilinear import SpatialUpSamplingBilinear
from .SpatialUpSamplingNearest import SpatialUpSamplingNearest
from .Sqrt import Sqrt
from .Square import Square
from .Tanh import Tanh
from .TemporalConvolution import TemporalConvolution
from .TemporalMaxPooling import TemporalMaxPooling
from .TemporalSubSampling import TemporalSubSampling
from .Threshold import Threshold
from .VolumetricAveragePooling import VolumetricAveragePooling
from .VolumetricBatchNormalization import VolumetricBatchNormalization
from .VolumetricConvolution import VolumetricConvolution
from .VolumetricDilatedConvolution import VolumetricDilatedConvolution
from .VolumetricDilatedMaxPooling import VolumetricDilatedMaxPooling
from .VolumetricFullConvolution import VolumetricFullConvolution
from .VolumetricMaxPooling import VolumetricMaxPooling
from .VolumetricMaxUnpooling import VolumetricMaxUnpooling
from .VolumetricReplicationPadding import VolumetricReplicationPadding
tables = SpatialConvolutionMap.maps   # Lua's nn.tables: full, oneToOne, random

# layers over tensor operations

# criteria
