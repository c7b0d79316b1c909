"""The compiled engine is used only when built from the sources as they are (apps/engine/native.py).

Each case runs a fresh Python on a copy of the engine (``apps/engine/*.py``) and, when one is given, of a
build directory, so that what is imported, compiled or plain, is decided by the loader alone.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from apps.engine import ENGINE_BUILD, native

ROOT = Path(__file__).resolve().parents[2]
PROBE = (
    "import json, apps.engine, apps.engine.hand as h, apps.engine.progress as f; "
    "print(json.dumps([apps.engine.ENGINE_BUILD, h.__file__, f.__file__]))"
)


def _copy_engine(tmp: Path) -> Path:
    (tmp / "apps").mkdir()
    shutil.copy(ROOT / "apps" / "__init__.py", tmp / "apps" / "__init__.py")
    shutil.copytree(
        ROOT / "apps" / "engine", tmp / "apps" / "engine", ignore=shutil.ignore_patterns("__pycache__")
    )
    return tmp / "apps" / "engine"


def _probe(tmp: Path, **env: str) -> tuple[str, str, str, str]:
    run = subprocess.run(
        [sys.executable, "-W", "always", "-c", PROBE],
        cwd=tmp,
        env={**os.environ, "PYTHONPATH": str(tmp), "FLOOR_ENGINE_PURE": "", **env},
        capture_output=True,
        text=True,
        check=True,
    )
    status, hand, flow = json.loads(run.stdout)
    return status, hand, flow, run.stderr


def test_given_no_build_then_the_engine_runs_as_plain_python(tmp_path: Path) -> None:
    _copy_engine(tmp_path)
    status, hand, flow, _ = _probe(tmp_path)
    assert status == native.PURE_NOT_BUILT
    assert hand.endswith("hand.py") and flow.endswith("progress.py")


def test_given_a_build_of_other_sources_then_it_is_never_loaded(tmp_path: Path) -> None:
    """A build directory whose fingerprint is not the sources' (someone edited a module since): plain
    Python, with a warning, even though the directory holds modules that would load."""
    engine = _copy_engine(tmp_path)
    lib = tmp_path / "build" / "engine" / "lib"
    (lib / "apps" / "engine").mkdir(parents=True)
    (lib / "apps" / "engine" / "hand.py").write_text("raise SystemExit('the stale build was imported')\n")
    (lib / native.FINGERPRINT_FILE).write_text(native.fingerprint(engine) + "\n")
    with (engine / "progress.py").open("a") as f:
        f.write("# edited after the build\n")
    status, hand, _, stderr = _probe(tmp_path)
    assert status == native.PURE_STALE
    assert hand == str(engine / "hand.py")
    assert "plain Python" in stderr


def test_given_a_matching_build_when_forced_pure_then_it_is_not_loaded(tmp_path: Path) -> None:
    engine = _copy_engine(tmp_path)
    lib = tmp_path / "build" / "engine" / "lib"
    lib.mkdir(parents=True)
    (lib / native.FINGERPRINT_FILE).write_text(native.fingerprint(engine) + "\n")
    status, hand, _, _ = _probe(tmp_path, FLOOR_ENGINE_PURE="1")
    assert status == native.PURE_FORCED
    assert hand == str(engine / "hand.py")


def test_the_fingerprint_changes_with_any_engine_module(tmp_path: Path) -> None:
    engine = _copy_engine(tmp_path)
    before = native.fingerprint(engine)
    assert native.fingerprint(engine) == before
    with (engine / "errors.py").open("a") as f:  # not a compiled module: the build is stale all the same
        f.write("\n")
    assert native.fingerprint(engine) != before


BUILT = native.built_fingerprint() == native.fingerprint()
FORCED_PURE = os.environ.get(native.PURE_ENV, "") not in ("", "0")


@pytest.mark.skipif(not BUILT, reason="the engine is not compiled here (make engine)")
def test_given_the_current_build_then_the_compiled_modules_are_loaded_until_a_source_changes(
    tmp_path: Path,
) -> None:
    engine = _copy_engine(tmp_path)
    shutil.copytree(native.LIB_DIR, tmp_path / "build" / "engine" / "lib")
    status, hand, flow, _ = _probe(tmp_path)
    assert status == native.COMPILED
    assert hand.endswith(".so") and flow.endswith(".so")
    with (engine / "hand.py").open("a") as f:
        f.write("# edited after the build\n")
    status, hand, flow, stderr = _probe(tmp_path)
    assert status == native.PURE_STALE
    assert hand == str(engine / "hand.py") and flow == str(engine / "progress.py")
    assert "plain Python" in stderr


@pytest.mark.skipif(not BUILT or FORCED_PURE, reason="the engine is not compiled here, or forced pure")
def test_given_the_current_build_then_this_suite_runs_the_compiled_engine() -> None:
    import apps.engine.hand

    assert ENGINE_BUILD == native.COMPILED
    assert str(apps.engine.hand.__file__).endswith(".so")


def test_states_survive_pickle_copy_and_deepcopy_compiled_or_not() -> None:
    """A compiled class with its own ``__init__`` is rebuilt through it (``__reduce__``): the service may
    cache a state, and a finished hand's result is still made when first read."""
    import copy
    import pickle

    from apps.engine.games import triple_draw_27
    from apps.engine.hand import start_hand

    seats = [{"seat": 1, "stack": 50}, {"seat": 2, "stack": 50}, {"seat": 3, "stack": 50}]
    live = start_hand(triple_draw_27(small_blind=1, big_blind=2), seats, button=3)
    done = live.apply({"type": "fold", "seat": 3}).apply({"type": "fold", "seat": 1})
    values = [live, done, live.seats[0], live.rnd, live.stub, live.stub.draw(2, last=False)]
    values.append(live.wagerer(live.seats[1]))
    for value in values:
        for again in (pickle.loads(pickle.dumps(value)), copy.deepcopy(value), copy.copy(value)):
            assert type(again) is type(value)
            assert again == value
    again = pickle.loads(pickle.dumps(done))
    assert again.result == done.result and again.stacks() == {1: 49, 2: 51, 3: 50}
