"""The autograd Functions of nn: forward and backward on tensors, one module per family
(linear.py, dropout.py, activation.py: Softsign, loss.py: the embedding and ranking losses), and
thnn/, the Functions computed by the THNN kernels (most generated from its header)."""
