"""The two lints of `make lint` beside ruff and import-linter: no module of apps/ over 400 lines
(migrations aside), and no private name used across modules. Each fails on a small tree that breaks it,
naming the offender, and passes on one that does not."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SIZE = ROOT / "scripts" / "check_module_size.py"
PRIVATE = ROOT / "scripts" / "check_private_imports.py"


def _run(script: Path, cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(script), *args], cwd=cwd, capture_output=True, text=True, timeout=60, check=False
    )


def _tree(tmp_path: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text))
    return tmp_path


def test_a_module_over_400_lines_fails_and_is_named(tmp_path: Path) -> None:
    tree = _tree(
        tmp_path,
        {
            "apps/__init__.py": "",
            "apps/big/__init__.py": "",
            "apps/big/long.py": "x = 1\n" * 401,
            "apps/big/fine.py": "x = 1\n" * 400,
            "apps/big/migrations/0001_initial.py": "x = 1\n" * 900,
        },
    )
    result = _run(SIZE, tree, "apps")
    assert result.returncode == 1
    assert "apps/big/long.py: 401 lines" in result.stdout
    assert "fine.py" not in result.stdout and "migrations" not in result.stdout


def test_modules_within_400_lines_pass(tmp_path: Path) -> None:
    tree = _tree(tmp_path, {"apps/__init__.py": "", "apps/a.py": "x = 1\n" * 400})
    result = _run(SIZE, tree, "apps")
    assert result.returncode == 0, result.stdout
    assert result.stdout == ""


def test_private_names_across_modules_fail_and_are_named(tmp_path: Path) -> None:
    tree = _tree(
        tmp_path,
        {
            "apps/__init__.py": "",
            "apps/low/__init__.py": "",
            "apps/low/core.py": "def _hidden():\n    return 1\n\n\ndef shown():\n    return _hidden()\n",
            "apps/high/__init__.py": "",
            "apps/high/a.py": "from apps.low.core import _hidden\n",
            "apps/high/b.py": "from apps.low import core\n\n\ndef f():\n    return core._hidden()\n",
            "apps/high/c.py": "import apps.low.core\n\nx = apps.low.core._hidden\n",
            "apps/high/d.py": """\
                from apps.low import core as c


                def g():
                    from apps.low.core import _hidden as h
                    return c._hidden, h
                """,
            "apps/high/e.py": "from ..low.core import _hidden\n",
        },
    )
    result = _run(PRIVATE, tree, "apps")
    assert result.returncode == 1
    out = result.stdout
    assert "apps/high/a.py:1: imports the private name _hidden from apps.low.core" in out
    assert "apps/high/b.py:5: reads the private name _hidden of the module apps.low.core" in out
    assert "apps/high/c.py:3: reads the private name _hidden of the module apps.low.core" in out
    assert "apps/high/d.py:5: imports the private name _hidden from apps.low.core" in out
    assert "apps/high/d.py:6: reads the private name _hidden of the module apps.low.core" in out
    assert "apps/high/e.py:1: imports the private name _hidden from apps.low.core" in out
    assert "apps/low/core.py" not in out  # a module's own private names are its own


def test_public_names_dunders_and_private_attributes_of_objects_pass(tmp_path: Path) -> None:
    tree = _tree(
        tmp_path,
        {
            "apps/__init__.py": "",
            "apps/low.py": "__all__ = ['shown']\n\n\ndef shown():\n    return 1\n",
            "apps/high.py": """\
                from apps import low
                from apps.low import __all__, shown


                class Model:
                    _meta = None


                def f(obj):
                    return low.shown(), shown(), __all__, Model._meta, obj._private, low.__name__
                """,
        },
    )
    result = _run(PRIVATE, tree, "apps")
    assert result.returncode == 0, result.stdout
