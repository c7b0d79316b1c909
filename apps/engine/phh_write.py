"""Poker Hand History (PHH 0.0.2): writing. A hand Floor refereed (its game, seats and events) as a
hand history, and back (:func:`phh_from_hand`, :func:`hand_from_phh`).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from apps.engine import games
from apps.engine.errors import EngineError
from apps.engine.errors import PHHVariantUnsupported as PHHVariantUnsupported  # plain Python: see errors.py
from apps.engine.events import META_FIELDS
from apps.engine.games import Game
from apps.engine.hand import HandState, start_hand
from apps.engine.phh_actions import Action, format_action, parse_cards
from apps.engine.phh_read import HandHistory
from apps.engine.phh_replay import event_for, replay_phh
from apps.engine.phh_variants import FLOOR_NOTE, game_from_phh, hand_number, seats_from_phh, variant_of

# --------------------------------------------------------------------------------------- Floor -> PHH


def _game_fields(game: Game, n: int) -> dict[str, Any]:
    fields: dict[str, Any] = {"variant": variant_of(game), "ante_trimming_status": not game.big_blind_ante}
    antes = [game.ante] * n
    antes[1] += game.big_blind_ante  # p2, or heads-up p1 through the spec's reversal: the big blind
    fields["antes"] = antes
    fields["blinds_or_straddles"] = [game.small_blind, game.big_blind] + [0] * (n - 2)
    if game.structure == "fixed-limit":
        fields["small_bet"], fields["big_bet"] = game.bet_units[0], game.bet_units[-1]
    else:
        fields["min_bet"] = game.bet_units[0]
    if game.kind == games.FIVE_CARD_DRAW:
        fields["_floor_structure"] = game.structure
    return fields


def _floor_game_table(game: Game) -> dict[str, Any]:
    # TOML has no null: a number setting that is None (no raise cap, no time limit) is written "none".
    return {k: "none" if v is None else v for k, v in game.to_json().items()}


class _Writer:
    """Turns engine events into PHH actions while replaying them (the meaning of ``cc``/``cbr`` and of a
    timeout depends on the state). Draw receives are held back and written after the draw's discards."""

    def __init__(self, state: HandState, numbers: list[int]) -> None:
        self.state = state
        self.player = {seat: i + 1 for i, seat in enumerate(numbers)}
        self.actions: list[str] = []
        self.receives: list[Action] = []
        self.fresh_deal = True
        self.deal_number = state.deal

    def add(self, event: Mapping[str, Any]) -> None:
        event = {k: v for k, v in event.items() if k not in META_FIELDS}  # who/when: not hand history
        before = self.state
        after = before.apply(event)
        kind = event["type"]
        if kind != "draw" or after.deal != before.deal:
            self._flush()
        action, receive = self._action(before, after, event)
        if receive is not None:
            self.receives.append(receive)
        seat = event.get("seat", 0)
        rebuilt = None
        if action.verb:
            rebuilt = event_for(before, action, seat, "".join(receive.cards or ()) if receive else None)
        if rebuilt != event:
            action = replace(action, commentary=FLOOR_NOTE + json.dumps(event, separators=(",", ":")))
        self.actions.append(format_action(action))
        self.fresh_deal = kind == "deal" and self.fresh_deal and after.deal == self.deal_number
        if after.deal != self.deal_number:
            self.deal_number, self.fresh_deal = after.deal, True
        self.state = after

    def _action(
        self, before: HandState, after: HandState, event: Mapping[str, Any]
    ) -> tuple[Action, Action | None]:
        kind, seat = event["type"], event.get("seat")
        p = self.player.get(seat) if seat is not None else None
        if kind == "deal" and self.fresh_deal:
            return Action("dh", p, parse_cards(event["cards"].replace(" ", ""))), None
        if kind in ("fold", "check", "call", "bet", "raise"):
            verb = {"fold": "f", "check": "cc", "call": "cc"}.get(kind, "cbr")
            return Action(verb, p, amount=event.get("amount") if verb == "cbr" else None), None
        if kind == "draw" and before.phase == "drawing":
            count = int(event["count"])
            discard = _cards_or_unknown(event.get("discard"), count)
            receive = Action("dh", p, _cards_or_unknown(event.get("receive"), count)) if count else None
            return Action("sd", p, discard), receive
        if kind == "show":
            return Action("sm", p, parse_cards(event["cards"].replace(" ", ""))), None
        if kind == "muck":
            return Action("sm", p), None
        if kind == "timeout" and seat is not None:
            return _timeout_action(before, after, seat, p), None
        return Action(""), None  # said only in the floor note (reshuffle, proofs, finishing order, late deal)

    def _flush(self) -> None:
        self.actions += [format_action(a) for a in self.receives]
        self.receives = []

    def finish(self) -> list[str]:
        self._flush()
        return self.actions


def _cards_or_unknown(text: Any, count: int) -> tuple[str, ...] | None:
    if not count:
        return None
    if isinstance(text, list | tuple):
        text = "".join(text)
    return parse_cards(str(text).replace(" ", "")) if text else ("??",) * count


def _timeout_action(before: HandState, after: HandState, seat: int, p: int | None) -> Action:
    if after.seat(seat).folded and not before.seat(seat).folded:
        return Action("sm" if before.phase == "showdown" else "f", p)
    return Action({"betting": "cc", "drawing": "sd"}.get(before.phase, ""), p)


def phh_from_hand(
    game: Game,
    seats: Iterable[Mapping[str, Any]],
    button: int,
    hand_number: int,
    events: Iterable[Mapping[str, Any]],
    **extra: Any,
) -> HandHistory:
    """Write a Floor hand (its game, seats, button and events) as PHH. Every event is replayed (and so
    checked); ``extra`` fields (``event``, ``table``, ``_anything``...) are added as given.

    An event that the PHH action cannot say exactly (a timeout, a reshuffle, proving openers, a draw
    without its cards) carries itself as the commentary ``# floor {json}``, which :func:`replay_phh` reads
    back, so ``hand_from_phh(phh_from_hand(...))`` gives the same events, without their metadata (``at``,
    ``by``, ``note``, ``id``, ``seq``: who entered an event and when is the event log's business, not PHH's).
    """
    seat_list = [dict(s) for s in seats]
    state = start_hand(game, seat_list, button, hand_number)
    order = [s.seat for s in state.clockwise_after(button)]
    writer = _Writer(state, order)
    for event in events:
        writer.add(event)
    by_seat = {s["seat"]: s for s in seat_list}
    fields = _game_fields(game, len(order))
    if state.sb_seat is None and game.big_blind and len(order) > 2 and state.bb_seat == order[0]:
        # a dead small blind (TDA 32): p1 posts the big blind, nobody the small one
        fields["blinds_or_straddles"] = [game.big_blind] + [0] * (len(order) - 1)
        if game.big_blind_ante:
            fields["antes"] = [game.ante + game.big_blind_ante] + [game.ante] * (len(order) - 1)
    fields["starting_stacks"] = [int(by_seat[n]["stack"]) for n in order]
    fields["actions"] = writer.finish()
    fields["hand"] = hand_number
    fields["seats"] = order
    fields["_floor_button"] = button
    names = [by_seat[n].get("name") for n in order]
    if all(names):
        fields["players"] = names
    if writer.state.finished:
        fields["finishing_stacks"] = [writer.state.stacks()[n] for n in order]
    fields["_floor_game"] = _floor_game_table(game)
    fields.update(extra)
    return HandHistory(fields)


def hand_from_phh(
    hh: HandHistory, *, rules: str | None = None
) -> tuple[Game, list[dict[str, Any]], int, int, list[dict[str, Any]]]:
    """The Floor hand of a PHH hand: ``(game, seats, button, hand_number, events)``; raises the first
    refusal as its typed error (see :func:`replay_phh` for a report instead). The game carries the reading
    it was replayed under (``rules``, see :func:`replay_phh`)."""
    result = replay_phh(hh, rules=rules)
    err = result.error
    if err is not None and err.code != "phh_stacks_mismatch":
        cls = PHHVariantUnsupported if result.status == "unsupported" else EngineError
        raise cls(err.message, code=err.code, rule=err.rule, detail={**err.detail, "index": err.index})
    seats, button = seats_from_phh(hh)
    return game_from_phh(hh, rules=result.rules), seats, button, hand_number(hh), result.events


__all__ = ["hand_from_phh", "phh_from_hand"]
