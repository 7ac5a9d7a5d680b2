"""torch_early.utils.trainer: when the Trainer calls its plugins (a heap per unit, every n
units), what its closure does through optimizer.step, and the plugins that measure and print
statistics; with small stand-ins for the model and optimizer, then a real Linear model and SGD."""
import math

import pytest

import torch_early as torch
from torch_early.autograd import Variable
from torch_early.utils.trainer import Trainer
from torch_early.utils.trainer.plugins import (
    AccuracyMonitor, ConstantMonitor, Logger, LossMonitor, Monitor, Plugin, PluginFactory,
    ProgressMonitor, TimeMonitor)

BATCHES = 6


class CountingPlugin(Plugin):
    """Records every call it gets, per unit, with its arguments."""

    def __init__(self, interval):
        super(CountingPlugin, self).__init__(interval)
        self.calls = {'iteration': [], 'epoch': [], 'batch': [], 'update': []}

    def register(self, trainer):
        self.trainer = trainer

    def iteration(self, *args):
        self.calls['iteration'].append(args)

    def epoch(self, *args):
        self.calls['epoch'].append(args)

    def batch(self, *args):
        self.calls['batch'].append(args)

    def update(self, *args):
        self.calls['update'].append(args)


class DoublingModel(object):
    """Returns 2 * a leaf Variable whatever the input, so its gradient counts the evaluations."""

    def __init__(self):
        self.calls = 0
        self.weight = Variable(torch.ones(1, 1), requires_grad=True)

    def __call__(self, input):
        self.calls += 1
        return self.weight * 2


def identity_criterion(output, target):
    return output.sum()


class RepeatingOptimizer(object):
    """Calls the closure `evaluations` times per step, as LBFGS does several."""

    def __init__(self, evaluations):
        self.evaluations = evaluations
        self.steps = 0
        self.zeroed = 0

    def zero_grad(self):
        self.zeroed += 1

    def step(self, closure):
        self.steps += 1
        for _ in range(self.evaluations):
            closure()


def batches():
    return [(torch.randn(2, 3), torch.LongTensor([0, 1])) for _ in range(BATCHES)]


def make_trainer(evaluations=1):
    return Trainer(DoublingModel(), identity_criterion, RepeatingOptimizer(evaluations), batches())


@pytest.mark.parametrize('interval', [
    [(1, 'iteration')], [(4, 'iteration')], [(1, 'epoch')], [(2, 'epoch')], [(3, 'batch')],
    [(5, 'update')], [(1, 'iteration'), (2, 'epoch')], [(4, 'update'), (1, 'batch')]])
def test_plugins_run_every_n_units(interval):
    trainer = make_trainer()
    plugin = CountingPlugin(interval)
    trainer.register_plugin(plugin)
    epochs = 3
    trainer.run(epochs=epochs)
    totals = {'iteration': epochs * BATCHES, 'batch': epochs * BATCHES,
              'update': epochs * BATCHES, 'epoch': epochs}
    every = dict((unit, n) for n, unit in interval)
    for unit, total in totals.items():
        times = [call[0] for call in plugin.calls[unit]]
        expected = list(range(every[unit], total + 1, every[unit])) if unit in every else []
        assert times == expected, unit


def test_iterations_count_on_across_epochs():
    trainer = make_trainer()
    plugin = CountingPlugin([(1, 'iteration')])
    trainer.register_plugin(plugin)
    trainer.run(epochs=2)
    assert trainer.iterations == 2 * BATCHES
    assert [call[0] for call in plugin.calls['iteration']] == list(range(1, 2 * BATCHES + 1))


def test_plugins_of_one_unit_run_in_order_of_registration():
    trainer = make_trainer()
    order = []
    for name in 'abc':
        trainer.register_plugin(PluginFactory(lambda *args, name=name: order.append(name),
                                              interval=[(2, 'iteration')]))
    trainer.run()
    assert order == list('abc') * (BATCHES // 2)


def test_register_calls_register_and_rejects_an_unknown_unit():
    trainer = make_trainer()
    registered = []
    trainer.register_plugin(PluginFactory(print, registered.append, [(1, 'epoch')]))
    assert registered == [trainer]
    with pytest.raises(ValueError, match="unknown trigger unit 'step'"):
        trainer.register_plugin(CountingPlugin([(1, 'step')]))


def test_plugin_arguments():
    trainer = make_trainer()
    plugin = CountingPlugin([(1, 'iteration'), (1, 'batch'), (1, 'update'), (1, 'epoch')])
    trainer.register_plugin(plugin)
    trainer.run()
    data = trainer.dataset
    iteration, input, target, output, loss = plugin.calls['iteration'][0]
    assert iteration == 1 and input is data[0][0] and target is data[0][1]
    assert output.tolist() == [[2.0]] and loss.tolist() == [2.0]
    assert plugin.calls['batch'][1] == (2, data[1][0], data[1][1])
    assert plugin.calls['update'][0] == (1, trainer.model)
    assert plugin.calls['epoch'] == [(1,)]


@pytest.mark.parametrize('evaluations', [1, 3])
def test_step_runs_the_closure_which_runs_model_criterion_and_backward(evaluations):
    trainer = make_trainer(evaluations)
    trainer.run(epochs=2)
    assert trainer.optimizer.steps == trainer.optimizer.zeroed == 2 * BATCHES
    assert trainer.model.calls == 2 * BATCHES * evaluations
    # The stand-in optimizer never zeroes, so d(2w)/dw = 2 piles up once per evaluation.
    assert trainer.model.weight.grad.data.tolist() == [[2.0 * trainer.model.calls]]


def test_an_empty_dataset_trains_nothing():
    trainer = Trainer(DoublingModel(), identity_criterion, RepeatingOptimizer(1), [])
    plugin = CountingPlugin([(1, 'iteration'), (1, 'epoch')])
    trainer.register_plugin(plugin)
    trainer.run(epochs=2)
    assert trainer.iterations == 0 and plugin.calls['iteration'] == []
    assert len(plugin.calls['epoch']) == 2


class FixedMonitor(Monitor):
    """Reports the values of a list, one per iteration."""
    stat_name = 'fixed'

    def __init__(self, values, **kwargs):
        super(FixedMonitor, self).__init__(**kwargs)
        self.values = iter(values)

    def _get_value(self, *args):
        return next(self.values)


def test_monitor_last_running_average_and_epoch_mean():
    values = [1.0, 2.0, 4.0, 8.0, 16.0, 32.0]
    trainer = make_trainer()
    trainer.register_plugin(FixedMonitor(values * 2, smoothing=0.5))
    trainer.run(epochs=1)
    stats = trainer.stats['fixed']
    running = 0
    for value in values:
        running = running * 0.5 + value * 0.5
    assert stats['last'] == 32.0
    assert stats['running_avg'] == pytest.approx(running)
    assert stats['epoch_mean'] == pytest.approx(sum(values) / len(values))
    assert stats['epoch_stats'] == (0, 0)


def test_monitor_without_averages_keeps_only_the_last_value():
    trainer = make_trainer()
    trainer.register_plugin(FixedMonitor(range(BATCHES), running_average=False,
                                         epoch_average=False))
    trainer.run()
    assert trainer.stats['fixed']['last'] == BATCHES - 1
    assert 'running_avg' not in trainer.stats['fixed']
    assert 'epoch_mean' not in trainer.stats['fixed']


def test_monitor_format_fields():
    monitor = FixedMonitor([], precision=2, unit='s')
    assert monitor.log_iter_fields == ['{last:.2f}s', '({running_avg:.2f}s)']
    assert monitor.log_epoch_fields == ['{epoch_mean:.2f}s']
    assert FixedMonitor([], number_format='.1e').log_iter_fields[0] == '{last:.1e}'


def test_accuracy_monitor_counts_the_argmax_hits():
    monitor = AccuracyMonitor()
    output = torch.FloatTensor([[0.1, 0.9], [0.8, 0.2], [0.3, 0.7], [0.6, 0.4]])
    target = torch.LongTensor([1, 1, 1, 0])
    assert monitor._get_value(1, torch.zeros(4, 2), target, output, None) == 75.0


def test_loss_time_constant_and_progress_monitors_on_a_run():
    trainer = make_trainer()
    for plugin in (LossMonitor(), TimeMonitor(), ConstantMonitor(0.1, 'lr'), ProgressMonitor()):
        trainer.register_plugin(plugin)
    trainer.run()
    assert trainer.stats['loss']['last'] == 2.0
    assert trainer.stats['time']['last'] >= 0
    assert trainer.stats['lr']['epoch_mean'] == pytest.approx(0.1)
    # The epoch plugin resets the count after the last batch.
    assert trainer.stats['progress']['samples_used'] == 0
    assert trainer.stats['progress']['epoch_size'] == BATCHES


def test_progress_monitor_within_an_epoch():
    trainer = make_trainer()
    trainer.register_plugin(ProgressMonitor())
    seen = []
    trainer.register_plugin(PluginFactory(
        lambda *args: seen.append(dict(trainer.stats['progress'])), interval=[(3, 'iteration')]))
    trainer.run()
    assert [(s['samples_used'], s['percent']) for s in seen] == [(3, 50.0), (6, 100.0)]


def test_logger_prints_aligned_iteration_lines_and_an_epoch_summary():
    trainer = make_trainer()
    trainer.register_plugin(FixedMonitor([5.0, 10.0, 1.0, 1.0, 1.0, 1.0], smoothing=0.0,
                                         precision=1))
    trainer.register_plugin(ProgressMonitor())
    lines = []
    logger = Logger(['progress', 'fixed', 'fixed.last'])
    logger.log = lines.append
    trainer.register_plugin(logger)
    trainer.run()
    assert lines[0] == 'progress: 1/6 (16.67%)\tfixed: 5.0 (5.0)\tfixed.last: 5.0'
    # Each column keeps the widest width seen: after '10.0 (10.0)', '1.0 (1.0)' is padded.
    assert lines[1] == 'progress: 2/6 (33.33%)\tfixed: 10.0 (10.0)\tfixed.last: 10.0'
    assert lines[2] == 'progress: 3/6 (50.00%)\tfixed: 1.0  (1.0) \tfixed.last: 1.0 '
    # The summary shares the columns' widths, and prints only stats that are dicts.
    assert lines[-3:] == ['#' * 80 + '\nEpoch summary:', 'fixed: 3.2 ', '#' * 80]


def test_training_a_linear_model_with_sgd_lowers_the_loss():
    torch.manual_seed(0)
    true_weight = torch.FloatTensor([[1.0, -2.0, 0.5]])
    dataset = []
    for _ in range(8):
        x = torch.randn(4, 3)
        dataset.append((x, torch.mm(x, true_weight.t())))
    model = torch.nn.Linear(3, 1)
    trainer = Trainer(model, torch.nn.MSELoss(), torch.optim.SGD(model.parameters(), lr=0.1),
                      dataset)
    trainer.register_plugin(LossMonitor())
    trainer.run(epochs=1)
    first_epoch = trainer.stats['loss']['epoch_mean']
    trainer.run(epochs=5)
    assert trainer.stats['loss']['epoch_mean'] < first_epoch / 10
    assert trainer.iterations == 6 * len(dataset)
    assert math.isfinite(trainer.stats['loss']['running_avg'])
