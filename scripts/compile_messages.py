#!/usr/bin/env python3
"""Compile locale/*/LC_MESSAGES/*.po to .mo (``make messages``; ``make run`` and ``make test`` do it first).

With gettext's ``msgfmt`` installed it compiles with ``msgfmt --check-format`` (a translation whose
placeholders differ from its msgid fails the build); on a bare machine without it, polib (pure Python,
a dependency of Floor) writes the same .mo files. ``--polib`` forces the fallback.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

LOCALE = Path(__file__).resolve().parent.parent / "locale"


def compile_all(*, use_polib: bool = False) -> list[Path]:
    msgfmt = None if use_polib else shutil.which("msgfmt")
    done = []
    for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if msgfmt:
            subprocess.run([msgfmt, "--check-format", "-o", str(mo), str(po)], check=True)
        else:
            import polib

            polib.pofile(str(po)).save_as_mofile(str(mo))
        done.append(mo)
    return done


if __name__ == "__main__":
    mos = compile_all(use_polib="--polib" in sys.argv[1:])
    tool = "polib" if "--polib" in sys.argv[1:] or not shutil.which("msgfmt") else "msgfmt"
    print(f"compiled {len(mos)} message catalogues with {tool}")
