"""Colour-ups: when a level removes a chip, the chip race at each table (TDA 24), computed by the engine
(:func:`apps.engine.tournament.chiprace.chip_race`) and recorded with every seat's cards and result.

The director gives, per seat, how many chips of the removed denomination the player holds (they are
counted at the table). Without counts Floor assumes each player holds only what cannot be paid in the next
chip (``stack % next_chip // removed``). The race cards are the ones dealt at the table, or, when none are
given, dealt by Floor from a deck shuffled with the tournament's seed (recorded). Each stack change is a
stack adjustment with its reason; the race's record keeps the value change it made.

**Automatic colour-ups.** When the level clock starts the level that removes a chip (or the break before it),
Floor runs the race at every table between hands by itself, once per table and chip (its counts and its
cards, recorded as Floor's, ``automatic``); a table in the middle of a hand races when that hand finishes.
Chips removed together (say the 5s and the 25s) race as one: the odd value in the smallest of them.
"""

from __future__ import annotations

import random
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.accounts.permissions import Actor, require_director
from apps.core.errors import Conflict, NotFound, RuleViolation, ValidationFailed
from apps.core.locks import rows_lock
from apps.engine.errors import EngineError
from apps.engine.tournament import chiprace as ec
from apps.engine.tournament import chips as ek
from apps.engine.tournament import structure as es
from apps.tables.models import Hand, Seat, StackAdjustment, Table
from apps.tables.seats import seat_stack_change
from apps.tournaments.models import ChipRace, Tournament, TournamentTable
from apps.tournaments.services import lock_tournament, lock_tournament_and_tables, publish

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
    """The director runs a table's chip race (counts and cards as dealt at the table, or Floor's)."""
    t = lock_tournament_and_tables(tournament.pk)
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
    return _race(t, tt, removed=removed, next_chip=next_chip, counts=counts, cards=cards, user=actor.user)


def _race(
    t: Tournament,
    tt: TournamentTable,
    *,
    removed: int,
    next_chip: int,
    counts: dict[int, int] | None,
    cards: list[str] | None,
    user: Any,
    removed_all: list[int] | None = None,
) -> ChipRace:
    """Race one table (between hands, the tournament row locked) and record it; every stack change is a
    stack adjustment with its reason."""
    table_number = tt.number
    seats = {
        s.number: s
        for s in Seat.objects.select_for_update().filter(
            table_id=tt.table_id, left_at__isnull=True, stack__gt=0
        )
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
    reason = f"colour-up of the {'/'.join(map(str, removed_all or [removed]))} chips, chip race (TDA 24)"
    for rs in race.seats:
        delta = rs.value_after - rs.value_before
        if delta:
            seat = seats[rs.seat]
            seat_stack_change(
                seat=seat,
                delta=delta,
                kind=StackAdjustment.Kind.CORRECTION,
                reason=reason,
                user=user,
            )
    record = ChipRace.objects.create(
        tournament=t,
        table_number=table_number,
        removed=removed,
        next_chip=next_chip,
        created_by=user,
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
            "removed_all": removed_all or [removed],
            "automatic": user is None,
        },
    )
    publish(t, "chip_race", {"table": table_number, "removed": removed, "record": record.pk})
    return record


# --- automatic colour-ups ----------------------------------------------------------------------------------


def _due_now(t: Tournament) -> list[dict[str, Any]]:
    """The colour-ups whose moment has come: their level has started, or the break before it has."""
    from apps.clocks.levelclock import clock_levels, clock_position
    from apps.tournaments.services import current_level

    clock = t.level_clock
    if clock is None or clock.anchor_at is None or not t.chip_denominations:
        return []
    now = timezone.now()
    in_break = clock_levels(clock)[clock_position(clock, now).level].is_break
    reached = current_level(t, now=now) + (1 if in_break else 0)
    return [u for u in colour_ups_due(t) if u["level"] <= reached]


def colour_ups_catch_up(*, t: Tournament, table: TournamentTable | None = None) -> list[ChipRace]:
    """Run every colour-up whose level (or the break before it) has started and that a table has not had
    yet, at each open table between hands (or only at ``table``). A table in the middle of a hand has its
    race when that hand finishes (the table service's hook calls this, inside the hand's transaction: no
    hand starts there before it commits). Once per table and chip (the ``chip_race_once_per_table_chip``
    constraint). Expects the tournament row locked (and, from a level change, the tables' rows); the races
    are Floor's (no actor): counts from the stacks, cards from the tournament's seed, each recorded."""
    if t.status != Tournament.Status.RUNNING:
        return []
    due = _due_now(t)
    if not due:
        return []
    tables = TournamentTable.objects.filter(tournament=t, broken_at__isnull=True).order_by("number")
    if table is not None:
        tables = tables.filter(pk=table.pk)
    done = set(ChipRace.objects.filter(tournament=t).values_list("table_number", "removed"))
    records = []
    for tt in tables:
        todo = [u for u in due if (tt.number, min(u["removed"])) not in done]
        if not todo:
            continue
        if Hand.objects.filter(table_id=tt.table_id, status=Hand.Status.IN_PROGRESS).exists():
            continue
        for u in todo:
            records.append(
                _race(
                    t,
                    tt,
                    removed=min(u["removed"]),
                    next_chip=u["next_chip"],
                    counts=None,
                    cards=None,
                    user=None,
                    removed_all=list(u["removed"]),
                )
            )
    return records


def colour_ups_after_level_change(tournament_id: int) -> None:
    """After a level change is committed: the colour-ups it brings, in their own transaction. The open
    tables' rows are taken first (as hand_start and a ruling take a table before anything else), so no hand
    starts at a table between its check and its race; then the tournament's row."""
    with transaction.atomic():
        table_ids = list(
            TournamentTable.objects.filter(tournament_id=tournament_id, broken_at__isnull=True).values_list(
                "table_id", flat=True
            )
        )
        rows_lock(Table.objects.filter(pk__in=table_ids))
        t = lock_tournament(tournament_id)
        colour_ups_catch_up(t=t)
