"""Core's models: the benchmark's reference rows (see :mod:`apps.core.bench`) and the workers' heartbeats
(:mod:`apps.core.heartbeat`)."""

from apps.core.bench import BenchCounter, BenchRow
from apps.core.heartbeat import Heartbeat

__all__ = ["BenchCounter", "BenchRow", "Heartbeat"]
