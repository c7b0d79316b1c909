"""Setting a level clock up before it starts: its structure and its time bank, changed while the tournament
is still being set up (the cockpit's edit form). Once the clock has started, its structure is the running
tournament's and this refuses (409 ``clock_started``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.permissions import Actor, is_director
from apps.clocks.levelclock import structure_setting_check
from apps.clocks.models import LevelClock
from apps.core import bounds as b
from apps.core.errors import Conflict, PermissionRefused, ValidationFailed
from apps.engine import clock as lc


def time_bank_check(seconds: Any, per: Any) -> tuple[int, str]:
    """A time bank of 0 (none) to 3,600 seconds, given once per tournament or refilled every level."""
    whole = b.whole(seconds, "time_bank_seconds", low=0, high=b.MAX_SECONDS)
    return whole, b.choice(per, "time_bank_per", LevelClock.TimeBankPer.values)


def levels_checked(items: Any, field: str = "structure") -> list[dict[str, Any]]:
    """The structure in the clock's stored form (400 naming the field when it is not one)."""
    structure_setting_check(items, field)
    try:
        return [lv.to_json() for lv in lc.structure_from_json(items)]
    except (lc.ClockError, KeyError, TypeError, ValueError, OverflowError) as exc:
        raise ValidationFailed(
            f"invalid structure: {exc}", code="structure_invalid", detail={"field": field}
        ) from exc


@transaction.atomic
def level_clock_setup(
    *,
    actor: Actor,
    clock: LevelClock,
    structure: list[dict[str, Any]] | None = None,
    time_bank_seconds: int = 0,
    time_bank_per: str = LevelClock.TimeBankPer.TOURNAMENT,
) -> LevelClock:
    """Replace a clock's structure (None: keep it) and time bank while it has not started."""
    row = LevelClock.objects.select_for_update().get(pk=clock.pk)
    if not is_director(actor, row.club_id):
        raise PermissionRefused(
            "Only a director of this club may do that", code="not_director", detail={"club": row.club_id}
        )
    if row.anchor_at is not None:
        raise Conflict(
            "the level clock has started: its structure is the running tournament's",
            code="clock_started",
            detail={"clock": row.pk},
        )
    seconds, per = time_bank_check(time_bank_seconds, time_bank_per)
    if structure is not None:
        row.structure = levels_checked(structure)
    row.time_bank_seconds, row.time_bank_per = seconds, per
    row.version += 1
    row.save(update_fields=["structure", "time_bank_seconds", "time_bank_per", "version"])
    return row
