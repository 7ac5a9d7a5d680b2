"""Helpers for users of torch_early: `hooks` (removable hook handles) and `data` (datasets,
samplers and the DataLoader; imported as `torch_early.utils.data`)."""
