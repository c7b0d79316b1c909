"""From the setup form to a setup (:mod:`apps.tournaments.setup`) and back, the generated levels rounded to
the chip set, and a refusal of the setup service put on the form field it names."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _

from apps.cockpit.forms import CLOCK_ONLY_CHOICE
from apps.cockpit.forms_setup import LevelFormSet, TournamentSetupForm
from apps.core.errors import ApplicationError
from apps.tournaments import chipset
from apps.tournaments.services import structure_for

FCD, TD, SD = "five-card-draw", "2-7-triple-draw", "2-7-single-draw"
LEVEL_KEYS = ("small_blind", "big_blind", "ante", "big_blind_ante")
# The form's planning fields: not settings of the tournament, kept by a template all the same.
PLAN_FIELDS = ("source", "template", "players", "hours", "level_minutes", "expected_rebuys", "paid_places")


def game_of(d: dict[str, Any], levels: list[dict[str, Any]]) -> dict[str, Any]:
    """The game's settings, every one the director chose written out (defaults too). The blind games take
    their blinds and antes from the first level (the level clock sets each hand's from its level)."""
    kind = d["game"]
    if kind == CLOCK_ONLY_CHOICE:  # the tables carry a blinds game, never dealt: the first level's blinds
        first = next((lv for lv in levels if not lv.get("is_break")), {})
        return {
            "kind": SD,
            "small_blind": int(first.get("small_blind") or 1),
            "big_blind": int(first.get("big_blind") or 2),
        }
    game: dict[str, Any] = {"kind": kind, "turn_time_limit": d.get("turn_time_limit")}
    if kind == FCD:
        game |= {
            "mode": d["fcd_mode"],
            "structure": d["fcd_structure"],
            "ante": d["fcd_ante"],
            "draw_limit": d["fcd_draw_limit"],
            "opening": d["fcd_opening"],
            "round2_starter": d["fcd_round2_starter"],
            "joker": d["fcd_joker"],
            "max_raises": d["fcd_max_raises"],
        }
        if d["fcd_mode"] == "no-bet":
            game["hands"] = d["fcd_hands"]
        if d.get("fcd_bet_unit"):
            game["bet_unit"] = d["fcd_bet_unit"]
        return game
    first = next((lv for lv in levels if not lv.get("is_break")), {})
    game |= {k: int(first.get(k) or 0) for k in LEVEL_KEYS}
    if kind == TD:
        game["max_raises"] = d["td_max_raises"]
    else:
        game["structure"] = d["sd_structure"]
    return game


def payout_of(d: dict[str, Any]) -> dict[str, Any]:
    if d["payout_kind"] == "percentages":
        return {"kind": "percentages", "percentages": list(d["percentages"])}
    return {"kind": "standard"}


def setup_of_form(form: TournamentSetupForm, levels: list[dict[str, Any]]) -> dict[str, Any]:
    """The setup the valid form and levels describe."""
    d = form.cleaned_data
    chips: dict[int, int] = d["chips"]
    settings: dict[str, Any] = {
        "buy_in": d["to_pool"] + d["bounty"],
        "bounty": d["bounty"],
        "progressive_bounty": d["progressive_bounty"],
        "fee": d["fee"],
        "seats_per_table": d["seats_per_table"],
        "payout": payout_of(d),
        "published": d["published"],
        "chip_denominations": list(chips),
        "chip_set": {"counts": {str(k): v for k, v in chips.items()}} if chips else {},
    }
    for name in (
        "late_reg_until_level", "rebuy_until_level", "rebuy_limit", "rebuy_max_stack", "addon_from_level",
        "addon_until_level", "reentry_until_level", "reentry_limit",
    ):  # fmt: skip
        settings[name] = d.get(name)
    for name in ("rebuy_price", "rebuy_chips", "addon_price", "addon_chips"):
        settings[name] = d[name]
    if d["game"] == CLOCK_ONLY_CHOICE:
        settings |= {"game_kind": "clock_only", "game_name": d.get("game_name") or ""}
    else:
        settings |= {"game_kind": "refereed", "game_name": ""}
    if d["game"] == FCD and d["fcd_mode"] == "no-bet":
        settings |= {"format": "match", "match_hands": d["fcd_hands"]}
    else:
        settings |= {"format": "freezeout"}
    if chips and d.get("stack_chips"):  # the director's own: the service checks it
        settings["chip_set"]["stack"] = {str(k): v for k, v in d["stack_chips"].items()}
    elif chips:
        try:
            stack = chipset.stack_of_chips(d["starting_stack"], list(chips))
            settings["chip_set"]["stack"] = {str(k): v for k, v in stack.items()}
        except chipset.ChipSetProblem:
            pass  # the service names the field (the stack is not made of these chips)
    return {
        "name": d["name"],
        "game": game_of(d, levels),
        "starting_stack": d["starting_stack"],
        "structure": levels,
        "settings": settings,
        "time_bank": {"seconds": d["time_bank_seconds"], "per": d["time_bank_per"]},
        # what the form plans with and a template keeps (the tournament itself does not need it)
        "plan": {name: d.get(name) for name in PLAN_FIELDS},
    }


def form_data_of_setup(setup: dict[str, Any]) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """The form's initial values and the levels' rows for a stored setup (edit, start from a template)."""
    game, s = setup["game"], setup["settings"]
    kind = game["kind"]
    data: dict[str, Any] = {
        "name": setup.get("name", ""),
        "game": kind,
        "starting_stack": setup["starting_stack"],
        "seats_per_table": s.get("seats_per_table", 6),
        "turn_time_limit": game.get("turn_time_limit"),
        "time_bank_seconds": setup["time_bank"]["seconds"],
        "time_bank_per": setup["time_bank"]["per"],
        "to_pool": s.get("buy_in", 0) - s.get("bounty", 0),
        "bounty": s.get("bounty", 0),
        "progressive_bounty": s.get("progressive_bounty", False),
        "fee": s.get("fee", 0),
        "published": s.get("published", False),
    }
    if s.get("game_kind") == "clock_only":
        data |= {"game": CLOCK_ONLY_CHOICE, "game_name": s.get("game_name", "")}
    for name in (
        "late_reg_until_level", "rebuy_until_level", "rebuy_limit", "rebuy_max_stack", "addon_from_level",
        "addon_until_level", "reentry_until_level", "reentry_limit", "rebuy_price", "rebuy_chips",
        "addon_price", "addon_chips",
    ):  # fmt: skip
        if s.get(name) is not None:
            data[name] = s[name]
    if kind == FCD:
        for name in (
            "mode",
            "structure",
            "ante",
            "draw_limit",
            "opening",
            "round2_starter",
            "joker",
            "hands",
        ):
            if name in game:
                data[f"fcd_{name}"] = game[name]
        data["fcd_bet_unit"] = game.get("bet_unit")
        data["fcd_max_raises"] = game.get("max_raises", 4)
    else:
        prefix = "td" if kind == TD else "sd"
        data[f"{prefix}_forced"] = (
            "big-blind-ante" if game.get("big_blind_ante") else "antes" if game.get("ante") else "none"
        )
        if kind == TD:
            data["td_max_raises"] = game.get("max_raises", 4)
        else:
            data["sd_structure"] = game.get("structure", "no-limit")
    payout = s.get("payout") or {}
    if payout.get("kind") == "percentages":
        data |= {"payout_kind": "percentages", "percentages": ", ".join(map(str, payout["percentages"]))}
        data["paid_places"] = len(payout["percentages"])
    else:
        data["payout_kind"] = "standard"
    chip_set = s.get("chip_set") or {}
    counts = chip_set.get("counts", {})
    denominations = s.get("chip_denominations") or []
    data["chips"] = ", ".join(f"{d}×{counts.get(str(d), 0)}" for d in denominations)
    data["stack_chips"] = _own_stack(chip_set.get("stack") or {}, setup["starting_stack"], denominations)
    data |= {k: v for k, v in (setup.get("plan") or {}).items() if k in PLAN_FIELDS and v is not None}
    return data, [level_row(lv) for lv in setup["structure"]]


def _own_stack(stack: dict[str, int], amount: int, denominations: list[int]) -> str:
    """The stored starting stack in chips as the form shows it: empty when it is the one Floor builds (so
    a changed starting stack gets its chips built again)."""
    own = {int(d): int(n) for d, n in stack.items()}
    try:
        if denominations and own == chipset.stack_of_chips(amount, denominations):
            return ""
    except chipset.ChipSetProblem:
        pass
    return ", ".join(f"{d}×{n}" for d, n in sorted(own.items()))


def level_row(level: dict[str, Any]) -> dict[str, Any]:
    """A stored level as a row of the levels formset."""
    row: dict[str, Any] = {"is_break": bool(level.get("is_break")), "minutes": int(level["seconds"]) // 60}
    if not level.get("is_break"):
        row |= {k: int(level.get(k) or 0) for k in LEVEL_KEYS}
        row["bet_units"] = "/".join(str(u) for u in level.get("bet_units") or [])
    return row


def levels_of_formset(formset: Any) -> list[tuple[Any, dict[str, Any]]]:
    """The valid formset's rows in their order (deleted ones left out), each with its stored level."""
    out = []
    for form in formset.ordered_forms if formset.can_order else formset.forms:
        d = form.cleaned_data
        if not d or d.get("DELETE"):
            continue
        level: dict[str, Any] = {"seconds": d["minutes"] * 60}
        if d.get("is_break"):
            level["is_break"] = True
        else:
            level |= {k: d.get(k) or 0 for k in LEVEL_KEYS}
            if d.get("bet_units"):
                level["bet_units"] = d["bet_units"]
        out.append((form, level))
    return out


def generated_levels(form: TournamentSetupForm) -> list[dict[str, Any]]:
    """The structure to start from: the template or the suggestion for the game, its forced bets shaped as
    chosen, rounded to the chip set when there is one (raises ApplicationError)."""
    d = form.cleaned_data
    if d.get("source") == "suggest":
        suggest = {"players": d.get("players") or 0, "hours": d.get("hours") or 0}
        if d.get("level_minutes"):
            suggest["level_minutes"] = d["level_minutes"]
        args: dict[str, Any] = {"template": None, "suggest": suggest}
    else:
        args = {"template": d.get("template") or "regular", "suggest": None}
    # a clock-only game (Hold'em, Omaha...) plays blinds: the blinds game's structures fit it
    kind = SD if d["game"] == CLOCK_ONLY_CHOICE else d["game"]
    levels = structure_for(game_kind=kind, structure=None, starting_stack=d["starting_stack"], **args)
    levels = [_shaped(lv, d) for lv in levels]
    if d.get("chips"):
        levels = chipset.structure_round_to_chips(levels, list(d["chips"]))
    return levels


def _shaped(level: dict[str, Any], d: dict[str, Any]) -> dict[str, Any]:
    if level.get("is_break"):
        return level
    kind = d["game"]
    if kind == FCD:
        if d.get("fcd_bet_unit") and d.get("fcd_ante") and level.get("ante"):
            unit = max(1, round(level["ante"] * d["fcd_bet_unit"] / d["fcd_ante"]))
            level = {**level, "bet_units": [unit, unit]}
        return level
    forced = d["td_forced"] if kind == TD else d["sd_forced"]
    big = int(level.get("big_blind") or 0)
    bba = int(level.get("big_blind_ante") or 0)
    level = {**level, "ante": 0, "big_blind_ante": 0}
    if forced == "antes":
        level["ante"] = max(1, big // 10)
    elif forced == "big-blind-ante":
        level["big_blind_ante"] = bba or big
    return level


# Where a setup's field shows on the form.
FIELDS = {
    "buy_in": "to_pool", "bounty": "bounty", "fee": "fee", "payout": "percentages",
    "payout.percentages": "percentages", "chip_denominations": "chips", "chip_set": "chips",
    "starting_stack": "starting_stack", "rebuy_chips": "rebuy_chips", "addon_chips": "addon_chips",
    "seats_per_table": "seats_per_table", "time_bank_seconds": "time_bank_seconds",
    "time_bank_per": "time_bank_per", "game.turn_time_limit": "turn_time_limit",
    "template_name": "template_title", "chip_set.stack": "stack_chips",
}  # fmt: skip
GAME_PREFIX = {FCD: "fcd_", TD: "td_", SD: "sd_"}


def refusal_to_form(
    exc: ApplicationError, text: str, form: TournamentSetupForm, rows: list[tuple[Any, dict[str, Any]]]
) -> None:
    """Put the refusal on the field it names: a level's row, a form field, else the whole form."""
    field = str((exc.detail or {}).get("field", ""))
    if field.startswith("structure[") and "]" in field:
        index = int(field[len("structure[") : field.index("]")])
        if 0 <= index < len(rows):
            rows[index][0].add_error(None, text)
            form.add_error(None, _("Level row %(row)s: %(text)s") % {"row": index + 1, "text": text})
            return
    name = FIELDS.get(field)
    if name is None and field.startswith("game."):
        candidate = GAME_PREFIX.get(form.cleaned_data.get("game", ""), "") + field[len("game.") :]
        name = candidate if candidate in form.fields else None
    if name is None and field in form.fields:
        name = field
    if name is not None:
        form.add_error(name, text)
    else:
        form.add_error(None, text)


def new_formset(rows: list[dict[str, Any]]) -> Any:
    return LevelFormSet(initial=rows, prefix="levels")
