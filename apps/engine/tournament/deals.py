"""Deal calculators for the players left: ICM, chip-chop and an even split, each with its explanation.

Every calculator splits the prizes still to be won (``prizes``: the remaining places' prizes, best first;
fewer prizes than players means the last places win nothing) and returns whole amounts that sum **exactly** to
them. Rounding: amounts are whole multiples of ``unit``, given out by largest remainder (ties to the bigger
stack, then the earlier player); the part of a unit left when the total is not a multiple of ``unit`` goes to
the biggest stack.

* **ICM** (Malmuth-Harville): a player's chance to finish first is their share of the chips; given who
  finished above, the chance to finish next is their share of the chips left. The equity is the prize-weighted
  sum over all finishing orders, computed exactly (fractions) by a memoised recursion over the set of players
  not yet placed: at most 2^n × n steps, so up to :data:`ICM_MAX_PLAYERS` players.
* **Chip-chop**: everyone is first given the smallest remaining prize (they have all won at least that); the
  rest is split in proportion to chips.
* **Even split**: equal amounts.

>>> icm([5000, 3000, 2000], [70, 30]).amounts
[45, 32, 23]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from apps.engine.tournament.errors import DealError
from apps.engine.tournament.payouts import apportion

ICM_MAX_PLAYERS = 10


@dataclass(frozen=True)
class Deal:
    """A deal's whole amounts (in the players' order), exact equities, and the plain-English explanation."""

    method: str
    amounts: list[int]
    equities: list[Fraction]
    explanation: list[str]


def _check(stacks: Sequence[int], prizes: Sequence[int], unit: int) -> list[int]:
    if len(stacks) < 2:
        raise DealError(
            "a deal needs two or more players", code="deal_players", detail={"players": len(stacks)}
        )
    if min(stacks) <= 0:
        raise DealError(
            "every player in a deal has chips", code="deal_no_chips", detail={"stacks": list(stacks)}
        )
    if len(prizes) > len(stacks):
        raise DealError(
            "more prizes than players: the lower places were already paid",
            code="deal_prizes",
            detail={"players": len(stacks), "prizes": len(prizes)},
        )
    if not prizes or min(prizes) < 0 or unit < 1:
        raise DealError("prizes must be non-negative and the unit positive", code="deal_prizes")
    return [*prizes, *([0] * (len(stacks) - len(prizes)))]


def _round(total: int, equities: Sequence[Fraction], stacks: Sequence[int], unit: int) -> list[int]:
    # Order by stack (biggest first) so that apportion's ties and left-over go to the bigger stack.
    order = sorted(range(len(stacks)), key=lambda i: (-stacks[i], i))
    ranked = apportion(total, [equities[i] for i in order], unit=unit) if total else [0] * len(stacks)
    out = [0] * len(stacks)
    for pos, i in enumerate(order):
        out[i] = ranked[pos]
    return out


def icm_equities(stacks: Sequence[int], prizes: Sequence[int]) -> list[Fraction]:
    """Exact Malmuth-Harville equities (fractions summing to the prizes).

    >>> [round(float(e), 2) for e in icm_equities([5000, 3000, 1500, 500], [500, 300, 200])]
    [377.78, 312.89, 225.6, 83.73]
    """
    padded = _check(stacks, prizes, 1)
    if len(stacks) > ICM_MAX_PLAYERS:
        raise DealError(
            f"exact ICM is limited to {ICM_MAX_PLAYERS} players",
            code="icm_too_many",
            detail={"players": len(stacks)},
        )
    n = len(stacks)
    chips = tuple(stacks)
    pay = tuple(padded)

    @cache
    def equity(mask: int) -> tuple[Fraction, ...]:
        # Players in ``mask`` are not yet placed; the next place to give is n - popcount(mask).
        place = n - bin(mask).count("1")
        out = [Fraction(0)] * n
        if mask == 0:
            return tuple(out)
        total = sum(chips[i] for i in range(n) if mask >> i & 1)
        for i in range(n):
            if mask >> i & 1:
                p = Fraction(chips[i], total)
                out[i] += p * pay[place]
                rest = equity(mask & ~(1 << i))
                for j in range(n):
                    if rest[j]:
                        out[j] += p * rest[j]
        return tuple(out)

    return list(equity((1 << n) - 1))


def icm(stacks: Sequence[int], prizes: Sequence[int], *, unit: int = 1) -> Deal:
    """An ICM deal (Malmuth-Harville), rounded as the module says.

    >>> icm([5000, 3000, 1500, 500], [500, 300, 200]).amounts
    [378, 313, 225, 84]
    """
    equities = icm_equities(stacks, prizes)
    total = sum(prizes)
    amounts = _round(total, equities, stacks, unit)
    lines = [
        "ICM (Malmuth-Harville): each player's chance of finishing first is their share of the chips; "
        "given who finished above, the chance of finishing next is their share of the chips that are left.",
        "A player's equity is the sum over every finishing order of its probability times the prize of the "
        "place they get in it.",
    ]
    lines += [
        f"Player {i + 1}: {s} chips ({float(Fraction(s, sum(stacks))) * 100:.2f}% of the chips) -> equity "
        f"{float(e):.2f} -> {a}"
        for i, (s, e, a) in enumerate(zip(stacks, equities, amounts, strict=True))
    ]
    lines.append(_rounding_line(unit))
    return Deal("icm", amounts, equities, lines)


def chip_chop(stacks: Sequence[int], prizes: Sequence[int], *, unit: int = 1) -> Deal:
    """Everyone gets the smallest remaining prize; the rest goes in proportion to chips.

    >>> chip_chop([20000, 30000, 10000], [500, 300, 200]).amounts
    [333, 400, 267]
    >>> chip_chop([20000, 30000, 10000], [500, 300]).amounts
    [267, 400, 133]
    """
    padded = _check(stacks, prizes, unit)
    floor = min(padded)
    total = sum(prizes)
    rest = total - floor * len(stacks)
    chips = sum(stacks)
    equities = [floor + Fraction(rest * s, chips) for s in stacks]
    amounts = _round(total, equities, stacks, unit)
    lines = [
        f"Chip-chop: every player has already won the smallest remaining prize, {floor}.",
        f"The other {rest} is split in proportion to chips ({chips} chips in play).",
    ]
    lines += [
        f"Player {i + 1}: {floor} + {rest} x {s}/{chips} = {float(e):.2f} -> {a}"
        for i, (s, e, a) in enumerate(zip(stacks, equities, amounts, strict=True))
    ]
    lines.append(_rounding_line(unit))
    return Deal("chip-chop", amounts, equities, lines)


def even_split(stacks: Sequence[int], prizes: Sequence[int], *, unit: int = 1) -> Deal:
    """The remaining prizes in equal parts, whatever the stacks.

    >>> even_split([100, 300, 200], [500, 300, 200], unit=100).amounts
    [300, 400, 300]
    """
    _check(stacks, prizes, unit)
    total = sum(prizes)
    equities = [Fraction(total, len(stacks))] * len(stacks)
    amounts = _round(total, equities, stacks, unit)
    lines = [
        f"Even split: the {total} still to be won is shared equally by {len(stacks)} players "
        f"({float(equities[0]):.2f} each)."
    ]
    lines += [f"Player {i + 1}: {a}" for i, a in enumerate(amounts)]
    lines.append(_rounding_line(unit))
    return Deal("even", amounts, equities, lines)


def _rounding_line(unit: int) -> str:
    unit_text = "whole amounts" if unit == 1 else f"multiples of {unit}"
    return (
        f"Rounding: {unit_text}, given by largest remainder (ties to the bigger stack); any part of a "
        "unit left over goes to the biggest stack, so the amounts add up exactly to the prizes."
    )
