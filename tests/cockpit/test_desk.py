"""The registration desk's pages: rename, remove, undo a registration, undo a bust-out; rebuy and add-on
buttons only when the rules allow them now; the name box keeps the cursor; the print sheets (A4 or Letter);
the PKO heads on the public pages. A refusal answers with its 4xx and code, and writes nothing."""

from __future__ import annotations

import pytest
from django.urls import reverse

from apps.tournaments import seating, services
from apps.tournaments.models import DeskRecord, Entry
from tests.cockpit.helpers import bust, flashed, given_director_client, given_running
from tests.tournaments.helpers import given_tournament, level_jump, open_tables, seated

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def test_rename_and_remove_a_typo_before_the_draw() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 2)
    typo = services.entry_register(actor=actor, tournament=t, player_name="Hanna typo")

    response = client.post(reverse("cockpit:entry-rename", args=[typo.pk]), {"name": "Hannah"}, follow=True)
    assert flashed(response) == ["Hanna typo is now Hannah."]

    # a name already registered: 409 with its code, nothing renamed
    response = client.post(reverse("cockpit:entry-rename", args=[typo.pk]), {"name": "P01"})
    assert response.status_code == 409 and "already_registered" in response.content.decode()
    assert Entry.objects.get(pk=typo.pk).player.name == "Hannah"
    response = client.post(reverse("cockpit:entry-rename", args=[typo.pk]), {"name": ""})
    assert response.status_code == 400

    response = client.post(reverse("cockpit:entry-remove", args=[typo.pk]), follow=True)
    assert flashed(response) == ["Hannah is removed; hand back 100."]
    assert t.entries.count() == 2
    assert response.context["prize_pool"] == 200


def test_after_the_draw_a_removal_without_a_reason_is_a_400_naming_the_rule() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 4)
    e = Entry.objects.filter(tournament=t).first()
    assert e is not None
    response = client.post(reverse("cockpit:entry-remove", args=[e.pk]), {"reason": ""})
    assert response.status_code == 400
    body = response.content.decode()
    assert "reason_required" in body and "rule:" in body
    assert Entry.objects.get(pk=e.pk).status == "playing"
    response = client.post(reverse("cockpit:entry-remove", args=[e.pk]), {"reason": "left before playing"})
    assert response.status_code == 302 and Entry.objects.get(pk=e.pk).status == "removed"


def test_undo_the_last_registration_and_the_name_box_keeps_the_cursor() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 1)
    response = client.post(
        reverse("cockpit:entry-register", args=[t.pk]), {"player_name": "Oops"}, follow=True
    )
    body = response.content.decode()
    assert 'id="id_player_name"' in body and "autofocus" in body
    oops = Entry.objects.get(tournament=t, player__name="Oops")
    first = Entry.objects.get(tournament=t, player__name="P01")
    assert reverse("cockpit:entry-undo", args=[oops.pk]) in body
    assert reverse("cockpit:entry-undo", args=[first.pk]) not in body

    response = client.post(reverse("cockpit:entry-undo", args=[first.pk]))
    assert response.status_code == 409 and "not_last_registration" in response.content.decode()
    response = client.post(reverse("cockpit:entry-undo", args=[oops.pk]), follow=True)
    assert flashed(response) == ["The registration of Oops is undone."]
    assert list(t.entries.values_list("player__name", flat=True)) == ["P01"]


def test_the_add_on_button_shows_only_in_its_levels_and_a_refusal_is_a_422() -> None:
    club, actor, client = given_director_client()
    t = given_running(
        club, actor, 3, addon_from_level=2, addon_until_level=2, addon_price=100, addon_chips=500,
        rebuy_until_level=3, rebuy_price=100, rebuy_chips=1000, rebuy_max_stack=500,
    )  # fmt: skip
    e = Entry.objects.filter(tournament=t).first()
    assert e is not None
    desk = reverse("cockpit:registration", args=[t.pk])
    add_on = reverse("cockpit:entry-action", args=[e.pk, "add-on"])
    rebuy = reverse("cockpit:entry-action", args=[e.pk, "rebuy"])

    # level 1: no add-on yet; a stack of 1000 is above the rebuy's 500
    body = client.get(desk).content.decode()
    assert add_on not in body and rebuy not in body
    response = client.post(add_on)
    assert response.status_code == 422 and "add_on_closed" in response.content.decode()
    assert Entry.objects.get(pk=e.pk).add_ons == 0

    # level 2 (the structure's index 1): the add-on is offered
    level_jump(actor, t, 1)
    assert add_on in client.get(desk).content.decode()
    assert client.post(add_on).status_code == 302
    assert add_on not in client.get(desk).content.decode()  # one add-on each


def test_undo_a_bust_out_from_the_desk() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 3, seats_per_table=3, bounty=10)
    (tt,) = open_tables(t)
    victim = min(seated(tt).values(), key=lambda s: s.stack)
    bust(actor, tt, [victim.number])
    out = Entry.objects.get(tournament=t, player=victim.player)
    assert out.status == "eliminated"
    url = reverse("cockpit:entry-undo-bust", args=[out.pk])
    assert url in client.get(reverse("cockpit:registration", args=[t.pk])).content.decode()

    assert client.post(url, {"reason": ""}).status_code == 400
    response = client.post(url, {"reason": "wrong winner keyed", "stack": "700"}, follow=True)
    assert flashed(response)[0].startswith(f"{out.player.name} plays again at table 1")
    out.refresh_from_db()
    assert out.status == "playing" and out.seat is not None and out.seat.stack == 700
    assert DeskRecord.objects.get(tournament=t, kind="bust_undone").detail["bust"]["place"] == 3

    # nothing left to undo: a second try is a 409
    response = client.post(url, {"reason": "again"})
    assert response.status_code == 409 and "entry_not_eliminated" in response.content.decode()


@pytest.mark.parametrize(("paper", "css"), [("a4", "print-a4.css"), ("letter", "print-letter.css")])
def test_the_print_sheets_on_a4_or_letter(paper: str, css: str) -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 5, seats_per_table=3)
    seating.tournament_start(actor=actor, tournament=t)
    assert (
        reverse("cockpit:print", args=[t.pk])
        in client.get(reverse("cockpit:registration", args=[t.pk])).content.decode()
    )
    for sheet in ("seats", "moves", "signin", "payouts", "results"):
        response = client.get(reverse("cockpit:print-sheet", args=[t.pk, sheet]), {"paper": paper})
        assert response.status_code == 200, sheet
        assert css in response.content.decode()
    cards = client.get(reverse("cockpit:print-sheet", args=[t.pk, "seats"])).context["cards"]
    assert len(cards) == 5 and {(c["table"], c["seat"]) for c in cards} == {
        (m.to_table, m.to_seat) for m in t.moves.filter(kind="draw")
    }
    assert (
        client.get(reverse("cockpit:print-sheet", args=[t.pk, "seats"]), {"paper": "a3"}).status_code == 404
    )
    assert client.get(reverse("cockpit:print-sheet", args=[t.pk, "menus"])).status_code == 404


def test_pko_heads_on_the_public_standings_and_the_clock() -> None:
    club, actor, client = given_director_client()
    t = given_running(club, actor, 3, seats_per_table=3, bounty=40, progressive_bounty=True, published=True)
    (tt,) = open_tables(t)
    victim = min(seated(tt).values(), key=lambda s: s.stack)
    bust(actor, tt, [victim.number])
    standings = client.get(reverse("public:standings", args=[t.pk])).content.decode()
    assert "Bounty on the head" in standings and ">60<" in standings
    clock = client.get(reverse("public:clock", args=[t.pk])).content.decode()
    assert 'id="heads"' in clock and ">60<" in clock
