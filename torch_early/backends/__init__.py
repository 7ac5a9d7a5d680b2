"""torch_early.backends: switches for optional accelerated libraries (cuDNN)."""
