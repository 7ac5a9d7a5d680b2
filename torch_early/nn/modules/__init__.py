"""The Module classes of nn: module.py (the base), container.py, and one file per family."""

from .module import Module
from .container import Container, Sequential, ModuleList, ParameterList
from .linear import Linear
from .dropout import Dropout, Dropout2d, Dropout3d

__all__ = ['Module', 'Container', 'Sequential', 'ModuleList', 'ParameterList', 'Linear',
           'Dropout', 'Dropout2d', 'Dropout3d']
