"""Payout tables and integer prizes that sum exactly to the prize pool.

Shares are in **basis points** (1/100 of a percent; 10,000 = the whole pool), so tables are integers too.

Floor's own table (:func:`payout_table`, not a copy of any venue's): about 15% of entries are paid
(``round(entries × 0.15)``, at least one place). Every paid place first gets a floor of 1.5 average buy-ins
(1.5 / entries of the pool), then the rest of the pool is split in proportion to 1/place. With 20 entries this
gives the classic 50/29/21; with 67 entries ten places are paid, first 28.7%, tenth 4.9%. The shares are
exact fractions rounded to basis points by largest remainder (ties to the better place), so they sum to
10,000 and never increase with the place.

Rounding money (:func:`pay`): each place gets its share of the pool rounded *down* to the ``unit`` (say 100 =
one whole currency unit when money is kept in cents); everything left over (less than one unit per paid place)
goes to **first place**. Tied places (:func:`split_places`) share the sum of their prizes equally in units;
the odd units go one each to the tied players in the order given (the caller's documented order, e.g. the seat
order from the button), and any part of a unit left goes to the first of them.

>>> payout_table(20)
[4977, 2864, 2159]
>>> pay(100000, [5000, 3000, 2000], unit=100)
[50000, 30000, 20000]
>>> pay(99999, [5000, 3000, 2000], unit=100)
[50199, 29900, 19900]
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from apps.engine.tournament.errors import PayoutError

WHOLE = 10000  # basis points in 100%
PAID_FRACTION = Fraction(15, 100)
MIN_CASH_BUYINS = Fraction(3, 2)


def places_paid(entries: int) -> int:
    """How many places Floor's table pays: 15% of entries, rounded, at least one.

    >>> [places_paid(n) for n in (2, 9, 10, 20, 67, 100)]
    [1, 1, 2, 3, 10, 15]
    """
    if entries < 1:
        raise PayoutError("no entries, no payouts", code="no_entries")
    return max(1, int(entries * PAID_FRACTION + Fraction(1, 2)))


def apportion(total: int, weights: Sequence[Fraction], *, unit: int = 1) -> list[int]:
    """Split ``total`` in proportion to ``weights``: multiples of ``unit`` by largest remainder (ties to the
    earlier index), and the last part of a unit to index 0. The result sums exactly to ``total``.

    >>> apportion(100, [Fraction(1), Fraction(1), Fraction(1)])
    [34, 33, 33]
    >>> apportion(1000, [Fraction(1), Fraction(1), Fraction(1)], unit=100)
    [400, 300, 300]
    """
    if total < 0 or unit < 1:
        raise PayoutError("the total must not be negative and the unit must be positive")
    wsum = sum(weights, Fraction(0))
    if not weights or wsum <= 0 or min(weights) < 0:
        raise PayoutError("weights must be non-negative with a positive sum")
    units = total // unit
    exact = [units * w / wsum for w in weights]
    out = [int(e) for e in exact]  # floor: all non-negative
    left = units - sum(out)
    order = sorted(range(len(weights)), key=lambda i: (-(exact[i] - out[i]), i))
    for i in order[:left]:
        out[i] += 1
    amounts = [u * unit for u in out]
    amounts[0] += total - units * unit
    return amounts


def payout_table(entries: int) -> list[int]:
    """Floor's shares in basis points for a field of ``entries`` (see the module docstring).

    >>> payout_table(5), payout_table(10)
    ([10000], [6167, 3833])
    """
    paid = places_paid(entries)
    if paid == 1:
        return [WHOLE]
    floor = min(MIN_CASH_BUYINS / entries, Fraction(1, 2 * paid))
    rest = 1 - paid * floor
    harmonic = sum((Fraction(1, p) for p in range(1, paid + 1)), Fraction(0))
    shares = [floor + rest * Fraction(1, p) / harmonic for p in range(1, paid + 1)]
    return apportion(WHOLE, shares)


def verify_shares(shares: Sequence[int]) -> None:
    """Raise unless the host's shares (basis points) are non-negative and sum to 10,000.

    >>> verify_shares([6000, 3000, 900])
    Traceback (most recent call last):
    ...
    apps.engine.tournament.errors.PayoutError: payout shares sum to 9900 basis points, not 10000
    """
    if not shares or min(shares) < 0:
        raise PayoutError(
            "payout shares must be non-negative", code="shares_invalid", detail={"shares": list(shares)}
        )
    if sum(shares) != WHOLE:
        raise PayoutError(
            f"payout shares sum to {sum(shares)} basis points, not {WHOLE}",
            code="shares_sum",
            detail={"sum": sum(shares)},
        )


def percentages_to_shares(percentages: Sequence[float | int | str]) -> list[int]:
    """The host's percentages (numbers or strings such as ``"33.33"``) as basis points, exactly.

    >>> percentages_to_shares(["50", "30", 20])
    [5000, 3000, 2000]
    """
    shares = []
    for p in percentages:
        bp = Fraction(str(p)) * 100
        if bp.denominator != 1:
            raise PayoutError(
                "percentages have at most two decimals", code="shares_precision", detail={"value": p}
            )
        shares.append(int(bp))
    verify_shares(shares)
    return shares


def pay(prize_pool: int, shares: Sequence[int], *, unit: int = 1) -> list[int]:
    """Prizes for the paid places: each share rounded down to ``unit``, the remainder to first place.

    >>> pay(1000, [3334, 3333, 3333])
    [334, 333, 333]
    """
    verify_shares(shares)
    if prize_pool < 0 or unit < 1:
        raise PayoutError("the prize pool must not be negative and the unit must be positive")
    amounts = [(prize_pool * s // WHOLE) // unit * unit for s in shares]
    amounts[0] += prize_pool - sum(amounts)
    return amounts


def verify_amounts(prize_pool: int, amounts: Sequence[int]) -> None:
    """Raise unless the host's own fixed amounts are non-negative and sum to the pool.

    >>> verify_amounts(1000, [600, 400])
    """
    if not amounts or min(amounts) < 0 or sum(amounts) != prize_pool:
        raise PayoutError(
            "the prizes must be non-negative and sum to the prize pool",
            code="amounts_sum",
            detail={"prize_pool": prize_pool, "sum": sum(amounts)},
        )


def prize_of(prizes: Sequence[int], place: int) -> int:
    """The prize of a place (1-based); places past the paid ones get nothing.

    >>> prize_of([500, 300], 3)
    0
    """
    return prizes[place - 1] if 1 <= place <= len(prizes) else 0


def split_places(prizes: Sequence[int], first_place: int, players: int, *, unit: int = 1) -> list[int]:
    """``players`` tied for the places from ``first_place`` share those places' prizes (see the module rule).

    >>> split_places([500, 300, 200], 2, 2)
    [250, 250]
    >>> split_places([500, 301, 200], 2, 2)
    [251, 250]
    >>> split_places([5000, 3100, 2000], 2, 2, unit=100)
    [2600, 2500]
    """
    if players < 1 or first_place < 1:
        raise PayoutError("a tie needs one or more players and a real place")
    total = sum(prize_of(prizes, p) for p in range(first_place, first_place + players))
    return apportion(total, [Fraction(1)] * players, unit=unit)
