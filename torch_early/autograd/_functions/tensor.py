"""(filled in by the tensor family)"""

__all__ = []
