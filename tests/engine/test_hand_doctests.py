"""The docstring examples of the betting, games, events and hand modules run as tests."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "apps.engine.betting",
    "apps.engine.deck",
    "apps.engine.events",
    "apps.engine.flow",
    "apps.engine.games",
    "apps.engine.hand",
    "apps.engine.known",
    "apps.engine.legal",
    "apps.engine.showdown",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0
