"""Samplers: the order in which a DataLoader visits a dataset's indices. Iterating a sampler
yields indices; its length is how many it yields."""
import torch_early


class Sampler(object):
    """The base class: a subclass yields dataset indices from `__iter__` and counts them in
    `__len__`."""

    def __init__(self, data_source):
        pass

    def __iter__(self):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError


class SequentialSampler(Sampler):
    """Every index of the dataset once, in order: 0, 1, ..., len(data_source) - 1."""

    def __init__(self, data_source):
        self.num_samples = len(data_source)

    def __iter__(self):
        return iter(range(self.num_samples))

    def __len__(self):
        return self.num_samples


class RandomSampler(Sampler):
    """Every index of the dataset once, in a new random order (torch_early.randperm) on every
    pass; torch_early.manual_seed makes the order reproducible."""

    def __init__(self, data_source):
        self.num_samples = len(data_source)

    def __iter__(self):
        return iter(torch_early.randperm(self.num_samples).tolist())

    def __len__(self):
        return self.num_samples


class SubsetRandomSampler(Sampler):
    """The given indices, each once, in a new random order on every pass (to draw a training
    and a validation set from one dataset)."""

    def __init__(self, indices):
        self.indices = indices

    def __iter__(self):
        order = torch_early.randperm(len(self.indices)).tolist()
        return (self.indices[i] for i in order)

    def __len__(self):
        return len(self.indices)


class WeightedRandomSampler(Sampler):
    """num_samples indices drawn from range(len(weights)), index i with probability proportional
    to weights[i] (torch_early.multinomial); with replacement=False an index is drawn at most
    once."""

    def __init__(self, weights, num_samples, replacement=True):
        self.weights = torch_early.DoubleTensor(list(weights))
        self.num_samples = num_samples
        self.replacement = replacement

    def __iter__(self):
        drawn = torch_early.multinomial(self.weights, self.num_samples, self.replacement)
        return iter(drawn.tolist())

    def __len__(self):
        return self.num_samples
