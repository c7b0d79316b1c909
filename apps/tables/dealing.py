"""Dealing a hand: :func:`hand_start`."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from apps.accounts.permissions import Actor, require_dealer
from apps.core.errors import Conflict, RuleViolation, ValidationFailed
from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.engine.hand import start_hand
from apps.tables import hooks
from apps.tables.handlog import hand_create
from apps.tables.models import Hand, Seat, Table


def hand_in_progress(table: Table) -> Hand | None:
    return Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).first()


def hand_number_next(table: Table) -> int:
    last = Hand.objects.filter(table=table).order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def _next_button(previous: int | None, numbers: list[int]) -> int:
    """The button moves one seat left: the next dealt-in seat clockwise after the last button."""
    if previous is None:
        return numbers[0]
    after = [n for n in numbers if n > previous]
    return after[0] if after else numbers[0]


def _button_check(table: Table, button: int, numbers: list[int]) -> None:
    if table.button_seat is not None:
        raise ValidationFailed(
            "the button moves by the rules after the first hand",
            code="button_fixed",
            detail={"field": "button"},
        )
    if button not in numbers:
        raise ValidationFailed(
            f"seat {button} is not dealt in",
            code="button_invalid",
            detail={"field": "button", "seats": numbers},
        )


@transaction.atomic
def hand_start(*, actor: Actor, table: Table, button: int | None = None) -> Hand:
    """Deal the next hand: everyone seated with chips (everyone seated in no-bet mode), the button moved
    by the rules (or placed at ``button`` for the first hand), forced bets posted by the engine. Takes the
    table's row first (the lock order of :mod:`apps.core.locks`: tables, hands, seats, the tournament)."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    require_dealer(actor, table)
    current = hand_in_progress(table)
    if current is not None:
        raise Conflict(
            f"hand {current.number} is still in progress",
            code="hand_in_progress",
            detail={"hand": current.pk},
        )
    # a level clock's current level applies from the next hand (WSOP 79): the game is its receivers' to say
    game_json = hooks.hand_game_choosing.ask(hooks.HandDealing(table=table)) or table.game
    game = Game.from_json(game_json)
    seats = list(
        Seat.objects.filter(table=table, left_at__isnull=True).select_related("player").order_by("number")
    )
    dealt = [s for s in seats if s.stack > 0 or not game.betting]
    numbers = [s.number for s in dealt]
    if len(dealt) < 2:
        raise Conflict(
            "a hand needs at least two seated players with chips",
            code="not_enough_players",
            detail={"players": len(dealt)},
        )
    if button is not None:
        _button_check(table, button, numbers)
    # a tournament's button and blinds follow the dead button (TDA 32), the blinds marked on the seats so
    # every replay deals the same; a halted table deals nothing (TDA 11-D)
    positions = hooks.hand_positions_choosing.ask(
        hooks.HandPositioning(table=table, game=game, numbers=numbers, button=button)
    )
    if positions is not None:
        button = positions.button
        dealt = [s for s in dealt if s.number not in positions.waiting]  # until the button passes (TDA 10)
    elif button is None:
        button = _next_button(table.button_seat, numbers)
    number = hand_number_next(table)
    seat_specs = [
        {"seat": s.number, "stack": s.stack, "name": s.player.name, "player_id": s.player_id} for s in dealt
    ]
    marks = positions.marks() if positions is not None else {}
    for spec in seat_specs:
        if spec["seat"] in marks:
            spec["blind"] = marks[spec["seat"]]
    try:
        state = start_hand(game, seat_specs, button, number)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    table.button_seat = button
    table.save(update_fields=["button_seat"])
    hand = hand_create(
        table=table, number=number, button=button, game=game_json, seats=seat_specs, state=state
    )
    hooks.hand_changed.send(
        hooks.HandChanged(hand=hand, state=state, kind="hand_started", now=timezone.now(), shown=False)
    )
    return hand
