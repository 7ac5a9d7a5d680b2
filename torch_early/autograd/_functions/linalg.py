"""(filled in by the linalg family)"""

__all__ = []
