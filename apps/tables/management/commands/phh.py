"""``python manage.py phh verify PATH...``: replay PHH hands through the engine and check every action.

PATHs are ``.phh``/``.phhs`` files or folders (searched recursively). One line per hand, then a summary; or,
with ``--json``, a list of ``{"file", "hand", "status", "ok", "final_stacks", "expected_stacks", "error"}``.

``--rules phh|house``: the reading each hand is replayed under. Unless told, a file Floor wrote (it has
``_floor_game``) is replayed under ``house`` (RULES.md, as it was refereed) and a standard file under ``phh``
(PHH's own semantics, PokerKit's: its finishing stacks were made under them). Under ``phh`` every point where
RULES.md would rule otherwise is printed as a note under the hand (``notes`` in ``--json``).

Exit status: 0 when every supported hand replays and matches its ``finishing_stacks``; 1 when a hand fails
(an action the engine refuses, or final stacks that differ); 2 when an input cannot be read (missing file,
bad TOML, a required field missing), which wins over 1. A hand in a variant Floor does not play (Badugi,
hold'em) is reported ``UNSUPPORTED`` and counted apart; it fails the run only with ``--strict``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from apps.engine import phh
from apps.engine.errors import PHHError


class Command(BaseCommand):
    help = "Poker Hand History tools. `phh verify PATH...` replays every hand and checks every action."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        sub = parser.add_subparsers(dest="subcommand", required=True)
        verify = sub.add_parser("verify", help="replay .phh/.phhs files (or folders) through the engine")
        verify.add_argument("paths", nargs="+", metavar="PATH")
        verify.add_argument("--json", action="store_true", help="print a JSON list instead of text lines")
        verify.add_argument("--strict", action="store_true", help="count unsupported variants as failures")
        verify.add_argument(
            "--rules",
            choices=phh.RULES_READINGS,
            default=None,
            help="phh: PHH's semantics (PokerKit's), with a note wherever RULES.md would rule otherwise; "
            "house: "
            "RULES.md. Default: house for files Floor wrote (_floor_game), phh for standard files",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        rules = options["rules"]
        rows = [row for path in phh.iter_paths(options["paths"]) for row in _verify_file(path, rules)]
        counts = {
            s: sum(r["status"] == s for r in rows) for s in ("ok", "failed", "unsupported", "unreadable")
        }
        if options["json"]:
            self.stdout.write(json.dumps(rows, indent=2))
        else:
            for row in rows:
                self.stdout.write(_line(row))
                for note in row["notes"]:
                    where = "hand" if note["index"] is None else f"action {note['index']} {note['action']!r}"
                    self.stdout.write(f"    note at {where}: {note['note']}")
            hands = f"{len(rows)} hand" + ("" if len(rows) == 1 else "s")
            self.stdout.write(
                f"{hands}: {counts['ok']} OK, {counts['failed']} failed, "
                f"{counts['unsupported']} unsupported, {counts['unreadable']} unreadable"
            )
        status = 0
        if counts["failed"] or (options["strict"] and counts["unsupported"]):
            status = 1
        if counts["unreadable"]:
            status = 2
        if status:
            raise SystemExit(status)


def _verify_file(path: Path, rules: str | None) -> list[dict[str, Any]]:
    try:
        hands = phh.load_path(path)
    except (OSError, UnicodeDecodeError) as exc:
        error: dict[str, Any] = {
            "code": "phh_file_unreadable",
            "rule": None,
            "message": str(exc),
            "index": None,
            "action": None,
        }
        return [_row(path, None, "unreadable", None, None, error)]
    except PHHError as exc:
        error = {**exc.as_dict(), "index": None, "action": None}
        return [_row(path, exc.detail.get("hand"), "unreadable", None, None, error)]
    rows = []
    for number, hh in enumerate(hands, start=1):
        name = hh.name if hh.name is not None else str(hh.get("hand", number))
        result = phh.replay_phh(hh, rules=rules)
        failure: dict[str, Any] | None = result.error.as_dict() if result.error else None
        row = _row(path, name, result.status, result.final_stacks, result.expected_stacks, failure)
        row["rules"], row["notes"] = result.rules, result.notes if result.status != "unsupported" else []
        rows.append(row)
    return rows


def _row(
    path: Path, hand: str | None, status: str, final: list[int] | None, expected: list[int] | None, error: Any
) -> dict[str, Any]:
    return {"file": str(path), "hand": hand, "status": status, "ok": status == "ok", "final_stacks": final,
            "expected_stacks": expected, "error": error, "rules": None, "notes": []}  # fmt: skip


def _line(row: dict[str, Any]) -> str:
    where = f"{row['file']} hand {row['hand'] if row['hand'] is not None else '-'}"
    error = row["error"]
    if row["status"] == "ok":
        return f"{where}: OK"
    rule = f" [{error['rule']}]" if error.get("rule") else ""
    if error.get("index") is not None:
        return (f"{where}: FAILED at action {error['index']} {error['action']!r}: "
                f"{error['code']}{rule}: {error['message']}")  # fmt: skip
    return f"{where}: {row['status'].upper()}: {error['code']}{rule}: {error['message']}"
