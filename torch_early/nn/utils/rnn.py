"""Packed sequences: a batch of sequences of different lengths stored without padding, time step
after time step, for recurrent layers to run on only the real elements.

With the sequences sorted longest first, step t holds one element of each sequence longer than
t; `batch_sizes[t]` says how many. Both conversions are made of Variable operations (slices and
cat), so gradients flow through them.
"""

from collections import namedtuple

import torch_early
from ...autograd import Variable


class PackedSequence(namedtuple('PackedSequence', ['data', 'batch_sizes'])):
    """(data, batch_sizes): `data` is a Variable of size (sum(batch_sizes), *), the steps one
    after another; `batch_sizes` a list of how many sequences each step has. Make it with
    pack_padded_sequence, not by hand."""


def pack_padded_sequence(input, lengths, batch_first=False):
    """Pack `input` (a padded Variable, (T, B, *), or (B, T, *) when batch_first) whose B
    sequences have the given lengths, sorted in decreasing order and all > 0."""
    lengths = list(lengths)
    if batch_first:
        input = input.transpose(0, 1)
    if len(lengths) != input.size(1):
        raise ValueError("lengths array has incorrect size: {} lengths for a batch of {}".format(
            len(lengths), input.size(1)))
    if not lengths or lengths[-1] <= 0:
        raise ValueError("length of all samples has to be greater than 0, but found an element "
                         "in 'lengths' that is <=0")
    if any(earlier < later for earlier, later in zip(lengths, lengths[1:])):
        raise ValueError("lengths array has to be sorted in decreasing order")
    if lengths[0] > input.size(0):
        raise ValueError("the longest length ({}) exceeds the {} time steps of the input".format(
            lengths[0], input.size(0)))
    steps = []
    batch_sizes = []
    for step in range(lengths[0]):
        batch_size = sum(1 for length in lengths if length > step)
        steps.append(input[step][:batch_size])
        batch_sizes.append(batch_size)
    return PackedSequence(torch_early.cat(steps, 0), batch_sizes)


def pad_packed_sequence(sequence, batch_first=False):
    """The inverse of pack_padded_sequence: (padded Variable, lengths), the padding zeros; the
    Variable is (T, B, *), or (B, T, *) when batch_first."""
    data, batch_sizes = sequence
    max_batch_size = batch_sizes[0]
    rest = tuple(data.size()[1:])
    steps = []
    offset = 0
    for batch_size in batch_sizes:
        step = data[offset:offset + batch_size]
        if batch_size < max_batch_size:
            zeros = data.data.new(max_batch_size - batch_size, *rest).zero_()
            step = torch_early.cat([step, Variable(zeros)], 0)
        steps.append(step.view(1, max_batch_size, *rest))
        offset += batch_size
    output = torch_early.cat(steps, 0)
    lengths = [sum(1 for batch_size in batch_sizes if batch_size > index)
               for index in range(max_batch_size)]
    if batch_first:
        output = output.transpose(0, 1)
    return output, lengths
