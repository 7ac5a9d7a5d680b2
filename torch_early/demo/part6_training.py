"""Part VI: the rest of a training program."""
import torch_early as torch
from torch_early.demo import heading


def run():
    heading("To be written")
