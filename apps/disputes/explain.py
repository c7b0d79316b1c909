"""The one place an explanation line becomes words: ``{"key", "params"}`` in, a sentence out.

Pot explanations (:mod:`apps.engine.pots`) are lists of ``{"key", "params"}``; every page renders them
through :func:`explanation_line_text` (and the include ``templates/disputes/_explanation.html``), so a
translation can replace the English by key without touching the pages. Today it is the engine's English.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from apps.engine.pots import ExplanationLine, render_line


def explanation_line_text(line: Mapping[str, Any]) -> str:
    """One line's sentence.

    >>> explanation_line_text({"key": "no_pot", "params": {}})
    'Nothing was called, so there is no pot to award.'
    """
    return render_line(ExplanationLine(str(line["key"]), dict(line.get("params") or {})))


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
