"""Standings and leaderboards as CSV and JSON files. The column names and JSON keys are a stable, untranslated
data format (a spreadsheet or a script reads them); the values are the selectors' own."""

from __future__ import annotations

import csv
import io
import json
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


def csv_response(rows: Iterable[dict[str, Any]], columns: Sequence[str], filename: str) -> HttpResponse:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=list(columns), extrasaction="ignore", lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: "" if row.get(c) is None else row.get(c) for c in columns})
    response = HttpResponse(buf.getvalue(), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def json_response(data: dict[str, Any], filename: str) -> HttpResponse:
    body = json.dumps(data, ensure_ascii=False, indent=1, default=str)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'inline; filename="{filename}"'
    return response
