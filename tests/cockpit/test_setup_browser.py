"""The setup form in Debian's Chromium: a director sets up a pot-limit Five-Card Draw with jacks or better,
a wild joker, a turn clock and a time bank, a chip set, levels generated, edited, a break added and moved,
three paid places from Floor's table; the stored tournament is exactly what was entered, and the dealer's
console at its table steps the amount box by the bet unit and says so. On a laptop and a 360-pixel phone."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import expect

from apps.accounts import services as accounts
from apps.accounts.permissions import Actor
from apps.tables import services as tables
from apps.tournaments.models import Tournament
from apps.tournaments.seating import tournament_start
from apps.tournaments.services import entry_register
from tests.browser import screenshot
from tests.cockpit.setup_pages import levels_on_page, submit
from tests.factories import ClubFactory, director_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True), pytest.mark.sqlite]

PHONE = {"width": 360, "height": 740}
CHIPS = "25×400, 100×300, 500×100, 1000×50"


@pytest.fixture(autouse=True)
def short_streams(settings: Any, page: Any) -> Any:
    settings.FLOOR_SSE_LIFETIME = 1
    page.set_default_timeout(30_000)  # 2 cores shared by the whole suite: slow is not wrong
    yield
    page.goto("about:blank")


def test_a_director_sets_up_a_pot_limit_draw_and_the_console_steps_by_the_unit(
    page: Any, live_server: Any
) -> None:
    club = ClubFactory(name="Saturday Draw Club")
    dora = director_of(club, username="dora")
    page.goto(live_server.url + "/cockpit/")
    page.fill("#id_username", "dora")
    page.fill("#id_password", "pw-for-tests")
    submit(page, "button[type=submit]")
    page.click("nav.cockpit-menu >> text=New tournament")
    page.wait_for_selector("#setup-form")

    # only Five-Card Draw's settings show (the script hides the others'); the blinds columns too
    assert page.locator("fieldset[data-game='five-card-draw']").is_visible()
    assert not page.locator("fieldset[data-game='2-7-triple-draw']").is_visible()
    page.select_option("#id_game", "2-7-triple-draw")
    assert page.locator("#id_td_max_raises").is_visible() and not page.locator("#id_fcd_joker").is_visible()
    page.select_option("#id_game", "five-card-draw")

    page.fill("#id_name", "Pot-limit Jacks")
    page.fill("#id_starting_stack", "5000")
    page.select_option("#id_fcd_structure", "pot-limit")
    page.select_option("#id_fcd_opening", "jacks-or-better")
    page.select_option("#id_fcd_joker", "wild")
    page.fill("#id_fcd_ante", "25")
    page.fill("#id_turn_time_limit", "30")
    page.fill("#id_time_bank_seconds", "90")
    page.fill("#id_chips", CHIPS)
    page.fill("#id_to_pool", "20")
    page.fill("#id_bounty", "5")
    page.fill("#id_fee", "3")
    page.fill("#id_players", "8")
    page.select_option("#id_template", "turbo")
    submit(page, "#generate")
    assert page.input_value("#id_levels-0-ante") == "25"  # 5,000 × turbo's first level, rounded to chips
    assert page.input_value("#id_levels-0-bet_units") == "50/50"

    # edit: a longer first level, the third removed, a break added and moved after the first level
    page.fill("#id_levels-0-minutes", "12")
    page.check("#id_levels-2-DELETE")
    submit(page, "#add-break")
    last = int(page.input_value("#id_levels-TOTAL_FORMS")) - 1
    assert page.is_checked(f"#id_levels-{last}-is_break")
    page.fill(f"#id_levels-{last}-minutes", "5")
    page.fill(f"#id_levels-{last}-ORDER", "1")
    page.fill("#id_levels-0-ORDER", "0")

    # three paid places from Floor's table
    page.fill("#id_paid_places", "3")
    submit(page, "#preset")
    assert page.input_value("#id_percentages") == "48.93, 28.88, 22.19"
    # the starting stack in the director's own chips: one that is not worth the stack is refused on its field
    page.fill("#id_stack_chips", "25×20, 100×15, 500×4")
    submit(page, "#preview")
    expect(page.locator("#id_stack_chips_error")).to_contain_text(
        "worth 4000, not the starting stack of 5000"
    )
    page.fill("#id_stack_chips", "25×20, 100×15, 500×4, 1000×1")
    submit(page, "#preview")
    expect(page.locator("#preview-chips tbody tr").first).to_contain_text("20")
    assert page.locator("#preview-pool").inner_text() == "160"  # 8 × 20: the bounty is not in the pool
    assert page.locator("#preview-payouts li").count() == 3
    assert page.locator("#preview-chips").is_visible()
    screenshot(page, "cockpit-setup-laptop")
    page.set_viewport_size(PHONE)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    screenshot(page, "cockpit-setup-phone")
    page.set_viewport_size({"width": 1280, "height": 800})

    entered = levels_on_page(page)
    assert entered[0]["seconds"] == 720 and entered[1] == {"seconds": 300, "is_break": True}
    submit(page, "#save")
    assert page.locator("h1").inner_text() == "Registration desk"

    t = Tournament.objects.select_related("level_clock").get(club=club)
    assert t.game == {
        "kind": "five-card-draw",
        "mode": "betting",
        "structure": "pot-limit",
        "ante": 25,
        "draw_limit": "3-or-4-with-ace",
        "opening": "jacks-or-better",
        "round2_starter": "opener",
        "joker": "wild",
        "turn_time_limit": 30,
        "max_raises": 4,
    }
    assert t.level_clock is not None and t.level_clock.structure == entered
    assert (t.level_clock.time_bank_seconds, t.level_clock.time_bank_per) == (90, "tournament")
    assert (t.buy_in, t.bounty, t.fee, t.starting_stack) == (25, 5, 3, 5000)
    assert t.payout == {"kind": "percentages", "percentages": ["48.93", "28.88", "22.19"]}
    assert t.chip_denominations == [25, 100, 500, 1000]
    assert t.chip_set["counts"] == {"25": 400, "100": 300, "500": 100, "1000": 50}
    assert t.chip_set["stack"] == {"25": 20, "100": 15, "500": 4, "1000": 1}

    # the draw, a hand at the table, and the dealer's console: the box steps by the unit and says so
    actor = Actor(user=dora)
    for name in ("Ana", "Budi", "Carla", "Dmitri", "Eko", "Fina"):
        entry_register(actor=actor, tournament=t, player_name=name)
    tournament_start(actor=actor, tournament=t)
    table = t.tables.get().table
    tables.hand_start(actor=actor, table=table)
    _, raw = accounts.device_issue(actor=actor, club=club, name="Tablet", table_ids=[table.pk])
    page.goto(f"{live_server.url}/console/open/{raw}/")
    page.wait_for_selector("#console[data-ready='true']")
    amount = page.locator("#act-amount")
    amount.wait_for()
    assert amount.get_attribute("step") == "50" and amount.input_value() == "50"
    label = page.locator("label[for=act-amount]").inner_text()
    assert "in steps of 50" in label and "from 50 to 150" in label  # pot-limit: the pot of six antes
