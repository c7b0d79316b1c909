"""Typed errors of the rules engine.

Every refusal the engine makes is an :class:`EngineError` with a stable machine-readable
``code``, the ``rule`` it rests on (a RULES.md section and the rulebook citation a floor
person would quote) and a ``detail`` dict with the numbers involved. The service layer
turns these into the API's ``{"code", "message", "rule", "detail"}`` answer.

>>> err = EngineError("raise to 30 is below the minimum raise to 40",
...                   code="raise_too_small", rule="RULES.md §4; TDA 43-A",
...                   detail={"seat": 3, "amount": 30, "minimum": 40})
>>> err.as_dict()["code"]
'raise_too_small'
"""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """A rule or input refused by the engine. Subclasses fix a default ``code``."""

    code: str = "engine_error"
    rule: str | None = None

    def __init__(
        self,
        message: str,
        *,
        code: str | None = None,
        rule: str | None = None,
        detail: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        if rule is not None:
            self.rule = rule
        self.detail: dict[str, Any] = dict(detail or {})

    def as_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, "rule": self.rule, "detail": self.detail}

    def __repr__(self) -> str:
        return f"{type(self).__name__}(code={self.code!r}, message={self.message!r})"


class CardError(EngineError):
    """Bad card text, a wrong number of cards, or a duplicate card."""

    code = "card_invalid"
    rule = "RULES.md §1"


class RankingError(EngineError):
    """A hand that cannot be ranked under the asked ranking (unknown ranking, joker in 2-7)."""

    code = "ranking_invalid"
    rule = "RULES.md §2-3"


class BettingError(EngineError):
    """A bet, call or raise that the betting structure does not allow."""

    code = "betting_invalid"
    rule = "RULES.md §4"


class PotError(EngineError):
    """Bad pot input: negative chips, no players, a strength missing for a live player."""

    code = "pot_invalid"
    rule = "RULES.md §5"


class ActionError(EngineError):
    """An event the hand state machine refuses (out of turn, wrong phase, illegal amount)."""

    code = "action_invalid"
    rule = "RULES.md §4-7"


class PHHError(EngineError):
    """A Poker Hand History file that cannot be read or written."""

    code = "phh_invalid"
    rule = "PHH 0.0.2"


# Subclasses that belong to compiled modules (apps/engine/native.py) are defined here, in plain Python,
# and re-exported there: mypyc does not carry a class-level ``code`` or ``rule`` into an exception class.

RULE_RESHUFFLE = "RULES.md §7; WSOP draw rules"


class DeckError(EngineError):
    """The stub and the muck together cannot cover a draw (more cards asked than exist);
    ``apps.engine.deck.DeckError``."""

    code = "deck_exhausted"
    rule = RULE_RESHUFFLE


class PHHVariantUnsupported(PHHError):
    """A PHH variant that Floor's engine does not play (Badugi, hold'em, stud...), or forced bets it does
    not post (straddles, button antes): codes ``phh_variant_unsupported``, ``phh_forced_bets_unsupported``;
    ``apps.engine.phh.PHHVariantUnsupported``."""

    code = "phh_variant_unsupported"
