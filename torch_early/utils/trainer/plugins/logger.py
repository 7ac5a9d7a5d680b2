"""Logger: prints, after each iteration and as an epoch summary, the statistics other plugins
keep in trainer.stats, each formatted by the fields its plugin stored beside it."""
from collections import defaultdict

from .plugin import Plugin


class Logger(Plugin):
    """`fields` names statistics of trainer.stats, a dot reaching into a dict ('loss',
    'progress', 'loss.last'). A stat that is a dict is printed through its 'log_iter_fields' (or,
    in the epoch summary, 'log_epoch_fields'), format strings filled from the dict; a plain value
    through its parent's 'log_format' and 'log_unit'. Columns keep the widest width seen, so
    successive lines align."""

    separator = '#' * 80

    def __init__(self, fields, interval=None):
        if interval is None:
            interval = [(1, 'iteration'), (1, 'epoch')]
        super(Logger, self).__init__(interval)
        self.field_widths = defaultdict(lambda: defaultdict(int))
        self.fields = [field.split('.') for field in fields]

    def register(self, trainer):
        self.trainer = trainer

    def log(self, msg):
        print(msg)

    def iteration(self, *args):
        self._log_all('log_iter_fields')

    def epoch(self, epoch_idx):
        self._log_all('log_epoch_fields', prefix=self.separator + '\nEpoch summary:',
                      suffix=self.separator, require_dict=True)

    def _log_all(self, log_fields, prefix=None, suffix=None, require_dict=False):
        results = []
        for field_idx, field in enumerate(self.fields):
            parent, stat = None, self.trainer.stats
            for key in field:
                parent, stat = stat, stat[key]
            name, output = self._gather_outputs(field, log_fields, parent, stat, require_dict)
            if not output:
                continue
            self._align_output(field_idx, output)
            results.append((name, output))
        if not results:
            return
        if prefix is not None:
            self.log(prefix)
        self.log('\t'.join('{}: {}'.format(name, ' '.join(output)) for name, output in results))
        if suffix is not None:
            self.log(suffix)

    @staticmethod
    def _gather_outputs(field, log_fields, parent, stat, require_dict):
        """(name, [formatted pieces]) of one field; no pieces when it has nothing to print."""
        if isinstance(stat, dict):
            name = stat.get('log_name', '.'.join(field))
            return name, [piece.format(**stat) for piece in (stat.get(log_fields) or [])]
        if require_dict:
            return '', []
        number_format = parent.get('log_format', '')
        unit = parent.get('log_unit', '')
        return '.'.join(field), [('{' + number_format + '}' + unit).format(stat)]

    def _align_output(self, field_idx, output):
        """Pads each piece to the widest seen in its column, or records a new widest."""
        widths = self.field_widths[field_idx]
        for i, piece in enumerate(output):
            if len(piece) < widths[i]:
                output[i] = piece + ' ' * (widths[i] - len(piece))
            else:
                widths[i] = len(piece)
