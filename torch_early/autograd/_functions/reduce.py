"""(filled in by the reduce family)"""

__all__ = []
