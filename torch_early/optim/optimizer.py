"""Optimizer: the base class of every algorithm in torch_early.optim.

It owns the parameter groups (dicts of Variables plus their options), the per-parameter state
that the algorithms fill in on their first step, zero_grad, pickling and state_dict. A subclass
only writes `step`, reading its hyper-parameters from each group on every call, so that a
program may change `optimizer.param_groups[i]['lr']` between steps.
"""
from collections import defaultdict
from copy import deepcopy
from itertools import chain

import torch_early
from torch_early.autograd import Variable


class _RequiredParameter(object):
    """The default of an option the user must give (SGD's lr): `required`."""

    def __repr__(self):
        return '<required parameter>'


required = _RequiredParameter()


class Optimizer(object):
    """Optimizer(params, defaults)

    params   -- an iterable of Variables, or of dicts (parameter groups), each with a 'params'
                entry and any options that override `defaults` for that group
    defaults -- a dict of the options every group gets unless it names its own; a value of
                `required` means every group must name it
    """

    def __init__(self, params, defaults):
        if isinstance(params, Variable) or torch_early.is_tensor(params):
            raise TypeError("params argument given to the optimizer should be an iterable of "
                            "Variables or dicts, but got " + torch_early.typename(params))
        self.state = defaultdict(dict)
        self.param_groups = list(params)
        if len(self.param_groups) == 0:
            raise ValueError("optimizer got an empty parameter list")
        if not isinstance(self.param_groups[0], dict):
            self.param_groups = [{'params': self.param_groups}]
        else:
            # The user's dicts are left as they were given: each group is a copy.
            self.param_groups = [self._checked_group(group) for group in self.param_groups]

        seen = set()
        for group in self.param_groups:
            if isinstance(group['params'], Variable):
                group['params'] = [group['params']]
            else:
                group['params'] = list(group['params'])
            group_params = set(group['params'])
            if not seen.isdisjoint(group_params):
                raise ValueError("some parameters appear in more than one parameter group")
            if len(group_params) != len(group['params']):
                # The era stepped such a parameter twice; it is surely a mistake.
                raise ValueError("a parameter appears more than once in one parameter group")
            seen.update(group_params)

        for name, default in defaults.items():
            for i, group in enumerate(self.param_groups):
                if default is required and name not in group:
                    raise ValueError("parameter group {} didn't specify a value of required "
                                     "optimization parameter {}".format(i, name))
                group.setdefault(name, default)

        for group in self.param_groups:
            for param in group['params']:
                self._check_param(param)

    @staticmethod
    def _checked_group(group):
        if not isinstance(group, dict):
            raise TypeError("a list of parameter groups must hold only dicts, but one of them "
                            "is " + torch_early.typename(group))
        if 'params' not in group:
            raise ValueError("a parameter group must have a 'params' entry")
        return dict(group)

    @staticmethod
    def _check_param(param):
        if not isinstance(param, Variable):
            raise TypeError("optimizer can only optimize Variables, but one of the params is " +
                            torch_early.typename(param))
        if not param.requires_grad:
            raise ValueError("optimizing a parameter that doesn't require gradients")
        if param.creator is not None:
            raise ValueError("can't optimize a non-leaf Variable")

    def __getstate__(self):
        return {'state': self.state, 'param_groups': self.param_groups}

    def __setstate__(self, state):
        self.__dict__.update(state)

    def state_dict(self):
        """The optimizer's state as a dict of plain values, for torch_early.save:
        'param_groups' (each group's options, its parameters named by their id()) and 'state'
        (the per-parameter state, keyed by those same ids)."""
        def packed(group):
            options = {key: value for key, value in group.items() if key != 'params'}
            options['params'] = [id(param) for param in group['params']]
            return options
        return {
            'state': {(id(key) if isinstance(key, Variable) else key): value
                      for key, value in self.state.items()},
            'param_groups': [packed(group) for group in self.param_groups],
        }

    def load_state_dict(self, state_dict):
        """Take the options and state of `state_dict` (from state_dict() of an optimizer over
        parameters of the same shapes, in the same order); this optimizer's own parameters stay.
        The dict is copied, so that the two optimizers share no state tensor."""
        state_dict = deepcopy(state_dict)
        groups = self.param_groups
        saved_groups = state_dict['param_groups']
        if len(groups) != len(saved_groups):
            raise ValueError("loaded state dict has a different number of parameter groups")
        if any(len(g['params']) != len(s['params']) for g, s in zip(groups, saved_groups)):
            raise ValueError("loaded state dict contains a parameter group that doesn't match "
                             "the size of optimizer's group")

        # The saved ids name the parameters of the optimizer that was saved; ours take their
        # places, in order.
        param_of_id = dict(zip(chain(*(s['params'] for s in saved_groups)),
                               chain(*(g['params'] for g in groups))))
        state = defaultdict(dict)
        for key, value in state_dict['state'].items():
            state[param_of_id.get(key, key)] = value
        param_groups = []
        for group, saved in zip(groups, saved_groups):
            saved['params'] = group['params']
            param_groups.append(saved)
        self.__setstate__({'state': state, 'param_groups': param_groups})

    def zero_grad(self):
        """Set the gradient of every parameter to zero (those that have one yet)."""
        for group in self.param_groups:
            for param in group['params']:
                if param.grad is not None:
                    param.grad.data.zero_()

    def step(self, closure=None):
        """Take one optimization step; `closure`, when given, re-evaluates the model (zeroing
        the gradients, computing the loss, calling backward) and returns the loss."""
        raise NotImplementedError
