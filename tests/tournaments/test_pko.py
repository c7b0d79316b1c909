"""Progressive knockouts through the hands: half of the head in cash, half onto the eliminator's own head; a
split pot shares the head (the odd unit to the first winner left of the button), each share halved with its
odd unit in cash; the standings show each player's head; the winner collects their own; an undone bust-out
takes the heads back."""

from __future__ import annotations

import random

import pytest

from apps.tournaments import bustundo, seating
from apps.tournaments.models import Elimination, Entry
from apps.tournaments.selectors import standings_live
from tests.tournaments.helpers import (
    entry_at,
    given_director,
    given_tournament,
    open_tables,
    play_hand,
    scripted,
    stacks_set,
)

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _heads(t) -> dict[str, int]:  # type: ignore[no-untyped-def]
    return {r["player"]: r["head_bounty"] for r in standings_live(tournament=t)["alive"]}


def test_a_knockout_pays_half_in_cash_and_puts_half_on_the_winners_head() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 3, seats_per_table=3, bounty=50, progressive_bounty=True)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    stacks_set(tt, {1: 300, 2: 2000, 3: 200})
    short, hunter, third = entry_at(tt, 1), entry_at(tt, 2), entry_at(tt, 3)
    assert set(_heads(t).values()) == {50}

    play_hand(director, tt.table, random.Random(1), scripted({1}, {2}, [2, 3, 1]))

    hunter.refresh_from_db()
    assert (hunter.bounties_won, hunter.bounty_head_extra) == (25, 25)
    el = Elimination.objects.get(entry=short)
    assert (el.bounty_shares, el.head_shares) == ({str(hunter.pk): 25}, {str(hunter.pk): 25})
    assert _heads(t) == {hunter.player.name: 75, third.player.name: 50}

    # the hunter's grown head is what the next knockout of him collects; here he busts the last player and
    # wins: 25 in cash for the knockout, then his own head (75 + 25) at the finish
    play_hand(director, tt.table, random.Random(1), scripted({3}, {2}, [2, 3, 1]))
    hunter.refresh_from_db()
    assert hunter.status == "finished"
    assert hunter.bounties_won == 25 + 25 + 100
    # every unit of the three heads (3 x 50) has been paid in cash
    assert sum(Entry.objects.filter(tournament=t).values_list("bounties_won", flat=True)) == 150


def test_a_split_pot_shares_the_head_and_each_half_pays_its_odd_unit_in_cash() -> None:
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4, bounty=75, progressive_bounty=True)
    seating.tournament_start(actor=director, tournament=t)
    (tt,) = open_tables(t)
    stacks_set(tt, {1: 300, 2: 2000, 3: 2000, 4: 1000})
    short, left, right = entry_at(tt, 1), entry_at(tt, 2), entry_at(tt, 3)

    def split(state, legal, rng):  # type: ignore[no-untyped-def]
        if "finish_order" in legal:
            live = set(legal["finish_order"]["seats"])
            return {"type": "finish_order", "order": [[2, 3], *[[s] for s in sorted(live - {2, 3})]]}
        return scripted({1}, {2, 3}, [2, 3, 1, 4])(state, legal, rng)

    play_hand(director, tt.table, random.Random(1), split)

    # 75 shared: 38 to seat 2 (first left of the button), 37 to seat 3; halved, the odd unit in cash
    el = Elimination.objects.get(entry=short)
    assert el.bounty_shares == {str(left.pk): 19, str(right.pk): 19}
    assert el.head_shares == {str(left.pk): 19, str(right.pk): 18}
    assert _heads(t)[left.player.name] == 94 and _heads(t)[right.player.name] == 93

    # undoing the bust-out takes the cash and the heads back
    rec = bustundo.elimination_undo(actor=director, entry=short, reason="misread hand")
    assert rec.detail["heads_taken_back"] == {str(left.pk): 19, str(right.pk): 18}
    for e in (left, right):
        e.refresh_from_db()
        assert (e.bounties_won, e.bounty_head_extra) == (0, 0)
    assert set(_heads(t).values()) == {75}
