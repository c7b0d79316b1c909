"""Lint: no module of apps/ is over 400 lines (migrations aside): a module that grows past it holds more than
one thing, and is split by what each part owns.

    .venv/bin/python scripts/check_module_size.py [ROOT ...]   (default: apps)

Prints each module over the limit with its length and exits 1; exits 0 when there is none.
"""

from __future__ import annotations

import sys
from pathlib import Path

LIMIT = 400


def oversized(roots: list[Path], limit: int = LIMIT) -> list[tuple[Path, int]]:
    """The modules under ``roots`` longer than ``limit`` lines, longest first (migrations aside)."""
    found = []
    for root in roots:
        for path in sorted(root.rglob("*.py")):
            if "migrations" in path.parts:
                continue
            lines = len(path.read_text(encoding="utf-8").splitlines())
            if lines > limit:
                found.append((path, lines))
    return sorted(found, key=lambda pair: -pair[1])


def main(argv: list[str]) -> int:
    roots = [Path(a) for a in argv] or [Path("apps")]
    found = oversized(roots)
    for path, lines in found:
        print(f"{path}: {lines} lines (over {LIMIT}): split it by what each part owns")
    if found:
        print(f"{len(found)} module(s) over {LIMIT} lines")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
