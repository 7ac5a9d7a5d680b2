"""The client side of the file_system strategy's shared-memory manager (not yet started: names
are removed by their reference count alone)."""


def connect(handle=None):
    """Makes sure this process is connected to the manager (`handle`, or its own)."""
