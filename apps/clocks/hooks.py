"""The hooks the clocks send to the apps above them (see :mod:`apps.core.hooks`; lock order
:mod:`apps.core.locks`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from apps.clocks.models import LevelClock
from apps.core.hooks import Hook


@dataclass(frozen=True)
class LevelClockChanged:
    """The level clock ``clock`` (its row locked, saved) was rescheduled by ``kind`` (a control action or
    ``tick``); ``view``: how it stands now; ``previous``: the level index announced before."""

    clock: LevelClock
    view: dict[str, Any]
    kind: str
    previous: int


level_clock_changed: Hook[LevelClockChanged, None] = Hook(
    "clocks.level_clock_changed",
    doc="""A level clock moved (started, paused, a level change, hand-for-hand's minutes). Sent by
    ``level_clock_reschedule`` holding the level clock's row (lock 6); receivers take no lock of their own
    before the commit.

    Receivers: ``apps.tournaments.levels.tournament_clock_changed`` (the change mirrored on the tournament's
    live stream; a level that removes a chip queues its colour-ups after commit).""",
)
