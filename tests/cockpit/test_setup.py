"""The cockpit's tournament setup form through the test client, as a browser without scripts posts it: every
Five-Card Draw setting stored as given, the blind games' settings, levels generated, added, reordered and
removed, the percentages filled from Floor's table, the preview (pool, payouts, chips) writing nothing,
templates, the edit form until the draw, and refusals put on the field they name with nothing written."""

from __future__ import annotations

import pytest
from django.urls import reverse

from apps.tournaments.models import Tournament, TournamentTemplate
from tests.cockpit.helpers import flashed, given_director_client, given_running
from tests.cockpit.setup_helpers import FCD_LEVELS, form_data, rows_of
from tests.tournaments.helpers import given_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]

EVERY_OPTION = {
    "fcd_structure": "pot-limit",
    "fcd_ante": "25",
    "fcd_bet_unit": "50",
    "fcd_draw_limit": "3",
    "fcd_opening": "jacks-or-better",
    "fcd_round2_starter": "left-of-button",
    "fcd_joker": "bug",
    "turn_time_limit": "30",
    "time_bank_seconds": "60",
    "time_bank_per": "level",
}


def _new(club: object) -> str:
    return reverse("cockpit:tournament-new", args=[club.pk])  # type: ignore[attr-defined]


def test_every_five_card_draw_setting_is_stored_as_given() -> None:
    club, _, client = given_director_client()

    response = client.post(_new(club), form_data(action="save", **EVERY_OPTION))

    t = Tournament.objects.get(club=club)
    assert response.status_code == 302
    assert response["Location"] == reverse("cockpit:registration", args=[t.pk])
    assert t.game == {
        "kind": "five-card-draw",
        "mode": "betting",
        "structure": "pot-limit",
        "ante": 25,
        "bet_unit": 50,
        "draw_limit": "3",
        "opening": "jacks-or-better",
        "round2_starter": "left-of-button",
        "joker": "bug",
        "turn_time_limit": 30,
        "max_raises": 4,
    }
    assert t.level_clock is not None
    assert (t.level_clock.time_bank_seconds, t.level_clock.time_bank_per) == (60, "level")
    assert [lv.get("ante") for lv in t.level_clock.structure] == [25, 50, None, 100]
    assert t.level_clock.structure[2] == {"seconds": 600, "is_break": True}
    assert t.level_clock.anchor_at is None  # the clock waits for the seat draw


def test_the_defaults_are_the_source_sites() -> None:
    club, _, client = given_director_client()
    page = client.get(_new(club))
    form = page.context["form"]
    defaults = {name: form[name].value() for name in ("fcd_ante", "fcd_structure", "fcd_draw_limit")}
    assert defaults == {"fcd_ante": 10, "fcd_structure": "no-limit", "fcd_draw_limit": "3-or-4-with-ace"}
    assert (form["fcd_opening"].value(), form["fcd_round2_starter"].value()) == ("none", "opener")
    assert (form["fcd_joker"].value(), form["turn_time_limit"].value()) == ("off", None)
    assert form["starting_stack"].value() == 2000
    assert len(page.context["formset"].forms) > 5  # a generated structure to start from


def test_the_bounty_comes_out_of_the_buy_in_and_the_preview_shows_the_pool() -> None:
    club, _, client = given_director_client()
    data = form_data(action="preview", to_pool="20", bounty="5", fee="3", players="8")

    response = client.post(_new(club), data)

    preview = response.context["preview"]
    assert (preview["pays"], preview["pool"], preview["bounties"], preview["fees"]) == (28, 160, 40, 24)
    assert preview["payouts"] == [160]  # Floor's table pays one place of eight
    assert not Tournament.objects.filter(club=club).exists()  # a preview writes nothing

    client.post(_new(club), {**data, "action": "save"})
    t = Tournament.objects.get(club=club)
    assert (t.buy_in, t.bounty, t.fee) == (25, 5, 3)  # the engine's buy-in holds the bounty


def test_three_paid_places_from_floors_table_or_my_percentages() -> None:
    club, _, client = given_director_client()

    filled = client.post(_new(club), form_data(action="preset", paid_places="3"))
    assert filled.context["form"]["percentages"].value() == "48.93, 28.88, 22.19"
    assert filled.context["form"]["payout_kind"].value() == "percentages"

    data = form_data(payout_kind="percentages", percentages="50, 30, 20", players="8", action="preview")
    assert client.post(_new(club), data).context["preview"]["payouts"] == [400, 240, 160]
    client.post(_new(club), {**data, "action": "save"})
    assert Tournament.objects.get(club=club).payout == {
        "kind": "percentages",
        "percentages": ["50", "30", "20"],
    }


def test_levels_are_added_reordered_removed_and_generated() -> None:
    club, _, client = given_director_client()
    url = _new(club)

    added = client.post(url, form_data(action="add_break"))
    last = rows_of(added)[-1]
    assert (last["is_break"], last["minutes"], len(rows_of(added))) == ("on", "10", len(FCD_LEVELS) + 1)
    assert client.post(url, form_data(action="add_level")).context["formset"].forms[-1]["ante"].value() == 100

    # the break moves to the end (Order), the second level is removed; the rest is saved in that order
    rows = [dict(r) for r in FCD_LEVELS]
    rows[2]["ORDER"] = "9"
    rows[1]["DELETE"] = "on"
    client.post(url, form_data(rows, action="save"))
    t = Tournament.objects.get(club=club)
    assert t.level_clock is not None
    assert [lv.get("ante", "break") for lv in t.level_clock.structure] == [25, 100, "break"]

    generated = client.post(url, form_data(action="generate", template="regular", starting_stack="1000"))
    first = rows_of(generated)[0]
    assert (first["ante"], first["bet_units"]) == ("3", "6/6")  # the template scaled; no chip set to round to


def test_a_chip_set_rounds_the_levels_and_plans_the_colour_ups() -> None:
    club, _, client = given_director_client()
    chips = "5×300, 25×200, 100×100, 500×40"
    data = form_data(action="generate", starting_stack="1000", template="regular", chips=chips)

    generated = rows_of(client.post(_new(club), data))
    # unrounded, a 1,000 stack gives ante 3, bets 6/6 then ante 8, bets 16/16: no chip set makes those
    levels = [r for r in generated if "is_break" not in r]
    assert [(r["ante"], r["bet_units"]) for r in levels[:2]] == [("5", "10/10"), ("10", "20/20")]
    assert all(int(r["ante"]) % 5 == 0 for r in levels)

    preview = client.post(
        _new(club), form_data(generated, action="preview", starting_stack="1000", chips=chips)
    )
    plan = preview.context["preview"]["plan"]
    assert sum(c * n for c, n in plan.stack.items()) == 1000
    assert [u["removed"] for u in plan.colour_ups] == [[5], [25]]
    assert plan.warnings == []

    # a field the set cannot cover is warned of; amounts no chip pays are refused on their field
    short = client.post(
        _new(club),
        form_data(generated, action="preview", starting_stack="1000", chips="5×20, 25×200, 100×100"),
    )
    assert "needs 100 chips of 5 and the set has 20 (TDA 15" in short.content.decode()  # the page says so
    [warning] = short.context["preview"]["plan"].warnings
    assert (
        warning.startswith("the field needs 100 chips of 5 (10 stacks")
        and "the set has 20 (TDA 15)" in warning
    )
    refused = client.post(_new(club), form_data(action="save", starting_stack="1002", chips=chips))
    assert refused.status_code == 400
    assert "starting_stack" in refused.context["form"].errors
    assert "amount_not_in_chips" in refused.context["form"].errors["starting_stack"][0]
    assert not Tournament.objects.filter(club=club).exists()


@pytest.mark.parametrize("game", ["2-7-triple-draw", "2-7-single-draw"])
def test_a_blind_game_takes_its_blinds_from_the_first_level(game: str) -> None:
    club, _, client = given_director_client()
    base = {"game": game, "template": "regular", "starting_stack": "10000", "sd_forced": "antes"}
    rows = rows_of(client.post(_new(club), form_data(action="generate", **base)))

    response = client.post(_new(club), form_data(rows, action="save", **base))

    assert response.status_code == 302
    t = Tournament.objects.get(club=club)
    assert t.level_clock is not None
    first = next(lv for lv in t.level_clock.structure if not lv.get("is_break"))
    assert 0 < first["small_blind"] < first["big_blind"]
    assert (t.game["small_blind"], t.game["big_blind"], t.game["ante"]) == (
        first["small_blind"],
        first["big_blind"],
        first["ante"],
    )
    if game == "2-7-single-draw":
        assert t.game["structure"] == "no-limit" and first["ante"] == first["big_blind"] // 10
    else:
        assert t.game["max_raises"] == 4 and first["ante"] == 0
    for name in ("Ana", "Budi", "Carla"):
        client.post(reverse("cockpit:entry-register", args=[t.pk]), {"player_name": name})
    client.post(reverse("cockpit:tournament-start", args=[t.pk]))
    t.refresh_from_db()
    assert t.status == "running" and t.tables.get().table.game["kind"] == game


def test_refusals_name_the_field_and_write_nothing() -> None:
    club, _, client = given_director_client()
    url = _new(club)

    response = client.post(url, form_data(action="save", name="", seats_per_table="8"))
    assert response.status_code == 400 and "name" in response.context["form"].errors

    response = client.post(url, form_data(action="save", seats_per_table="8"))
    assert response.status_code == 400
    assert "seats_per_table_invalid" in response.context["form"].errors["seats_per_table"][0]

    response = client.post(url, form_data(action="save", bounty="200", to_pool="-1"))
    assert response.status_code == 400 and "to_pool" in response.context["form"].errors

    # a level that lowers the ante: refused on the structure, with the rule's code
    rows = [dict(r) for r in FCD_LEVELS]
    rows[1]["ante"] = "5"
    response = client.post(url, form_data(rows, action="save"))
    assert response.status_code == 400
    assert "structure_decreasing" in " ".join(response.context["form"].non_field_errors())

    response = client.post(url, form_data(action="save", payout_kind="percentages", percentages="60, 30"))
    assert response.status_code == 400 and "shares_sum" in response.context["form"].errors["percentages"][0]
    assert not Tournament.objects.filter(club=club).exists()


def test_save_as_a_template_and_start_from_it() -> None:
    club, _, client = given_director_client()
    data = form_data(action="save_template", template_title="Friday PL", **EVERY_OPTION)

    response = client.post(_new(club), data)

    assert "Saved as the template “Friday PL”." in flashed(response)
    assert not Tournament.objects.filter(club=club).exists()
    template = TournamentTemplate.objects.get(club=club)
    page = client.get(_new(club) + f"?from={template.pk}")
    form = page.context["form"]
    assert (form["fcd_structure"].value(), form["fcd_joker"].value(), form["turn_time_limit"].value()) == (
        "pot-limit",
        "bug",
        30,
    )
    assert [(r.get("is_break"), r["ante"]) for r in rows_of(page)] == [
        (None, "25"),
        (None, "50"),
        ("on", "0"),
        (None, "100"),
    ]
    assert client.get(_new(club) + "?from=999999").status_code == 404


def test_the_setup_is_edited_until_the_draw() -> None:
    club, actor, client = given_director_client()
    client.post(_new(club), form_data(action="save"))
    t = Tournament.objects.get(club=club)
    url = reverse("cockpit:tournament-setup", args=[t.pk])

    page = client.get(url)
    assert page.status_code == 200 and page.context["form"]["to_pool"].value() == 100
    rows = rows_of(page)
    response = client.post(url, form_data(rows, action="save", fcd_joker="wild", name="Renamed"))
    assert response.status_code == 302
    t.refresh_from_db()
    assert (t.name, t.game["joker"]) == ("Renamed", "wild")

    running = given_running(club, actor, 2)
    response = client.post(
        reverse("cockpit:tournament-setup", args=[running.pk]), form_data(action="save", name="Late")
    )
    assert response.status_code == 409
    assert "seats_drawn" in " ".join(response.context["form"].non_field_errors())
    running.refresh_from_db()
    assert running.name != "Late"


PLAN = {"players": "24", "hours": "4.5", "level_minutes": "25", "expected_rebuys": "6", "paid_places": "4"}


def test_the_edit_form_shows_the_planning_fields_as_typed_at_creation_and_after_a_save() -> None:
    club, _actor, client = given_director_client()
    client.post(_new(club), form_data(action="save", source="suggest", **PLAN))
    t = Tournament.objects.get(club=club)
    url = reverse("cockpit:tournament-setup", args=[t.pk])
    form = client.get(url).context["form"]
    shown = {name: form[name].value() for name in PLAN}
    assert shown == {"players": 24, "hours": 4.5, "level_minutes": 25, "expected_rebuys": 6, "paid_places": 4}
    assert form["source"].value() == "suggest"

    page = client.get(url)
    changed = {**PLAN, "players": "30", "paid_places": ""}
    assert client.post(url, form_data(rows_of(page), action="save", **changed)).status_code == 302
    form = client.get(url).context["form"]
    assert (form["players"].value(), form["paid_places"].value(), form["hours"].value()) == (30, None, 4.5)


def test_another_clubs_director_cannot_see_or_edit_the_setup() -> None:
    club, actor, _ = given_director_client()
    t = given_tournament(club, actor, 0)
    _, _, other = given_director_client()
    url = reverse("cockpit:tournament-setup", args=[t.pk])
    assert other.get(url).status_code == 404
    assert other.post(url, form_data(action="save")).status_code == 404
