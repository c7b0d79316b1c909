"""Pots: uncalled returns, main and side pots, splits, odd chips, award checks, the explanation (RULES.md §5).

Input is each seat's total contribution for the hand, who folded, the button and, for players who reach a
showdown, a *strength*: any totally ordered value where greater is better (a ``HandValue`` from
:func:`apps.engine.ranking.evaluate`, or a :class:`FinishingRank` when the dealer only gives the order).

Rule choices (each tested in ``tests/engine/test_pots.py``):

* **Seat order and the button.** Seats are numbers ``>= 1`` and run clockwise. The button may be any seat
  number, seated or not (a dead button, TDA 32): "left of the button" is the next seat number clockwise,
  wrapping from the highest seat to the lowest.
* **Uncalled chips** above the second-highest contribution go back to their owner first, folded or not.
* **Dead money** (``PotPlayer.dead``: antes, a big-blind ante) is never returned; it starts the main pot,
  which every live player can win, so a player all-in for the ante alone can win the antes and nothing more.
* **Pots** are built by contribution level; adjacent levels with the same live players merge into one pot,
  so a folded player's level makes no pot of its own. A level that no live player reached is **dead money**:
  it joins the nearest pot below it (the last pot any live player can win). If no live player put in
  anything at all, every chip forms one pot that every live player can win (as dead money does, RULES.md §4).
* **Splits and odd chips.** A pot is shared equally in chips of ``smallest_chip``; the chips left over go one
  at a time to the winners in order from the first seat left of the button, at most one per winner
  (TDA 20, WSOP 73, RRoP). A **remainder smaller than the smallest chip** (possible only when contributions
  are not multiples of it) is the last odd piece: it goes to the next winner in that same order who got no
  odd chip, so nobody gets two extra pieces from one pot.

Cost: sorting and bisection make deciding the pots O(n log n); building the eligible lists and the
explanation is linear in their size (at most one entry per player per pot).

>>> rank = FinishingRank
>>> r = resolve_pots([PotPlayer(1, 50, strength=rank(1)), PotPlayer(2, 120, strength=rank(2)),
...                   PotPlayer(3, 200, strength=rank(3))], button=3)
>>> dict(r.returned), [p.amount for p in r.pots], dict(r.received), dict(r.net)
({3: 80}, [150, 140], {1: 150, 2: 140, 3: 80}, {1: 100, 2: 20, 3: -120})
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from apps.engine.errors import PotError
from apps.engine.pot_lines import RULE as RULE
from apps.engine.pot_lines import RULE_ODD_CHIP as RULE_ODD_CHIP
from apps.engine.pot_lines import RULE_SIDE_POTS as RULE_SIDE_POTS
from apps.engine.pot_lines import ExplanationLine as ExplanationLine
from apps.engine.pot_lines import render_line as render_line
from apps.engine.pot_records import FinishingRank, Layer, Pot, PotPlayer, PotResult, Strength, is_int
from apps.engine.pots_award import AwardCheck as AwardCheck
from apps.engine.pots_award import AwardDifference as AwardDifference
from apps.engine.pots_award import check_award as check_award
from apps.engine.pots_explain import explain


def _refuse(message: str, code: str, **detail: Any) -> PotError:
    return PotError(message, code=code, rule=RULE, detail=detail)


def _kind(strength: Strength) -> str:
    ranking = getattr(strength, "ranking", None)
    return type(strength).__name__ + (f" ({ranking})" if isinstance(ranking, str) else "")


def _validate(players: Sequence[PotPlayer], button: int, smallest_chip: int) -> None:
    if not players:
        raise _refuse("no players in the hand", "no_players")
    if not is_int(smallest_chip) or smallest_chip < 1:
        raise _refuse(
            f"the smallest chip must be a whole number of at least 1, not {smallest_chip!r}",
            "smallest_chip_invalid",
            smallest_chip=smallest_chip,
        )
    if not is_int(button):
        raise _refuse(f"the button must be a seat number, not {button!r}", "button_invalid", button=button)
    seen: set[int] = set()
    for player in players:
        if not is_int(player.seat) or player.seat < 1:
            raise _refuse(
                f"seat {player.seat!r} is not a seat number (1, 2, …)", "seat_invalid", seat=player.seat
            )
        if player.seat in seen:
            raise _refuse(f"seat {player.seat} is listed twice", "duplicate_seat", seat=player.seat)
        seen.add(player.seat)
        for what, chips in (("contributed", player.contributed), ("dead", player.dead)):
            if not is_int(chips):
                raise _refuse(
                    f"seat {player.seat} {what} {chips!r}: chips are whole numbers",
                    "contribution_invalid",
                    seat=player.seat,
                    **{what: chips},
                )
            if chips < 0:
                raise _refuse(
                    f"seat {player.seat} {what} {chips}: contributions cannot be negative",
                    "negative_contribution",
                    seat=player.seat,
                    **{what: chips},
                )
    live = [p for p in players if not p.folded]
    if not live:
        raise _refuse("every player folded; the last player in wins, so one must be live", "no_live_players")
    if len(live) >= 2:
        missing = sorted(p.seat for p in live if p.strength is None)
        if missing:
            raise _refuse(
                f"seats {', '.join(map(str, missing))} reach the showdown without cards or a rank",
                "strength_missing",
                seats=missing,
            )
    # HandValues of different rankings ("high" vs "low27") are different kinds too: they refuse to compare.
    kinds = sorted({_kind(p.strength) for p in live if p.strength is not None})
    if len(kinds) > 1:
        raise _refuse(
            f"strengths of different kinds cannot be compared: {', '.join(kinds)}",
            "strength_mixed",
            kinds=kinds,
        )


def _uncalled(players: Sequence[PotPlayer]) -> dict[int, int]:
    """``{seat: chips back}``: only a strictly highest contribution has chips above the next-highest."""
    top = max(players, key=lambda p: p.contributed)
    second = max((p.contributed for p in players if p.seat != top.seat), default=0)
    return {top.seat: top.contributed - second} if top.contributed > second and not top.dead_hand else {}


@dataclass(slots=True)
class _Building:
    reach: int  # eligible = live players who put in at least this much
    live_count: int
    layers: list[Layer]
    dead: int = 0


def _build(in_pot: Mapping[int, int], live: Sequence[int], dead: int) -> list[_Building]:
    """Layers by contribution level, merged into pots with the same live players; dead layers go below.

    Dead money (antes) starts the main pot with every live player eligible; the first level joins it when
    every live player reached that level.
    """
    amounts = sorted(in_pot.values())
    live_amounts = sorted(in_pot[seat] for seat in live)
    pots: list[_Building] = [_Building(0, len(live), [], dead)] if dead else []
    low = 0
    for high in sorted(set(amounts) - {0}):
        layer = Layer(low, high, len(amounts) - bisect.bisect_left(amounts, high))
        live_count = len(live_amounts) - bisect.bisect_left(live_amounts, high)
        low = high
        if pots and (live_count == 0 or pots[-1].live_count == live_count):
            pots[-1].layers.append(layer)  # same live players, or dead money for the last pot below
        elif live_count:
            pots.append(_Building(high, live_count, [layer]))
        else:  # no live player put anything in: one pot that every live player can win
            pots.append(_Building(0, len(live), [layer]))
    return pots


def _odd_order(button: int) -> Callable[[int], tuple[int, int]]:
    """Sort key: seats clockwise starting at the first seat number after the button."""
    return lambda seat: (0 if seat > button else 1, seat)


def _split(
    amount: int, winners: Sequence[int], unit: int
) -> tuple[dict[int, int], tuple[int, ...], int, int | None]:
    """Equal shares in chips of ``unit``; odd chips then the sub-chip remainder in ``winners`` order."""
    ways = len(winners)
    each = amount // (ways * unit) * unit
    left = amount - each * ways
    odd_count, remainder = divmod(left, unit)
    shares = dict.fromkeys(winners, each)
    odd = tuple(winners[:odd_count])
    for seat in odd:
        shares[seat] += unit
    remainder_to = winners[odd_count] if remainder else None  # odd_count < ways, so this winner exists
    if remainder_to is not None:
        shares[remainder_to] += remainder
    return shares, odd, remainder, remainder_to


def resolve_pots(players: Sequence[PotPlayer], *, button: int, smallest_chip: int = 1) -> PotResult:
    """Return uncalled chips, build the main and side pots, award and split them, and explain it all.

    >>> r = resolve_pots([PotPlayer(1, 100, strength=FinishingRank(1)), PotPlayer(2, 51, folded=True),
    ...                   PotPlayer(3, 100, strength=FinishingRank(1))], button=1)
    >>> r.pots[0].amount, dict(r.pots[0].shares), r.pots[0].odd_chips
    (251, {3: 126, 1: 125}, (3,))
    """
    _validate(players, button, smallest_chip)
    ordered = tuple(sorted(players, key=lambda p: p.seat))
    returned = _uncalled(ordered)
    in_pot = {p.seat: p.contributed - returned.get(p.seat, 0) for p in ordered}
    dead = sum(p.dead for p in ordered)
    live = [p for p in ordered if not p.folded]
    odd_key = _odd_order(button)

    # Strength tiers, best first; best_reach[t] = most chips any player of tiers 0..t put in, so the winners
    # of a pot are the first tier whose best_reach covers the pot (found by bisection: O(log n) per pot).
    shown = [(p.strength, p) for p in live if p.strength is not None]
    tiers: list[list[PotPlayer]] = []
    for strength, player in sorted(shown, key=lambda pair: pair[0], reverse=True):
        if tiers and not (strength < tiers[-1][0].strength):  # sorted best first: not worse = tied
            tiers[-1].append(player)
        else:
            tiers.append([player])
    best_reach: list[int] = []
    for tier in tiers:
        best_reach.append(max(max(in_pot[p.seat] for p in tier), best_reach[-1] if best_reach else 0))

    pots: list[Pot] = []
    for index, building in enumerate(_build(in_pot, [p.seat for p in live], dead)):
        eligible = tuple(p.seat for p in live if in_pot[p.seat] >= building.reach)
        low = building.layers[0].low if building.layers else None
        folded_in = tuple(
            p.seat
            for p in ordered
            if p.folded and ((low is not None and in_pot[p.seat] > low) or (building.dead and p.dead))
        )
        amount = building.dead + sum(layer.amount for layer in building.layers)
        hand: str | None = None
        winners: tuple[int, ...]
        if len(eligible) == 1:
            winners = eligible
        else:
            tier = tiers[bisect.bisect_left(best_reach, building.reach)]
            winners = tuple(sorted((p.seat for p in tier if in_pot[p.seat] >= building.reach), key=odd_key))
            hand = str(tier[0].strength)
        shares, odd, remainder, remainder_to = _split(amount, winners, smallest_chip)
        pots.append(
            Pot(
                index,
                amount,
                tuple(building.layers),
                eligible,
                folded_in,
                winners,
                shares,
                odd,
                remainder,
                remainder_to,
                uncontested=len(eligible) == 1,
                hand=hand,
                dead=building.dead,
            )
        )

    received = {p.seat: returned.get(p.seat, 0) for p in ordered}
    for pot in pots:
        for seat, chips in pot.shares.items():
            received[seat] += chips
    net = {p.seat: received[p.seat] - p.put_in for p in ordered}
    if sum(net.values()) != 0:  # pragma: no cover - an invariant, guarded by the property tests
        raise AssertionError(f"chips not conserved: {received} for {in_pot}")
    labels = {p.seat: p.label for p in ordered}
    result = PotResult(ordered, button, smallest_chip, returned, tuple(pots), received, net, labels)
    return replace(result, explanation=explain(result, in_pot))


__all__ = [
    "RULE",
    "RULE_ODD_CHIP",
    "RULE_SIDE_POTS",
    "AwardCheck",
    "AwardDifference",
    "ExplanationLine",
    "FinishingRank",
    "Layer",
    "Pot",
    "PotPlayer",
    "PotResult",
    "Strength",
    "check_award",
    "explain",
    "is_int",
    "render_line",
    "resolve_pots",
]
