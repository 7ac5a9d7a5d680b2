"""Plugin, the base of the trainer's plugins, and PluginFactory, a plugin made from a function.
A plugin says when it runs in `trigger_interval`, a list of (n, unit) such as
[(10, 'iteration'), (1, 'epoch')], and has one method per unit it names."""


class Plugin(object):
    """Base class. `interval`: the list of (n, unit) that the trainer reads as
    `trigger_interval`; units are 'iteration', 'epoch', 'batch' and 'update'. Subclasses define
    `register(trainer)` and a method for each unit they trigger on."""

    def __init__(self, interval=None):
        if interval is None:
            interval = []
        self.trigger_interval = interval

    def register(self, trainer):
        raise NotImplementedError


class PluginFactory(Plugin):
    """A plugin that calls `fn(*args)` at every unit of `interval`, with the arguments the trainer
    gives that unit; `register_fn(trainer)`, when given, runs when it is registered."""

    def __init__(self, fn, register_fn=None, interval=None):
        super(PluginFactory, self).__init__(interval)
        self.fn = fn
        self.register_fn = register_fn

    def register(self, trainer):
        self.trainer = trainer
        if self.register_fn is not None:
            self.register_fn(trainer)

    def iteration(self, *args):
        self.fn(*args)

    def epoch(self, *args):
        self.fn(*args)

    def batch(self, *args):
        self.fn(*args)

    def update(self, *args):
        self.fn(*args)
