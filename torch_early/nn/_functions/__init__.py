"""The hand-written autograd Functions of nn: forward and backward on tensors, one module per
family (linear.py, dropout.py)."""
