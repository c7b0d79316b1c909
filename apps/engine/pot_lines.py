"""The pot explanation's lines: each a key and its params (:class:`ExplanationLine`), rendered in
English by :func:`render_line` (translations render the same key and params).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

RULE: Final = "RULES.md §5"
RULE_ODD_CHIP: Final = "RULES.md §5; TDA 20, WSOP 73, RRoP"
RULE_SIDE_POTS: Final = "RULES.md §5; TDA 21, WSOP 74"


@dataclass(frozen=True, slots=True)
class ExplanationLine:
    """One sentence of the explanation: a template ``key`` and its named ``params`` (JSON-ready).

    Translations render the same key and params; :func:`render_line` is the English rendering.
    """

    key: str
    params: Mapping[str, Any]

    def text(self) -> str:
        return render_line(self)

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


def join_names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _pairs(entries: Sequence[Mapping[str, Any]], number: Callable[[int], str] = str) -> str:
    return ", ".join(f"{e['name']} {number(e['amount'])}" for e in entries)


def pot_title(pot: str) -> str:
    return "Main pot" if pot == "main" else f"Side pot {pot.removeprefix('side ')}"


def _pot_head(p: Mapping[str, Any]) -> str:
    terms = " + ".join(
        ([f"{p['dead']} dead"] if p.get("dead") else [])
        + [
            f"{t['high']} × {t['count']}" if t["low"] == 0 else f"({t['high']} − {t['low']}) × {t['count']}"
            for t in p["terms"]
        ]
    )
    folded = f" ({join_names(p['folded'])} folded: chips stay in, cannot win)" if p["folded"] else ""
    return f"{pot_title(p['pot'])}: {terms} = {p['amount']}; eligible {', '.join(p['eligible'])}{folded}; "


def _with(hand: str | None) -> str:
    return f" with {hand}" if hand else ""


def _outranked(p: Mapping[str, Any]) -> str:
    better = p.get("outranked_by", [])
    if not better:
        return ""
    if len(better) == 1:
        name, put_in = better[0]["name"], better[0]["put_in"]
        return f" ({name} has a better hand but put in only {put_in}, so cannot win it)"
    names = join_names([o["name"] for o in better])
    amounts = join_names([str(o["put_in"]) for o in better])
    return f" ({names} have better hands but put in only {amounts}, so cannot win it)"


def _split_text(p: Mapping[str, Any]) -> str:
    chips = f" in chips of {p['unit']}" if p["unit"] != 1 else ""
    over = f", {p['left_over']} left over" if p["left_over"] else ""
    return f"{p['amount']} ÷ {p['ways']} = {p['each']} each{chips}{over}"


def _odd_chips_text(p: Mapping[str, Any]) -> str:
    title, names, unit = pot_title(p["pot"]), p["names"], p["unit"]
    where = f"the first seat left of the button (seat {p['button']})"
    if len(names) == 1:
        return f"{title} odd chip: one chip of {unit} to {names[0]}, the first winner from {where} (TDA 20)."
    return (
        f"{title} odd chips: one chip of {unit} each to {join_names(names)}, the winners in order from "
        f"{where}; "
        f"nobody gets more than one (TDA 20, WSOP 73, RRoP)."
    )


ENGLISH: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "uncalled_return": lambda p: (
        f"{p['name']} gets {p['amount']} back uncalled: {p['contributed']} − {p['next_highest']} "
        f"(the next-highest contribution) = {p['amount']}."
    ),
    "no_pot": lambda p: "Nothing was called, so there is no pot to award.",
    "pot_uncontested": lambda p: (
        f"{_pot_head(p)}{p['winners'][0]} is the only player eligible and wins it without showing."
    ),
    "pot_uncontested_shown": lambda p: (
        f"{_pot_head(p)}{p['winners'][0]} is the only player eligible and wins it."
    ),
    "pot_won": lambda p: f"{_pot_head(p)}{p['winners'][0]} wins{_with(p['hand'])}{_outranked(p)}.",
    "pot_split": lambda p: (
        f"{_pot_head(p)}{join_names(p['winners'])} tie{_with(p['hand'])}{_outranked(p)} "
        f"and split it: {_split_text(p)}."
    ),
    "odd_chips": _odd_chips_text,
    "odd_remainder": lambda p: (
        f"{pot_title(p['pot'])}: the {p['amount']} left over is less than one chip of {p['unit']}; it goes "
        + (
            f"to {p['name']}, the next winner in order from the left of the button who got no odd chip."
            if p["after_odd_chips"]
            else f"to {p['name']}, the first winner left of the button (seat {p['button']})."
        )
    ),
    "pot_shares": lambda p: f"{pot_title(p['pot'])} shares: {_pairs(p['shares'])}.",
    "received": lambda p: (
        f"Received: {_pairs(p['entries'])} = {p['total']} = {' + '.join(map(str, p['put_in']))} put in."
    ),
    "net": lambda p: f"Net: {_pairs(p['entries'], signed)}; sum {signed(p['sum'])}.",
}


def render_line(line: ExplanationLine) -> str:
    """The English text of one explanation line.

    >>> entries = [{"name": "A", "amount": 5}, {"name": "B", "amount": -5}]
    >>> render_line(ExplanationLine("net", {"entries": entries, "sum": 0}))
    'Net: A +5, B −5; sum 0.'
    """
    return ENGLISH[line.key](line.params)


__all__ = [
    "ENGLISH",
    "RULE",
    "RULE_ODD_CHIP",
    "RULE_SIDE_POTS",
    "ExplanationLine",
    "join_names",
    "pot_title",
    "render_line",
    "signed",
]
