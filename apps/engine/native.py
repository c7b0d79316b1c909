"""The compiled engine: the hot modules built with mypyc, used only when built from exactly these sources.

``make engine`` (which ``make run`` and ``make test`` depend on) runs ``scripts/build_engine.py``: it compiles
:data:`COMPILED_MODULES` with mypyc into ``build/engine/lib/`` (git-ignored; the source tree never holds a
``.so``) and writes there the :func:`fingerprint` of the sources it compiled. ``import apps.engine`` calls
:func:`use_compiled` before anything else: it puts the compiled modules first on the package's path only if
the fingerprint of the sources on disk now is the one written at build time, so a stale build can never
shadow edited Python; otherwise the engine runs as plain Python (with a warning if a build is there but
stale). ``FLOOR_ENGINE_PURE=1`` forces plain Python. Both run the same code and the same tests.

>>> fingerprint() == fingerprint()
True
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import warnings
from pathlib import Path

ENGINE_DIR = Path(__file__).resolve().parent
LIB_DIR = ENGINE_DIR.parent.parent / "build" / "engine" / "lib"
FINGERPRINT_FILE = "FINGERPRINT"
SHARED_LIB = "floor_engine__mypyc"  # mypyc's shared library of the group ``floor_engine``
PURE_ENV = "FLOOR_ENGINE_PURE"

#: the modules on the hand and PHH path. The rest stays plain Python, which compiled code calls like any
#: library: where compiled code would behave differently (errors, ranking's read-only shared values,
#: cards, games and pots, whose refusals of a wrongly typed value would become a TypeError, frozen
#: dataclasses that ``replace`` rebuilds), or where it would not pay (clock, potjson, tournaments)
COMPILED_MODULES = (
    "award",
    "limits",
    "betting",
    "checks",
    "claims",
    "deck",
    "events",
    "hand",
    "handlers",
    "known",
    "legal",
    "phh",
    "phh_actions",
    "phh_read",
    "phh_replay",
    "phh_variants",
    "phh_write",
    "progress",
    "seats",
    "settle",
    "showdown",
    "state",
    "verify",
)

COMPILED = "compiled"
PURE_FORCED = "pure: FLOOR_ENGINE_PURE is set"
PURE_NOT_BUILT = "pure: not built (make engine)"
PURE_STALE = "pure: the compiled build is stale (apps/engine changed since; make engine rebuilds it)"
PURE_UNLOADABLE = "pure: the compiled build does not load"


def fingerprint(engine_dir: Path = ENGINE_DIR) -> str:
    """A digest of every ``apps/engine/*.py`` (names and bytes) and of this Python's version and ABI."""
    digest = hashlib.sha256()
    digest.update(sys.version.encode())
    digest.update(importlib.machinery.EXTENSION_SUFFIXES[0].encode())
    for path in sorted(engine_dir.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()


def built_fingerprint(lib_dir: Path = LIB_DIR) -> str | None:
    """The fingerprint written by the last complete build, or None if there is none."""
    try:
        return (lib_dir / FINGERPRINT_FILE).read_text(encoding="ascii").strip()
    except OSError:
        return None


def use_compiled(package_path: list[str], lib_dir: Path = LIB_DIR, engine_dir: Path = ENGINE_DIR) -> str:
    """Put the compiled modules first on ``package_path`` (``apps.engine.__path__``) if they were built from
    the sources in ``engine_dir`` as they are now; return the status (:data:`COMPILED` or a ``pure:`` reason).
    """
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        return PURE_FORCED
    built = built_fingerprint(lib_dir)
    if built is None:
        return PURE_NOT_BUILT
    if built != fingerprint(engine_dir):
        warnings.warn(f"Floor's engine runs as plain Python, slower: {PURE_STALE[6:]}", stacklevel=3)
        return PURE_STALE
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    try:
        spec = importlib.util.spec_from_file_location(SHARED_LIB, lib_dir / f"{SHARED_LIB}{suffix}")
        if spec is None or spec.loader is None:
            raise ImportError(f"no {SHARED_LIB}{suffix} in {lib_dir}")
        shared = importlib.util.module_from_spec(spec)
        sys.modules[SHARED_LIB] = shared  # each compiled module imports it by this name
        spec.loader.exec_module(shared)
    except ImportError as exc:
        sys.modules.pop(SHARED_LIB, None)
        message = f"Floor's engine runs as plain Python, slower: {PURE_UNLOADABLE[6:]}: {exc}"
        warnings.warn(message, stacklevel=3)
        return PURE_UNLOADABLE
    package_path.insert(0, str(lib_dir / "apps" / "engine"))
    return COMPILED
