"""A tournament's whole setup, checked as one before anything is written: the game with every setting the
engine has, the levels and breaks, the money, the payouts, the chip set and the time bank. Created with
:func:`tournament_setup_create`, changed until the seat draw with :func:`tournament_setup_update`, saved as a
club's template with :func:`tournament_template_save`.

A *setup* is a plain dict::

    {"name": "Friday Draw", "game": {"kind": "five-card-draw", "structure": "pot-limit", ...},
     "starting_stack": 2000, "structure": [{"seconds": 900, "ante": 10, "bet_units": [20, 20]}, ...],
     "settings": {"buy_in": 25, "fee": 5, "bounty": 5, "payout": {...}, "chip_denominations": [5, 25],
                  "chip_set": {"counts": {"5": 200, ...}, "stack": {"5": 10, ...}}, ...},
     "time_bank": {"seconds": 60, "per": "tournament"}}

``buy_in`` is the model's: what goes to the prize pool *and* the bounty (the engine's
:func:`~apps.engine.tournament.entries.prize_pool` takes the bounty out of it); the fee goes to the house.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import transaction

from apps.accounts.models import Club
from apps.accounts.permissions import Actor
from apps.clocks.setup import level_clock_setup, levels_checked, time_bank_check
from apps.core.errors import Conflict, ValidationFailed
from apps.engine import clock as lc
from apps.engine.errors import EngineError
from apps.engine.tournament import payouts as ep
from apps.engine.tournament import structure as es
from apps.tables.games import game_from_settings
from apps.tournaments import chipset
from apps.tournaments.checks import tournament_settings_check
from apps.tournaments.clockonly import clock_only_game
from apps.tournaments.models import Tournament, TournamentTemplate
from apps.tournaments.payouts import verify_payout_setting
from apps.tournaments.services import lock_tournament, require_director, tournament_create

# What the edit form may change (the model's fields; the status, clock, seed and history stay).
EDITABLE = (
    "format", "match_hands", "buy_in", "fee", "bounty", "progressive_bounty", "seats_per_table",
    "final_table_size",
    "late_reg_until_level", "rebuy_until_level", "rebuy_limit", "rebuy_price", "rebuy_chips",
    "rebuy_max_stack", "addon_from_level", "addon_until_level", "addon_price", "addon_chips",
    "reentry_until_level", "reentry_limit", "payout", "chip_denominations", "chip_set", "published", "rated",
    "game_kind", "game_name",
)  # fmt: skip


def _refuse(field: str, message: str, code: str = "invalid", rule: str | None = None) -> ValidationFailed:
    return ValidationFailed(
        message, code=code, rule=rule, detail={"field": field, "fields": {field: [message]}}
    )


def _chip_set_check(setup: dict[str, Any]) -> None:
    settings = setup["settings"]
    denominations = settings.get("chip_denominations") or []
    chip_set = settings.get("chip_set") or {}
    if not denominations:
        if chip_set:
            raise _refuse("chip_denominations", "a chip set needs its denominations")
        return
    stack = chip_set.get("stack")
    if stack is not None:
        stack_chips_check(stack, setup["starting_stack"], denominations)
    counts = chip_set.get("counts", {})
    if not isinstance(counts, dict) or set(counts) != {str(d) for d in denominations}:
        raise _refuse("chip_set", "the chip set gives a count for each denomination, and only for them")
    for d, n in counts.items():
        if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= 10**6:
            raise _refuse("chip_set", f"the count of the {d} chips must be a whole number from 0 to 1000000")
    try:
        chipset.amounts_check(
            setup["structure"],
            {
                "starting_stack": setup["starting_stack"],
                "rebuy_chips": int(settings.get("rebuy_chips", 0)),
                "addon_chips": int(settings.get("addon_chips", 0)),
            },
            denominations,
        )
    except chipset.ChipSetProblem as exc:
        raise _refuse(exc.field, str(exc), code="amount_not_in_chips", rule="TDA 24") from exc


def stack_chips_check(stack: Any, amount: int, denominations: list[int]) -> None:
    """The starting stack in chips: a count per chip of the set, worth the starting stack."""
    if not isinstance(stack, dict) or not all(
        str(d).isdigit() and isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= 10**6
        for d, n in stack.items()
    ):
        raise _refuse("chip_set.stack", "the starting stack in chips gives a whole count per chip")
    try:
        chipset.stack_check({int(d): n for d, n in stack.items()}, amount, denominations)
    except chipset.ChipSetProblem as exc:
        raise _refuse("chip_set.stack", str(exc), code="stack_chips_invalid", rule=None) from exc


def setup_check(setup: dict[str, Any]) -> list[dict[str, Any]]:
    """Refuse (400 naming the field and the rule) any part of the setup the seat draw, a hand or the clock
    could not use: the game's settings, seats for the game, each level fitting the game and never going
    down, the money and periods, the payout, the chip set, the time bank. Returns the checked structure."""
    settings = setup["settings"]
    clock_only = settings.get("game_kind") == Tournament.GameKind.CLOCK_ONLY
    # a clock-only game's tables carry a blinds game that is never dealt (its name and format checked here)
    game = game_from_settings(clock_only_game(setup["game"], dict(settings)) if clock_only else setup["game"])
    tournament_settings_check(settings)
    seats = int(settings.get("seats_per_table", 6))
    top = 10 if clock_only else min(10, game.max_players)  # no cards dealt: any table size
    if not game.min_players <= seats <= top:
        raise _refuse(
            "seats_per_table",
            f"seats_per_table must be between {game.min_players} and {top}",
            code="seats_per_table_invalid",
        )
    structure = levels_checked(setup["structure"])
    for index, level in enumerate(lc.structure_from_json(structure)):
        if level.is_break:
            continue
        try:
            lc.game_for_level(game, level)
        except (EngineError, lc.ClockError, ValueError) as exc:
            raise _refuse(f"structure[{index}]", f"level {index + 1} does not fit the game: {exc}") from exc
    try:
        es.verify_structure(chipset.engine_structure(structure))
    except EngineError as exc:
        raise _refuse("structure", exc.message, code=exc.code, rule=exc.rule) from exc
    if int(settings.get("bounty", 0)) > int(settings.get("buy_in", 0)):
        raise _refuse("bounty", "the bounty is part of the buy-in: it cannot be more than the buy-in")
    verify_payout_setting(settings.get("payout") or {"kind": "standard"})
    _chip_set_check({**setup, "structure": structure})
    time_bank_check(setup["time_bank"]["seconds"], setup["time_bank"]["per"])
    return structure


@transaction.atomic
def tournament_setup_create(*, actor: Actor, club: Club, setup: dict[str, Any]) -> Tournament:
    """The tournament, its level clock (with the time bank) from a checked setup."""
    require_director(actor, club.pk)
    structure = setup_check(setup)
    t = tournament_create(
        actor=actor,
        club=club,
        name=setup["name"],
        game=setup["game"],
        starting_stack=setup["starting_stack"],
        structure=structure,
        **setup["settings"],
    )
    t.plan = plan_of(setup)
    t.save(update_fields=["plan"])
    if t.level_clock is not None:
        t.level_clock = level_clock_setup(
            actor=actor,
            clock=t.level_clock,
            time_bank_seconds=setup["time_bank"]["seconds"],
            time_bank_per=setup["time_bank"]["per"],
        )
    return t


@transaction.atomic
def tournament_setup_update(*, actor: Actor, tournament: Tournament, setup: dict[str, Any]) -> Tournament:
    """Change everything the setup holds, until the seat draw (409 ``seats_drawn`` after it)."""
    t = lock_tournament(tournament.pk)
    require_director(actor, t.club_id)
    if t.status != Tournament.Status.REGISTERING or t.tables.exists():
        raise Conflict(
            "the seats are drawn: the setup can no longer change",
            code="seats_drawn",
            detail={"status": t.status},
        )
    unknown = sorted(set(setup["settings"]) - set(EDITABLE))
    if unknown:
        raise _refuse(unknown[0], f"unknown tournament setting(s): {', '.join(unknown)}", "setting_unknown")
    structure = setup_check(setup)
    t.name, t.game, t.starting_stack = setup["name"], setup["game"], setup["starting_stack"]
    t.plan = plan_of(setup)
    for name in EDITABLE:
        if name in setup["settings"]:
            setattr(t, name, setup["settings"][name])
    try:
        t.full_clean(exclude=["level_clock", "created_by"])
    except DjangoValidationError as exc:
        first = next(iter(exc.message_dict), "settings")
        raise _refuse(
            first, f"invalid {first}: {' '.join(exc.message_dict[first])}", "setting_invalid"
        ) from exc
    t.save()
    if t.level_clock is not None:
        t.level_clock = level_clock_setup(
            actor=actor,
            clock=t.level_clock,
            structure=structure,
            time_bank_seconds=setup["time_bank"]["seconds"],
            time_bank_per=setup["time_bank"]["per"],
        )
    return t


def setup_of(t: Tournament) -> dict[str, Any]:
    """The tournament's setup (what the edit form starts from)."""
    clock = t.level_clock
    return {
        "name": t.name,
        "game": dict(t.game),
        "starting_stack": t.starting_stack,
        "structure": list(clock.structure) if clock is not None else [],
        "settings": {name: getattr(t, name) for name in EDITABLE},
        "time_bank": {
            "seconds": clock.time_bank_seconds if clock is not None else 0,
            "per": clock.time_bank_per if clock is not None else "tournament",
        },
        "plan": dict(t.plan or {}),
    }


def plan_of(setup: dict[str, Any]) -> dict[str, Any]:
    """The setup's planning fields (only what the form plans with: JSON scalars, nothing else kept)."""
    plan = setup.get("plan") or {}
    if not isinstance(plan, dict):
        return {}
    return {str(k): v for k, v in plan.items() if v is None or isinstance(v, str | int | float | bool)}


@transaction.atomic
def tournament_template_save(
    *, actor: Actor, club: Club, name: str, setup: dict[str, Any]
) -> TournamentTemplate:
    """Save the checked setup as the club's template ``name`` (a template of that name is replaced)."""
    require_director(actor, club.pk)
    if not name.strip() or len(name) > 60:
        raise _refuse("template_name", "a template needs a name of 1 to 60 characters")
    setup_check(setup)
    template, _ = TournamentTemplate.objects.update_or_create(
        club=club, name=name.strip(), defaults={"setup": setup, "created_by": actor.user}
    )
    return template


# --- payouts and the prize pool -----------------------------------------------------------------------------


def percentages_for_places(places: int) -> list[str]:
    """Floor's payout table for the smallest field that pays ``places`` places, as percentages.

    >>> percentages_for_places(3)
    ['48.93', '28.88', '22.19']
    """
    if not 1 <= places <= 1000:
        raise _refuse("paid_places", "paid places must be from 1 to 1000")
    entries = 1 if places == 1 else next(e for e in range(places, 10 * places) if ep.places_paid(e) == places)
    return [_percent(bp) for bp in ep.payout_table(entries)]


def _percent(basis_points: int) -> str:
    value = Fraction(basis_points, 100)
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"


def prize_pool_for(*, entries: int, buy_in: int, bounty: int) -> int:
    """``entries`` × what each buy-in puts in the pool (the bounty is not in it)."""
    return entries * (buy_in - bounty)


def payout_preview(payout: dict[str, Any], *, entries: int, pool: int) -> list[int]:
    """The prize of each paid place for ``entries`` entries and a pool of ``pool``."""
    kind = payout.get("kind", "standard")
    unit = int(payout.get("unit", 1))
    try:
        if kind == "percentages":
            shares = ep.percentages_to_shares(payout["percentages"])
        else:
            shares = ep.payout_table(entries)
        return ep.pay(pool, shares, unit=unit)
    except EngineError as exc:
        raise _refuse("payout", exc.message, code=exc.code, rule=exc.rule) from exc
