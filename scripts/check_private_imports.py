"""Lint: a name with a leading underscore stays in its module. Flags, in every module of apps/:

- ``from x import _y`` (also ``from . import _y``, and ``_y as z``);
- ``x._y`` where ``x`` is a module the file imported (``import x``, ``import x as m``, ``from p import x``
  when ``p.x`` is a module of the project), including ``a.b._y`` after ``import a.b``.

Dunder names (``__version__``, ``__all__``) are not private. A private module (``from x import _impl``
naming a file ``_impl.py``) is flagged like any private name.

    .venv/bin/python scripts/check_private_imports.py [ROOT ...]   (default: apps)

Prints ``path:line: what`` for each and exits 1; exits 0 when there is none.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def _is_module(dotted: str, roots: list[Path]) -> bool:
    """Is ``dotted`` a module or package of the tree (``apps.core.links``)?"""
    rel = Path(*dotted.split("."))
    for root in roots:
        base = root.parent
        if (base / rel).with_suffix(".py").exists() or (base / rel / "__init__.py").exists():
            return True
    return False


def _attribute_chain(node: ast.Attribute) -> list[str] | None:
    parts = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        parts.append(value.attr)
        value = value.value
    if not isinstance(value, ast.Name):
        return None
    parts.append(value.id)
    return parts[::-1]


def offences(path: Path, roots: list[Path]) -> list[tuple[int, str]]:
    """What ``path`` does with another module's private names, as (line, text)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    parts = path.with_suffix("").parts[len(roots[0].parent.parts) :]
    package = list(parts if path.name == "__init__.py" else parts[:-1])
    modules: dict[str, str] = {}  # local name -> module it is
    found: list[tuple[int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    modules[alias.asname] = alias.name
                else:
                    modules[alias.name.split(".")[0]] = alias.name.split(".")[0]
        elif isinstance(node, ast.ImportFrom):
            source = node.module or ""
            if node.level:  # from . import x, from ..y import z
                base = package[: len(package) - node.level + 1]
                source = ".".join([*base, source] if source else base)
            for alias in node.names:
                if _private(alias.name):
                    found.append((node.lineno, f"imports the private name {alias.name} from {source or '.'}"))
                elif _is_module(f"{source}.{alias.name}", roots):
                    modules[alias.asname or alias.name] = f"{source}.{alias.name}"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            chain = _attribute_chain(node)
            if chain is None or chain[0] not in modules:
                continue
            # the longest prefix before the private name that is a module: import a.b -> a.b._y
            owner = ".".join([modules[chain[0]], *chain[1:-1]])
            if len(chain) == 2 or _is_module(owner, roots):
                found.append((node.lineno, f"reads the private name {node.attr} of the module {owner}"))
    return sorted(set(found))


def main(argv: list[str]) -> int:
    roots = [Path(a).resolve() for a in argv] or [Path("apps").resolve()]
    total = 0
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            for line, what in offences(path, [root]):
                total += 1
                shown = path.relative_to(Path.cwd()) if path.is_relative_to(Path.cwd()) else path
                print(f"{shown}:{line}: {what}")
    if total:
        print(
            f"{total} use(s) of another module's private names: make the name public or keep it in its module"
        )
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
