"""TimeMonitor: the wall time of each iteration, in milliseconds (from the end of the previous
one; the first is timed from the registration)."""
import time

from .monitor import Monitor


class TimeMonitor(Monitor):
    stat_name = 'time'

    def __init__(self, *args, **kwargs):
        kwargs.setdefault('unit', 'ms')
        kwargs.setdefault('precision', 0)
        super(TimeMonitor, self).__init__(*args, **kwargs)
        self.last_time = None

    def register(self, trainer):
        super(TimeMonitor, self).register(trainer)
        self.last_time = time.time()

    def _get_value(self, *args):
        now = time.time()
        elapsed = now - self.last_time
        self.last_time = now
        return elapsed * 1000
