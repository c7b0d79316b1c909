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
- :func:`sentence_texts` ``(lines)``: a deal's or a chip race's explanation (English sentences in).

>>> from django.utils import translation
>>> with translation.override("en"):
...     hand_name("full_house", {"trips": "K", "pair": "9"})
'Full House, Kings over Nines'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from typing import Any, Final

from django.utils import translation
from django.utils.translation import gettext

from apps.core.i18n_award import award_check, award_reason
from apps.core.i18n_catalog import ERRORS, EVENTS, NESTED, PHASES
from apps.core.i18n_names import card_name, hand_name, strength_name
from apps.core.i18n_pots import (
    EXPLANATION_KEYS,
    explanation_text,
    explanation_texts,
    hand_result,
    pot_answer,
    remade_result,
)
from apps.core.i18n_sentences import SENTENCES
from apps.engine.errors import EngineError

__all__ = [
    "EXPLANATION_KEYS",
    "award_check",
    "award_reason",
    "card_name",
    "engine_error_message",
    "english",
    "error_message",
    "explanation_text",
    "explanation_texts",
    "hand_name",
    "hand_result",
    "match_message",
    "pot_answer",
    "remade_result",
    "rendered",
    "sentence_text",
    "sentence_texts",
    "strength_name",
]

_PARAM: Final = re.compile(r"%\((\w+)\)s|%%")


# --- refusals ---


@cache
def _pattern(template: str) -> re.Pattern[str]:
    """The regex that reads a message made from ``template``, one named group per param."""
    parts, seen, pos = [], set(), 0
    for m in _PARAM.finditer(template):
        parts.append(re.escape(template[pos : m.start()]))
        name = m.group(1)
        if name is None:  # %% is a literal %
            parts.append("%")
        else:
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
    if not fallback or english():  # the template would give back the same words (the tests check it)
        return fallback
    return rendered(code, fallback)


def rendered(code: str, message: str) -> str:
    """``message`` read by its template and written again in the active language (English included)."""
    return _translate(match_message(code, message), message)


def english() -> bool:
    """Is the active language English (or none)?"""
    return (translation.get_language() or "en").split("-")[0] == "en"


def sentence_text(text: str) -> str:
    """A sentence of a tournament explanation (a deal's, a chip race's) in the active language."""
    return text if english() else _translate(_read(SENTENCES, text), text)


def sentence_texts(lines: Iterable[str]) -> list[str]:
    """A tournament explanation (``Deal.explanation``, ``ChipRace.explanation``) in the active language."""
    return [sentence_text(str(line)) for line in lines]


def engine_error_message(error: EngineError) -> str:
    """An :class:`EngineError`'s message in the active language."""
    return error_message(error.code, error.detail, error.message)
