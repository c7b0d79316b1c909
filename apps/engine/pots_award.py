"""The award check: a dealer's proposed chips per seat compared with what the rules give, each difference
explained (which seat, how much, and why).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from apps.engine.errors import PotError
from apps.engine.pot_lines import RULE, join_names, pot_title, signed
from apps.engine.pot_records import Pot, PotResult, is_int

# --- Award check --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AwardDifference:
    """One seat whose proposed award is wrong: ``off`` = proposed − correct; ``reason`` in English."""

    seat: int
    proposed: int
    correct: int
    code: str
    reason: str

    @property
    def off(self) -> int:
        return self.proposed - self.correct

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "proposed": self.proposed,
            "correct": self.correct,
            "off": self.off,
            "code": self.code,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class AwardCheck:
    """Whether a proposed award (seat → chips received) is right, and for each wrong seat by how much."""

    ok: bool
    differences: tuple[AwardDifference, ...]
    proposed_total: int
    correct_total: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "differences": [d.as_dict() for d in self.differences],
            "proposed_total": self.proposed_total,
            "correct_total": self.correct_total,
        }


def _pot_names(pots: Sequence[Pot]) -> str:
    return join_names([("the main pot" if p.index == 0 else pot_title(p.name).lower()) for p in pots])


def _breakdown(result: PotResult, seat: int) -> str:
    parts = [f"{pot_title(p.name).lower()} {p.shares[seat]}" for p in result.pots if seat in p.shares]
    if seat in result.returned:
        parts.append(f"{result.returned[seat]} back uncalled")
    return " + ".join(parts) if parts else "nothing"


def _difference(result: PotResult, seat: int, proposed: int) -> AwardDifference:
    correct = result.received.get(seat, 0)
    off = f"off by {signed(proposed - correct)}"
    player = next((p for p in result.players if p.seat == seat), None)
    if player is None:
        return AwardDifference(
            seat,
            proposed,
            0,
            "seat_not_in_hand",
            f"seat {seat} is not in the hand: proposed {proposed}, correct 0, {off}",
        )
    who = f"seat {seat} ({player.name})" if player.name else f"seat {seat}"
    got = f"correct {correct} ({_breakdown(result, seat)})"
    if player.folded and proposed > correct:
        return AwardDifference(
            seat,
            proposed,
            correct,
            "folded_seat_paid",
            f"{who} folded and can win no pot: proposed {proposed}, {got}, {off}",
        )
    eligible = [pot for pot in result.pots if seat in pot.eligible]
    most = sum(pot.amount for pot in eligible) + result.returned.get(seat, 0)
    if proposed > most:
        scope = (
            f"eligible only for {_pot_names(eligible)} ({most} at most)"
            if eligible
            else "eligible for no pot"
        )
        return AwardDifference(
            seat,
            proposed,
            correct,
            "beyond_eligibility",
            f"{who} proposed {proposed} but is {scope}: {got}, {off}",
        )
    code = "overpaid" if proposed > correct else "underpaid"
    return AwardDifference(seat, proposed, correct, code, f"{who} proposed {proposed}: {got}, {off}")


def check_award(result: PotResult, proposed: Mapping[int, int]) -> AwardCheck:
    """Compare a proposed award (seat → chips received, missing seats = 0) with the correct one.

    >>> from apps.engine.pots import FinishingRank, PotPlayer, resolve_pots
    >>> rank = FinishingRank
    >>> r = resolve_pots([PotPlayer(1, 50, strength=rank(1), name="A"),
    ...                   PotPlayer(2, 120, strength=rank(2)), PotPlayer(3, 200, strength=rank(3))], button=3)
    >>> check_award(r, {1: 150, 2: 140, 3: 80}).ok
    True
    >>> wrong = check_award(r, {1: 370}).differences[0]
    >>> wrong.code, wrong.proposed, wrong.correct, wrong.off
    ('beyond_eligibility', 370, 150, 220)
    """
    for seat, chips in proposed.items():
        if not is_int(seat) or not is_int(chips) or chips < 0:
            raise PotError(
                f"proposed award {seat!r}: {chips!r} is not a seat and a whole number of chips",
                code="award_invalid",
                rule=RULE,
                detail={"seat": seat, "chips": chips},
            )
    seats = sorted(set(result.received) | set(proposed))
    differences = tuple(
        _difference(result, seat, proposed.get(seat, 0))
        for seat in seats
        if proposed.get(seat, 0) != result.received.get(seat, 0)
    )
    return AwardCheck(not differences, differences, sum(proposed.values()), sum(result.received.values()))


__all__ = [
    "AwardCheck",
    "AwardDifference",
    "check_award",
]
