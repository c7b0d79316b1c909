"""Floor's rules engine: pure Python, no Django.

Public entry points are re-exported here as the modules land:
``evaluate`` (ranking), the pot resolver (pots), betting limits (betting), the hand state machine (hand)
and PHH read/write (phh).
"""

from apps.engine.errors import EngineError

__all__ = ["EngineError"]
