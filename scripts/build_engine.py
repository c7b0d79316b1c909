"""Compile the engine's hot modules with mypyc into build/engine/lib/ (`make engine`, apps/engine/native.py).

    .venv/bin/python scripts/build_engine.py

The old build is removed first, and the fingerprint of the sources is written last, only if the compile
succeeded and no source changed meanwhile: a half-done or stale build is never loaded (the engine then runs
as plain Python). Exit status 0 when built; 1 (with the reason) when not, e.g. no C compiler or no mypyc.
"""

from __future__ import annotations

import importlib.util
import shutil
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _native():  # type: ignore[no-untyped-def]
    # Loaded by path: importing apps.engine would load the old build it is about to replace.
    spec = importlib.util.spec_from_file_location("_floor_engine_native", ROOT / "apps/engine/native.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def main() -> int:
    native = _native()
    lib: Path = native.LIB_DIR
    work = lib.parent
    shutil.rmtree(lib, ignore_errors=True)
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:
        print(f"engine build: {exc} (pip install mypy setuptools)", file=sys.stderr)
        return 1
    before = native.fingerprint()
    # Only the engine's own strict mypy settings matter here; pyproject's Django plugin is not needed.
    config = work / "mypy.ini"
    work.mkdir(parents=True, exist_ok=True)
    config.write_text("[mypy]\npython_version = 3.11\nignore_missing_imports = True\n", encoding="utf-8")
    paths = [f"apps/engine/{name}.py" for name in native.COMPILED_MODULES]
    started = time.monotonic()
    try:
        extensions = mypycify(
            ["--config-file", str(config), *paths], group_name="floor_engine", target_dir=str(work / "c")
        )
        setup(
            name="floor-engine",
            ext_modules=extensions,
            script_args=["--quiet", "build_ext", "--build-lib", str(lib), "--build-temp", str(work / "tmp")],
        )
    except (SystemExit, Exception) as exc:  # setup() exits on a compiler error
        shutil.rmtree(lib, ignore_errors=True)
        print(f"engine build failed: {exc!r}", file=sys.stderr)
        return 1
    if native.fingerprint() != before:
        shutil.rmtree(lib, ignore_errors=True)
        print("engine build: apps/engine changed during the build; run it again", file=sys.stderr)
        return 1
    (lib / native.FINGERPRINT_FILE).write_text(before + "\n", encoding="ascii")
    count = len(native.COMPILED_MODULES)
    print(f"engine build: {count} modules compiled with mypyc in {time.monotonic() - started:.0f} s -> {lib}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
