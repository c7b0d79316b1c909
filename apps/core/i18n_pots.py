"""Pot explanations and hand results in the active language (see :mod:`apps.core.i18n`): each line of
``pots`` explanation rendered from its key and params, English exactly as ``pots.render_line``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, Final

from django.utils import translation
from django.utils.translation import gettext

from apps.core.i18n_award import award_check
from apps.core.i18n_names import hand_name, strength_name
from apps.engine import settle
from apps.engine.errors import EngineError
from apps.engine.pots import ExplanationLine, PotPlayer, resolve_pots

_SEAT_LABEL: Final = re.compile(r"seat (\d+)")
_FINISHING: Final = re.compile(r"finishing rank (\d+)")


def _name(label: str) -> str:
    """A player's label: a name stays, the engine's ``seat N`` is translated."""
    m = _SEAT_LABEL.fullmatch(label)
    return gettext("seat %(seat)s") % {"seat": m.group(1)} if m else label


def _join(names: Sequence[str]) -> str:
    names = [_name(n) for n in names]
    if len(names) <= 1:
        return "".join(names)
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _pairs(entries: Sequence[Mapping[str, Any]], number: Callable[[int], str] = str) -> str:
    return ", ".join(f"{_name(e['name'])} {number(e['amount'])}" for e in entries)


def _pot_title(pot: str) -> str:
    if pot == "main":
        return gettext("Main pot")
    return gettext("Side pot %(number)s") % {"number": pot.removeprefix("side ")}


def _pot_head(p: Mapping[str, Any]) -> str:
    terms = " + ".join(
        ([gettext("%(chips)s dead") % {"chips": p["dead"]}] if p.get("dead") else [])
        + [
            f"{t['high']} × {t['count']}" if t["low"] == 0 else f"({t['high']} − {t['low']}) × {t['count']}"
            for t in p["terms"]
        ]
    )
    folded = (
        gettext(" (%(names)s folded: chips stay in, cannot win)") % {"names": _join(p["folded"])}
        if p["folded"]
        else ""
    )
    return gettext("%(pot)s: %(terms)s = %(amount)s; eligible %(eligible)s%(folded)s; ") % {
        "pot": _pot_title(p["pot"]),
        "terms": terms,
        "amount": p["amount"],
        "eligible": ", ".join(_name(n) for n in p["eligible"]),
        "folded": folded,
    }


def _hand(p: Mapping[str, Any]) -> str:
    if p.get("hand_key"):
        return hand_name(p["hand_key"], p.get("hand_args", {}))
    hand = p.get("hand") or ""
    m = _FINISHING.fullmatch(hand)
    return gettext("finishing rank %(rank)s") % {"rank": m.group(1)} if m else hand


def _with(p: Mapping[str, Any]) -> str:
    hand = _hand(p)
    return gettext(" with %(hand)s") % {"hand": hand} if hand else ""


def _outranked(p: Mapping[str, Any]) -> str:
    better = p.get("outranked_by", [])
    if not better:
        return ""
    if len(better) == 1:
        return gettext(" (%(name)s has a better hand but put in only %(put_in)s, so cannot win it)") % {
            "name": _name(better[0]["name"]),
            "put_in": better[0]["put_in"],
        }
    return gettext(" (%(names)s have better hands but put in only %(amounts)s, so cannot win it)") % {
        "names": _join([o["name"] for o in better]),
        "amounts": _join([str(o["put_in"]) for o in better]),
    }


def _split_text(p: Mapping[str, Any]) -> str:
    chips = gettext(" in chips of %(unit)s") % {"unit": p["unit"]} if p["unit"] != 1 else ""
    over = gettext(", %(left_over)s left over") % {"left_over": p["left_over"]} if p["left_over"] else ""
    return gettext("%(amount)s ÷ %(ways)s = %(each)s each%(chips)s%(over)s") % {
        "amount": p["amount"],
        "ways": p["ways"],
        "each": p["each"],
        "chips": chips,
        "over": over,
    }


def _odd_chips(p: Mapping[str, Any]) -> str:
    values = {"pot": _pot_title(p["pot"]), "unit": p["unit"], "button": p["button"]}
    if len(p["names"]) == 1:
        return gettext(
            "%(pot)s odd chip: one chip of %(unit)s to %(name)s, the first winner from the first seat left "
            "of the button (seat %(button)s) (TDA 20)."
        ) % dict(values, name=_name(p["names"][0]))
    return gettext(
        "%(pot)s odd chips: one chip of %(unit)s each to %(names)s, the winners in order from the first "
        "seat left of the button (seat %(button)s); nobody gets more than one (TDA 20, WSOP 73, RRoP)."
    ) % dict(values, names=_join(p["names"]))


def _odd_remainder(p: Mapping[str, Any]) -> str:
    values = {
        "pot": _pot_title(p["pot"]),
        "amount": p["amount"],
        "unit": p["unit"],
        "name": _name(p["name"]),
        "button": p["button"],
    }
    if p["after_odd_chips"]:
        return (
            gettext(
                "%(pot)s: the %(amount)s left over is less than one chip of %(unit)s; it goes to %(name)s, "
                "the next winner in order from the left of the button who got no odd chip."
            )
            % values
        )
    return (
        gettext(
            "%(pot)s: the %(amount)s left over is less than one chip of %(unit)s; it goes to %(name)s, "
            "the first winner left of the button (seat %(button)s)."
        )
        % values
    )


def _winner(p: Mapping[str, Any]) -> str:
    return _name(p["winners"][0])


_LINES: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "uncalled_return": lambda p: (
        gettext(
            "%(name)s gets %(amount)s back uncalled: %(contributed)s − %(next_highest)s "
            "(the next-highest contribution) = %(amount)s."
        )
        % dict(p, name=_name(p["name"]))
    ),
    "no_pot": lambda p: gettext("Nothing was called, so there is no pot to award."),
    "pot_uncontested": lambda p: (
        gettext("%(head)s%(winner)s is the only player eligible and wins it without showing.")
        % {"head": _pot_head(p), "winner": _winner(p)}
    ),
    "pot_uncontested_shown": lambda p: (
        gettext("%(head)s%(winner)s is the only player eligible and wins it.")
        % {"head": _pot_head(p), "winner": _winner(p)}
    ),
    "pot_won": lambda p: (
        gettext("%(head)s%(winner)s wins%(hand)s%(outranked)s.")
        % {"head": _pot_head(p), "winner": _winner(p), "hand": _with(p), "outranked": _outranked(p)}
    ),
    "pot_split": lambda p: (
        gettext("%(head)s%(winners)s tie%(hand)s%(outranked)s and split it: %(split)s.")
        % {
            "head": _pot_head(p),
            "winners": _join(p["winners"]),
            "hand": _with(p),
            "outranked": _outranked(p),
            "split": _split_text(p),
        }
    ),
    "odd_chips": _odd_chips,
    "odd_remainder": _odd_remainder,
    "pot_shares": lambda p: (
        gettext("%(pot)s shares: %(shares)s.") % {"pot": _pot_title(p["pot"]), "shares": _pairs(p["shares"])}
    ),
    "received": lambda p: (
        gettext("Received: %(entries)s = %(total)s = %(put_in)s put in.")
        % {"entries": _pairs(p["entries"]), "total": p["total"], "put_in": " + ".join(map(str, p["put_in"]))}
    ),
    "net": lambda p: (
        gettext("Net: %(entries)s; sum %(sum)s.")
        % {"entries": _pairs(p["entries"], _signed), "sum": _signed(p["sum"])}
    ),
}

#: every explanation key the engine can write (the i18n tests check the engine's list is the same)
EXPLANATION_KEYS: Final = frozenset(_LINES)


def explanation_text(line: ExplanationLine | Mapping[str, Any]) -> str:
    """One pot-explanation line in the active language (English exactly as ``pots.render_line``)."""
    if isinstance(line, ExplanationLine):
        key, params = line.key, line.params
    else:
        key, params = line["key"], line["params"]
    return _LINES[key](params)


def explanation_texts(lines: Iterable[ExplanationLine | Mapping[str, Any]]) -> list[str]:
    return [explanation_text(line) for line in lines]


def _english() -> bool:
    return (translation.get_language() or "en").split("-")[0] == "en"


def pot_answer(answer: dict[str, Any]) -> dict[str, Any]:
    """The pot calculator's answer (``potjson.resolve_request``) with its explanation (read from its
    ``explanation_lines``) and its award check's reasons in the active language."""
    if _english():
        return answer
    out = dict(answer)
    if "explanation_lines" in answer:
        out["explanation"] = explanation_texts(answer["explanation_lines"])
    if isinstance(answer.get("award_check"), dict):
        out["award_check"] = award_check(answer["award_check"])
    return out


def hand_result(state: Any) -> dict[str, Any] | None:
    """A hand's ``result`` with its explanation and hand names in the active language.

    ``state`` is a ``HandState`` or its JSON. The English result is returned as stored; otherwise the
    explanation is made again from the hand (the same pots the engine made: the tests check that the
    English made so reads as the stored one) and, should that fail, the stored English is returned."""
    from apps.engine.hand import HandState

    st = state if isinstance(state, HandState) else HandState.from_json(state)
    result = st.result
    if result is None or _english():
        return result
    try:
        return remade_result(st, result)
    except (EngineError, KeyError, AttributeError, TypeError, ValueError):
        return result


def remade_result(st: Any, result: Mapping[str, Any]) -> dict[str, Any]:
    """``result`` with ``explanation`` and ``hands`` made again from the finished hand ``st``, in the
    active language."""
    strengths = settle.strengths(st)
    out = dict(result)
    out["hands"] = {seat: strength_name(strengths[int(seat)]) for seat in result.get("hands", {})}
    if result.get("kind") == "pots":
        players = [
            PotPlayer(
                s.seat,
                s.contributed - s.dead_posted,
                folded=s.folded,
                strength=strengths.get(s.seat),
                name=s.name,
                dead=s.dead_posted,
            )
            for s in st.seats
        ]
        res = resolve_pots(players, button=st.button, smallest_chip=st.game.smallest_chip)
        out["explanation"] = explanation_texts(res.explanation)
    elif result.get("kind") == "points":
        out["explanation"] = [_points_line(st, seat, strengths) for seat in result.get("winners", [])]
    return out


def _points_line(st: Any, seat: int, strengths: Mapping[int, Any]) -> str:
    name = _name(st.seat(seat).name or f"seat {seat}")
    if seat in strengths:
        return gettext("%(name)s scores 1 point with %(hand)s") % {
            "name": name,
            "hand": strength_name(strengths[seat]),
        }
    return gettext("%(name)s scores 1 point") % {"name": name}
