"""Trainer: runs a model over a dataset for some epochs and calls registered plugins every n
iterations, epochs, batches or updates. Each unit has a heap of (next time, order, plugin), so a
plugin runs when the count of its unit reaches the time of its next call."""
import heapq

from torch_early.autograd import Variable


class Trainer(object):
    """Trains `model` with `criterion` and `optimizer` on the (input, target) batches of
    `dataset`. `run(epochs)` trains, and plugins registered with `register_plugin` see every step;
    they share what they measure through the dict `stats`. `iterations` counts the batches trained
    so far over all epochs."""

    UNITS = ('iteration', 'epoch', 'batch', 'update')

    def __init__(self, model=None, criterion=None, optimizer=None, dataset=None):
        self.model = model
        self.criterion = criterion
        self.optimizer = optimizer
        self.dataset = dataset
        self.iterations = 0
        self.stats = {}
        self.plugin_queues = {unit: [] for unit in self.UNITS}

    def register_plugin(self, plugin):
        """Lets `plugin` register itself, then queues it for each (n, unit) of its
        `trigger_interval`: it is first called when the count of that unit reaches n."""
        plugin.register(self)
        intervals = plugin.trigger_interval
        if not isinstance(intervals, list):
            intervals = [intervals]
        for duration, unit in intervals:
            if unit not in self.plugin_queues:
                raise ValueError("unknown trigger unit '{}' (expected one of {})".format(
                    unit, ', '.join(self.UNITS)))
            queue = self.plugin_queues[unit]
            # The second field, unique in the queue, keeps plugins in registration order on equal
            # times, so the heap never compares two plugins.
            heapq.heappush(queue, (duration, len(queue), plugin))

    def call_plugins(self, queue_name, time, *args):
        """Calls `plugin.<queue_name>(time, *args)` for every plugin of that queue that is due at
        `time`, and queues each again one interval later."""
        queue = self.plugin_queues[queue_name]
        while queue and queue[0][0] <= time:
            _, order, plugin = queue[0]
            getattr(plugin, queue_name)(time, *args)
            interval = self._interval(plugin, queue_name)
            heapq.heapreplace(queue, (time + interval, order, plugin))

    @staticmethod
    def _interval(plugin, unit):
        """How many `unit`s lie between two calls of `plugin` (its last entry for that unit)."""
        intervals = plugin.trigger_interval
        if not isinstance(intervals, list):
            intervals = [intervals]
        return [duration for duration, each_unit in intervals if each_unit == unit][-1]

    def run(self, epochs=1):
        """Trains for `epochs` epochs, calling the epoch plugins after each (numbered from 1)."""
        for queue in self.plugin_queues.values():
            heapq.heapify(queue)
        for epoch in range(1, epochs + 1):
            self.train()
            self.call_plugins('epoch', epoch)

    def train(self):
        """One pass over the dataset. Per batch: the batch plugins; the optimizer's step, whose
        closure runs the model, the criterion and backward (the optimizer may call it several
        times; the first call's output and loss are what the plugins see); then the iteration
        plugins (iteration, input, target, output, loss) and the update plugins (iteration,
        model)."""
        for iteration, (batch_input, batch_target) in enumerate(self.dataset, self.iterations + 1):
            self.call_plugins('batch', iteration, batch_input, batch_target)
            input_var = Variable(batch_input)
            target_var = Variable(batch_target)
            first_evaluation = [None, None]  # output, loss

            def closure():
                batch_output = self.model(input_var)
                loss = self.criterion(batch_output, target_var)
                loss.backward()
                if first_evaluation[0] is None:
                    first_evaluation[:] = [batch_output.data, loss.data]
                return loss

            self.optimizer.zero_grad()
            self.optimizer.step(closure)
            self.call_plugins('iteration', iteration, batch_input, batch_target, *first_evaluation)
            self.call_plugins('update', iteration, self.model)
            self.iterations = iteration
