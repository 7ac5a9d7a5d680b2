"""The Module classes of nn: module.py (the base), container.py, and one file per family."""

from .module import Module
from .container import Container, Sequential, ModuleList, ParameterList
from .linear import Linear
from .dropout import Dropout, Dropout2d, Dropout3d
from .activation import Threshold, ReLU, RReLU, Hardtanh, ReLU6, Sigmoid, Tanh, ELU, \
    Hardshrink, LeakyReLU, LogSigmoid, Softplus, Softshrink, PReLU, Softsign, Tanhshrink, \
    Softmin, Softmax, Softmax2d, LogSoftmax
from .loss import L1Loss, MSELoss, NLLLoss, NLLLoss2d, KLDivLoss, BCELoss, CrossEntropyLoss, \
    HingeEmbeddingLoss, MultiLabelMarginLoss, SmoothL1Loss, SoftMarginLoss, \
    CosineEmbeddingLoss, MarginRankingLoss, MultiLabelSoftMarginLoss, MultiMarginLoss

__all__ = ['Module', 'Container', 'Sequential', 'ModuleList', 'ParameterList', 'Linear',
           'Dropout', 'Dropout2d', 'Dropout3d',
           # activations
           'Threshold', 'ReLU', 'RReLU', 'Hardtanh', 'ReLU6', 'Sigmoid', 'Tanh', 'ELU',
           'Hardshrink', 'LeakyReLU', 'LogSigmoid', 'Softplus', 'Softshrink', 'PReLU', 'Softsign',
           'Tanhshrink', 'Softmin', 'Softmax', 'Softmax2d', 'LogSoftmax',
           # losses
           'L1Loss', 'MSELoss', 'NLLLoss', 'NLLLoss2d', 'KLDivLoss', 'BCELoss', 'CrossEntropyLoss',
           'HingeEmbeddingLoss', 'MultiLabelMarginLoss', 'SmoothL1Loss', 'SoftMarginLoss',
           'CosineEmbeddingLoss', 'MarginRankingLoss', 'MultiLabelSoftMarginLoss',
           'MultiMarginLoss']

# convolution, pooling, normalization
from .conv import Conv1d, Conv2d
from .pooling import MaxPool2d, AvgPool2d, MaxUnpool2d
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d
from .normalization import CrossMapLRN2d

__all__ += ['Conv1d', 'Conv2d', 'MaxPool2d', 'AvgPool2d', 'MaxUnpool2d', 'BatchNorm1d',
            'BatchNorm2d', 'BatchNorm3d', 'CrossMapLRN2d']

from .rnn import RNNBase, RNN, LSTM, GRU, RNNCell, LSTMCell, GRUCell

__all__ += ['RNNBase', 'RNN', 'LSTM', 'GRU', 'RNNCell', 'LSTMCell', 'GRUCell']

# the 1-D and 3-D pooling layers
from .pooling import MaxPool1d, AvgPool1d, MaxUnpool1d, MaxPool3d, AvgPool3d, MaxUnpool3d

__all__ += ['MaxPool1d', 'AvgPool1d', 'MaxUnpool1d', 'MaxPool3d', 'AvgPool3d', 'MaxUnpool3d']

# the other 2-D poolings, upsampling, padding, pixel shuffling
from .pooling import FractionalMaxPool2d, LPPool2d, AdaptiveMaxPool2d, AdaptiveAvgPool2d
from .upsampling import UpsamplingNearest2d, UpsamplingBilinear2d
from .padding import ReflectionPad2d, ReplicationPad2d, ReplicationPad3d
from .pixelshuffle import PixelShuffle

__all__ += ['FractionalMaxPool2d', 'LPPool2d', 'AdaptiveMaxPool2d', 'AdaptiveAvgPool2d',
            'UpsamplingNearest2d', 'UpsamplingBilinear2d', 'ReflectionPad2d', 'ReplicationPad2d',
            'ReplicationPad3d', 'PixelShuffle']

# the 3-D and transposed convolutions
from .conv import Conv3d, ConvTranspose1d, ConvTranspose2d, ConvTranspose3d

__all__ += ['Conv3d', 'ConvTranspose1d', 'ConvTranspose2d', 'ConvTranspose3d']

# embedding
from .sparse import Embedding

__all__ += ['Embedding']

# the layers v0.1.12 added: constant padding, 1-D adaptive pooling, instance normalisation, the
# bilinear map, distances and the triplet loss; UpsamplingBillinear2d, the era's misspelling
from .padding import ConstantPad2d, ZeroPad2d
from .pooling import AdaptiveMaxPool1d, AdaptiveAvgPool1d
from .instancenorm import InstanceNorm1d, InstanceNorm2d, InstanceNorm3d
from .linear import Bilinear
from .distance import PairwiseDistance
from .loss import TripletMarginLoss
from .upsampling import UpsamplingBillinear2d

__all__ += ['ConstantPad2d', 'ZeroPad2d', 'AdaptiveMaxPool1d', 'AdaptiveAvgPool1d',
            'InstanceNorm1d', 'InstanceNorm2d', 'InstanceNorm3d', 'Bilinear', 'PairwiseDistance',
            'TripletMarginLoss', 'UpsamplingBillinear2d']
