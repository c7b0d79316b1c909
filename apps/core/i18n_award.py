"""An award check's reasons (``pots.check_award``: which seat is off, by how much, and why) in the active
language. The engine writes them in English; :func:`award_reason` reads one back into its parts and writes
it again from translated templates, so the English comes out exactly as the engine's.

>>> from django.utils import translation
>>> with translation.override("en"):
...     award_reason("seat 3 (Cy) proposed 370: correct 80 (80 back uncalled), off by +290")
'seat 3 (Cy) proposed 370: correct 80 (80 back uncalled), off by +290'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any, Final

from django.utils.translation import gettext

_OFF: Final = r", off by (?P<off>\S+)"
_NOT_IN_HAND: Final = re.compile(
    r"seat (?P<seat>\d+) is not in the hand: proposed (?P<proposed>\S+), correct 0" + _OFF
)
_FOLDED: Final = re.compile(
    r"(?P<who>.+?) folded and can win no pot: proposed (?P<proposed>\S+), (?P<got>.+)" + _OFF
)
_BEYOND: Final = re.compile(
    r"(?P<who>.+?) proposed (?P<proposed>\S+) but is (?P<scope>.+?): (?P<got>.+)" + _OFF
)
_PLAIN: Final = re.compile(r"(?P<who>.+?) proposed (?P<proposed>\S+): (?P<got>.+), off by (?P<off>\S+)")
_WHO: Final = re.compile(r"seat (?P<seat>\d+)(?: \((?P<name>.*)\))?")
_GOT: Final = re.compile(r"correct (?P<correct>\S+) \((?P<breakdown>.*)\)")
_ONLY: Final = re.compile(r"eligible only for (?P<pots>.+) \((?P<most>\S+) at most\)")
_SIDE: Final = re.compile(r"side pot (?P<number>\d+)")


def _who(text: str) -> str:
    m = _WHO.fullmatch(text)
    if m is None:
        raise ValueError(text)
    if m.group("name") is None:
        return gettext("seat %(seat)s") % {"seat": m.group("seat")}
    return gettext("seat %(seat)s (%(name)s)") % m.groupdict()


def _pot(text: str) -> str:
    if text == "main pot":
        return gettext("main pot")
    if text == "the main pot":
        return gettext("the main pot")
    m = _SIDE.fullmatch(text)
    if m is None:
        raise ValueError(text)
    return gettext("side pot %(number)s") % m.groupdict()


def _part(text: str) -> str:
    if text == "nothing":
        return gettext("nothing")
    if text.endswith(" back uncalled"):
        return gettext("%(chips)s back uncalled") % {"chips": text.removesuffix(" back uncalled")}
    where, _, chips = text.rpartition(" ")
    return gettext("%(pot)s %(chips)s") % {"pot": _pot(where), "chips": chips}


def _got(text: str) -> str:
    m = _GOT.fullmatch(text)
    if m is None:
        raise ValueError(text)
    parts = " + ".join(_part(p) for p in m.group("breakdown").split(" + "))
    return gettext("correct %(correct)s (%(breakdown)s)") % {
        "correct": m.group("correct"),
        "breakdown": parts,
    }


def _pots(text: str) -> str:
    names = re.split(r", | and ", text)
    names = [_pot(n) for n in names]
    if len(names) == 1:
        return names[0]
    return gettext("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _scope(text: str) -> str:
    if text == "eligible for no pot":
        return gettext("eligible for no pot")
    m = _ONLY.fullmatch(text)
    if m is None:
        raise ValueError(text)
    return gettext("eligible only for %(pots)s (%(most)s at most)") % {
        "pots": _pots(m.group("pots")),
        "most": m.group("most"),
    }


def award_reason(reason: str) -> str:
    """One difference's reason in the active language (as written, should it not read as the engine's)."""
    try:
        if m := _NOT_IN_HAND.fullmatch(reason):
            return gettext(
                "seat %(seat)s is not in the hand: proposed %(proposed)s, correct 0, off by %(off)s"
            ) % (m.groupdict())
        if m := _FOLDED.fullmatch(reason):
            return gettext(
                "%(who)s folded and can win no pot: proposed %(proposed)s, %(got)s, off by %(off)s"
            ) % (dict(m.groupdict(), who=_who(m.group("who")), got=_got(m.group("got"))))
        if m := _BEYOND.fullmatch(reason):
            return gettext("%(who)s proposed %(proposed)s but is %(scope)s: %(got)s, off by %(off)s") % dict(
                m.groupdict(),
                who=_who(m.group("who")),
                scope=_scope(m.group("scope")),
                got=_got(m.group("got")),
            )
        if m := _PLAIN.fullmatch(reason):
            return gettext("%(who)s proposed %(proposed)s: %(got)s, off by %(off)s") % dict(
                m.groupdict(), who=_who(m.group("who")), got=_got(m.group("got"))
            )
    except (ValueError, KeyError, TypeError):
        pass
    return reason


def award_check(check: Mapping[str, Any]) -> dict[str, Any]:
    """An award check's answer (``AwardCheck.as_dict()``) with each reason in the active language."""
    differences = [
        dict(d, reason=award_reason(str(d.get("reason", "")))) for d in check.get("differences", [])
    ]
    return dict(check, differences=differences)
