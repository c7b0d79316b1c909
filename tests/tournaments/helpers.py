"""Given-helpers for the tournament tests: a club with its director, a tournament made through the services,
and hands played through the engine and the table services (random legal actions from a seeded Random)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from apps.accounts.permissions import Actor
from apps.clocks.levelclock import level_clock_control
from apps.engine.hand import HandState
from apps.tables import services as tables
from apps.tables.models import Hand, Seat, Table
from apps.tournaments import moves, services
from apps.tournaments.models import Entry, SeatMove, Tournament, TournamentTable
from tests.factories import ClubFactory, director_of

HOUR = 3600
# Five-Card Draw, antes rising quickly; a break after level 2 (level numbers count levels only).
STRUCTURE = [
    {"seconds": HOUR, "ante": 25},
    {"seconds": HOUR, "ante": 50},
    {"seconds": 600, "is_break": True},
    {"seconds": HOUR, "ante": 100},
    {"seconds": HOUR, "ante": 200},
    {"seconds": HOUR, "ante": 400},
]

Policy = Callable[[HandState, dict[str, Any], random.Random], dict[str, Any]]


def given_director() -> tuple[Any, Actor]:
    club = ClubFactory()
    return club, Actor(user=director_of(club))


def given_tournament(club: Any, actor: Actor, players: int, **settings: Any) -> Tournament:
    settings.setdefault("game", {"kind": "five-card-draw", "ante": 25})
    settings.setdefault("starting_stack", 1000)
    settings.setdefault("structure", STRUCTURE)
    settings.setdefault("seed", 7)
    settings.setdefault("buy_in", 100)
    t = services.tournament_create(actor=actor, club=club, name=settings.pop("name", "Sunday"), **settings)
    for i in range(players):
        services.entry_register(actor=actor, tournament=t, player_name=f"P{i + 1:02d}")
    return t


def level_jump(actor: Actor, t: Tournament, index: int) -> None:
    """Move the level clock to the structure's ``index`` (0-based, breaks counted)."""
    assert t.level_clock is not None
    level_clock_control(actor=actor, clock_id=t.level_clock.pk, action="jump", level=index)
    t.refresh_from_db()
    assert t.level_clock is not None
    t.level_clock.refresh_from_db()


def shove(state: HandState, legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """Random play of a short-stacked field: all in now and then; a big call is made a third of the time,
    a small one always; no cards drawn."""
    if "finish_order" in legal:
        seats = list(legal["finish_order"]["seats"])
        rng.shuffle(seats)
        return {"type": "finish_order", "order": [[s] for s in seats]}
    if "draw" in legal:
        return {"type": "draw", "seat": legal["draw"]["seat"], "count": 0}
    seat = state.to_act
    assert seat is not None
    aggressive = legal.get("bet") or legal.get("raise")
    roll = rng.random()
    if aggressive is not None and roll < 0.15:
        return {"type": aggressive["type"], "seat": seat, "amount": aggressive["max"]}
    if "check" in legal:
        return {"type": "check", "seat": seat}
    call = legal["call"]
    if call["amount"] * 5 <= state.seat(seat).stack or roll < 0.35:
        return {"type": "call", "seat": seat}
    return {"type": "fold", "seat": seat}


def scripted(allin: set[int], callers: set[int], order: list[int]) -> Policy:
    """A hand whose outcome is fixed: seats in ``allin`` move all in, ``callers`` call, the rest fold; nobody
    draws; the showdown's finishing order is ``order`` (the dealer reads the cards)."""

    def policy(state: HandState, legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
        if "finish_order" in legal:
            live = set(legal["finish_order"]["seats"])
            return {"type": "finish_order", "order": [[s] for s in order if s in live]}
        if "draw" in legal:
            return {"type": "draw", "seat": legal["draw"]["seat"], "count": 0}
        seat = state.to_act
        aggressive = legal.get("bet") or legal.get("raise")
        if seat in allin and aggressive is not None:
            return {"type": aggressive["type"], "seat": seat, "amount": aggressive["max"]}
        if seat in allin | callers and "call" in legal:
            return {"type": "call", "seat": seat}
        if "check" in legal:
            return {"type": "check", "seat": seat}
        return {"type": "fold", "seat": seat}

    return policy


def quiet(state: HandState, legal: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """A hand nobody busts in: the first to act bets the minimum and everyone folds to it (all checking would
    pass the hand out and ante again, RULES.md §6)."""
    seat = state.to_act
    if "bet" in legal:
        return {"type": "bet", "seat": seat, "amount": legal["bet"]["min"]}
    if "check" in legal:
        return {"type": "check", "seat": seat}
    return {"type": "fold", "seat": seat}


def play_hand(actor: Actor, table: Table, rng: random.Random, policy: Policy = shove) -> Hand:
    """Deal and play one hand at ``table`` to its end through the table services."""
    hand = tables.hand_start(actor=actor, table=table)
    state = HandState.from_json(hand.state)
    for _ in range(400):
        if hand.status == Hand.Status.FINISHED:
            return hand
        legal = {a["type"]: a for a in state.legal_actions() if a["type"] != "timeout"}
        event = policy(state, legal, rng)
        rec = tables.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event)
        hand = rec.hand
        state = HandState.from_json(hand.state)
    raise AssertionError("the hand did not finish")


def open_tables(t: Tournament) -> list[TournamentTable]:
    return list(TournamentTable.objects.filter(tournament=t, broken_at__isnull=True).select_related("table"))


def seated(tt: TournamentTable) -> dict[int, Seat]:
    return {s.number: s for s in Seat.objects.filter(table=tt.table, left_at__isnull=True)}


def stacks_set(tt: TournamentTable, stacks: dict[int, int]) -> None:
    """Give the players in seats ``stacks``'s keys those stacks (a test's starting position)."""
    for n, s in seated(tt).items():
        if n in stacks:
            Seat.objects.filter(pk=s.pk).update(stack=stacks[n])


def entry_at(tt: TournamentTable, seat: int) -> Entry:
    return Entry.objects.get(seat=seated(tt)[seat])


def playable(tt: TournamentTable) -> bool:
    return sum(1 for s in seated(tt).values() if s.stack > 0) >= 2


def pending(t: Tournament) -> list[SeatMove]:
    return list(SeatMove.objects.filter(tournament=t, status=SeatMove.Status.PROPOSED))


def confirm_moves(actor: Actor, t: Tournament) -> list[SeatMove]:
    return moves.moves_confirm_all(actor=actor, tournament=t) if pending(t) else []


def live_entries(t: Tournament) -> list[Entry]:
    return list(Entry.objects.filter(tournament=t, status__in=["playing", "busted"]))
