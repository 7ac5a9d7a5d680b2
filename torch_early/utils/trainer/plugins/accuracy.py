"""AccuracyMonitor: the percentage of a batch whose highest output is its target class."""
from .monitor import Monitor


class AccuracyMonitor(Monitor):
    stat_name = 'accuracy'

    def __init__(self, *args, **kwargs):
        kwargs.setdefault('unit', '%')
        kwargs.setdefault('precision', 2)
        super(AccuracyMonitor, self).__init__(*args, **kwargs)

    def _get_value(self, iteration, input, target, output, loss):
        batch_size = input.size(0)
        predictions = output.max(1)[1].type_as(target).view(-1)
        correct = predictions.eq(target.view(-1)).sum()
        return 100.0 * correct / batch_size
