"""The Module classes of nn: module.py (the base), container.py, and one file per family."""

from .module import Module
from .container import Container, Sequential, ModuleList, ParameterList
from .linear import Linear
from .dropout import Dropout, Dropout2d, Dropout3d

__all__ = ['Module', 'Container', 'Sequential', 'ModuleList', 'ParameterList', 'Linear',
           'Dropout', 'Dropout2d', 'Dropout3d']

# convolution, pooling, normalization
from .conv import Conv1d, Conv2d
from .pooling import MaxPool2d, AvgPool2d, MaxUnpool2d
from .batchnorm import BatchNorm1d, BatchNorm2d, BatchNorm3d

__all__ += ['Conv1d', 'Conv2d', 'MaxPool2d', 'AvgPool2d', 'MaxUnpool2d', 'BatchNorm1d',
            'BatchNorm2d', 'BatchNorm3d']
