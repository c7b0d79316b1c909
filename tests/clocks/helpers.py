"""Given-helpers for the clock tests: tables with a turn clock, hands, and reading what the clock did."""

from __future__ import annotations

from typing import Any

from apps.accounts.permissions import Actor
from apps.clocks.models import ClockFiring
from apps.engine.games import Game
from apps.tables import services
from apps.tables.models import Hand, HandEvent
from tests.factories import ClubFactory, SeatFactory, TableFactory, director_of


def table_with_clock(game: Game, players: int = 2, stack: int = 2000) -> tuple[Any, Actor]:
    club = ClubFactory()
    director = Actor(user=director_of(club))
    table = TableFactory(club=club, game=game.to_json())
    for n in range(1, players + 1):
        SeatFactory(table=table, number=n, stack=stack)
    return table, director


def start(table: Any, actor: Actor, button: int | None = None) -> Hand:
    return services.hand_start(actor=actor, table=table, button=button)


def act(actor: Actor, hand: Hand, **event: Any) -> Hand:
    hand.refresh_from_db()
    services.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event)
    hand.refresh_from_db()
    return hand


def clock_events(hand: Hand) -> list[HandEvent]:
    return list(HandEvent.objects.filter(hand=hand, by_clock=True).order_by("seq"))


def assert_fired_once_each(hand: Hand) -> None:
    """Each automatic action is one event and one firing, one per hand state, never before its deadline."""
    events = clock_events(hand)
    firings = list(ClockFiring.objects.filter(hand=hand).order_by("seq"))
    assert [e.seq for e in events] == [f.seq + 1 for f in firings]
    assert len({f.seq for f in firings}) == len(firings)
    for f in firings:
        assert f.fired_at >= f.deadline
    seqs = list(HandEvent.objects.filter(hand=hand).order_by("seq").values_list("seq", flat=True))
    assert seqs == list(range(1, len(seqs) + 1))
