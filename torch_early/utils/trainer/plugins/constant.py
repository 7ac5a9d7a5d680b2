"""ConstantMonitor: a Monitor of a fixed value (a learning rate, a batch size) under a name of
the user's, so that Logger prints it beside the measured ones."""
from .monitor import Monitor


class ConstantMonitor(Monitor):

    def __init__(self, value, stat_name, *args, **kwargs):
        super(ConstantMonitor, self).__init__(*args, **kwargs)
        self.value = value
        self.stat_name = stat_name

    def _get_value(self, *args):
        return self.value
