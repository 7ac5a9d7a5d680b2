"""The THNN function backend: every Function of nn by its name, the generated THNN ones and the
hand-written ones, as `backend.Threshold`, `backend.NLLLoss`, `backend.Linear`. One instance;
copies and pickles of it are itself."""

from .backend import FunctionBackend


class THNNFunctionBackend(FunctionBackend):

    def __reduce__(self):
        return _get_thnn_function_backend, ()

    def __deepcopy__(self, memo):
        return self

    def __copy__(self):
        return self


def _get_thnn_function_backend():
    return backend


def _initialize_backend():
    from .._functions.linear import Linear
    from .._functions.conv import ConvNd
    from .._functions.dropout import Dropout, FeatureDropout
    from .._functions.activation import Softsign
    from .._functions.loss import CosineEmbeddingLoss, HingeEmbeddingLoss, MarginRankingLoss
    from .._functions.thnn import _all_functions
    from .._functions import rnn
    hand_written = {
        'Linear': Linear, 'ConvNd': ConvNd, 'Dropout': Dropout, 'Dropout2d': FeatureDropout,
        'Dropout3d': FeatureDropout, 'Softsign': Softsign,
        'CosineEmbeddingLoss': CosineEmbeddingLoss, 'HingeEmbeddingLoss': HingeEmbeddingLoss,
        'MarginRankingLoss': MarginRankingLoss,
        'RNN': rnn.RNN, 'RNNTanhCell': rnn.RNNTanhCell, 'RNNReLUCell': rnn.RNNReLUCell,
        'LSTMCell': rnn.LSTMCell, 'GRUCell': rnn.GRUCell,
    }
    for name, function_class in list(hand_written.items()) + list(_all_functions.items()):
        backend.register_function(name, function_class)


backend = THNNFunctionBackend()
_initialize_backend()
