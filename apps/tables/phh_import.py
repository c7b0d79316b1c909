"""Importing a hand from a PHH file: every action checked by the engine as live entry is, then written by
the hand log's writer as a record of the past (no stacks move, no hook is sent)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import transaction

from apps.accounts.models import Player
from apps.accounts.permissions import Actor, require_dealer
from apps.core.errors import Conflict, RuleViolation, ValidationFailed
from apps.core.inputs import MAX_JSON_DEPTH, text_problem, text_refusal, toml_depth
from apps.engine.errors import EngineError
from apps.engine.hand import FINISHED, start_hand
from apps.tables.dealing import hand_number_next
from apps.tables.handlog import NewEvent, hand_create, hand_event_append
from apps.tables.models import Hand, Table


@dataclass(frozen=True)
class PhhImport:
    """An imported hand, the reading it was replayed under and the notes where RULES.md would rule
    otherwise (under ``phh``; each also rides on its event as the event's ``note``)."""

    hand: Hand
    rules: str
    notes: list[dict[str, Any]]


def _notes_on_events(
    events: list[dict[str, Any]], event_actions: list[int], notes: list[dict[str, Any]]
) -> None:
    """Each note on the event of its action (a note on the hand, or on an action that made no event such as
    PokerKit's extra check, on the event before it, or the first one)."""
    for note in notes:
        index = note["index"]
        at = 0
        for k, action in enumerate(event_actions):
            if index is not None and action <= index:
                at = k
        if events:
            event = events[at]
            event["note"] = f"{event['note']} | {note['note']}" if event.get("note") else note["note"]


def _phh_read(text: str, rules: str | None) -> tuple[Any, Any, list[dict[str, Any]], int]:
    """The file's one hand: its replay under ``rules`` (None: the file's default reading), its game (with
    that reading), its seats and its button."""
    from apps.engine import phh

    if toml_depth(text) > MAX_JSON_DEPTH:
        raise ValidationFailed(
            f"the PHH file nests arrays or tables more than {MAX_JSON_DEPTH} deep",
            code="phh_toml_invalid",
            rule="PHH 0.0.2",
            detail={"limit": MAX_JSON_DEPTH},
        )
    try:
        histories = [phh.loads(text)]  # one .phh hand, as documented (and as GET /hands/{id}/phh writes)
    except EngineError:
        histories = phh.loads_all(text)  # a .phhs collection holding one hand is fine too
    if len(histories) != 1:
        raise ValidationFailed(
            f"send one hand per request, not {len(histories)}",
            code="phh_one_hand",
            detail={"hands": len(histories)},
        )
    hh = histories[0]
    result = phh.replay_phh(hh, rules=rules)
    if result.error is not None:
        return result, None, [], 0
    game = phh.game_from_phh(hh, rules=result.rules)
    seats, button = phh.seats_from_phh(hh)
    return result, game, seats, int(button)


@transaction.atomic
def hand_import_phh(*, actor: Actor, table: Table, text: str, rules: str | None = None) -> PhhImport:
    """Record a finished hand from a PHH file, every action checked by the engine as live entry is. The
    hand joins the table's history with ``source="import"``; it does not touch the seats' stacks (it is a
    record of a hand played elsewhere or earlier) and does not move the button. Refused (409) while a hand
    is in play at the table. ``rules``: ``phh`` or ``house`` (see ``apps.engine.phh.replay_phh``; unless
    given, the reading of a file Floor wrote, ``phh`` for a standard one); the hand keeps that reading in
    its game, so it replays the same later."""
    table = Table.objects.select_for_update().get(pk=table.pk)
    require_dealer(actor, table)
    live = list(
        Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).values_list("number", flat=True)
    )
    if live:
        # An imported hand takes the next number; numbered after a live hand it would be a "later hand"
        # and block the director's correction of the live one.
        raise Conflict(
            f"hand {live[0]} is in play at this table: import the file when it is over",
            code="hand_in_progress",
            detail={"hand": live[0]},
        )
    try:
        result, game, seats, button = _phh_read(text, rules)
    except EngineError as exc:
        raise ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail) from exc
    except (
        TypeError,
        ValueError,
        KeyError,
        AttributeError,
        IndexError,
        ArithmeticError,
        RecursionError,
    ) as exc:
        # a file the engine's reader did not foresee (a table where a number belongs, say)
        raise ValidationFailed(
            f"the PHH file has a field of the wrong type: {type(exc).__name__}",
            code="phh_field_invalid",
            rule="PHH 0.0.2",
            detail={},
        ) from exc
    if result.error is not None:
        err = result.error
        raise RuleViolation(
            err.message,
            code=err.code,
            rule=err.rule,
            detail={**err.detail, "action_index": err.index, "action": err.action},
        )
    notes = result.notes
    events = [dict(e) for e in result.events]
    _notes_on_events(events, result.event_actions, notes)
    for spec in seats:
        name = str(spec.get("name") or f"Seat {spec['seat']}")[:80]
        problem = text_problem(name)
        if problem:
            raise text_refusal("players", problem)
        spec["name"] = name
        spec["player_id"] = Player.objects.get_or_create(club=table.club, name=name)[0].pk
    start = start_hand(game, seats, button, 1)
    rows, state = [], start
    for event in events:
        state = state.apply(event)
        rows.append(NewEvent(event, state.to_json()))
    if state.phase != FINISHED:
        raise RuleViolation(
            "the file's hand does not reach its end", code="phh_hand_unfinished", rule="PHH 0.0.2", detail={}
        )
    hand = hand_create(
        table=table,
        number=hand_number_next(table),
        button=button,
        game=game.to_json(),
        seats=seats,
        state=start,
        source=Hand.Source.IMPORT,
    )
    hand_event_append(
        hand=hand, before=start, after=state, events=rows, actor=actor, flow_stacks=False, announce=False
    )
    return PhhImport(hand=hand, rules=result.rules, notes=notes)
