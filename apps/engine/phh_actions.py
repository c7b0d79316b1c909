"""Poker Hand History (PHH 0.0.2): action strings. ``"p1 cbr 100 # snap"`` parsed into an
:class:`Action` and formatted back; the usual ones read fast for the replay.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from apps.engine.errors import PHHError
from apps.engine.errors import PHHVariantUnsupported as PHHVariantUnsupported  # plain Python: see errors.py

_CARD = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?|Xx)")
RULE_PHH = "PHH 0.0.2"


UNSUPPORTED_CODES = ("phh_variant_unsupported", "phh_forced_bets_unsupported")


def phh_error(message: str, code: str, **detail: Any) -> PHHError:
    return PHHError(message, code=code, rule=RULE_PHH, detail=detail)


# --------------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """One PHH action. ``player`` is 1-based (``p1`` → 1); ``None`` for the dealer (``d``) and for no-ops.

    ``cards`` is ``None`` when the argument is omitted (``p1 sd`` stands pat, ``p1 sm`` mucks) and ``("-",)``
    for ``p1 sm -`` (show the cards already dealt).

    >>> parse_action("p2 cbr 300 # all in")
    Action(verb='cbr', player=2, cards=None, amount=300, commentary='all in')
    >>> format_action(parse_action("d dh p1 7h6c??"))
    'd dh p1 7h6c??'
    """

    verb: str  # dh, db, pb, cbr, cc, f, sd, sm, or "" for a no-op
    player: int | None = None
    cards: tuple[str, ...] | None = None
    amount: int | None = None
    commentary: str | None = None


def parse_cards(text: str) -> tuple[str, ...]:
    """Split concatenated PHH cards: ``"7h??Xx"`` → ``("7h", "??", "Xx")``."""
    cards = tuple(_CARD.findall(text))
    if "".join(cards) != text or not cards:
        raise phh_error(f"bad card text {text!r}", "phh_card_invalid", cards=text)
    return cards


def _parse_player(word: str, action: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or int(word[1:]) < 1:
        raise phh_error(f"bad player {word!r} in action {action!r}", "phh_action_invalid", action=action)
    return int(word[1:])


def _parse_amount(word: str, action: str) -> int:
    try:
        value = Decimal(word)
    except ArithmeticError:
        value = Decimal("NaN")
    if not value.is_finite() or value != value.to_integral_value() or value <= 0:
        raise phh_error(f"bad amount {word!r} in action {action!r} (chips are whole numbers)",
                     "phh_action_invalid", action=action)  # fmt: skip
    return int(value)


def parse_action(text: str) -> Action:
    """Parse one action string (see :class:`Action`); raises ``PHHError`` ``phh_action_invalid``."""
    body, hash_, comment = text.partition("#")
    commentary = comment.strip() if hash_ else None
    words = body.split()
    try:
        match words:
            case []:
                return Action("", commentary=commentary)
            case ["d", "dh", player, cards]:
                return Action("dh", _parse_player(player, text), parse_cards(cards), commentary=commentary)
            case ["d", "db", cards]:
                return Action("db", None, parse_cards(cards), commentary=commentary)
            case [player, ("f" | "cc" | "pb") as verb]:
                return Action(verb, _parse_player(player, text), commentary=commentary)
            case [player, "cbr", amount]:
                return Action(
                    "cbr", _parse_player(player, text), None, _parse_amount(amount, text), commentary
                )
            case [player, ("sd" | "sm") as verb]:
                return Action(verb, _parse_player(player, text), commentary=commentary)
            case [player, "sm", "-"]:
                return Action("sm", _parse_player(player, text), ("-",), commentary=commentary)
            case [player, ("sd" | "sm") as verb, cards]:
                return Action(verb, _parse_player(player, text), parse_cards(cards), commentary=commentary)
    except PHHError as exc:
        raise phh_error(f"bad action {text!r}: {exc.message}", "phh_action_invalid", action=text) from exc
    raise phh_error(f"bad action {text!r}", "phh_action_invalid", action=text)


_PLAYERS = {f"p{i}": i for i in range(1, 100)}
_PLAYER_VERBS = frozenset(("f", "cc", "pb", "sd", "sm"))


ActionFields = tuple[
    str, int | None, str | None, int | None, str | None
]  # verb, player, cards text, amount, note
_PHH_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?|Xx)+")


def _is_card_text(text: str) -> bool:
    """``_PHH_CARDS.fullmatch(text)``, pair by pair without the regular expression (every token is two
    characters, so the pairs are the tokens).

    >>> _is_card_text("7h??Xx"), _is_card_text("7h6"), _is_card_text("7H6c")
    (True, False, False)
    """
    n = len(text)
    if not n or n & 1:
        return False
    for i in range(0, n, 2):
        rank, suit = text[i], text[i + 1]
        if not (
            (rank in "23456789TJQKA" and suit in "cdhs")
            or (rank == "?" and suit == "?")
            or (rank == "X" and suit == "x")
        ):
            return False
    return True


def _quick_fields(text: str) -> ActionFields | None:
    """The usual action strings, read without ``Decimal`` or ``match`` for :func:`replay_phh`: the fields
    :func:`parse_action` gives (the cards as one text, ``"-"`` for ``sm -``); ``None`` for anything else
    (commentary, odd forms, errors), which :func:`parse_action` then reads or refuses."""
    if "#" in text:
        return None
    words = text.split()
    n = len(words)
    if n == 2:
        player = _PLAYERS.get(words[0])
        if player is not None and words[1] in _PLAYER_VERBS:
            return words[1], player, None, None, None
    elif n == 3:
        player = _PLAYERS.get(words[0])
        verb, arg = words[1], words[2]
        if player is None:
            return None
        if verb == "cbr":
            if arg.isascii() and arg.isdigit() and int(arg) > 0:
                return "cbr", player, None, int(arg), None
        elif verb == "sd" or verb == "sm":
            if arg == "-":
                return ("sm", player, "-", None, None) if verb == "sm" else None
            if _is_card_text(arg):
                return verb, player, arg, None, None
    elif n == 4 and words[0] == "d" and words[1] == "dh":
        player = _PLAYERS.get(words[2])
        arg = words[3]
        if player is not None and _is_card_text(arg):
            return "dh", player, arg, None, None
    return None


def action_fields(text: str) -> ActionFields:
    """The fields of any action string (:func:`parse_action` reads the unusual ones, or refuses them)."""
    quick = _quick_fields(text)
    if quick is not None:
        return quick
    a = parse_action(text)
    cards = None if a.cards is None else "-" if a.cards == ("-",) else "".join(a.cards)
    return a.verb, a.player, cards, a.amount, a.commentary


def format_action(action: Action) -> str:
    """Write an :class:`Action` back as PHH text (the inverse of :func:`parse_action`)."""
    words: list[str] = []
    if action.verb in ("dh", "db"):
        words += ["d", action.verb]
    elif action.verb:
        words += [f"p{action.player}", action.verb]
    if action.verb == "dh":
        words.append(f"p{action.player}")
    if action.amount is not None:
        words.append(str(action.amount))
    if action.cards is not None:
        words.append("".join(action.cards))
    if action.commentary is not None:
        words += ["#", action.commentary] if action.commentary else ["#"]
    return " ".join(words)


__all__ = [
    "RULE_PHH",
    "UNSUPPORTED_CODES",
    "Action",
    "ActionFields",
    "action_fields",
    "format_action",
    "parse_action",
    "parse_cards",
    "phh_error",
]
