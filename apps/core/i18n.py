"""Floor's words in the active language (English, Indonesian, Russian, Portuguese): refusals, pot
explanations, hand and card names. English reads exactly as the engine's own English.

What to call (pages and APIs; all use the language Django activated for the request):

- :func:`error_message` ``(code, detail, fallback)``: a refusal's message. ``fallback`` is the English
  message as raised (``EngineError.message`` / ``ApplicationError.message``); the API error handler
  already calls it, so every ``{"code", "message", ...}`` answer is translated.
- :func:`explanation_text` ``(line)``: one pot-explanation line, an ``ExplanationLine`` or its
  ``{"key", "params"}`` dict (``explanation_lines`` of the pot calculator's answer);
  :func:`explanation_texts` for a list.
- :func:`hand_result` ``(state)``: a finished hand's ``result`` (a ``HandState`` or its JSON) with its
  ``explanation`` and ``hands`` in the active language: use it wherever a page or an answer shows a
  hand's result (the hand replay, the dealer's screen). :func:`pot_answer` does the same for the pot
  calculator's answer.
- :func:`hand_name` ``(key, args)`` / :func:`strength_name` ``(value)``: "Full House, Kings over Nines"
  from a ``HandValue``'s ``description_key``/``description_args`` (or a ``FinishingRank``).
- :func:`card_name` ``("Kh")``: "King of hearts" (for ``aria-label``\\ s and titles).
- :func:`award_check` ``(check)`` / :func:`award_reason` ``(reason)``: an award check's reasons.

>>> from django.utils import translation
>>> with translation.override("en"):
...     hand_name("full_house", {"trips": "K", "pair": "9"})
'Full House, Kings over Nines'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import cache
from typing import Any, Final

from django.utils import translation
from django.utils.translation import gettext, pgettext, pgettext_lazy

from apps.core.i18n_award import award_check, award_reason
from apps.core.i18n_catalog import ERRORS, EVENTS, NESTED, PHASES
from apps.engine import ranking
from apps.engine.errors import EngineError
from apps.engine.pots import ExplanationLine, FinishingRank, PotPlayer, resolve_pots

__all__ = [
    "award_check",
    "award_reason",
    "card_name",
    "engine_error_message",
    "error_message",
    "explanation_text",
    "explanation_texts",
    "hand_name",
    "hand_result",
    "match_message",
    "pot_answer",
    "remade_result",
    "strength_name",
]

_PARAM: Final = re.compile(r"%\((\w+)\)s")


# --- refusals ---


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """The regex that reads a message made from ``template``, one named group per param."""
    parts, seen, pos = [], set(), 0
    for m in _PARAM.finditer(template):
        parts.append(re.escape(template[pos : m.start()]))
        name = m.group(1)
        parts.append(f"(?P={name})" if name in seen else f"(?P<{name}>.+?)")
        seen.add(name)
        pos = m.end()
    parts.append(re.escape(template[pos:]))
    return re.compile("".join(parts), re.DOTALL)


def _read(templates: Iterable[str], message: str) -> tuple[str, dict[str, str]] | None:
    for template in templates:
        m = _pattern(template).fullmatch(message)
        if m is not None:
            return template, m.groupdict()
    return None


def _all_templates() -> Iterable[str]:
    for templates in ERRORS.values():
        yield from templates


def match_message(code: str, message: str) -> tuple[str, dict[str, str]] | None:
    """The English template a message was made from and its param values (``None`` if no template reads
    it): the code's templates first, then every template (a service may re-code an engine refusal)."""
    return _read(ERRORS.get(code, ()), message) or _read(_all_templates(), message)


def _value(name: str, value: str) -> str:
    if name == "event" and value in EVENTS:
        return str(EVENTS[value])
    if name == "phase" and value in PHASES:
        return str(PHASES[value])
    if name == "problem":
        return _translate(_read(NESTED["game_problem"], value), value)
    if name == "clock":
        return _translate(_read(NESTED["clock"], value), value)
    if name == "reason":
        return _translate(_read(_all_templates(), value), value)
    return value


def _translate(found: tuple[str, dict[str, str]] | None, fallback: str) -> str:
    if found is None:
        return fallback
    template, params = found
    try:
        return gettext(template) % {name: _value(name, value) for name, value in params.items()}
    except (KeyError, ValueError, TypeError):  # a broken translation: the English is still right
        return fallback


def error_message(code: str, detail: Mapping[str, Any] | None = None, fallback: str = "") -> str:
    """The refusal ``fallback`` (its English message) in the active language; ``detail`` is not needed to
    translate (the values are read from the message) but kept for callers that have no message.

    >>> with translation.override("en"):
    ...     error_message("raise_too_small", {}, "raise to 30 is below the minimum raise to 40")
    'raise to 30 is below the minimum raise to 40'
    """
    fallback = str(fallback)  # a lazy message too
    if not fallback:
        return fallback
    return _translate(match_message(code, fallback), fallback)


def engine_error_message(error: EngineError) -> str:
    """An :class:`EngineError`'s message in the active language."""
    return error_message(error.code, error.detail, error.message)


# --- hand and card names ---

#: the description templates, English as apps.engine.ranking.ENGLISH_TEMPLATES reads with %(params)s
HAND_TEMPLATES: Final[dict[str, Any]] = {
    "five_of_a_kind": pgettext_lazy("hand", "Five of a Kind, %(rank)s"),
    "royal_flush": pgettext_lazy("hand", "Royal Flush"),
    "straight_flush": pgettext_lazy("hand", "Straight Flush, %(high)s high"),
    "four_of_a_kind": pgettext_lazy("hand", "Four of a Kind, %(rank)s"),
    "full_house": pgettext_lazy("hand", "Full House, %(trips)s over %(pair)s"),
    "flush": pgettext_lazy("hand", "Flush, %(ranks)s"),
    "straight": pgettext_lazy("hand", "Straight, %(high)s high"),
    "three_of_a_kind": pgettext_lazy("hand", "Three of a Kind, %(rank)s"),
    "two_pair": pgettext_lazy("hand", "Two Pair, %(high)s and %(low)s"),
    "one_pair": pgettext_lazy("hand", "One Pair, %(rank)s"),
    "high_card": pgettext_lazy("hand", "High Card, %(high)s"),
    "low": pgettext_lazy("hand", "%(ranks)s low"),
}
#: rank names in a hand's description: (name, plural); the English is ranking.ENGLISH_RANK_NAMES
RANK_NAMES: Final[dict[str, tuple[Any, Any]]] = {
    "2": (pgettext_lazy("rank", "Two"), pgettext_lazy("ranks", "Twos")),
    "3": (pgettext_lazy("rank", "Three"), pgettext_lazy("ranks", "Threes")),
    "4": (pgettext_lazy("rank", "Four"), pgettext_lazy("ranks", "Fours")),
    "5": (pgettext_lazy("rank", "Five"), pgettext_lazy("ranks", "Fives")),
    "6": (pgettext_lazy("rank", "Six"), pgettext_lazy("ranks", "Sixes")),
    "7": (pgettext_lazy("rank", "Seven"), pgettext_lazy("ranks", "Sevens")),
    "8": (pgettext_lazy("rank", "Eight"), pgettext_lazy("ranks", "Eights")),
    "9": (pgettext_lazy("rank", "Nine"), pgettext_lazy("ranks", "Nines")),
    "T": (pgettext_lazy("rank", "Ten"), pgettext_lazy("ranks", "Tens")),
    "J": (pgettext_lazy("rank", "Jack"), pgettext_lazy("ranks", "Jacks")),
    "Q": (pgettext_lazy("rank", "Queen"), pgettext_lazy("ranks", "Queens")),
    "K": (pgettext_lazy("rank", "King"), pgettext_lazy("ranks", "Kings")),
    "A": (pgettext_lazy("rank", "Ace"), pgettext_lazy("ranks", "Aces")),
}
_SPEC: Final = re.compile(r"\{(\w+):(\w+)\}")
#: per description key, the form each argument takes (name, plural or list), read from the engine's English
_FORMS: Final[dict[str, dict[str, str]]] = {
    key: dict(_SPEC.findall(text)) for key, text in ranking.ENGLISH_TEMPLATES.items()
}


def hand_name(key: str, args: Mapping[str, str]) -> str:
    """A hand's description in the active language (``HandValue.description_key`` / ``_args``)."""
    values = {}
    for name, form in _FORMS[key].items():
        value = args[name]
        if form == "list":
            values[name] = "-".join(value)
        else:
            values[name] = str(RANK_NAMES[value][0 if form == "name" else 1])
    return str(HAND_TEMPLATES[key]) % values


def strength_name(value: Any) -> str:
    """A showdown strength (a ``HandValue`` or a ``FinishingRank``) as the explanation names it."""
    if hasattr(value, "description_key"):
        return hand_name(value.description_key, value.description_args)
    if isinstance(value, FinishingRank):
        return gettext("finishing rank %(rank)s") % {"rank": value.rank}
    return str(value)


CARD_RANKS: Final[dict[str, Any]] = {
    "A": pgettext_lazy("card", "Ace"),
    "K": pgettext_lazy("card", "King"),
    "Q": pgettext_lazy("card", "Queen"),
    "J": pgettext_lazy("card", "Jack"),
    "T": pgettext_lazy("card", "Ten"),
    "9": pgettext_lazy("card", "Nine"),
    "8": pgettext_lazy("card", "Eight"),
    "7": pgettext_lazy("card", "Seven"),
    "6": pgettext_lazy("card", "Six"),
    "5": pgettext_lazy("card", "Five"),
    "4": pgettext_lazy("card", "Four"),
    "3": pgettext_lazy("card", "Three"),
    "2": pgettext_lazy("card", "Two"),
}
SUITS: Final[dict[str, Any]] = {
    "s": pgettext_lazy("suit", "spades"),
    "h": pgettext_lazy("suit", "hearts"),
    "d": pgettext_lazy("suit", "diamonds"),
    "c": pgettext_lazy("suit", "clubs"),
}


def card_name(token: str) -> str:
    """``"Kh"`` → "King of hearts" in the active language; the joker and the unknown card ``??`` too."""
    if token.lower() == "xx":
        return pgettext("card", "Joker")
    if len(token) != 2 or token[0].upper() not in CARD_RANKS or token[1].lower() not in SUITS:
        return pgettext("card", "unknown card")
    return pgettext("card", "%(rank)s of %(suit)s") % {
        "rank": CARD_RANKS[token[0].upper()],
        "suit": SUITS[token[1].lower()],
    }


# --- pot explanations ---

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
    from apps.engine import showdown

    strengths = showdown._strengths(st)
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
