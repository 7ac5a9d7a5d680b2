"""torch_early.utils.trainer: a small training loop (`Trainer`) that calls plugins on a schedule;
the plugins that record statistics and print them live in `plugins/`."""
from .trainer import Trainer
