"""Helpers for training with nn: clip_grad.py (clip_grad_norm), rnn.py (packed sequences)."""

from .clip_grad import clip_grad_norm
from . import rnn
