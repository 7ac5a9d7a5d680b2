"""Feeding a training loop: a Dataset says how to get sample i, a Sampler in which order to visit
them, and a DataLoader groups the samples into batches, in worker processes if asked."""
from .dataset import Dataset, TensorDataset
from .sampler import (Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler,
                      WeightedRandomSampler)
from .dataloader import DataLoader
