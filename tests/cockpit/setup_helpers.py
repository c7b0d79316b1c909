"""The setup form's POST data, built as a browser without scripts would send it."""

from __future__ import annotations

from typing import Any

BASE: dict[str, Any] = {
    "name": "Sunday Draw",
    "game": "five-card-draw",
    "starting_stack": "5000",
    "seats_per_table": "6",
    "fcd_mode": "betting",
    "fcd_hands": "10",
    "fcd_structure": "no-limit",
    "fcd_ante": "10",
    "fcd_bet_unit": "",
    "fcd_max_raises": "4",
    "fcd_draw_limit": "3-or-4-with-ace",
    "fcd_opening": "none",
    "fcd_round2_starter": "opener",
    "fcd_joker": "off",
    "td_forced": "none",
    "td_max_raises": "4",
    "sd_forced": "big-blind-ante",
    "sd_structure": "no-limit",
    "turn_time_limit": "",
    "time_bank_seconds": "0",
    "time_bank_per": "tournament",
    "source": "template",
    "template": "turbo",
    "players": "",
    "hours": "",
    "level_minutes": "",
    "to_pool": "100",
    "bounty": "0",
    "fee": "10",
    "rebuy_price": "0",
    "rebuy_chips": "0",
    "addon_price": "0",
    "addon_chips": "0",
    "payout_kind": "standard",
    "paid_places": "",
    "percentages": "",
    "chips": "",
    "expected_rebuys": "0",
    "template_title": "",
}

FCD_LEVELS = [
    {"minutes": "15", "ante": "25", "bet_units": "50/50"},
    {"minutes": "15", "ante": "50", "bet_units": "100/100"},
    {"is_break": "on", "minutes": "10"},
    {"minutes": "15", "ante": "100", "bet_units": "200/200"},
]


def form_data(levels: list[dict[str, str]] | None = None, **fields: Any) -> dict[str, Any]:
    """The form's fields (``BASE`` with ``fields`` over it) and the levels formset's rows."""
    rows = FCD_LEVELS if levels is None else levels
    data = {**BASE, **{k: str(v) for k, v in fields.items()}}
    data |= {
        "levels-TOTAL_FORMS": str(len(rows)),
        "levels-INITIAL_FORMS": str(len(rows)),
        "levels-MIN_NUM_FORMS": "0",
        "levels-MAX_NUM_FORMS": "200",
    }
    for i, row in enumerate(rows):
        cells = {"minutes": "20", "small_blind": "0", "big_blind": "0", "ante": "0", "big_blind_ante": "0"}
        cells |= {"bet_units": "", "ORDER": str(i + 1)} | row
        for key, value in cells.items():
            data[f"levels-{i}-{key}"] = value
    return data


def rows_of(response: Any) -> list[dict[str, str]]:
    """The levels formset's rows as the page shows them (after ``generate``, ``add_level``...), to post."""
    rows = []
    for form in response.context["formset"]:
        row = {}
        for name in ("minutes", "small_blind", "big_blind", "ante", "big_blind_ante", "bet_units"):
            value = form[name].value()
            row[name] = "" if value is None else str(value)
        if form["is_break"].value():
            row["is_break"] = "on"
        rows.append(row)
    return rows
