"""The clocks' truth, and the live-event log the pushes replay from.

Every clock is a row with a ``deadline`` (when something must happen next, NULL: nothing pending) and a
``version`` that every change bumps. A countdown task (queued on commit, for promptness) and a beat sweep
(for certainty) both call one idempotent service that re-checks the row under ``SELECT … FOR UPDATE``:
a stale version or a deadline not yet reached does nothing. :class:`ClockFiring` records each automatic
action once, unique per ``(hand, seq)``, so a clock can never fire twice even if both paths race.
"""

from __future__ import annotations

from django.db import models

from apps.accounts.models import Club
from apps.tables.models import Hand, Table


class LevelClock(models.Model):
    """A tournament's structure (levels with blinds, antes, bet units and lengths; breaks) and where it
    stands. The arithmetic is :mod:`apps.engine.clock`; ``level``/``anchor_at``/``paused_at`` are its
    :class:`~apps.engine.clock.ClockState`. ``announced_level`` is the level the pushes last announced and
    ``deadline`` the moment the next level starts (NULL while paused, unstarted or on the last level)."""

    class TimeBankPer(models.TextChoices):
        TOURNAMENT = "tournament", "Once per tournament"
        LEVEL = "level", "Refilled every level"

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="level_clocks")
    name = models.CharField(max_length=120)
    structure = models.JSONField()  # [Level.to_json(), ...]
    level = models.PositiveIntegerField(default=0)
    anchor_at = models.DateTimeField(null=True, blank=True)
    paused_at = models.DateTimeField(null=True, blank=True)
    hand_for_hand = models.BooleanField(default=False)
    announced_level = models.PositiveIntegerField(default=0)
    deadline = models.DateTimeField(null=True, blank=True)
    version = models.PositiveBigIntegerField(default=0)
    time_bank_seconds = models.PositiveIntegerField(default=0)
    time_bank_per = models.CharField(
        max_length=16, choices=TimeBankPer.choices, default=TimeBankPer.TOURNAMENT
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [
            models.Index(
                fields=["deadline"], condition=models.Q(deadline__isnull=False), name="levelclock_due"
            )
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


class TableClock(models.Model):
    """A table's turn clock: whose turn (``hand``/``seq``/``seat``), which stage is running (the turn
    limit, the seat's time bank, or a clock called by the floor) and its ``deadline``. ``banks`` holds each
    player's time bank: ``{player_id: {"left": seconds, "level": level index it was filled at}}``."""

    class Stage(models.TextChoices):
        IDLE = "idle", "No clock"
        TURN = "turn", "Turn time limit"
        BANK = "bank", "Time bank"
        CALLED = "called", "Clock called (TDA 29)"

    table = models.OneToOneField(Table, on_delete=models.CASCADE, primary_key=True, related_name="clock")
    level_clock = models.ForeignKey(
        LevelClock, null=True, blank=True, on_delete=models.SET_NULL, related_name="tables"
    )
    hand = models.ForeignKey(Hand, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    seq = models.PositiveIntegerField(default=0)  # the hand's seq the clock runs for
    seat = models.PositiveSmallIntegerField(null=True, blank=True)
    player_key = models.CharField(max_length=40, blank=True)  # whose time bank: "p<player id>" / "s<seat>"
    stage = models.CharField(max_length=8, choices=Stage.choices, default=Stage.IDLE)
    turn_started_at = models.DateTimeField(null=True, blank=True)
    stage_started_at = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True)
    version = models.PositiveBigIntegerField(default=0)
    banks = models.JSONField(default=dict)

    class Meta:
        indexes = [
            models.Index(
                fields=["deadline"], condition=models.Q(deadline__isnull=False), name="tableclock_due"
            )
        ]

    def __str__(self) -> str:
        return f"clock of {self.table_id}: {self.stage} seat {self.seat} until {self.deadline}"


class ClockFiring(models.Model):
    """One automatic action taken by a clock: at most one per hand state (``hand``, ``seq``)."""

    class Source(models.TextChoices):
        COUNTDOWN = "countdown", "Countdown task"
        SWEEP = "sweep", "Beat sweep"

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="+")
    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="clock_firings")
    seq = models.PositiveIntegerField()  # the state the clock ran for; the event appended is seq + 1
    seat = models.PositiveSmallIntegerField()
    stage = models.CharField(max_length=8, choices=TableClock.Stage.choices)
    deadline = models.DateTimeField()
    fired_at = models.DateTimeField()
    source = models.CharField(max_length=10, choices=Source.choices)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hand", "seq"], name="clock_fires_once_per_state")]

    def __str__(self) -> str:
        return f"{self.hand} seq {self.seq} seat {self.seat}: {self.stage} by {self.source}"


class LiveChannel(models.Model):
    """A stream (``table:12``, ``tournament:3``, ``levelclock:5``) and the id of its last event. Appending
    takes this row's lock, so ids are given in commit order and a reader never skips one."""

    name = models.CharField(max_length=64, primary_key=True)
    last_id = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.name} @ {self.last_id}"


class LiveEvent(models.Model):
    """One pushed event; ``(channel, event_id)`` is the SSE ``id`` a client resumes from."""

    channel = models.ForeignKey(LiveChannel, on_delete=models.CASCADE, related_name="events")
    event_id = models.PositiveBigIntegerField()
    type = models.CharField(max_length=32)
    data = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["channel", "event_id"], name="live_event_unique_id"),
        ]

    def __str__(self) -> str:
        return f"{self.channel_id}#{self.event_id} {self.type}"
