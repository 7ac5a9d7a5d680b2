"""LossMonitor: the loss of each batch (the first the optimizer's closure computed)."""
from .monitor import Monitor


class LossMonitor(Monitor):
    stat_name = 'loss'

    def _get_value(self, iteration, input, target, output, loss):
        return loss[0]
