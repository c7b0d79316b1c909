"""Calling the clock on a seat (TDA 29), and the turn clock as a hand's view shows it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.utils import timezone

from apps.accounts.permissions import Actor, can_deal
from apps.clocks.banks import (
    Stage,
    bank_charge,
    bank_left,
    bank_player_key,
    called_seconds,
    clock_data,
    clock_lock,
)
from apps.clocks.live import live_publish, table_channel
from apps.clocks.models import TableClock
from apps.core.errors import Conflict, NotFound, PermissionRefused
from apps.engine.hand import BETTING, DRAWING, HandState
from apps.tables.handlog import stale_seq_check
from apps.tables.models import Hand


def clock_call(*, actor: Actor, hand_id: int, expected_seq: int) -> TableClock:
    """Call the clock on the seat to act (TDA 29): 25 s plus a 5 s countdown, then the default action."""
    with transaction.atomic():
        hand = Hand.objects.select_for_update(of=("self",)).select_related("table").filter(pk=hand_id).first()
        if hand is None:
            raise NotFound(f"no hand {hand_id}", code="hand_not_found", detail={"hand": hand_id})
        if not can_deal(actor, hand.table):
            raise PermissionRefused(
                f"{actor.describe()} may not call the clock at this table",
                code="not_dealer_of_table",
                detail={"table": hand.table_id},
            )
        stale_seq_check(hand, expected_seq)
        state = HandState.from_json(hand.state)
        if state.to_act is None or state.phase not in (BETTING, DRAWING):
            raise Conflict(
                "nobody is to act: the clock is called on the seat to act",
                code="nobody_to_act",
                rule="TDA 29",
                detail={"phase": state.phase},
            )
        clock = clock_lock(hand.table_id)
        if clock.stage == Stage.CALLED and clock.seq == hand.seq and clock.hand_id == hand.pk:
            raise Conflict(
                "the clock is already called on this seat",
                code="clock_already_called",
                rule="TDA 29",
                detail={
                    "seat": clock.seat,
                    "deadline": clock.deadline.isoformat() if clock.deadline else None,
                },
            )
        now = timezone.now()
        bank_charge(clock, now)
        called = now + timedelta(seconds=sum(called_seconds()))
        running = clock.deadline if clock.hand_id == hand.pk and clock.seq == hand.seq else None
        clock.hand_id, clock.seq, clock.seat = hand.pk, hand.seq, state.to_act
        clock.player_key = bank_player_key(state, state.to_act)
        clock.stage, clock.stage_started_at = Stage.CALLED, now
        clock.deadline = min(called, running) if running is not None else called
        clock.version += 1
        clock.save()
        live_publish(channel=table_channel(hand.table_id), type="clock", data=clock_data(clock))
        return clock


# --- reads --------------------------------------------------------------------------------------------------


def turn_clock_view(
    hand: Hand, *, now: datetime | None = None, clock: TableClock | None = None
) -> dict[str, Any] | None:
    """The turn clock of ``hand`` for the hand state: deadline, stage, seconds left, the seat's time bank.
    None when no clock runs for this hand's current state. ``clock``: the row as just armed, if at hand."""
    if clock is None or clock.table_id != hand.table_id:
        clock = TableClock.objects.filter(table_id=hand.table_id).first()
    if clock is None or clock.hand_id != hand.pk or clock.seq != hand.seq or clock.seat is None:
        return None
    now = now or timezone.now()
    data = clock_data(clock)
    data["seconds_left"] = max(0.0, (clock.deadline - now).total_seconds()) if clock.deadline else None
    bank = bank_left(clock, clock.player_key, now) if clock.player_key else 0.0
    if clock.stage == Stage.BANK and clock.stage_started_at is not None:
        bank = max(0.0, bank - (now - clock.stage_started_at).total_seconds())
    data["time_bank_left"] = round(bank, 3)
    return data
