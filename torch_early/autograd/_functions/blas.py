"""(filled in by the blas family)"""

__all__ = []
