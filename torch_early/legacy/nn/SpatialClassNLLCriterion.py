"""SpatialClassNLLCriterion: ClassNLLCriterion at every pixel: input batch x classes x h x w of
log-probabilities, target batch x h x w of class indices (0-based); sizeAverage divides by the
sum of the weights of the targets. THNN computes the loss and its gradient."""
from .ClassNLLCriterion import _WeightedNLLCriterion


class SpatialClassNLLCriterion(_WeightedNLLCriterion):
    _kernel = 'SpatialClassNLLCriterion'
