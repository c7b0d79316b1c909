"""The setup service (apps.tournaments.setup) and the chip set's rules (apps.tournaments.chipset): a setup is
checked whole before anything is written, the edit stops at the seat draw, a template keeps the setup, and
a chip set makes every stack and level of real chips."""

from __future__ import annotations

import copy
import itertools
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as hs

from apps.core.errors import ApplicationError
from apps.engine.tournament import structure as st
from apps.tournaments import chipset, setup
from apps.tournaments.models import Tournament, TournamentTemplate
from apps.tournaments.seating import tournament_start
from apps.tournaments.services import entry_register
from tests.tournaments.helpers import given_director

pytestmark = pytest.mark.sqlite

SETUP: dict[str, Any] = {
    "name": "Pot-limit Draw",
    "game": {"kind": "five-card-draw", "structure": "pot-limit", "ante": 25, "opening": "jacks-or-better",
             "joker": "wild", "turn_time_limit": 30},
    "starting_stack": 2000,
    "structure": [
        {"seconds": 900, "ante": 25, "bet_units": [50, 50]},
        {"seconds": 600, "is_break": True},
        {"seconds": 900, "ante": 50, "bet_units": [100, 100]},
    ],
    "settings": {"buy_in": 25, "bounty": 5, "fee": 3, "seats_per_table": 6,
                 "payout": {"kind": "percentages", "percentages": ["50", "30", "20"]},
                 "chip_denominations": [25, 100, 500],
                 "chip_set": {"counts": {"25": 200, "100": 200, "500": 50}}},
    "time_bank": {"seconds": 60, "per": "tournament"},
}  # fmt: skip


def _setup(**changes: Any) -> dict[str, Any]:
    out = copy.deepcopy(SETUP)
    for path, value in changes.items():
        where = out
        *parents, last = path.split("__")
        for p in parents:
            where = where[p]
        where[last] = value
    return out


@pytest.mark.django_db
def test_a_setup_creates_the_tournament_its_clock_and_time_bank() -> None:
    club, actor = given_director()

    t = setup.tournament_setup_create(actor=actor, club=club, setup=_setup())

    assert (t.game, t.buy_in, t.bounty, t.payout) == (SETUP["game"], 25, 5, SETUP["settings"]["payout"])
    assert t.chip_denominations == [25, 100, 500] and t.chip_set["counts"]["25"] == 200
    assert t.level_clock is not None
    assert [(lv.get("ante"), lv.get("bet_units")) for lv in t.level_clock.structure] == [
        (25, [50, 50]),
        (None, None),
        (50, [100, 100]),
    ]
    assert (t.level_clock.time_bank_seconds, t.level_clock.time_bank_per) == (60, "tournament")
    assert setup.setup_of(t)["settings"]["payout"] == SETUP["settings"]["payout"]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("changes", "field", "code"),
    [
        ({"game__joker": "sometimes"}, None, "game_invalid"),
        ({"settings__seats_per_table": 8}, "seats_per_table", "seats_per_table_invalid"),
        ({"structure": [{"seconds": 900, "ante": 50}, {"seconds": 900, "ante": 25}]}, "structure", None),
        ({"structure": [{"seconds": 900, "ante": 25, "bet_units": [50]}]}, "structure[0]", "invalid"),
        ({"settings__bounty": 30}, "bounty", "invalid"),
        ({"settings__payout": {"kind": "percentages", "percentages": ["60", "30"]}}, None, "shares_sum"),
        ({"starting_stack": 2010}, "starting_stack", "amount_not_in_chips"),
        ({"structure": [{"seconds": 900, "ante": 30, "bet_units": [60, 60]}]}, "structure[0]", None),
        ({"settings__chip_set": {"counts": {"25": 200}}}, "chip_set", "invalid"),
        ({"time_bank": {"seconds": 99999, "per": "tournament"}}, "time_bank_seconds", "invalid"),
    ],
)
def test_a_setup_the_rules_refuse_names_the_field_and_writes_nothing(
    changes: dict[str, Any], field: str | None, code: str | None
) -> None:
    club, actor = given_director()

    with pytest.raises(ApplicationError) as refused:
        setup.tournament_setup_create(actor=actor, club=club, setup=_setup(**changes))

    assert refused.value.status_code == 400
    if field is not None:
        assert refused.value.detail["field"] == field
    if code is not None:
        assert refused.value.code == code
    assert not Tournament.objects.exists()


@pytest.mark.django_db
def test_the_setup_changes_until_the_seat_draw_only() -> None:
    club, actor = given_director()
    t = setup.tournament_setup_create(actor=actor, club=club, setup=_setup())
    edited = _setup(name="Renamed", game__structure="fixed-limit", time_bank={"seconds": 0, "per": "level"})
    edited["structure"].append({"seconds": 900, "ante": 100, "bet_units": [200, 200]})

    setup.tournament_setup_update(actor=actor, tournament=t, setup=edited)

    t.refresh_from_db()
    assert (t.name, t.game["structure"]) == ("Renamed", "fixed-limit")
    assert t.level_clock is not None and len(t.level_clock.structure) == 4
    assert t.level_clock.time_bank_per == "level"

    for name in ("Ana", "Budi"):
        entry_register(actor=actor, tournament=t, player_name=name)
    tournament_start(actor=actor, tournament=t)
    with pytest.raises(ApplicationError) as refused:
        setup.tournament_setup_update(actor=actor, tournament=t, setup=_setup(name="Too late"))
    assert refused.value.code == "seats_drawn"
    t.refresh_from_db()
    assert t.name == "Renamed"


@pytest.mark.django_db
def test_a_template_keeps_the_setup_and_replaces_one_of_its_name() -> None:
    club, actor = given_director()
    setup.tournament_template_save(actor=actor, club=club, name="Friday", setup=_setup())
    setup.tournament_template_save(actor=actor, club=club, name="Friday", setup=_setup(starting_stack=3000))

    [template] = TournamentTemplate.objects.filter(club=club)
    assert template.setup["starting_stack"] == 3000
    with pytest.raises(ApplicationError):
        setup.tournament_template_save(actor=actor, club=club, name=" ", setup=_setup())


def test_floors_table_for_paid_places_and_the_pool_without_the_bounty() -> None:
    assert setup.percentages_for_places(1) == ["100"]
    assert sum(float(p) for p in setup.percentages_for_places(5)) == pytest.approx(100)
    assert setup.prize_pool_for(entries=8, buy_in=25, bounty=5) == 160
    assert setup.payout_preview({"kind": "standard"}, entries=8, pool=160) == [160]


def test_a_template_scaled_to_a_small_stack_is_rounded_to_the_chips() -> None:
    levels = [lv.to_json() for lv in st.to_clock_levels(st.template("regular", "ante", starting_stack=1000))]
    assert (levels[0]["ante"], levels[0]["bet_units"]) == (3, [6, 6])  # what no chip set makes

    rounded = chipset.structure_round_to_chips(levels, [5, 25, 100])

    plays = [lv for lv in rounded if not lv.get("is_break")]
    assert [(lv["ante"], lv["bet_units"]) for lv in plays[:2]] == [(5, [10, 10]), (10, [20, 20])]
    assert all(a % 5 == 0 for lv in plays for a in (lv["ante"], *lv["bet_units"]))
    assert all(b["ante"] > a["ante"] for a, b in itertools.pairwise(plays))
    chipset.amounts_check(rounded, {"starting_stack": 1000}, [5, 25, 100])


@given(
    chips=hs.lists(hs.sampled_from([1, 5, 25, 100, 500, 1000, 5000]), min_size=1, max_size=5, unique=True),
    units=hs.integers(min_value=1, max_value=4000),
)
def test_a_stack_of_chips_is_worth_the_stack(chips: list[int], units: int) -> None:
    amount = units * min(chips)
    stack = chipset.stack_of_chips(amount, chips)
    assert sum(c * n for c, n in stack.items()) == amount
    assert set(stack) <= set(chips)


def test_the_plan_warns_when_the_set_cannot_cover_the_field() -> None:
    structure = [{"seconds": 900, "ante": 25, "bet_units": [50, 50]}, {"seconds": 900, "ante": 100}]
    plan = chipset.chip_plan(
        structure=structure,
        denominations=[25, 100],
        counts={25: 40, 100: 500},
        starting_stack=2000,
        entries=10,
        rebuys=5,
        rebuy_chips=2000,
    )
    assert plan.stack == {25: 8, 100: 18}
    assert plan.needed == {25: 120, 100: 270}
    assert plan.warnings == [
        "the field needs 120 chips of 25 (10 stacks, 5 rebuys, 0 add-ons) and the set has 40 (TDA 15)"
    ]
    assert plan.colour_ups == [{"level": 2, "removed": [25], "next_chip": 100, "at_break": False}]
    big = chipset.chip_plan(
        structure=structure,
        denominations=[25, 100],
        counts={25: 10**6, 100: 10**6},
        starting_stack=50000,
        entries=2,
    )
    assert any("Poker Club HQ" in w for w in big.warnings)  # 2,000 times the smallest chip
