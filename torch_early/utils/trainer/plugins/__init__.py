"""The trainer's plugins: `Monitor` and its kinds (loss, accuracy, time, a constant) record a
statistic in `trainer.stats`; `ProgressMonitor` counts the batches of the epoch; `Logger` prints
what the others recorded."""
from .plugin import Plugin, PluginFactory
from .monitor import Monitor
from .loss import LossMonitor
from .accuracy import AccuracyMonitor
from .time import TimeMonitor
from .constant import ConstantMonitor
from .progress import ProgressMonitor
from .logger import Logger

__all__ = ['Plugin', 'PluginFactory', 'Monitor', 'LossMonitor', 'AccuracyMonitor', 'TimeMonitor',
           'ConstantMonitor', 'ProgressMonitor', 'Logger']
