"""Part II: the build, and what landed where."""
import torch_early as torch
from torch_early.demo import heading


def run():
    heading("To be written")
