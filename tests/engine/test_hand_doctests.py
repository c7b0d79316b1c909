"""The docstring examples of the betting, games, events, hand and PHH modules run as tests, against the
engine as it is loaded: compiled (mypyc) when built, else plain Python (apps/engine/native.py).

A compiled module keeps no docstring examples that ``doctest`` can find, so they are read from the module's
source and run in the namespace of the loaded module: ``start_hand`` in an example is the compiled one.
"""

from __future__ import annotations

import doctest
import importlib
import importlib.util
import sys
from pathlib import Path

import pytest

import apps.engine

MODULES = [  # legal.py has no examples
    "apps.engine.betting",
    "apps.engine.deck",
    "apps.engine.events",
    "apps.engine.checks",
    "apps.engine.games",
    "apps.engine.hand",
    "apps.engine.handlers",
    "apps.engine.known",
    "apps.engine.phh",
    "apps.engine.progress",
    "apps.engine.seats",
    "apps.engine.settle",
    "apps.engine.state",
    "apps.engine.verify",
]


def run_docstring_examples(name: str) -> doctest.TestResults:
    """Run the examples found in ``name``'s source file with the globals of the module as imported."""
    loaded = importlib.import_module(name)
    path = Path(apps.engine.__file__).parent / f"{name.rsplit('.', 1)[1]}.py"
    spec = importlib.util.spec_from_file_location(f"_examples_of_{name.replace('.', '_')}", path)
    assert spec is not None and spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = source  # dataclasses look their module up
    try:
        spec.loader.exec_module(source)  # only to find the examples: they run against ``loaded``
    finally:
        del sys.modules[spec.name]
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in doctest.DocTestFinder().find(source, name, globs=dict(vars(loaded))):
        runner.run(test)
    return runner.summarize(verbose=False)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = run_docstring_examples(name)
    assert result.attempted > 0
    assert result.failed == 0
