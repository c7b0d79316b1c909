"""Where a busted entry's chips went, and taking them back when its bust-out is undone, so that the chips in
play stay what they were (an undo that only gave the chips back would make new ones).

The hand's result keeps each pot with who was eligible and what each winner got of it, and each seat's net,
from which what every seat put in is known. A pot's layer is what each of its eligible players put into it
(the least any of them put in, less the layers below), so the busted seat's part of each pot is known, and
each winner of the pot gets that part in proportion to its share of the pot (the odd chips to the first
winner listed, as the pot's own odd chips went).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from apps.core.errors import Conflict
from apps.tables.models import Hand, Seat


def chips_won_of(result: Mapping[str, Any], seat: int) -> dict[int, int]:
    """{winning seat: how many of ``seat``'s chips it won} in a finished hand's ``result``; empty when the
    result does not account for the seat's chips (no pots, or a seat the pots do not name)."""
    received = {int(k): int(v) for k, v in (result.get("received") or {}).items()}
    net = {int(k): int(v) for k, v in (result.get("net") or {}).items()}
    returned = {int(k): int(v) for k, v in (result.get("returned") or {}).items()}
    put_in = {s: received.get(s, 0) - n - returned.get(s, 0) for s, n in net.items()}
    won: dict[int, int] = {}
    below = 0
    for pot in result.get("pots") or []:
        eligible = [int(s) for s in pot.get("eligible", ())]
        if seat not in eligible:
            continue
        level = min(put_in.get(s, 0) for s in eligible)
        part = min(put_in.get(seat, 0), level) - below
        below += max(part, 0)
        shares = {int(k): int(v) for k, v in (pot.get("shares") or {}).items() if int(v) > 0}
        amount = sum(shares.values())
        if part <= 0 or amount <= 0:
            continue
        given = {w: part * v // amount for w, v in shares.items()}
        first = next(iter(shares))
        given[first] += part - sum(given.values())
        for w, chips in given.items():
            if chips and w != seat:
                won[w] = won.get(w, 0) + chips
    if sum(won.values()) != put_in.get(seat, 0):
        return {}
    return won


def take_back_plan(*, t: Any, hand: Hand, player_id: int, chips: int) -> list[tuple[Seat, int, str]]:
    """The seats to take the busted player's ``chips`` from: [(the winner's open seat now, chips, name)].
    Refused (409 ``bust_chips_gone``) when a winner is out or has fewer chips left than it won of them (it
    has played on and lost them): the director then gives the stack explicitly."""
    from apps.tournaments.models import Entry
    from apps.tournaments.services import LIVE

    seat_of = {int(s["player_id"]): int(s["seat"]) for s in hand.seats}
    player_at = {n: p for p, n in seat_of.items()}
    won = chips_won_of(hand.result or {}, seat_of.get(player_id, -1))
    if sum(won.values()) != chips:
        raise Conflict(
            f"hand {hand.number} does not show who won these {chips} chips: give the stack explicitly",
            code="bust_chips_unknown",
            detail={"hand": hand.pk, "chips": chips},
        )
    plan = []
    for number, amount in won.items():
        e = (
            Entry.objects.filter(tournament=t, player_id=player_at[number], status__in=LIVE)
            .select_related("seat", "player")
            .order_by("-number")
            .first()
        )
        seat = e.seat if e is not None else None
        if seat is None or seat.left_at is not None or seat.stack - amount < 1:
            raise Conflict(
                f"the winner at seat {number} of hand {hand.number} no longer has the {amount} chips it won"
                " of this player: give the stack explicitly (those chips are then the director's)",
                code="bust_chips_gone",
                rule="chips in play are conserved: an undone bust-out takes back what its winners won",
                detail={"hand": hand.pk, "seat": number, "chips": amount, "has": seat.stack if seat else 0},
            )
        plan.append((seat, amount, e.player.name if e is not None else ""))
    return plan
