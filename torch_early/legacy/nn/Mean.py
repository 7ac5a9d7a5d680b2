"""legacy.nn.Mean: the mean of the input over one dimension: Sum with sizeAverage=True."""
from .Sum import Sum


class Mean(Sum):

    def __init__(self, dimension=0, nInputDims=None):
        super(Mean, self).__init__(dimension, True, nInputDims)
