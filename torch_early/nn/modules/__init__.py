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

# embedding
from .sparse import Embedding

__all__ += ['Embedding']
