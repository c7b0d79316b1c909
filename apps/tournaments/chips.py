"""Colour-ups: when a level removes a chip, the chip race at each table (TDA 24), computed by the engine
(:func:`apps.engine.tournament.chiprace.chip_race`) and recorded with every seat's cards and result.

The director gives, per seat, how many chips of the removed denomination the player holds (they are
counted at the table). Without counts Floor assumes each player holds only what cannot be paid in the next
chip (``stack % next_chip // removed``). The race cards are the ones dealt at the table, or, when none are
given, dealt by Floor from a deck shuffled with the tournament's seed (recorded). Each stack change is a
stack adjustment with its reason; the race's record keeps the value change it made.
"""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict, NotFound, RuleViolation, ValidationFailed
from apps.engine.errors import EngineError
from apps.engine.tournament import chiprace as ec
from apps.engine.tournament import chips as ek
from apps.engine.tournament import structure as es
from apps.tables.models import Hand, Seat
from apps.tournaments.models import ChipRace, Tournament, TournamentTable
from apps.tournaments.services import lock_tournament, publish, require_director

DECK = [r + s for r in ec.RANKS for s in ec.SUITS]


def colour_ups_due(t: Tournament) -> list[dict[str, Any]]:
    """The colour-ups the structure implies for the tournament's chips (engine: which chip each level
    removes). Level numbers count levels only (breaks not counted)."""
    from apps.clocks.levelclock import clock_levels

    if t.level_clock is None or not t.chip_denominations:
        return []
    levels: list[es.Level | es.Break] = []
    n = 0
    for lv in clock_levels(t.level_clock):
        if lv.is_break:
            levels.append(es.Break(max(1, lv.seconds // 60)))
        else:
            n += 1
            levels.append(
                es.Level(
                    n,
                    lv.small_blind,
                    lv.big_blind,
                    lv.ante,
                    lv.big_blind_ante,
                    tuple(lv.bet_units or ()),
                    max(1, lv.seconds // 60),
                )
            )
    try:
        ups = ek.colour_ups(levels, tuple(t.chip_denominations))
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    return [
        {"level": u.level, "removed": list(u.removed), "next_chip": u.next_chip, "at_break": u.at_break}
        for u in ups
    ]


@transaction.atomic
def chip_race_run(
    *,
    actor: Actor,
    tournament: Tournament,
    table_number: int,
    removed: int,
    next_chip: int,
    counts: dict[int, int] | None = None,
    cards: list[str] | None = None,
) -> ChipRace:
    from apps.tables.services import seat_stack_adjust

    t = lock_tournament(tournament.pk)
    require_director(actor, t.club_id)
    tt = TournamentTable.objects.filter(tournament=t, number=table_number, broken_at__isnull=True).first()
    if tt is None:
        raise NotFound(
            f"no open table {table_number}", code="table_not_found", detail={"table": table_number}
        )
    if Hand.objects.filter(table_id=tt.table_id, status=Hand.Status.IN_PROGRESS).exists():
        raise Conflict("the chip race is run between hands", code="hand_in_progress", rule="TDA 24")
    if ChipRace.objects.filter(tournament=t, table_number=table_number, removed=removed).exists():
        raise Conflict(f"the {removed} chips were already raced off at this table", code="chip_race_done")
    seats = {
        s.number: s for s in Seat.objects.filter(table_id=tt.table_id, left_at__isnull=True, stack__gt=0)
    }
    stacks = {n: s.stack for n, s in seats.items()}
    if counts is None:
        counts = (
            {n: (stack % next_chip) // removed for n, stack in stacks.items()} if next_chip > removed else {}
        )
    unknown = sorted(set(counts) - set(stacks))
    if unknown:
        raise ValidationFailed("counts for empty seats", code="seat_invalid", detail={"seats": unknown})
    per = next_chip // removed if removed else 0
    needed = sum(c % per for c in counts.values()) if per else 0
    dealt_by_floor = cards is None
    if cards is None:
        deck = list(DECK)
        random.Random(f"{t.seed}:race:{table_number}:{removed}").shuffle(deck)
        cards = deck[:needed]
    try:
        race = ec.chip_race(counts, removed=removed, next_chip=next_chip, stacks=stacks, cards=cards)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    for rs in race.seats:
        delta = rs.value_after - rs.value_before
        if delta:
            seat_stack_adjust(
                actor=actor,
                seat=seats[rs.seat],
                kind="correction",
                amount=delta,
                reason=f"colour-up of the {removed} chips, chip race (TDA 24)",
            )
    record = ChipRace.objects.create(
        tournament=t,
        table_number=table_number,
        removed=removed,
        next_chip=next_chip,
        created_by=actor.user,
        result={
            "seats": [
                {
                    "seat": s.seat,
                    "removed_chips": s.removed_chips,
                    "coloured_up": s.coloured_up,
                    "odd_chips": s.odd_chips,
                    "cards": list(s.cards),
                    "won": s.won,
                    "given_minimum": s.given_minimum,
                    "value_before": s.value_before,
                    "value_after": s.value_after,
                }
                for s in race.seats
            ],
            "odd_value": race.odd_value,
            "chips_awarded": race.chips_awarded,
            "value_change": race.value_change,
            "explanation": list(race.explanation),
            "cards_dealt_by_floor": dealt_by_floor,
        },
    )
    publish(t, "chip_race", {"table": table_number, "removed": removed, "record": record.pk})
    return record
