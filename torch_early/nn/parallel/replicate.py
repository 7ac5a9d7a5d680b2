"""replicate: a copy of a module on each GPU, sharing nothing but the structure."""
from ... import cuda


def replicate(module, device_ids):
    """One copy of `module` per device of `device_ids`. With no device, no copy; any device needs
    the GPU library this build does not have."""
    if not device_ids:
        return []
    cuda._lazy_init()  # raises: this build has no GPU library
