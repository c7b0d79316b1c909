"""Core's models: only the benchmark's reference rows (see :mod:`apps.core.bench`)."""

from apps.core.bench import BenchCounter, BenchRow

__all__ = ["BenchCounter", "BenchRow"]
