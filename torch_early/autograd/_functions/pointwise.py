"""(filled in by the pointwise family)"""

__all__ = []
