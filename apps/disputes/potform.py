"""The pot calculator page's form: rows of players in, the JSON request of ``pots resolve`` out.

The page works without JavaScript: a fixed number of rows (``rows``), a button that adds one (the page comes
back with one more row), and empty rows ignored. Fields are ``p-<i>-seat``, ``p-<i>-name``,
``p-<i>-contributed``, ``p-<i>-folded``, ``p-<i>-cards``, ``p-<i>-rank``; then ``button``, ``smallest_chip``,
``ranking`` and ``ante`` (each listed player's ante: dead money, never returned, in the main pot). Numbers
that do not parse are kept as text so the engine names the field at fault.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

DEFAULT_ROWS = 3
MAX_ROWS = 10  # a table seats at most ten
ROW_FIELDS = ("seat", "name", "contributed", "folded", "cards", "rank")


def _number(text: str) -> int | str:
    text = text.strip()
    try:
        return int(text)
    except ValueError:
        return text


def row_count(data: Mapping[str, Any]) -> int:
    try:
        rows = int(data.get("rows", DEFAULT_ROWS))
    except (TypeError, ValueError):
        rows = DEFAULT_ROWS
    return max(1, min(MAX_ROWS, rows))


def rows_from_form(data: Mapping[str, Any], rows: int) -> list[dict[str, str]]:
    """The rows as the person typed them (to show the form again)."""
    out = []
    for i in range(rows):
        row = {f: str(data.get(f"p-{i}-{f}", "")).strip() for f in ROW_FIELDS}
        row["index"] = str(i)
        out.append(row)
    return out


def blank_rows(rows: int) -> list[dict[str, str]]:
    return [{"index": str(i), "seat": str(i + 1), **dict.fromkeys(ROW_FIELDS[1:], "")} for i in range(rows)]


def request_from_form(data: Mapping[str, Any]) -> dict[str, Any]:
    """The ``pots resolve`` request the form describes.

    >>> request_from_form({"rows": "2", "button": "2", "p-0-seat": "1", "p-0-contributed": "10",
    ...                    "p-1-seat": "2", "p-1-contributed": "10", "p-1-folded": "on"})["players"]
    [{'seat': 1, 'contributed': 10, 'folded': False}, {'seat': 2, 'contributed': 10, 'folded': True}]
    """
    players: list[dict[str, Any]] = []
    for row in rows_from_form(data, row_count(data)):
        if not any(row[f] for f in ("name", "contributed", "cards", "rank")):
            continue  # an empty row (its seat number is pre-filled)
        player: dict[str, Any] = {
            "seat": _number(row["seat"]),
            "contributed": _number(row["contributed"] or "0"),
            "folded": bool(row["folded"]),
        }
        if row["name"]:
            player["name"] = row["name"]
        if row["cards"]:
            player["cards"] = row["cards"]
        if row["rank"]:
            player["rank"] = _number(row["rank"])
        players.append(player)
    ante = _number(str(data.get("ante") or "0"))
    if ante != 0:
        for player in players:
            player["dead"] = ante
    payload: dict[str, Any] = {
        "ranking": str(data.get("ranking") or "high"),
        "button": _number(str(data.get("button", ""))),
        "smallest_chip": _number(str(data.get("smallest_chip") or "1")),
        "players": players,
    }
    return payload


def pot_title(name: str) -> str:
    """``"main"`` → "Main pot", ``"side 2"`` → "Side pot 2", in the active language."""
    from django.utils.translation import gettext

    if name == "main":
        return gettext("Main pot")
    return gettext("Side pot %(n)s") % {"n": name.removeprefix("side ")}


def _hand_text(player: Mapping[str, Any], ranking: str, english: str) -> str:
    """The hand shown, named in the active language (the answer names it in English)."""
    from apps.core.i18n_names import strength_name
    from apps.engine.errors import EngineError
    from apps.engine.ranking import evaluate

    cards = player.get("cards")
    if not english or not cards or player.get("folded"):
        return english
    try:
        return strength_name(evaluate(str(cards), ranking))
    except (EngineError, KeyError, ValueError):
        return english


def pots_named(answer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The answer's pots, each with its title in the active language."""
    return [{**pot, "title": pot_title(str(pot["name"]))} for pot in answer["pots"]]


def result_rows(payload: Mapping[str, Any], answer: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One row per seat for the result table: put in, back uncalled, pots won, received, net, hand."""
    won: dict[str, list[str]] = {}
    for pot in answer["pots"]:
        for seat, share in pot["shares"].items():
            won.setdefault(seat, []).append(f"{pot_title(str(pot['name']))} {share}")
    ranking = str(payload.get("ranking") or "high")
    rows = []
    for player in sorted(payload["players"], key=lambda p: p["seat"]):
        seat = str(player["seat"])
        rows.append(
            {
                "seat": player["seat"],
                "name": player.get("name") or "",
                "put_in": player["contributed"] + player.get("dead", 0),
                "ante": player.get("dead", 0),
                "folded": player.get("folded", False),
                "returned": answer["returned"].get(seat, 0),
                "won": won.get(seat, []),
                "received": answer["received"].get(seat, 0),
                "net": answer["net"].get(seat, 0),
                "hand": _hand_text(player, ranking, answer["hands"].get(seat, "")),
            }
        )
    return rows
