"""The function backends of nn: backend.py (FunctionBackend, a registry of Functions by name) and
thnn.py (its one instance, `backend`, holding every Function of nn)."""

from . import thnn
