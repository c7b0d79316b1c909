"""The cockpit's tournament pages through the test client (the setup form's own tests are test_setup.py): the
registration desk (add, rebuy, add-on, declining a rebuy, re-entry), the seat draw and
the table list; refusals come back in plain words with their rule and change nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from apps.tournaments.models import Entry, Tournament, TournamentTable
from tests.cockpit.helpers import bust, flashed, given_director_client, given_running, refused_on_page
from tests.cockpit.setup_helpers import form_data
from tests.tournaments.helpers import given_tournament, open_tables, seated

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def test_the_pages_render_for_the_director() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 3)
    for name, args in [
        ("cockpit:club", [club.pk]),
        ("cockpit:tournament-new", [club.pk]),
        ("cockpit:registration", [t.pk]),
        ("cockpit:tables", [t.pk]),
        ("cockpit:clock", [t.pk]),
        ("cockpit:moves", [t.pk]),
        ("cockpit:results", [t.pk]),
        ("cockpit:devices", [club.pk]),
        ("cockpit:disputes", [club.pk]),
    ]:
        response = client.get(reverse(name, args=args))
        assert response.status_code == 200, name
        body = response.content.decode()
        assert 'aria-current="page"' in body, name  # the menu marks where the director is
        assert club.name in body
    # the desk offers only what the tournament has: no rebuys, add-on or re-entry here
    desk = client.get(reverse("cockpit:registration", args=[t.pk])).content.decode()
    assert "/rebuy/" not in desk and "/add-on/" not in desk and "/reentry/" not in desk


def test_the_registration_desk_registers_players_and_refuses_a_second_entry() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 0)
    url = reverse("cockpit:entry-register", args=[t.pk])

    response = client.post(url, {"player_name": "Ana"}, follow=True)
    assert "Ana is registered." in flashed(response)
    assert [row["entry"].player.name for row in response.context["entries"]] == ["Ana"]

    response = client.post(url, {"player_name": "Ana"}, follow=True)
    [refusal] = flashed(response)
    assert refusal.startswith("Refused: Ana is already registered") and "already_registered" in refusal
    assert t.entries.count() == 1

    response = client.post(url, {"player_name": "  "}, follow=True)
    assert flashed(response) == ["Give the player's name."]
    assert t.entries.count() == 1


def test_the_seat_draw_seats_everyone_and_starts_the_clock() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 8, seats_per_table=6)

    response = client.post(reverse("cockpit:tournament-start", args=[t.pk]), follow=True)

    t.refresh_from_db()
    assert t.status == "running"
    assert t.level_clock is not None and t.level_clock.anchor_at is not None
    assert sorted(len(seated(tt)) for tt in open_tables(t)) == [4, 4]
    assert [len(table["seats"]) for table in response.context["tables"]] == [4, 4]
    body = response.content.decode()
    assert all(f"P{i:02d}" in body for i in range(1, 9))
    assert all(reverse("console:table", args=[tt.table_id]) in body for tt in open_tables(t))
    assert "Seats drawn" in " ".join(flashed(response))

    # drawing again is refused in plain words; the tables stay as they are
    response = client.post(reverse("cockpit:tournament-start", args=[t.pk]), follow=True)
    assert "the tournament has already started" in refused_on_page(response, 409)[0]
    assert response.context["section"] == "tables"
    assert TournamentTable.objects.filter(tournament=t).count() == 2


def test_the_seat_draw_needs_two_entries() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 1)
    response = client.post(reverse("cockpit:tournament-start", args=[t.pk]), follow=True)
    assert "a tournament needs two or more entries" in refused_on_page(response, 409)[0]
    t.refresh_from_db()
    assert t.status == "registering" and not TournamentTable.objects.filter(tournament=t).exists()


def test_rebuy_add_on_decline_and_re_entry_from_the_desk() -> None:
    # given three players, rebuys and add-ons in the first levels, one re-entry
    club, actor, client = given_director_client()
    t = given_running(
        club,
        actor,
        3,
        rebuy_until_level=1,
        rebuy_price=100,
        rebuy_chips=1000,
        addon_until_level=1,
        addon_price=100,
        addon_chips=500,
        reentry_until_level=2,
        reentry_limit=1,
    )
    first = Entry.objects.filter(tournament=t).select_related("seat").order_by("pk").first()
    assert first is not None and first.seat is not None

    desk = client.get(reverse("cockpit:registration", args=[t.pk])).content.decode()
    assert reverse("cockpit:entry-action", args=[first.pk, "rebuy"]) in desk
    assert reverse("cockpit:entry-action", args=[first.pk, "add-on"]) in desk

    def act(entry: Entry, action: str) -> list[str]:
        return flashed(client.post(reverse("cockpit:entry-action", args=[entry.pk, action]), follow=True))

    # a rebuy and an add-on: chips on the seat, counted on the entry
    assert act(first, "rebuy") == [f"{first.player.name} rebought."]
    assert act(first, "add-on") == [f"{first.player.name} took the add-on."]
    first.refresh_from_db()
    assert first.seat is not None
    assert (first.rebuys, first.add_ons, first.seat.stack) == (1, 1, 2500)

    # a second add-on is refused with the rule, and nothing changes
    [refusal] = act(first, "add-on")
    assert refusal.startswith("Refused:") and "rule:" in refusal
    first.refresh_from_db()
    assert first.seat is not None and (first.add_ons, first.seat.stack) == (1, 2500)

    # a player busts on a hand; they may rebuy, decline instead, and re-enter
    [tt] = open_tables(t)
    victim = min(seated(tt).values(), key=lambda s: s.stack)
    bust(actor, tt, [victim.number])
    out = Entry.objects.get(tournament=t, player=victim.player)
    assert out.status == "busted"
    assert act(out, "decline-rebuy") == [f"{out.player.name} declined the rebuy and is eliminated."]
    out.refresh_from_db()
    assert out.status == "eliminated"
    assert act(out, "reentry")[0].startswith(f"{out.player.name} re-entered")
    again = Entry.objects.get(tournament=t, player=out.player, number=2)
    assert again.status == "playing" and again.seat is not None and again.seat.stack == 1000

    # an unknown action is not a page
    assert client.post(reverse("cockpit:entry-action", args=[first.pk, "cash-out"])).status_code == 404


def test_a_tournament_is_published_and_unpublished_from_the_desk() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 2)
    url = reverse("cockpit:tournament-publish", args=[t.pk])

    response = client.post(url, {"published": "1"}, follow=True)
    assert flashed(response) == ["The tournament is published: the public pages show it."]
    t.refresh_from_db()
    assert t.published and "Unpublish" in response.content.decode()

    response = client.post(url, {"published": "0"}, follow=True)
    assert flashed(response) == ["The tournament is no longer published."]
    t.refresh_from_db()
    assert not t.published


def test_the_pages_follow_the_chosen_language() -> None:
    from django.conf import settings

    club, actor, client = given_director_client()
    t = given_running(club, actor, 2)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "ru"
    for name in ("cockpit:registration", "cockpit:clock", "cockpit:tables"):
        response = client.get(reverse(name, args=[t.pk]))
        assert response.status_code == 200
        assert '<html lang="ru">' in response.content.decode()


def test_the_longest_name_the_form_takes_still_draws_its_tables() -> None:
    club, _, client = given_director_client()
    url = reverse("cockpit:tournament-new", args=[club.pk])
    assert client.post(url, form_data(name="N" * 61)).status_code == 400
    assert client.post(url, form_data(name="N" * 60)).status_code == 302
    t = Tournament.objects.get(club=club)
    for name in ("Ana", "Budi"):
        client.post(reverse("cockpit:entry-register", args=[t.pk]), {"player_name": name})
    client.post(reverse("cockpit:tournament-start", args=[t.pk]))
    t.refresh_from_db()
    assert t.status == "running"
