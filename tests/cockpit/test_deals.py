"""The cockpit's deal page: ICM, chip-chop and even split for the players left, each in plain words, and the
one accepted recorded; a stale deal and a hand in play are refused in words and nothing is written."""

from __future__ import annotations

import pytest

from apps.tournaments import clockonly
from apps.tournaments.models import Deal, Entry, Tournament
from tests.cockpit.helpers import flashed, given_director_client, given_running
from tests.tournaments.clockonly_helpers import given_holdem, play_out, playing

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]

PAYOUT = {"kind": "amounts", "amounts": [500, 300, 200]}


def test_three_deals_in_plain_words_and_the_accepted_one_pays_and_ends_it() -> None:
    club, actor, client = given_director_client()
    t = given_holdem(club, actor, 4, names=["Ann", "Bob", "Cy", "Dee"], payout=PAYOUT, buy_in=250)
    play_out(actor, t, left=3)  # Dee out in 4th; Ann has her 10000
    _ann, _bob, _cy = playing(t)
    r = client.post(f"/cockpit/tournaments/{t.pk}/deals/calculate/", follow=True)
    assert "ICM, chip-chop and even split calculated on the chips as they are now." in flashed(r)
    page = r.content.decode()
    views = {v["deal"].method: v for v in r.context["views"]}
    assert set(views) == {"icm", "chip_chop", "even"}
    assert all(v["fresh"] for v in views.values())
    chop = {s["name"]: s for s in views["chip_chop"]["shares"]}
    # chip-chop: 200 each, the other 400 by chips (10000 of 20000, 5000, 5000)
    assert (chop["Ann"]["amount"], chop["Bob"]["amount"], chop["Cy"]["amount"]) == (400, 300, 300)
    assert (
        "Ann gets 400: the smallest prize still to win (200), which everyone left has already won, plus "
        "50.0% of the other 400 for 10000 chips." in page
    )
    # the odd unit of an even split goes to the bigger stack
    assert "Ann gets 334: the 1000 still to win shared equally by 3 players." in page
    assert "Bob gets 333: the 1000 still to win shared equally by 3 players." in page
    assert "Ann gets " in views["icm"]["shares"][0]["why"] and "50.0% of the chips in play" in page

    r = client.post(f"/cockpit/deals/{views['icm']['deal'].pk}/accept/", follow=True)
    assert any("The deal is recorded" in m for m in flashed(r))
    t.refresh_from_db()
    assert t.status == Tournament.Status.FINISHED
    paid = {
        e.player.name: (e.place, e.prize) for e in Entry.objects.filter(tournament=t).select_related("player")
    }
    icm = {s["name"]: s["amount"] for s in views["icm"]["shares"]}
    assert paid["Ann"] == (1, icm["Ann"])
    assert paid["Dee"] == (4, 0)
    assert sum(p for _, p in paid.values()) == 1000


def test_a_deal_on_old_chips_is_refused_as_stale_in_plain_words() -> None:
    club, actor, client = given_director_client()
    t = given_holdem(club, actor, 3, payout={"kind": "percentages", "percentages": [60, 40]})
    client.post(f"/cockpit/tournaments/{t.pk}/deals/calculate/")
    a = playing(t)[0]
    clockonly.entry_chips_count(actor=actor, entry=a, chips=6000)
    d = Deal.objects.filter(tournament=t, method="even").latest("pk")
    page = client.get(f"/cockpit/tournaments/{t.pk}/deals/")
    assert not any(v["fresh"] for v in page.context["views"])
    r = client.post(f"/cockpit/deals/{d.pk}/accept/", follow=True)
    assert any(
        m.startswith("The chips or the players left have changed") and "(deal_stale)" in m for m in flashed(r)
    )
    d.refresh_from_db()
    t.refresh_from_db()
    assert not d.accepted and t.status == Tournament.Status.RUNNING


def test_a_deal_while_a_hand_is_played_is_refused_in_plain_words() -> None:
    from apps.tables import services as tables
    from apps.tournaments.models import TournamentTable

    club, actor, client = given_director_client()
    t = given_running(club, actor, 3)
    client.post(f"/cockpit/tournaments/{t.pk}/deals/calculate/")
    tt = TournamentTable.objects.get(tournament=t)
    tables.hand_start(actor=actor, table=tt.table)
    d = Deal.objects.filter(tournament=t).latest("pk")
    r = client.post(f"/cockpit/deals/{d.pk}/accept/", follow=True)
    assert any(m.startswith("A hand is being played.") and "(hand_in_progress)" in m for m in flashed(r))
    assert not Deal.objects.filter(tournament=t, accepted=True).exists()


def test_deals_with_one_player_left_are_refused() -> None:
    club, actor, client = given_director_client()
    t = given_holdem(club, actor, 2)
    play_out(actor, t)
    r = client.post(f"/cockpit/tournaments/{t.pk}/deals/calculate/", follow=True)
    assert any("(tournament_not_running)" in m for m in flashed(r))
    assert not Deal.objects.filter(tournament=t).exists()
