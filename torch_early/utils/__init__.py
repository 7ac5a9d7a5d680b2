"""Helpers for users of torch_early: `hooks` (removable hook handles)."""
