"""Helpers for users of torch_early: `hooks` (removable hook handles), `data` (datasets, samplers
and the DataLoader), `trainer`, `model_zoo`, `ffi` and `serialization` (each imported by name,
as `torch_early.utils.data`)."""
