"""The one place an explanation line becomes words: ``{"key", "params"}`` in, a sentence out.

Pot explanations (:mod:`apps.engine.pots`) are lists of ``{"key", "params"}``; every page renders them
through :func:`explanation_line_text` (and the include ``templates/disputes/_explanation.html``), so a
translation can replace the English by key without touching the pages: the text is in the request's
language (:func:`apps.core.i18n.explanation_text`; English exactly as the engine's).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from apps.core.i18n import explanation_text


def explanation_line_text(line: Mapping[str, Any]) -> str:
    """One line's sentence.

    >>> explanation_line_text({"key": "no_pot", "params": {}})
    'Nothing was called, so there is no pot to award.'
    """
    return explanation_text({"key": str(line["key"]), "params": dict(line.get("params") or {})})


def explanation_render(lines: Iterable[Mapping[str, Any] | str]) -> list[dict[str, Any]]:
    """``[{"key", "params", "text"}]`` for the include ``disputes/_explanation.html``. A hand's stored result
    holds the English lines only (no key): they are shown as they are, with ``key`` None."""
    out: list[dict[str, Any]] = []
    for line in lines:
        if isinstance(line, str):
            out.append({"key": None, "params": {}, "text": line})
        else:
            out.append(
                {"key": line["key"], "params": line.get("params") or {}, "text": explanation_line_text(line)}
            )
    return out
