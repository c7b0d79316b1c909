"""The level clock seen from the tournament: level starts, breaks and clock controls on the tournament's own
live stream, and the colour-up (TDA 24 chip race) run by Floor when the level that removes a chip, or the
break before it, starts: once per table, at a table mid-hand when its hand finishes."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.clocks.levelclock import level_clock_control
from apps.clocks.models import LiveEvent
from apps.core.errors import Conflict
from apps.tables import services as tables
from apps.tables.models import Hand, Seat, StackAdjustment
from apps.tournaments import chips, seating
from apps.tournaments.models import ChipRace, Tournament
from apps.tournaments.services import tournament_channel
from tests.tournaments.helpers import given_director, given_tournament, level_jump, open_tables, quiet, seated

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]

# helpers.STRUCTURE: antes 25, 50, a break, 100, 200, 400. With chips of 25 and 100 the 25s leave play at
# the third level (ante 100), at the break before it.
CHIPS = [25, 100]


def _events(t: Tournament, after: int = 0) -> list[tuple[str, dict[str, Any]]]:
    rows = LiveEvent.objects.filter(channel_id=tournament_channel(t.pk), event_id__gt=after)
    return [(e.type, e.data) for e in rows.order_by("event_id")]


def _last_id(t: Tournament) -> int:
    return max((e.event_id for e in LiveEvent.objects.filter(channel_id=tournament_channel(t.pk))), default=0)


def test_level_starts_breaks_and_clock_controls_are_on_the_tournament_stream() -> None:
    # given a tournament started (its level clock starts with it)
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4)
    seating.tournament_start(actor=director, tournament=t)

    # then its stream says the first level started, with its ante
    started = [(k, d) for k, d in _events(t) if k == "level_started"]
    assert len(started) == 1 and started[0][1]["level_number"] == 1 and started[0][1]["current"]["ante"] == 25

    # when the clock moves to the break (index 2), then to the level after it, and is paused
    mark = _last_id(t)
    level_jump(director, t, 2)
    level_jump(director, t, 3)
    assert t.level_clock is not None
    level_clock_control(actor=director, clock_id=t.level_clock.pk, action="pause")

    # then the stream tells it all, in order: the break started, the break ended and level 3 started, paused
    kinds = [(k, d.get("action") or d.get("level_number")) for k, d in _events(t, mark)]
    assert kinds == [
        ("clock", "jump"),
        ("break_started", 2),
        ("clock", "jump"),
        ("break_ended", 3),
        ("level_started", 3),
        ("clock", "pause"),
    ]
    level_3 = next(d for k, d in _events(t, mark) if k == "level_started")
    assert level_3["current"]["ante"] == 100 and level_3["next"]["ante"] == 200


def _given_odd_stacks(director, chip_denominations=CHIPS):  # type: ignore[no-untyped-def]
    club = director[0]
    actor = director[1]
    t = given_tournament(club, actor, 4, seats_per_table=4, chip_denominations=chip_denominations)
    seating.tournament_start(actor=actor, tournament=t)
    (tt,) = open_tables(t)
    odd = {1: 1075, 2: 950, 3: 1025, 4: 950}  # 75, 50 and 25 in 25s: 6 odd chips of 25, 150 in all
    for n, s in seated(tt).items():
        Seat.objects.filter(pk=s.pk).update(stack=odd[n])
    return t, tt


def test_the_colour_up_is_raced_by_itself_when_the_break_before_its_level_starts(
    django_capture_on_commit_callbacks: Any,
) -> None:
    # given one table with odd chips of 25, which leave play at level 3 (after the break)
    club, director = given_director()
    t, tt = _given_odd_stacks((club, director))
    assert chips.colour_ups_due(t) == [{"level": 3, "removed": [25], "next_chip": 100, "at_break": True}]

    # when level 2 starts nothing is raced
    with django_capture_on_commit_callbacks(execute=True):
        level_jump(director, t, 1)
    assert not ChipRace.objects.filter(tournament=t).exists()

    # when the break starts
    with django_capture_on_commit_callbacks(execute=True):
        level_jump(director, t, 2)

    # then Floor has raced the 25s off at the table by itself (TDA 24), recorded once, every stack a multiple
    # of 100, each change a stack adjustment with its reason
    race = ChipRace.objects.get(tournament=t)
    assert (race.table_number, race.removed, race.next_chip, race.created_by) == (1, 25, 100, None)
    assert race.result["automatic"] is True and race.result["cards_dealt_by_floor"] is True
    stacks = {n: s.stack for n, s in seated(tt).items()}
    assert all(v % 100 == 0 for v in stacks.values())
    assert sum(stacks.values()) == 4000 + race.result["value_change"]
    adjustments = StackAdjustment.objects.filter(seat__table=tt.table, kind="correction")
    assert adjustments.count() == sum(
        1 for s in race.result["seats"] if s["value_after"] != s["value_before"]
    )
    assert all("chip race (TDA 24)" in a.reason for a in adjustments)
    assert any(k == "chip_race" for k, _ in _events(t))

    # and when level 3 itself starts, or the director asks, it is not raced again
    with django_capture_on_commit_callbacks(execute=True):
        level_jump(director, t, 3)
    assert ChipRace.objects.filter(tournament=t).count() == 1
    with pytest.raises(Conflict) as again:
        chips.chip_race_run(actor=director, tournament=t, table_number=1, removed=25, next_chip=100)
    assert again.value.code == "chip_race_done"


def test_a_table_mid_hand_races_when_its_hand_finishes(django_capture_on_commit_callbacks: Any) -> None:
    # given a hand in progress at the table
    club, director = given_director()
    t, tt = _given_odd_stacks((club, director))
    hand = tables.hand_start(actor=director, table=tt.table)

    # when the break starts (the 25s leave play) the table is not raced mid-hand
    with django_capture_on_commit_callbacks(execute=True):
        level_jump(director, t, 2)
    assert not ChipRace.objects.filter(tournament=t).exists()

    # when its hand finishes
    from apps.engine.hand import HandState

    state = HandState.from_json(hand.state)
    while hand.status != Hand.Status.FINISHED:
        legal = {a["type"]: a for a in state.legal_actions() if a["type"] != "timeout"}
        event = quiet(state, legal, random.Random(0))
        hand = tables.hand_event_record(
            actor=director, hand_id=hand.pk, expected_seq=hand.seq, event=event
        ).hand
        state = HandState.from_json(hand.state)

    # then the race is run right then, before the next hand, on the stacks the hand left
    race = ChipRace.objects.get(tournament=t)
    assert race.result["seats"] and all(s.stack % 100 == 0 for s in seated(tt).values())
    assert hand.finished_at is not None and race.created_at >= hand.finished_at


def test_hand_for_hand_tables_wait_for_each_other_and_each_round_takes_two_minutes() -> None:
    from apps.clocks.levelclock import level_clock_view
    from apps.tournaments import results
    from tests.tournaments.helpers import play_hand

    # given two tables of four playing hand-for-hand (the level clock pauses)
    club, director = given_director()
    t = given_tournament(club, director, 8, seats_per_table=4)
    seating.tournament_start(actor=director, tournament=t)
    one, two = open_tables(t)
    results.tournament_hand_for_hand(actor=director, tournament=t, on=True)
    t.refresh_from_db()
    assert t.level_clock is not None

    def remaining() -> float:
        assert t.level_clock is not None
        t.level_clock.refresh_from_db()
        return float(level_clock_view(t.level_clock)["remaining"])

    before = remaining()

    # when table 1 plays its hand-for-hand hand
    play_hand(director, one.table, random.Random(0), quiet)

    # then it may not deal again until table 2 has played that hand, and the clock has not moved
    with pytest.raises(Conflict) as waits:
        tables.hand_start(actor=director, table=one.table)
    assert waits.value.code == "hand_for_hand_wait" and waits.value.detail["waiting_for"] == [2]
    assert remaining() == before

    # when table 2 plays it, the round is over: two minutes come off the clock (TDA RP-8), once
    play_hand(director, two.table, random.Random(0), quiet)
    assert remaining() == before - 120
    rounds = [d for k, d in _events(t) if k == "hand_for_hand_round"]
    assert rounds == [{"round": 1, "seconds_off": 120}]

    # and both tables deal the next hand
    assert tables.hand_start(actor=director, table=one.table).status == Hand.Status.IN_PROGRESS
    assert tables.hand_start(actor=director, table=two.table).status == Hand.Status.IN_PROGRESS
