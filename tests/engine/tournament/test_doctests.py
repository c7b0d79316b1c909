"""The docstring examples of every tournament module run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "apps.engine.tournament",
    "apps.engine.tournament.balancing",
    "apps.engine.tournament.chiprace",
    "apps.engine.tournament.chips",
    "apps.engine.tournament.deals",
    "apps.engine.tournament.entries",
    "apps.engine.tournament.errors",
    "apps.engine.tournament.league",
    "apps.engine.tournament.payouts",
    "apps.engine.tournament.places",
    "apps.engine.tournament.pko",
    "apps.engine.tournament.ratings",
    "apps.engine.tournament.seating",
    "apps.engine.tournament.standings",
    "apps.engine.tournament.structure",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0


def test_engine_tournament_imports_no_django() -> None:
    import sys

    importlib.import_module("apps.engine.tournament")
    assert not any(
        m == "django" or m.startswith("django.") for m in sys.modules if m.startswith("apps.engine")
    )
