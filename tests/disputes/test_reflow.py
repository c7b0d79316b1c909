"""A dispute on a finished hand of a running tournament: the correction changes the winner of a side pot,
and everything after it re-flows (the next hand's starting stacks, an elimination that no longer happened,
the live standings). Nothing is deleted."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.clocks.models import LiveEvent
from apps.core.errors import PermissionRefused, RuleViolation
from apps.disputes import services
from apps.disputes.models import Dispute, DisputeAudit
from apps.disputes.reflow import correction_plan
from apps.tables.models import Hand, HandEvent, Seat
from apps.tournaments import seating
from apps.tournaments.models import Elimination, Entry
from apps.tournaments.selectors import standings_live
from tests.disputes.helpers import given_player_user
from tests.tournaments.helpers import (
    given_director,
    given_tournament,
    open_tables,
    play_hand,
    quiet,
    scripted,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def given_side_pot_hand(**settings: Any) -> dict[str, Any]:
    """Four entrants at one table, stacks 300 / 600 / 2000 / 1000, ante 25. Seats 1 and 2 move all in, seat
    3 calls, seat 4 folds; the dealer reads seat 1 best, then seat 3, then seat 2: seat 1 wins the main pot,
    seat 3 the side pot, and seat 2 is out. Then a quiet hand is played without seat 2."""
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4, **settings)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    for number, stack in {1: 300, 2: 600, 3: 2000, 4: 1000}.items():
        Seat.objects.filter(table=tt.table, number=number, left_at__isnull=True).update(stack=stack)
    hand1 = play_hand(director, tt.table, random.Random(1), scripted({1, 2}, {3}, [1, 3, 2, 4]))
    hand2 = play_hand(director, tt.table, random.Random(1), quiet)
    return {"club": club, "director": director, "t": t, "table": tt.table, "hand1": hand1, "hand2": hand2}


def finish_order_seq(hand: Hand) -> int:
    row = HandEvent.objects.get(hand=hand, payload__type="finish_order", voided_by__isnull=True)
    return row.seq


def seat(table: Any, number: int) -> Seat:
    return Seat.objects.filter(table=table, number=number).order_by("-pk").first()  # type: ignore[return-value]


def test_the_recorded_hand_as_given() -> None:
    g = given_side_pot_hand()
    pots = g["hand1"].result["pots"]

    assert [(p["name"], p["amount"], p["winners"]) for p in pots] == [
        ("main", 925, [1]),
        ("side 1", 600, [3]),
    ]
    entry2 = Entry.objects.get(tournament=g["t"], seat=seat(g["table"], 2))
    assert (entry2.status, entry2.place) == (Entry.Status.ELIMINATED, 4)
    assert [int(s["seat"]) for s in g["hand2"].seats] == [1, 3, 4]


def test_a_correction_changes_the_side_pot_winner_and_re_flows_everything_after_it() -> None:
    g = given_side_pot_hand()
    hand1, hand2, table, director = g["hand1"], g["hand2"], g["table"], g["director"]
    # given a player in hand 1 (seat 2) disputes the reading after hand 2 was played: late for TDA 22
    player = given_player_user(g["club"], seat(table, 2).player)
    dispute = services.dispute_raise(
        actor=player, hand_id=hand1.pk, kind="reading", description="my two pair beat seat 3's pair"
    )
    assert (dispute.role, dispute.late, dispute.window_detail["reason"]) == (
        "player",
        True,
        "next_hand_started",
    )
    stacks_before = {n: seat(table, n).stack for n in (1, 3, 4)}
    hand2_start_before = {int(s["seat"]): int(s["stack"]) for s in hand2.seats}
    hand2_events_before = HandEvent.objects.filter(hand=hand2).count()

    # when the director rules: seat 2's hand beat seat 3's (the cards were misread), corrected
    order_seq = finish_order_seq(hand1)
    ruling = services.dispute_rule(
        actor=director,
        dispute_id=dispute.pk,
        text="Seat 2's hand beats seat 3's; the side pot goes to seat 2.",
        rules_cited=["TDA 22", "TDA 21", "RULES.md §5"],
        outcome="corrected",
        correction={
            "void_from_seq": order_seq,
            "events": [{"type": "finish_order", "order": [[1], [2], [3]]}],
        },
    )

    # then hand 1's side pot goes to seat 2; the main pot stays with seat 1
    hand1.refresh_from_db()
    assert [(p["name"], p["winners"]) for p in hand1.result["pots"]] == [("main", [1]), ("side 1", [2])]
    # hand 2 starts from the corrected stacks: seat 3 had 600 less; seat 2 sat it out, as played
    hand2.refresh_from_db()
    start_after = {int(s["seat"]): int(s["stack"]) for s in hand2.seats}
    assert start_after == {**hand2_start_before, 3: hand2_start_before[3] - 600}
    # ... through a correction row that keeps the old starting stacks, and the replayed actions appended
    reflow_row = HandEvent.objects.get(hand=hand2, kind=HandEvent.Kind.CORRECTION)
    assert reflow_row.payload["seats_before"][1]["stack"] == hand2_start_before[3]
    assert HandEvent.objects.filter(hand=hand2).count() > hand2_events_before
    assert HandEvent.objects.filter(hand=hand2, voided_by=reflow_row).count() > 0
    # the seats: seat 3 lost the side pot, seat 2 is back with it
    assert seat(table, 3).stack == stacks_before[3] - 600
    assert seat(table, 1).stack == stacks_before[1] and seat(table, 4).stack == stacks_before[4]
    back = seat(table, 2)
    assert (back.stack, back.left_at) == (600, None)
    # the elimination no longer happened: undone, recorded in the audit, the Elimination row kept
    entry2 = Entry.objects.get(tournament=g["t"], seat=back)
    assert (entry2.status, entry2.place, entry2.prize) == (Entry.Status.PLAYING, None, 0)
    undone = DisputeAudit.objects.get(dispute=dispute, action="elimination_undone")
    assert undone.data["place"] == 4 and undone.data["hand"] == hand1.pk
    assert Elimination.objects.filter(entry=entry2).exists()
    # the live standings: four players left, seat 2 with 600
    live = standings_live(tournament=g["t"])
    assert live["players_left"] == 4
    assert {row["player"]: row["chips"] for row in live["alive"]}[back.player.name] == 600
    assert live["out"] == []
    # the ruling, the audit trail and the table's live stream
    assert ruling.reflow["stack_changes"]
    actions = list(DisputeAudit.objects.filter(dispute=dispute).values_list("action", flat=True))
    assert actions == ["raised", "elimination_undone", "hand_reflowed", "corrected", "ruled"]
    told = LiveEvent.objects.filter(channel_id=f"table:{table.pk}", type="dispute_ruled").get()
    assert told.data["outcome"] == "corrected" and told.data["hands_reflowed"] == [hand2.number]
    dispute.refresh_from_db()
    assert dispute.status == Dispute.Status.RULED


def test_the_sandbox_writes_nothing() -> None:
    g = given_side_pot_hand()
    hand1 = g["hand1"]
    rows = HandEvent.objects.count()

    plan = correction_plan(
        hand1, finish_order_seq(hand1), [{"type": "finish_order", "order": [[1], [2], [3]]}]
    )

    summary = plan.summary()
    assert summary["result_after"]["pots"][1]["winners"] == [2]
    assert (summary["players_back"], summary["players_out"]) == ([seat(g["table"], 2).player.name], [])
    assert [h["number"] for h in summary["hands"]] == [g["hand2"].number]
    assert HandEvent.objects.count() == rows
    hand1.refresh_from_db()
    assert hand1.result["pots"][1]["winners"] == [3]


def test_only_the_director_rules_and_a_correction_must_finish_the_hand() -> None:
    g = given_side_pot_hand()
    hand1 = g["hand1"]
    player = given_player_user(g["club"], seat(g["table"], 2).player)
    dispute = services.dispute_raise(actor=player, hand_id=hand1.pk, kind="reading", description="misread")

    with pytest.raises(PermissionRefused) as refused:
        services.dispute_rule(
            actor=player, dispute_id=dispute.pk, text="mine", rules_cited=[], outcome="stands"
        )
    with pytest.raises(RuleViolation) as unfinished:
        services.dispute_rule(
            actor=g["director"],
            dispute_id=dispute.pk,
            text="redo",
            rules_cited=[],
            outcome="corrected",
            correction={"void_from_seq": finish_order_seq(hand1), "events": []},
        )

    assert refused.value.code == "not_director"
    assert unfinished.value.code == "correction_unfinished"


def test_a_later_elimination_moves_down_a_place_when_an_earlier_one_is_undone() -> None:
    # given seat 2 went out on hand 1 (4th), then seat 4 on hand 2 (3rd: seat 3 called its all-in and won)
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    for number, stack in {1: 300, 2: 600, 3: 2000, 4: 1000}.items():
        Seat.objects.filter(table=tt.table, number=number, left_at__isnull=True).update(stack=stack)
    hand1 = play_hand(director, tt.table, random.Random(1), scripted({1, 2}, {3}, [1, 3, 2, 4]))
    play_hand(director, tt.table, random.Random(1), scripted({4}, {3}, [3, 4, 1]))
    entry4 = Entry.objects.get(tournament=t, seat=seat(tt.table, 4))
    assert (entry4.status, entry4.place) == (Entry.Status.ELIMINATED, 3)
    dispute = services.dispute_raise(actor=director, hand_id=hand1.pk, kind="reading", description="misread")

    # when hand 1 is corrected so that seat 2 wins the side pot
    services.dispute_rule(
        actor=director,
        dispute_id=dispute.pk,
        text="Seat 2 wins the side pot.",
        rules_cited=["TDA 22"],
        outcome="corrected",
        correction={
            "void_from_seq": finish_order_seq(hand1),
            "events": [{"type": "finish_order", "order": [[1], [2], [3]]}],
        },
    )

    # then seat 4, out when seat 2 was in fact still playing, finished 4th
    entry4.refresh_from_db()
    assert (entry4.status, entry4.place, entry4.place_to) == (Entry.Status.ELIMINATED, 4, 4)
    assert Elimination.objects.get(entry=entry4).place == 4
    changed = DisputeAudit.objects.get(dispute=dispute, action="place_changed")
    assert (changed.data["place"], changed.data["new_place"]) == (3, 4)
    assert standings_live(tournament=t)["players_left"] == 3


def test_an_undone_elimination_takes_its_bounty_back_from_the_side_pot_winner() -> None:
    g = given_side_pot_hand(bounty=20)
    table, director = g["table"], g["director"]
    winner3 = Entry.objects.get(tournament=g["t"], seat=seat(table, 3))
    assert winner3.bounties_won == 20  # seat 2 went out in the side pot, which seat 3 won
    dispute = services.dispute_raise(
        actor=director, hand_id=g["hand1"].pk, kind="reading", description="misread"
    )

    services.dispute_rule(
        actor=director,
        dispute_id=dispute.pk,
        text="Seat 2's hand beats seat 3's.",
        rules_cited=["TDA 22"],
        outcome="corrected",
        correction={
            "void_from_seq": finish_order_seq(g["hand1"]),
            "events": [{"type": "finish_order", "order": [[1], [2], [3]]}],
        },
    )

    winner3.refresh_from_db()
    assert winner3.bounties_won == 0
    undone = DisputeAudit.objects.get(dispute=dispute, action="elimination_undone")
    assert undone.data["bounty_taken_back"] == {str(winner3.pk): 20}
