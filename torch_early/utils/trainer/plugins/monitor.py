"""Monitor: the base of the plugins that measure one number per iteration and keep, in
trainer.stats[stat_name], its last value, an exponential running average and the mean over the
epoch, with the format strings Logger prints them with."""
from .plugin import Plugin


class Monitor(Plugin):
    """Subclasses set `stat_name` and define `_get_value(iteration, input, target, output, loss)`.
    After each iteration stats[stat_name] holds 'last' and (with running_average) 'running_avg',
    which moves by (1 - smoothing) of the way to each new value; after each epoch (with
    epoch_average) 'epoch_mean'. `precision` digits, or `number_format` (a format spec such as
    '.2e'), and `unit` shape the printed fields."""

    def __init__(self, running_average=True, epoch_average=True, smoothing=0.7,
                 precision=None, number_format=None, unit=''):
        if precision is None:
            precision = 4
        if number_format is None:
            number_format = '.{}f'.format(precision)
        number_format = ':' + number_format
        super(Monitor, self).__init__([(1, 'iteration'), (1, 'epoch')])
        self.smoothing = smoothing
        self.with_running_average = running_average
        self.with_epoch_average = epoch_average
        self.log_format = number_format
        self.log_unit = unit
        self.log_iter_fields = ['{last' + number_format + '}' + unit]
        if running_average:
            self.log_iter_fields.append('({running_avg' + number_format + '}' + unit + ')')
        self.log_epoch_fields = None
        if epoch_average:
            self.log_epoch_fields = ['{epoch_mean' + number_format + '}' + unit]

    def register(self, trainer):
        self.trainer = trainer
        stats = trainer.stats.setdefault(self.stat_name, {})
        stats['log_format'] = self.log_format
        stats['log_unit'] = self.log_unit
        stats['log_iter_fields'] = self.log_iter_fields
        if self.with_epoch_average:
            stats['log_epoch_fields'] = self.log_epoch_fields
            stats['epoch_stats'] = (0, 0)  # (sum of values, count) in this epoch

    def iteration(self, *args):
        stats = self.trainer.stats.setdefault(self.stat_name, {})
        value = self._get_value(*args)
        stats['last'] = value
        if self.with_epoch_average:
            total, count = stats['epoch_stats']
            stats['epoch_stats'] = (total + value, count + 1)
        if self.with_running_average:
            previous = stats.get('running_avg', 0)
            stats['running_avg'] = previous * self.smoothing + value * (1 - self.smoothing)

    def epoch(self, idx):
        stats = self.trainer.stats.setdefault(self.stat_name, {})
        if self.with_epoch_average:
            total, count = stats['epoch_stats']
            stats['epoch_mean'] = total / count if count else 0
            stats['epoch_stats'] = (0, 0)

    def _get_value(self, *args):
        raise NotImplementedError
