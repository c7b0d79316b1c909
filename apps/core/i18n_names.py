"""Hand and card names in the active language (see :mod:`apps.core.i18n`): a hand's description from a
``HandValue``'s ``description_key``/``description_args`` (English exactly as ``ranking.describe``), ranks
and suits as the seed rule pages name them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext, pgettext, pgettext_lazy

from apps.engine import ranking
from apps.engine.pots import FinishingRank

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


_TOURNAMENT_TABLE = re.compile(r"^(?P<tournament>.*) #(?P<id>\d+) (?P<kind>table|final) (?P<number>\d+)$")


def table_display_name(name: str) -> str:
    """A table's name in the active language. The seat draw names a tournament's tables in English
    (``"Sunday #2 table 1"``, ``"Sunday #2 final 3"``: apps.tournaments.seating); a name of any other form is
    the club's own and is shown as given."""
    m = _TOURNAMENT_TABLE.match(name or "")
    if m is None:
        return name
    values = {"tournament": m["tournament"], "id": m["id"], "number": m["number"]}
    if m["kind"] == "final":
        return gettext("%(tournament)s #%(id)s final table %(number)s") % values
    return gettext("%(tournament)s #%(id)s table %(number)s") % values


def table_short_name(name: str) -> str:
    """What a phone's narrow header has room for: a tournament's table as "Table 2" / "Final table 2" in
    the active language (the tournament is named elsewhere on the page), any other name as given."""
    m = _TOURNAMENT_TABLE.match(name or "")
    if m is None:
        return name
    if m["kind"] == "final":
        return gettext("Final table %(number)s") % {"number": m["number"]}
    return gettext("Table %(number)s") % {"number": m["number"]}
