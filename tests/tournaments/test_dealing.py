"""The next hand at a tournament table: the dead button (TDA 32; heads-up TDA 34-B) and a halted table
(TDA 11-D). Hands are dealt and played through the table services; busts come from the hands."""

from __future__ import annotations

import random

import pytest
from django.test import Client

from apps.core.errors import Conflict
from apps.engine.errors import EngineError
from apps.engine.games import single_draw_27
from apps.engine.hand import HandState, start_hand
from apps.tables import services as tables
from apps.tables.models import Hand, Seat
from apps.tournaments import moves, seating
from apps.tournaments.models import Entry, TournamentTable
from apps.tournaments.selectors import tournament_tables
from tests.tournaments.helpers import (
    given_director,
    given_tournament,
    open_tables,
    pending,
    play_hand,
    quiet,
    scripted,
    seated,
)

HOUR = 3600
BLINDS = [
    {"seconds": HOUR, "small_blind": 25, "big_blind": 50},
    {"seconds": HOUR, "small_blind": 50, "big_blind": 100},
]
GAME = {"kind": "2-7-single-draw", "small_blind": 25, "big_blind": 50}


# --- the engine: a hand with marked blinds (no database) ---------------------------------------------------


def test_the_engine_deals_a_dead_small_blind_that_nobody_posts() -> None:
    # given seats 1, 2, 4 (seat 3 busted in the big blind last hand): button 2, small blind dead on 3, BB 4
    seats = [{"seat": 1, "stack": 500}, {"seat": 2, "stack": 500}, {"seat": 4, "stack": 500, "blind": "big"}]

    # when the hand starts
    st = start_hand(single_draw_27(small_blind=25, big_blind=50), seats, button=2)

    # then only the big blind is posted, the first to act is the seat after it, and the pot is 50
    assert (st.button, st.sb_seat, st.bb_seat) == (2, None, 4)
    assert st.bets() == {1: 0, 2: 0, 4: 50} and st.pot_total == 50 and st.to_act == 1
    # and the marks survive the JSON round trip and a replay deals the same
    assert HandState.from_json(st.to_json()).sb_seat is None
    folded = st.apply({"type": "fold", "seat": 1}).apply({"type": "fold", "seat": 2})
    assert folded.stacks() == {1: 500, 2: 500, 4: 500}


def test_the_engine_refuses_blinds_marked_wrongly() -> None:
    game = single_draw_27(small_blind=25, big_blind=50)
    two_bigs = [{"seat": 1, "stack": 500, "blind": "big"}, {"seat": 2, "stack": 500, "blind": "big"}]
    only_small = [{"seat": 1, "stack": 500, "blind": "small"}, {"seat": 2, "stack": 500}]
    for seats in (two_bigs, only_small):
        with pytest.raises(EngineError) as refused:
            start_hand(game, seats, button=1)
        assert refused.value.code == "blinds_invalid" and refused.value.rule == "TDA 32"


# --- through the services ----------------------------------------------------------------------------------


def _one_table(players: int):  # type: ignore[no-untyped-def]
    club, director = given_director()
    t = given_tournament(club, director, players, game=GAME, structure=BLINDS, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    return director, t, tt


def _bust(actor, tt: TournamentTable, victim: int) -> Hand:  # type: ignore[no-untyped-def]
    """A hand in which ``victim`` (left with 5 chips) is all in and the biggest stack calls and wins."""
    seats = seated(tt)
    Seat.objects.filter(pk=seats[victim].pk).update(stack=5)
    caller = max((s for n, s in seats.items() if n != victim), key=lambda s: s.stack).number
    order = [caller] + [n for n in seats if n != caller]
    return play_hand(actor, tt.table, random.Random(1), scripted({victim}, {caller}, order))


def _next(actor, tt: TournamentTable) -> Hand:  # type: ignore[no-untyped-def]
    return tables.hand_start(actor=actor, table=tt.table)


def _positions(hand: Hand) -> tuple[int, int | None, int]:
    st = HandState.from_json(hand.state)
    return st.button, st.sb_seat, st.bb_seat  # type: ignore[return-value]


def _posted(hand: Hand) -> dict[int, int]:
    return {s: b for s, b in HandState.from_json(hand.state).bets().items() if b}


def _finish_quietly(actor, hand: Hand) -> None:  # type: ignore[no-untyped-def]
    state = HandState.from_json(hand.state)
    while hand.status != Hand.Status.FINISHED:
        legal = {a["type"]: a for a in state.legal_actions() if a["type"] != "timeout"}
        event = quiet(state, legal, random.Random(0))
        hand = tables.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event).hand
        state = HandState.from_json(hand.state)


@pytest.mark.django_db
def test_the_big_blind_busts_the_small_blind_is_dead_then_the_button() -> None:
    # given six players at one table; the first hand's button on the first seat: button 1, SB 2, BB 3
    director, t, tt = _one_table(6)
    assert sorted(seated(tt)) == [1, 2, 3, 4, 5, 6]

    # when the big blind (seat 3) busts in the first hand
    first = _bust(director, tt, 3)
    assert _positions(first) == (1, 2, 3)
    assert Entry.objects.get(tournament=t, seat__table=tt.table, seat__number=3).status == "eliminated"

    # then the next hand's button is on seat 2, the small blind is dead (seat 3 is empty: nobody posts it)
    # and the big blind moves on to seat 4 (TDA 32)
    second = _next(director, tt)
    assert _positions(second) == (2, None, 4)
    assert _posted(second) == {4: 50}
    assert [s.get("blind") for s in second.seats if s.get("blind")] == ["big"]

    # and the hand after has a dead button on the empty seat 3, seat 4 in the small blind and 5 in the big
    _finish_quietly(director, second)
    third = _next(director, tt)
    assert _positions(third) == (3, 4, 5)
    assert _posted(third) == {4: 25, 5: 50}
    tt.table.refresh_from_db()
    assert tt.table.button_seat == 3


@pytest.mark.django_db
def test_the_small_blind_busts_the_button_is_dead_and_nobody_misses_the_big_blind() -> None:
    # given six players, button 1, SB 2, BB 3
    director, _, tt = _one_table(6)

    # when the small blind (seat 2) busts
    _bust(director, tt, 2)

    # then the button sits dead on the empty seat 2, seat 3 posts the small blind and 4 the big (TDA 32)
    second = _next(director, tt)
    assert _positions(second) == (2, 3, 4)
    assert _posted(second) == {3: 25, 4: 50}

    # and over the next hands the big blind moves one player at a time: 4, 5, 6, 1, 3
    bigs = [4]
    _finish_quietly(director, second)
    for _ in range(4):
        hand = _next(director, tt)
        bigs.append(_positions(hand)[2])
        _finish_quietly(director, hand)
    assert bigs == [4, 5, 6, 1, 3]


@pytest.mark.django_db
def test_the_button_busts_and_the_positions_move_on_as_usual() -> None:
    director, _, tt = _one_table(6)
    _bust(director, tt, 1)
    assert _positions(_next(director, tt)) == (2, 3, 4)


@pytest.mark.django_db
def test_heads_up_the_button_posts_the_small_blind_and_nobody_posts_the_big_blind_twice() -> None:
    # given three players; the first hand's button on the lowest seat
    director, _, tt = _one_table(3)
    a, b, c = sorted(seated(tt))

    # when the small blind busts in the first hand (button a, SB b, BB c)
    first = _bust(director, tt, b)
    assert _positions(first) == (a, b, c)

    # then heads-up the big blind moves on to a, and c (last hand's big blind) has the button and posts the
    # small blind (TDA 34-B)
    second = _next(director, tt)
    assert _positions(second) == (c, c, a)
    assert _posted(second) == {c: 25, a: 50}


@pytest.mark.django_db
def test_a_correction_from_the_first_action_deals_the_same_dead_small_blind() -> None:
    # given a hand with a dead small blind and one action recorded
    director, _, tt = _one_table(6)
    _bust(director, tt, 3)
    hand = _next(director, tt)
    hand = tables.hand_event_record(
        actor=director, hand_id=hand.pk, expected_seq=hand.seq, event={"type": "fold", "seat": 5}
    ).hand

    # when the director voids it (the state is replayed from the hand's start)
    hand = tables.hand_correct(
        actor=director, hand_id=hand.pk, expected_seq=hand.seq, reason="wrong seat", void_from_seq=1
    )

    # then the replayed hand still has the small blind dead: only the big blind is in
    assert _positions(hand) == (2, None, 4) and _posted(hand) == {4: 50}


@pytest.mark.django_db
def test_a_table_three_short_is_refused_a_hand_until_the_moves_balance_it() -> None:
    # given two tables of six (antes), three players out at table 2: 6 / 3, three short (TDA 11-D)
    club, director = given_director()
    t = given_tournament(club, director, 12, seats_per_table=6)
    seating.tournament_start(actor=director, tournament=t)
    one, two = open_tables(t)
    seats = seated(two)
    victims = sorted(seats)[:3]
    caller = next(n for n in sorted(seats) if n not in victims)
    Seat.objects.filter(pk=seats[caller].pk).update(stack=10**6)  # covers the three all-ins
    order = [caller] + [n for n in seats if n != caller]
    play_hand(director, two.table, random.Random(1), scripted(set(victims), {caller}, order))
    assert moves.halted(t=t) == [2]
    shown = {row["number"]: row["halted"] for row in tournament_tables(tournament=t)}
    assert shown == {1: False, 2: True}
    hands_before = Hand.objects.filter(table=two.table).count()

    # when the dealer tries to deal the next hand at table 2
    with pytest.raises(Conflict) as refused:
        tables.hand_start(actor=director, table=two.table)

    # then it is refused with the rule, and nothing is written
    assert refused.value.code == "table_halted" and refused.value.rule == "TDA 11-D"
    assert refused.value.detail == {"table": 2, "players": {1: 6, 2: 3}}
    assert Hand.objects.filter(table=two.table).count() == hands_before
    # and through the dealer API: a 409 with the code, the rule and the counts
    client = Client()
    client.force_login(director.user)
    answer = client.post(f"/api/tables/{two.table_id}/hands/", {}, content_type="application/json")
    assert answer.status_code == 409
    body = answer.json()
    assert (body["code"], body["rule"], body["detail"]["table"]) == ("table_halted", "TDA 11-D", 2)
    assert Hand.objects.filter(table=two.table).count() == hands_before
    # while the long table plays on
    played = tables.hand_start(actor=director, table=one.table)
    _finish_quietly(director, played)

    # and once the director confirms the balancing move (5 / 4) table 2 deals again
    assert len(pending(t)) == 1
    moves.moves_confirm_all(actor=director, tournament=t)
    assert moves.halted(t=t) == []
    assert tables.hand_start(actor=director, table=two.table).status == Hand.Status.IN_PROGRESS


@pytest.mark.django_db
def test_a_new_player_in_the_small_blind_or_on_the_button_waits_until_the_button_passes() -> None:
    from apps.tournaments import services

    # given six players, the big blind (seat 3) busts in the first hand; late registration is open
    club, director = given_director()
    t = given_tournament(
        club, director, 6, game=GAME, structure=BLINDS, seats_per_table=6, late_reg_until_level=1
    )
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    _bust(director, tt, 3)

    # when a late entry takes the only free seat, 3: the dead small blind's seat next hand (TDA 10)
    late = services.entry_register(actor=director, tournament=t, player_name="Late")
    assert Entry.objects.get(pk=late.pk).seat.number == 3  # type: ignore[union-attr]

    # then the next hand does not deal seat 3 in: the small blind stays dead, seat 4 posts the big blind
    second = _next(director, tt)
    assert [s["seat"] for s in second.seats] == [1, 2, 4, 5, 6]
    assert _positions(second) == (2, None, 4) and _posted(second) == {4: 50}
    _finish_quietly(director, second)

    # and the hand after has the button on seat 3: the new player still waits (the button is dead there)
    third = _next(director, tt)
    assert 3 not in [s["seat"] for s in third.seats] and _positions(third) == (3, 4, 5)
    _finish_quietly(director, third)

    # once the button has passed, the new player is dealt in
    fourth = _next(director, tt)
    assert 3 in [s["seat"] for s in fourth.seats] and _positions(fourth) == (4, 5, 6)
