"""(filled in by the compare family)"""

__all__ = []
