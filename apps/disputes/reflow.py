"""A ruling's correction and its re-flow: the hand corrected, then everything after it recomputed.

:func:`correction_plan` reads only (it is also the director's sandbox): it replays the disputed hand with the
correction, then each later hand at that table from its new starting stacks (the old ones plus what the
correction moved), with the same recorded actions, and says what changes. :func:`correction_apply` writes
the plan: the hand's correction through the table service (``hand_correct``), then for each later hand a
correction row that voids its actions and appends them again from the new starting stacks (the old stacks
stay in that row), the seats' stacks, eliminations that no longer happened undone (recorded in the audit,
never deleted), and eliminations that now happen. Nothing is deleted.

A later hand whose recorded actions the rules no longer allow from its new stacks (a bet bigger than the
player now has, a player who would have had no chips) is refused (422 ``reflow_replay_refused``,
``reflow_player_without_chips``): the director corrects that hand in the same way first, or rules otherwise.
A player brought back sat out the hands played while they were out; those hands stand as played.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict, RuleViolation, ValidationFailed
from apps.disputes.models import Dispute
from apps.engine.errors import EngineError
from apps.engine.games import Game
from apps.engine.hand import FINISHED, HandState, start_hand
from apps.tables.models import Hand, HandEvent, Seat, Table
from apps.tables.seats import seat_stack_shift
from apps.tables.services import NewEvent, event_shape_check, hand_event_append

RULE_REFLOW = "RULES.md §8; TDA 22"


@dataclass
class LaterHand:
    hand: Hand
    seats_before: list[dict[str, Any]]
    seats_after: list[dict[str, Any]]
    start: HandState
    steps: list[tuple[dict[str, Any], HandState]]
    old_final: dict[int, int]
    new_final: dict[int, int]


@dataclass
class Plan:
    hand: Hand
    old_state: HandState
    new_state: HandState
    new_steps: list[tuple[dict[str, Any], HandState]]
    later: list[LaterHand] = field(default_factory=list)
    carry: dict[int, int] = field(default_factory=dict)  # player id → chips more (or less) than recorded
    hand_delta: dict[int, int] = field(default_factory=dict)  # the disputed hand's own change, by player

    def last_finals(self) -> dict[int, tuple[Hand, int, int]]:
        """Player id → (the last re-flowed hand they were dealt in, chips at its end before, after)."""
        out: dict[int, tuple[Hand, int, int]] = {}
        stacks_old, stacks_new = self.old_state.stacks(), self.new_state.stacks()
        for s in self.hand.seats:
            seat = int(s["seat"])
            out[int(s["player_id"])] = (self.hand, stacks_old[seat], stacks_new[seat])
        for lh in self.later:
            for pid in lh.old_final:
                out[pid] = (lh.hand, lh.old_final[pid], lh.new_final[pid])
        return out

    def summary(self) -> dict[str, Any]:
        names = {int(s["player_id"]): s["name"] for s in self.hand.seats}
        for lh in self.later:
            names.update({int(s["player_id"]): s["name"] for s in lh.seats_before})
        finals = self.last_finals()
        return {
            "players_back": [names[p] for p, (_, old, new) in sorted(finals.items()) if old == 0 < new],
            "players_out": [names[p] for p, (_, old, new) in sorted(finals.items()) if new == 0 < old],
            "result_before": self.old_state.result,
            "result_after": self.new_state.result,
            "stack_changes": {str(pid): c for pid, c in sorted(self.carry.items()) if c},
            "names": {str(pid): name for pid, name in names.items()},
            "hands": [
                {
                    "hand": lh.hand.pk,
                    "number": lh.hand.number,
                    "start_before": {str(s["seat"]): s["stack"] for s in lh.seats_before},
                    "start_after": {str(s["seat"]): s["stack"] for s in lh.seats_after},
                    "final_before": {str(k): v for k, v in lh.old_final.items()},
                    "final_after": {str(k): v for k, v in lh.new_final.items()},
                }
                for lh in self.later
            ],
        }


def _refused(exc: EngineError, **detail: Any) -> RuleViolation:
    error = RuleViolation.from_engine(exc)
    error.detail = {**error.detail, **detail}
    return error


def _valid_rows(hand: Hand) -> list[HandEvent]:
    return list(
        HandEvent.objects.filter(hand=hand, kind=HandEvent.Kind.ACTION, voided_by__isnull=True).order_by(
            "seq"
        )
    )


def _finals(hand: Hand, state: HandState) -> dict[int, int]:
    """Seat → chips at the end, by player id."""
    stacks = state.stacks()
    return {int(s["player_id"]): stacks[int(s["seat"])] for s in hand.seats}


def corrected_state(
    hand: Hand, void_from_seq: int | None, events: list[dict[str, Any]]
) -> tuple[HandState, list[tuple[dict[str, Any], HandState]]]:
    """The hand's state with the correction (valid actions from ``void_from_seq`` undone, ``events`` entered
    in their place), and each entered event with the state after it. Writes nothing."""
    rows = _valid_rows(hand)
    if void_from_seq is not None:
        if void_from_seq not in {r.seq for r in rows}:
            raise ValidationFailed(
                f"event {void_from_seq} is not a valid action of this hand",
                code="void_from_invalid",
                detail={"field": "void_from_seq", "valid": [r.seq for r in rows]},
            )
        kept = [r for r in rows if r.seq < void_from_seq]
        state = (
            HandState.from_json(kept[-1].state_after)
            if kept
            else start_hand(Game.from_json(hand.game), hand.seats, hand.button, hand.number)
        )
    else:
        state = HandState.from_json(hand.state)
    steps = []
    for index, event in enumerate(events):
        event_shape_check(event, index)
        try:
            state = state.apply(event)
        except EngineError as exc:
            raise _refused(exc, index=index) from exc
        except (TypeError, ValueError, KeyError, AttributeError, IndexError) as exc:
            # a field of the wrong type the engine's checks did not foresee
            raise ValidationFailed(
                f"event {index} has a field of the wrong type",
                code="event_invalid",
                detail={"field": "events", "index": index, "error": type(exc).__name__},
            ) from exc
        steps.append((event, state))
    return state, steps


def correction_plan(hand: Hand, void_from_seq: int | None, events: list[dict[str, Any]]) -> Plan:
    """What the correction changes, in this hand and every later one at the table (see the module)."""
    if hand.status != Hand.Status.FINISHED:
        raise Conflict("the hand is not finished", code="hand_not_finished", detail={"hand": hand.pk})
    old_state = HandState.from_json(hand.state)
    new_state, steps = corrected_state(hand, void_from_seq, events)
    if new_state.phase != FINISHED:
        raise RuleViolation(
            "after the correction the hand is not finished: enter every event up to its end",
            code="correction_unfinished",
            rule=RULE_REFLOW,
            detail={"hand": hand.pk, "to_act": new_state.to_act, "phase": new_state.phase},
        )
    old, new = _finals(hand, old_state), _finals(hand, new_state)
    delta = {pid: new[pid] - old[pid] for pid in old}
    plan = Plan(hand, old_state, new_state, steps, carry=dict(delta), hand_delta=dict(delta))
    for later in Hand.objects.filter(table_id=hand.table_id, number__gt=hand.number).order_by("number"):
        if not any(plan.carry.values()):
            break
        if later.status != Hand.Status.FINISHED:
            raise Conflict(
                f"hand {later.number} is still being played: finish it before the ruling re-flows it",
                code="later_hand_in_progress",
                rule=RULE_REFLOW,
                detail={"hand": later.pk, "number": later.number},
            )
        plan.later.append(_replay_later(later, plan.carry))
    return plan


def _replay_later(later: Hand, carry: dict[int, int]) -> LaterHand:
    seats_after = []
    for s in later.seats:
        stack = int(s["stack"]) + carry.get(int(s["player_id"]), 0)
        if stack <= 0:
            raise RuleViolation(
                f"{s['name']} would have had no chips for hand {later.number}: correct that hand too, "
                "or rule otherwise",
                code="reflow_player_without_chips",
                rule=RULE_REFLOW,
                detail={"hand": later.pk, "number": later.number, "seat": s["seat"], "stack": stack},
            )
        seats_after.append({**s, "stack": stack})
    game = Game.from_json(later.game)
    try:
        start = start_hand(game, seats_after, later.button, later.number)
    except EngineError as exc:
        raise _refused(exc, hand=later.pk, number=later.number) from exc
    state = start
    steps = []
    for row in _valid_rows(later):
        try:
            state = state.apply(row.payload)
        except EngineError as exc:
            raise RuleViolation(
                f"hand {later.number}, event {row.seq} ({row.payload.get('type')}) is no longer allowed from "
                f"the corrected stacks: {exc.message}",
                code="reflow_replay_refused",
                rule=exc.rule or RULE_REFLOW,
                detail={"hand": later.pk, "number": later.number, "seq": row.seq, "engine_code": exc.code},
            ) from exc
        steps.append((row.payload, state))
    if state.phase != FINISHED:
        raise RuleViolation(
            f"hand {later.number} does not finish from the corrected stacks",
            code="reflow_replay_refused",
            rule=RULE_REFLOW,
            detail={"hand": later.pk, "number": later.number},
        )
    old_final = _finals(later, HandState.from_json(later.state))
    new_final = {int(s["player_id"]): state.stacks()[int(s["seat"])] for s in seats_after}
    for pid in old_final:
        carry[pid] = new_final[pid] - old_final[pid]
    return LaterHand(later, list(later.seats), seats_after, start, steps, old_final, new_final)


# --- writing ---


def _reflow_later(actor: Actor, dispute: Dispute, lh: LaterHand) -> None:
    """Void the later hand's actions and append them again from its new starting stacks (one correction row
    holding the old and the new starting stacks), through the hand log's writer. Its stacks are not flowed
    there: :func:`correction_apply` moves what the whole re-flow carries, once."""
    hand = Hand.objects.select_for_update().get(pk=lh.hand.pk)
    rows = _valid_rows(hand)
    correction = NewEvent(
        {
            "reason": f"re-flow after the ruling on dispute {dispute.pk} (hand {dispute.hand.number})",
            "reflow": True,
            "dispute": dispute.pk,
            "seats_before": lh.seats_before,
            "seats_after": lh.seats_after,
            "void_from_seq": rows[0].seq if rows else None,
            "voided": [r.seq for r in rows],
            "appended": len(lh.steps),
        },
        lh.start.to_json(),
        kind=HandEvent.Kind.CORRECTION,
    )
    final = lh.steps[-1][1] if lh.steps else lh.start
    hand_event_append(
        hand=hand,
        before=HandState.from_json(hand.state),
        after=final,
        events=[correction, *(NewEvent(payload, state.to_json()) for payload, state in lh.steps)],
        actor=actor,
        voids=[r.seq for r in rows],
        seats=lh.seats_after,
        flow_stacks=False,
        announce=False,
    )


def correction_apply(
    *, actor: Actor, dispute: Dispute, void_from_seq: int | None, events: list[dict[str, Any]], reason: str
) -> dict[str, Any]:
    """Write the plan (see the module docstring); returns its summary for the ruling. Inside the ruling's
    transaction; takes the table row, then its hands from the disputed one on, in order, with
    ``SELECT … FOR UPDATE``."""
    from apps.disputes import tournament as tour
    from apps.disputes.services import audit
    from apps.tables.services import hand_correct

    hand = dispute.hand
    # No hand starts at the table meanwhile (hand_start takes the table row first, too).
    Table.objects.select_for_update().filter(pk=hand.table_id).first()
    list(
        Hand.objects.select_for_update()
        .filter(table_id=hand.table_id, number__gte=hand.number)
        .order_by("number")
    )
    hand.refresh_from_db()
    plan = correction_plan(hand, void_from_seq, events)
    undone = tour.eliminations_undo(actor=actor, dispute=dispute, plan=plan)
    moving = {pid for pid, c in plan.carry.items() if c} | {pid for pid, c in plan.hand_delta.items() if c}
    seated = set(
        Seat.objects.filter(table_id=hand.table_id, player_id__in=moving, left_at__isnull=True).values_list(
            "player_id", flat=True
        )
    )
    if moving - seated:
        raise Conflict(
            "a player whose chips the correction changes is no longer seated at this table (moved or left): "
            "seat them back first, or adjust their stack where they are",
            code="player_not_at_table",
            rule=RULE_REFLOW,
            detail={"players": sorted(moving - seated)},
        )
    hand_correct(
        actor=actor,
        hand_id=hand.pk,
        expected_seq=hand.seq,
        reason=reason,
        void_from_seq=void_from_seq,
        events=events,
        later_hands=True,
    )
    for lh in plan.later:
        _reflow_later(actor, dispute, lh)
        audit(dispute, "hand_reflowed", actor, {"hand": lh.hand.pk, "number": lh.hand.number})
    for pid, total in plan.carry.items():
        extra = total - plan.hand_delta.get(pid, 0)  # hand_correct has moved the disputed hand's own change
        if extra:
            seat_stack_shift(
                table_id=hand.table_id,
                player_id=pid,
                delta=extra,
                refusal=Conflict(
                    "a player's seat no longer has the chips the re-flow takes back",
                    code="stack_would_be_negative",
                    detail={"player": pid, "change": extra},
                ),
            )
    busted = tour.eliminations_new(plan=plan)
    summary = plan.summary()
    summary["eliminations_undone"] = undone
    summary["eliminations_new"] = busted
    audit(dispute, "corrected", actor, {"void_from_seq": void_from_seq, "events": len(events), **summary})
    return summary
