"""Poker Hand History (PHH 0.0.2): replay. Every action of a hand history applied through Floor's hand
engine, which checks each one, and the finishing stacks compared (:func:`replay_phh`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from apps.engine.errors import EngineError, PHHError
from apps.engine.errors import PHHVariantUnsupported as PHHVariantUnsupported  # plain Python: see errors.py
from apps.engine.events import validate_event
from apps.engine.hand import HandState, apply_event, start_hand
from apps.engine.phh_actions import (
    RULE_PHH,
    UNSUPPORTED_CODES,
    Action,
    ActionFields,
    action_fields,
    phh_error,
)
from apps.engine.phh_read import HandHistory
from apps.engine.phh_variants import (
    FLOOR_NOTE,
    RULES_READINGS,
    clockwise_check,
    default_rules,
    game_from_phh,
    hand_number,
    seats_from_phh,
)

# -------------------------------------------------------------------------------------------------- replay


@dataclass(frozen=True, slots=True)
class FailedAction:
    """Why a hand did not replay: the first refused action (``index`` into ``actions``, 0-based, and its
    text), or ``index=None`` for the hand as a whole (unsupported variant, finishing stacks that differ)."""

    index: int | None
    action: str | None
    code: str
    rule: str | None
    message: str
    detail: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "action": self.action, "code": self.code, "rule": self.rule,
                "message": self.message, "detail": self.detail}  # fmt: skip


class HouseNotes:
    """What ``ReplayResult.notes`` asks under PHH's reading: ``phh_reading.house_notes``, which replays the
    hand again itself (so this module cannot import it); :func:`use_house_notes` connects it."""

    __slots__ = ("make",)

    def __init__(self) -> None:
        self.make: Callable[[ReplayResult], list[dict[str, Any]]] | None = None


HOUSE_NOTES = HouseNotes()


def use_house_notes(make: Callable[[ReplayResult], list[dict[str, Any]]]) -> None:
    HOUSE_NOTES.make = make


@dataclass(slots=True)
class ReplayResult:
    """The outcome of :func:`replay_phh`: ``final_stacks`` (``None`` if the hand did not reach its end),
    the file's ``expected_stacks`` (``finishing_stacks``), and the first failure if any. ``rules``: the
    reading it was replayed under (``"phh"`` or ``"house"``); ``event_actions[i]``: the index of the PHH
    action that ``events[i]`` came from. :attr:`notes` (made when first read, so a replay that does not
    ask costs nothing more): under ``phh``, every point where RULES.md would rule otherwise."""

    final_stacks: list[int] | None
    expected_stacks: list[int] | None
    error: FailedAction | None
    events: list[dict[str, Any]] = field(default_factory=list)
    rules: str = "house"
    event_actions: list[int] = field(default_factory=list)
    early_notes: list[dict[str, Any]] = field(default_factory=list)
    _notes: list[dict[str, Any]] | None = None
    history: HandHistory | None = None  # the hand history replayed, for the notes

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def notes(self) -> list[dict[str, Any]]:
        """``[{"index", "action", "note", ...}]``: under PHH's reading, each action (``index`` into the
        file's ``actions``; ``None`` for the hand as a whole) where the house rules would rule otherwise."""
        if self._notes is None:
            house_notes = HOUSE_NOTES.make
            assert house_notes is not None, "import apps.engine.phh: it connects the house notes"
            later = house_notes(self) if self.history is not None and self.rules == "phh" else []
            self._notes = sorted(
                self.early_notes + later, key=lambda n: -1 if n["index"] is None else n["index"]
            )
        return self._notes

    @property
    def status(self) -> str:
        """``"ok"``, ``"unsupported"`` (a variant Floor does not play) or ``"failed"``."""
        if self.error is None:
            return "ok"
        return "unsupported" if self.error.code in UNSUPPORTED_CODES else "failed"


def _floor_event(commentary: str | None) -> dict[str, Any] | None:
    """The engine event carried in a ``# floor {json}`` commentary, if any."""
    note = commentary or ""
    if not note.startswith(FLOOR_NOTE):
        return None
    try:
        event = json.loads(note[len(FLOOR_NOTE) :])
    except json.JSONDecodeError as exc:
        raise phh_error(f"bad floor event in commentary {note!r}", "phh_action_invalid") from exc
    if not isinstance(event, dict):
        raise phh_error(f"bad floor event in commentary {note!r}", "phh_action_invalid")
    return event


def _receives(actions: list[ActionFields]) -> dict[int, tuple[int, str]]:
    """Pair each discard ``pN sd cards`` with the ``d dh pN cards`` that replaces them later (PHH writes the
    discards of a draw first, then the deals): ``{sd index: (dh index, cards)}``."""
    paired: dict[int, tuple[int, str]] = {}
    used: set[int] = set()
    for i, (verb, player, cards, _, _) in enumerate(actions):
        if verb != "sd" or not cards:
            continue
        for j in range(i + 1, len(actions)):
            other, other_player, other_cards = actions[j][:3]
            if other == "dh" and other_player == player and j not in used:
                paired[i] = (j, other_cards or "")
                used.add(j)
                break
            if other in ("cc", "cbr", "f") or (other == "sd" and other_player == player):
                break
    return paired


def event_for(state: HandState, action: Action, seat: int, receive: str | None) -> dict[str, Any] | None:
    """The engine event of one PHH action in this state (``None`` for a no-op)."""
    cards = action.cards
    text = None if cards is None else "-" if cards == ("-",) else "".join(cards)
    return _event_of(state, action.verb, seat, text, action.amount, receive)


def _event_of(
    state: HandState, verb: str, seat: int, cards: str | None, amount: int | None, receive: str | None
) -> dict[str, Any] | None:
    """:func:`event_for` from an action's fields, its cards as one text (``"-"``: show what is known)."""
    if verb == "cc":
        me = state.seat(seat)
        return {"type": "call" if state.rnd.current_bet > me.bet else "check", "seat": seat}
    if verb == "dh":
        return {"type": "deal", "seat": seat, "cards": cards or ""}
    if verb == "cbr":
        kind = "raise" if state.rnd.current_bet > 0 else "bet"
        return {"type": kind, "seat": seat, "amount": amount}
    if verb == "f":
        return {"type": "fold", "seat": seat}
    if verb == "sd":
        event: dict[str, Any] = {"type": "draw", "seat": seat, "count": len(cards) // 2 if cards else 0}
        if cards:
            event["discard"] = cards
        if receive:
            event["receive"] = receive
        return event
    if verb == "sm":
        if cards == "-":
            return {"type": "show", "seat": seat, "cards": state.cards(seat)}
        if cards:
            return {"type": "show", "seat": seat, "cards": cards}
        return {"type": "muck", "seat": seat}
    if verb == "":
        return None
    raise phh_error(f"PHH action {verb!r} has no meaning in draw games", "phh_action_unsupported")


def _failure(index: int | None, text: str | None, exc: EngineError) -> FailedAction:
    return FailedAction(index, text, exc.code, exc.rule, exc.message, dict(exc.detail))


_NOT_NOW = ("wrong_phase", "not_your_turn", "hand_finished")
_BETTING_VERBS = frozenset(("cc", "cbr", "f"))
RULE_SKIPPED_CHECK = "RULES.md §4"
NOTE_SKIPPED_CHECK = (
    "legal under PHH: PokerKit asks the last player with chips to check; RULES.md §4 skips that turn "
    "(nobody is left to answer a bet)"
)


def replay_phh(hh: HandHistory, *, rules: str | None = None) -> ReplayResult:
    """Apply every action of ``hh`` through the hand engine (which checks each one) and compare the final
    stacks with ``finishing_stacks`` when the file has them. ``rules``: ``"phh"`` (PHH's reading, PokerKit's
    semantics) or ``"house"`` (RULES.md); None: :func:`default_rules`. Under ``phh``, the result's
    ``notes`` say where RULES.md would rule otherwise.

    >>> r = replay_phh(loads(EXAMPLE))
    >>> (r.ok, r.rules, r.final_stacks)
    (True, 'phh', [7200000, 2600000, 4800000, 775000, 14325000])
    >>> r.events[6]
    {'type': 'raise', 'seat': 4, 'amount': 200000}
    """
    if rules is None:
        rules = default_rules(hh)
    elif rules not in RULES_READINGS:
        raise phh_error(
            f"rules must be one of {RULES_READINGS}, not {rules!r}", "phh_rules_invalid", rules=rules
        )
    phh_reading = rules == "phh"
    try:
        expected = hh.finishing_stacks
    except PHHError as exc:
        return ReplayResult(None, None, _failure(None, None, exc), rules=rules)
    try:
        game = game_from_phh(hh, rules=rules)
        seats, button = seats_from_phh(hh)
        numbers = [s["seat"] for s in seats]
        clockwise_check(numbers, button)
        state = start_hand(game, seats, button, hand_number(hh))
    except EngineError as exc:
        return ReplayResult(None, expected, _failure(None, None, exc), rules=rules)
    texts = hh.actions
    events: list[dict[str, Any]] = []
    event_actions: list[int] = []
    early: list[dict[str, Any]] = []
    parsed: list[ActionFields] = []
    for i, text in enumerate(texts):
        try:
            parsed.append(action_fields(text))
        except PHHError as exc:
            return ReplayResult(None, expected, _failure(i, text, exc), events, rules)
    receives = _receives(parsed)
    consumed = {j for j, _ in receives.values()}
    count = len(numbers)
    round_ended = False  # PHH's reading: the last betting action ended its round (PokerKit may ask a check)
    for i, (verb, player, cards, amount, note) in enumerate(parsed):
        if i in consumed:
            continue
        try:
            if player is None:
                seat = 0
            elif 1 <= player <= count:
                seat = numbers[player - 1]
            else:
                raise phh_error(f"no player p{player} in a {count}-player hand", "phh_action_invalid",
                             action=texts[i])  # fmt: skip
            floor = _floor_event(note) if note is not None else None
            if floor is not None:
                apply_event(state, validate_event(floor))  # JSON from the file: its shape is checked first
                events.append(floor)
                event_actions.append(i)
                round_ended = False
                continue
            event = _event_of(state, verb, seat, cards, amount, receives[i][1] if i in receives else None)
            if event is not None:
                before = (state.deal, state.round, state.phase)
                try:
                    # built by _event_of from a parsed action: its shape is right by construction
                    apply_event(state, event)
                except EngineError as exc:
                    if not (phh_reading and round_ended and verb == "cc" and exc.code in _NOT_NOW):
                        raise
                    me = state.seat(seat)
                    if me.folded or me.stack <= 0:
                        raise
                    # PokerKit asks the last player with chips to check though nobody can answer a bet:
                    # a check changes no chip, so it is read as said and noted.
                    early.append({"index": i, "action": texts[i], "code": "phh_check_skipped",
                                  "rule": RULE_SKIPPED_CHECK, "note": NOTE_SKIPPED_CHECK})  # fmt: skip
                    round_ended = False
                    continue
                events.append(event)
                event_actions.append(i)
                round_ended = verb in _BETTING_VERBS and before != (state.deal, state.round, state.phase)
        except EngineError as exc:
            return ReplayResult(
                None, expected, _failure(i, texts[i], exc), events, rules, event_actions, early
            )
    stacks = state.stacks()
    final = [stacks[n] for n in numbers] if state.finished else None
    error = None
    if expected is not None and final != expected:
        odd = _odd_chips_reading(state, numbers) if phh_reading and final is not None else None
        if odd is not None and odd == expected:
            note = (
                f"the finishing stacks {expected} give each split pot's odd chips as PokerKit does (the "
                f"whole remainder to the first winner left of the button); RULES.md §5 (TDA 20) gives them "
                f"one at a time from the left of the button: {final}"
            )
            early.append(
                {"index": None, "action": None, "code": "phh_odd_chips", "rule": "RULES.md §5; TDA 20",
                 "note": note, "phh_stacks": expected, "house_stacks": final}
            )  # fmt: skip
        else:
            error = FailedAction(None, None, "phh_stacks_mismatch", RULE_PHH,
                                 f"final stacks {final} differ from finishing_stacks {expected}",
                                 {"final_stacks": final, "expected_stacks": expected})  # fmt: skip
    return ReplayResult(final, expected, error, events, rules, event_actions, early, None, hh)


def _odd_chips_reading(state: HandState, numbers: list[int]) -> list[int] | None:
    """The final stacks had each split pot's remainder gone whole to its first winner (PokerKit's way);
    None when no pot was split unevenly."""
    result = state.result
    if not result or result.get("kind") != "pots":
        return None
    received = {int(k): int(v) for k, v in result["returned"].items()}
    uneven = False
    for pot in result["pots"]:
        winners = [int(w) for w in pot["winners"]]
        each, left = divmod(int(pot["amount"]), len(winners))
        uneven = uneven or (left > 0 and len(winners) > 2)
        for w in winners:
            received[w] = received.get(w, 0) + each
        received[winners[0]] += left
    if not uneven:
        return None
    got = {int(k): int(v) for k, v in result["received"].items()}
    stacks = state.stacks()
    return [stacks[n] - got.get(n, 0) + received.get(n, 0) for n in numbers]


__all__ = [
    "HOUSE_NOTES",
    "NOTE_SKIPPED_CHECK",
    "RULE_SKIPPED_CHECK",
    "FailedAction",
    "HouseNotes",
    "ReplayResult",
    "event_for",
    "replay_phh",
    "use_house_notes",
]
