"""Datasets: objects that give sample `i` through `dataset[i]` and their length through
`len(dataset)`. The DataLoader asks for samples one index at a time."""
from ... import _release


class Dataset(object):
    """The abstract dataset: a subclass says what `dataset[i]` is and how many samples there are."""

    def __getitem__(self, index):
        raise NotImplementedError

    def __len__(self):
        raise NotImplementedError


class TensorDataset(Dataset):
    """Samples that are rows of two tensors: sample i is (data_tensor[i], target_tensor[i]).

    Both tensors hold one row per sample, so they must have the same size along dimension 0.
    A row of a 1-D tensor is a number, so the batches of a 1-D target tensor are 1-D (a
    LongTensor for integers, the 1-D batch nll_loss expects), as in v0.1.12. Under the rules of
    0.1.6-0.1.9 (torch_early._release) the row is a 1-element tensor, so the batches are N x 1
    tensors of the target's own type."""

    def __init__(self, data_tensor, target_tensor):
        if data_tensor.size(0) != target_tensor.size(0):
            raise AssertionError(
                "TensorDataset: data_tensor and target_tensor must have the same size along "
                "dimension 0, got {} and {}".format(data_tensor.size(0), target_tensor.size(0)))
        self.data_tensor = data_tensor
        self.target_tensor = target_tensor

    def __getitem__(self, index):
        if _release.before_0_1_10():
            # a 1-D tensor seen as N x 1: its row i is then the 1-element tensor [t[i]]
            return tuple((t if t.dim() > 1 else t.unsqueeze(1))[index]
                         for t in (self.data_tensor, self.target_tensor))
        return self.data_tensor[index], self.target_tensor[index]

    def __len__(self):
        return self.data_tensor.size(0)
