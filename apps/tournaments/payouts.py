"""Payouts and deals: the payout table kept in step with the prize pool, prizes given to places (ties share),
and deal calculations (ICM, chip-chop, even split) through :mod:`apps.engine.tournament`.

Where the rounding goes (the engine's rule, :mod:`apps.engine.tournament.payouts`): each place's share is
rounded down to the payout ``unit`` (``payout["unit"]``, default 1) and everything left over goes to first
place; tied places share the sum of their prizes, the odd units going one each to the tied players in seat
order from the button of the hand they went out on.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict, ValidationFailed
from apps.engine.errors import EngineError
from apps.engine.tournament import deals as engine_deals
from apps.engine.tournament import payouts as engine_payouts
from apps.tournaments.models import Deal, Entry, Payout, Tournament
from apps.tournaments.services import (
    lock_tournament,
    lock_tournament_and_tables,
    pool_of,
    publish,
    require_director,
)

PAYOUT_KINDS = ("standard", "percentages", "by_entries", "amounts")


def _engine(exc: EngineError) -> ValidationFailed:
    return ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail)


def verify_payout_setting(payout: dict[str, Any]) -> None:
    """Refuse a payout setting the engine cannot use (before it is saved)."""
    kind = payout.get("kind", "standard")
    if kind not in PAYOUT_KINDS:
        raise ValidationFailed(
            f"payout kind is one of {', '.join(PAYOUT_KINDS)}",
            code="payout_invalid",
            detail={"field": "payout"},
        )
    try:
        if kind == "percentages":
            engine_payouts.percentages_to_shares(payout["percentages"])
        elif kind == "by_entries":
            for row in payout["tables"]:
                engine_payouts.percentages_to_shares(row["percentages"])
    except EngineError as exc:
        raise _engine(exc) from exc
    except (KeyError, TypeError, ValueError, ArithmeticError) as exc:
        raise ValidationFailed(
            f"payout setting incomplete: {exc}", code="payout_invalid", detail={"field": "payout"}
        ) from exc


def prize_pool_of(t: Tournament) -> tuple[int, int]:
    """(entries, prize pool): buy-ins, rebuys and add-ons (fees and bounties are not in the pool)."""
    # an entry removed after the draw was refunded: it stays in the record, out of the pool
    rows = list(
        Entry.objects.filter(tournament=t)
        .exclude(status=Entry.Status.REMOVED)
        .values_list("number", "rebuys", "add_ons")
    )
    return len(rows), pool_of(t, rows)


def amounts_for(t: Tournament, entries: int, pool: int) -> list[int]:
    """The prize of each paid place by the tournament's payout setting."""
    setting = t.payout or {"kind": "standard"}
    kind = setting.get("kind", "standard")
    unit = int(setting.get("unit", 1))
    if entries == 0:
        return []
    if kind == "amounts":
        amounts = [int(a) for a in setting["amounts"]]
        if sum(amounts) != pool:  # the host's own amounts: only once they add up to the pool
            engine_payouts.verify_amounts(pool, amounts)
        return amounts
    if kind == "percentages":
        shares = engine_payouts.percentages_to_shares(setting["percentages"])
    elif kind == "by_entries":
        row = next(
            (
                r
                for r in setting["tables"]
                if r.get("min_entries", 0) <= entries <= r.get("max_entries", 10**9)
            ),
            None,
        )
        shares = (
            engine_payouts.percentages_to_shares(row["percentages"])
            if row
            else engine_payouts.payout_table(entries)
        )
    else:
        shares = engine_payouts.payout_table(entries)
    return engine_payouts.pay(pool, shares, unit=unit)


def payouts_refresh(t: Tournament) -> list[int]:
    """Rewrite the payout table for the current entries and pool (expects the tournament row locked). An
    accepted deal freezes it."""
    if Deal.objects.filter(tournament=t, accepted=True).exists():
        return list(Payout.objects.filter(tournament=t).values_list("amount", flat=True))
    entries, pool = prize_pool_of(t)
    try:
        amounts = amounts_for(t, entries, pool)
    except EngineError as exc:
        if (t.payout or {}).get("kind") == "amounts":
            amounts = []  # the host's fixed amounts do not match the pool yet: no table until they do
        else:
            raise _engine(exc) from exc
    Payout.objects.filter(tournament=t).delete()
    Payout.objects.bulk_create([Payout(tournament=t, place=i, amount=a) for i, a in enumerate(amounts, 1)])
    return amounts


def prizes_for_places(t: Tournament, place: int, count: int) -> list[int]:
    """What ``count`` players tied for the places from ``place`` receive, in their given order."""
    prizes = list(Payout.objects.filter(tournament=t).order_by("place").values_list("amount", flat=True))
    unit = int((t.payout or {}).get("unit", 1))
    try:
        return engine_payouts.split_places(prizes, place, count, unit=unit)
    except EngineError as exc:
        raise _engine(exc) from exc


# --- deals --------------------------------------------------------------------------------------------------

CALCULATORS: dict[str, Any] = {
    Deal.Method.ICM: engine_deals.icm,
    Deal.Method.CHIP_CHOP: engine_deals.chip_chop,
    Deal.Method.EVEN: engine_deals.even_split,
}


@transaction.atomic
def deal_calculate(*, actor: Actor, tournament: Tournament, method: str) -> Deal:
    """Calculate a deal for the players left over the prizes still to be won (not yet accepted)."""
    t = lock_tournament(tournament.pk)
    require_director(actor, t.club_id)
    if method not in CALCULATORS:
        raise ValidationFailed(
            f"method is one of {', '.join(CALCULATORS)}",
            code="deal_method_invalid",
            detail={"field": "method"},
        )
    if t.status != Tournament.Status.RUNNING:
        raise Conflict("deals are made while the tournament runs", code="tournament_not_running")
    alive = list(
        Entry.objects.filter(tournament=t, status__in=[Entry.Status.PLAYING, Entry.Status.BUSTED])
        .select_related("seat")
        .order_by("pk")
    )
    if len(alive) < 2:
        raise Conflict("a deal needs two or more players left", code="deal_too_few")
    stacks = [e.seat.stack if e.seat is not None and e.seat.left_at is None else 0 for e in alive]
    prizes = list(
        Payout.objects.filter(tournament=t, place__lte=len(alive))
        .order_by("place")
        .values_list("amount", flat=True)
    )
    unit = int((t.payout or {}).get("unit", 1))
    try:
        result = CALCULATORS[method](stacks, prizes, unit=unit)
    except EngineError as exc:
        raise _engine(exc) from exc
    return Deal.objects.create(
        tournament=t,
        method=method,
        shares=[
            {"entry": e.pk, "player": e.player_id, "chips": c, "amount": a, "equity": str(q)}
            for e, c, a, q in zip(alive, stacks, result.amounts, result.equities, strict=True)
        ],
        explanation=list(result.explanation),
        created_by=actor.user,
    )


@transaction.atomic
def deal_accept(*, actor: Actor, deal: Deal) -> Deal:
    """Accept a calculated deal: the players left are paid its amounts and the tournament ends, places by
    chips (the deal's order). Between hands only: the tables are locked first (:mod:`apps.core.locks`), so no
    hand starts while the deal is checked, and a deal is refused (409 ``hand_in_progress``) while a hand is
    played, or once the chips it was calculated on have changed (409 ``deal_stale``)."""
    from apps.tables.models import Hand

    t = lock_tournament_and_tables(deal.tournament_id)
    require_director(actor, t.club_id)
    d = Deal.objects.select_for_update().get(pk=deal.pk)
    if t.status != Tournament.Status.RUNNING:
        raise Conflict("the tournament is not running", code="tournament_not_running")
    live = list(
        Hand.objects.filter(
            table__tournament_table__tournament=t, status=Hand.Status.IN_PROGRESS
        ).values_list("pk", flat=True)
    )
    if live:
        # the deal pays the players left on their chips; mid-hand those chips are not yet anyone's, and
        # finishing the tournament would strand the hand (every later action refused)
        raise Conflict(
            "a deal is accepted between hands: a hand is in play",
            code="hand_in_progress",
            rule="a deal is made on the chips between hands",
            detail={"hands": live},
        )
    alive = {
        pk: (seat_id, left_at, stack)
        for pk, seat_id, left_at, stack in Entry.objects.filter(
            tournament=t, status__in=[Entry.Status.PLAYING, Entry.Status.BUSTED]
        ).values_list("pk", "seat_id", "seat__left_at", "seat__stack")
    }
    if set(alive) != {s["entry"] for s in d.shares}:
        raise Conflict("the players left changed since the deal was calculated", code="deal_stale")
    chips = {pk: (stack or 0) if seat and left is None else 0 for pk, (seat, left, stack) in alive.items()}
    if any(chips[s["entry"]] != int(s["chips"]) for s in d.shares):
        raise Conflict("the chips changed since the deal was calculated", code="deal_stale")
    d.accepted = True
    d.save(update_fields=["accepted"])
    from apps.tournaments.finish import tournament_finish_by_deal

    tournament_finish_by_deal(actor=actor, tournament=t, deal=d)
    publish(t, "deal", {"deal": d.pk, "method": d.method})
    return d
