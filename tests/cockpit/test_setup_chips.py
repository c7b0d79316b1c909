"""The setup form's chip set and templates through the test client: the starting stack built of the
director's own chips (checked: chips of the set, worth the stack), the coverage warning counting the
colour-ups, a template keeping every field the form has, and the PKO box kept on edit."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from apps.tournaments import chipset
from apps.tournaments.models import Tournament, TournamentTemplate
from tests.cockpit.helpers import given_director_client
from tests.cockpit.setup_helpers import form_data, rows_of

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]

CHIPS = "25×400, 100×300, 500×50"


def _new(club: Any) -> str:
    return reverse("cockpit:tournament-new", args=[club.pk])


def _setup_url(t: Tournament) -> str:
    return reverse("cockpit:tournament-setup", args=[t.pk])


def test_the_starting_stack_is_built_of_the_directors_chips() -> None:
    club, _, client = given_director_client()
    data = form_data(action="preview", starting_stack="2000", chips=CHIPS, stack_chips="25×20, 100×15")

    preview = client.post(_new(club), data)
    assert preview.status_code == 200
    assert preview.context["preview"]["plan"].stack == {25: 20, 100: 15}
    assert [(r["chip"], r["stack"]) for r in preview.context["preview"]["chip_rows"]] == [
        (25, 20),
        (100, 15),
        (500, 0),
    ]

    assert client.post(_new(club), {**data, "action": "save"}).status_code == 302
    t = Tournament.objects.get(club=club)
    assert t.chip_set["stack"] == {"25": 20, "100": 15}
    edit = client.get(_setup_url(t))
    assert edit.context["form"]["stack_chips"].value() == "25×20, 100×15"


def test_floors_own_stack_is_not_shown_as_the_directors() -> None:
    club, _, client = given_director_client()
    client.post(_new(club), form_data(action="save", starting_stack="2000", chips=CHIPS))
    t = Tournament.objects.get(club=club)
    assert t.chip_set["stack"] == {str(c): n for c, n in chipset.stack_of_chips(2000, [25, 100, 500]).items()}
    # empty on the form, so a changed starting stack gets its chips built again
    edit = client.get(_setup_url(t))
    assert edit.context["form"]["stack_chips"].value() == ""
    response = client.post(
        _setup_url(t), form_data(rows_of(edit), action="save", starting_stack="3000", chips=CHIPS)
    )
    assert response.status_code == 302
    t.refresh_from_db()
    assert sum(int(c) * n for c, n in t.chip_set["stack"].items()) == 3000


@pytest.mark.parametrize(
    ("stack", "words"),
    [
        ("25×20, 100×10", "worth 1500, not the starting stack of 2000"),
        ("5×100, 100×15", "uses chips of 5, which the set does not have"),
    ],
)
@pytest.mark.parametrize("action", ["preview", "save"])
def test_a_stack_the_set_cannot_make_is_refused_on_its_field(stack: str, words: str, action: str) -> None:
    club, _, client = given_director_client()
    data = form_data(action=action, starting_stack="2000", chips=CHIPS, stack_chips=stack)

    response = client.post(_new(club), data)

    assert response.status_code == 400
    [error] = response.context["form"].errors["stack_chips"]
    assert words in error and "stack_chips_invalid" in error
    assert words in response.content.decode()
    assert not Tournament.objects.filter(club=club).exists()


def test_a_stack_in_chips_needs_the_chip_set() -> None:
    club, _, client = given_director_client()
    response = client.post(_new(club), form_data(action="save", stack_chips="25×80"))
    assert response.status_code == 400
    assert "Give the chip set first" in response.context["form"].errors["stack_chips"][0]


def test_the_coverage_counts_what_the_colour_ups_bring_back() -> None:
    structure = [{"seconds": 900, "ante": 25, "bet_units": [50, 50]}, {"seconds": 900, "ante": 100}]
    # 10 stacks of 8×25 + 18×100: 80 and 180 at the start; the 25s raced off before level 2 come back as
    # 80 × 25 / 100 = 20 more 100s: 200, and the set has 190
    plan = chipset.chip_plan(
        structure=structure,
        denominations=[25, 100],
        counts={25: 1000, 100: 190},
        starting_stack=2000,
        entries=10,
    )
    assert plan.needed == {25: 80, 100: 180}
    assert plan.short == [(100, 200, 190, 2)]
    assert plan.warnings == [
        "the field needs 200 chips of 100 after the colour-up before level 2 (10 stacks, 0 rebuys, "
        "0 add-ons) and the set has 190 (TDA 15)"
    ]
    enough = chipset.chip_plan(
        structure=structure,
        denominations=[25, 100],
        counts={25: 1000, 100: 200},
        starting_stack=2000,
        entries=10,
    )
    assert enough.short == []


def test_the_page_warns_of_a_colour_up_the_set_cannot_cover() -> None:
    club, _, client = given_director_client()
    levels = [
        {"minutes": "15", "ante": "25", "bet_units": "50/50"},
        {"minutes": "15", "ante": "100", "bet_units": "200/200"},
    ]
    response = client.post(
        _new(club),
        form_data(levels, action="preview", starting_stack="2000", chips="25×1000, 100×190", players="10"),
    )
    text = response.content.decode()
    assert "After the colour-up before level 2, the field (10 stacks" in text
    assert "needs 200 chips of 100 and the set has 190" in text


EVERYTHING = {
    "starting_stack": "2000",
    "chips": CHIPS,
    "stack_chips": "25×20, 100×15",
    "source": "suggest",
    "players": "9",
    "hours": "3.5",
    "level_minutes": "15",
    "expected_rebuys": "4",
    "to_pool": "20",
    "bounty": "10",
    "progressive_bounty": "on",
    "fee": "3",
    "late_reg_until_level": "3",
    "rebuy_until_level": "3",
    "rebuy_limit": "2",
    "rebuy_max_stack": "2000",
    "rebuy_price": "20",
    "rebuy_chips": "2000",
    "addon_from_level": "3",
    "addon_until_level": "4",
    "addon_price": "10",
    "addon_chips": "1000",
    "reentry_until_level": "2",
    "reentry_limit": "1",
    "payout_kind": "percentages",
    "paid_places": "3",
    "percentages": "50, 30, 20",
    "published": "on",
    "fcd_structure": "pot-limit",
    "fcd_joker": "wild",
    "turn_time_limit": "30",
    "time_bank_seconds": "60",
    "time_bank_per": "level",
}


def _shown(value: Any) -> str:
    return "on" if value is True else "" if value in (None, False) else str(value)


def _box(page: Any, name: str) -> str:
    """The page's input tag of ``name``."""
    html = page.content.decode()
    start = html.rindex("<input", 0, html.index(f'name="{name}"'))
    return html[start : html.index(">", start)]


def test_a_template_keeps_everything_the_form_has() -> None:
    club, _, client = given_director_client()
    data = form_data(action="save_template", template_title="Rebuy night", **EVERYTHING)
    assert client.post(_new(club), data).status_code == 200
    template = TournamentTemplate.objects.get(club=club, name="Rebuy night")

    page = client.get(_new(club) + f"?from={template.pk}")

    form = page.context["form"]
    skip = {"name", "template_title", "action"}
    typed = {k: v for k, v in data.items() if k in form.fields and k not in skip}
    assert {k: _shown(form[k].value()) for k in typed} == typed
    assert "checked" in _box(page, "progressive_bounty")


def test_the_pko_box_is_saved_and_shown_again_on_edit() -> None:
    club, _, client = given_director_client()
    client.post(_new(club), form_data(action="save", bounty="10", progressive_bounty="on"))
    t = Tournament.objects.get(club=club)
    assert (t.progressive_bounty, t.bounty) == (True, 10)

    edit = client.get(_setup_url(t))
    assert edit.context["form"]["progressive_bounty"].value() is True
    assert "checked" in _box(edit, "progressive_bounty")

    # unticked on edit, it is saved unticked
    client.post(_setup_url(t), form_data(rows_of(edit), action="save", bounty="10"))
    t.refresh_from_db()
    assert t.progressive_bounty is False
    assert "checked" not in _box(client.get(_setup_url(t)), "progressive_bounty")
