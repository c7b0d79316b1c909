"""apps.engine is pure Python: import-linter's contract holds, and it would catch a violation."""

import ast
import os
import subprocess
import sys
import textwrap
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINT_IMPORTS = Path(sys.executable).with_name("lint-imports")
FORBIDDEN = ("django", "rest_framework", "celery", "director")


def test_the_contract_holds_for_the_engine() -> None:
    result = subprocess.run(
        [str(LINT_IMPORTS)], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "The rules engine is pure Python" in result.stdout
    assert "KEPT" in result.stdout


def test_the_contract_fails_when_the_engine_imports_django(tmp_path: Path) -> None:
    engine = tmp_path / "fakeapps" / "engine"
    engine.mkdir(parents=True)
    (tmp_path / "fakeapps" / "__init__.py").write_text("")
    (engine / "__init__.py").write_text("")
    (engine / "rules.py").write_text("from django.db import models  # a violation\n")
    (tmp_path / ".importlinter").write_text(
        textwrap.dedent(
            """
            [importlinter]
            root_package = fakeapps
            include_external_packages = True

            [importlinter:contract:engine-pure]
            name = The rules engine is pure Python: no Django, DRF or Celery
            type = forbidden
            source_modules = fakeapps.engine
            forbidden_modules =
                django
                rest_framework
                celery
            """
        )
    )

    result = subprocess.run(
        [str(LINT_IMPORTS), ".importlinter", "--no-cache"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(tmp_path)},
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )

    assert result.returncode != 0
    assert "BROKEN" in result.stdout
    assert "fakeapps.engine.rules -> django" in result.stdout


def test_no_engine_module_imports_a_framework_even_lazily() -> None:
    """import-linter sees module-level and function-level imports; this also covers importlib strings."""
    offenders = []
    for path in (ROOT / "apps" / "engine").rglob("*.py"):
        tree = ast.parse(path.read_text(), filename=str(path))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names = [node.module]
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                names = (
                    [node.value] if node.value.split(".")[0] in FORBIDDEN and " " not in node.value else []
                )
            offenders += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.split(".")[0] in FORBIDDEN]

    assert offenders == []
