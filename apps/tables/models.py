"""Tables, seats, hands and each hand's append-only event log.

A hand is its ordered events, unique by ``(hand, seq)``; the engine state after each event is cached beside
it (``state_after``) and the latest on the hand row, so recording an action costs the same at event 5 and at
event 500. Corrections never edit an event: they append a correction row and mark the rows they void.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from apps.accounts.models import Club, DeviceToken, Player


class Table(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=80)
    # The engine's game definition (apps.engine.games.Game.to_json()).
    game = models.JSONField(default=dict)
    seats_count = models.PositiveSmallIntegerField(default=6)
    # Seat that had the button in the last hand (None before the first hand).
    button_seat = models.PositiveSmallIntegerField(null=True, blank=True)
    published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="table_unique_name_per_club"),
            models.CheckConstraint(
                condition=models.Q(seats_count__gte=2, seats_count__lte=10), name="table_seats_2_to_10"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.club}: {self.name}"


class Seat(models.Model):
    """A player in a seat. ``stack`` is their chips between hands; it changes only by a finished hand or
    an explicit :class:`StackAdjustment`. Leaving keeps the row (``left_at``) for the history."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    number = models.PositiveSmallIntegerField()
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    stack = models.BigIntegerField()
    seated_at = models.DateTimeField(auto_now_add=True)
    left_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["table", "number"], condition=models.Q(left_at__isnull=True), name="seat_one_player"
            ),
            models.UniqueConstraint(
                fields=["table", "player"], condition=models.Q(left_at__isnull=True), name="seat_player_once"
            ),
            models.CheckConstraint(condition=models.Q(stack__gte=0), name="seat_stack_not_negative"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="seat_number_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.table} seat {self.number}: {self.player}"


class Hand(models.Model):
    class Status(models.TextChoices):
        IN_PROGRESS = "in_progress", "In progress"
        FINISHED = "finished", "Finished"

    table = models.ForeignKey(Table, on_delete=models.PROTECT, related_name="hands")
    number = models.PositiveIntegerField()
    button = models.PositiveSmallIntegerField()
    game = models.JSONField()  # the game as it was when the hand started
    # [{"seat", "player_id", "name", "stack"}] at the start of the hand.
    seats = models.JSONField()

    class Source(models.TextChoices):
        LIVE = "live", "Entered live"
        IMPORT = "import", "Imported from a PHH file"

    status = models.CharField(max_length=16, choices=Status.choices, default=Status.IN_PROGRESS)
    source = models.CharField(max_length=8, choices=Source.choices, default=Source.LIVE)
    seq = models.PositiveIntegerField(default=0)  # seq of the last event row (0: none yet)
    state = models.JSONField()  # engine state after the last valid event
    result = models.JSONField(null=True, blank=True)
    started_at = models.DateTimeField(auto_now_add=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["table", "number"], name="hand_unique_number")]
        indexes = [models.Index(fields=["table", "status"])]

    def __str__(self) -> str:
        return f"{self.table} hand {self.number}"


class HandEvent(models.Model):
    """One row of a hand's log: an action as entered, or a correction. Rows are never edited, except that a
    later correction marks the rows it voids (``voided_by``)."""

    class Kind(models.TextChoices):
        ACTION = "action", "Action"
        CORRECTION = "correction", "Correction"

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="events")
    seq = models.PositiveIntegerField()
    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.ACTION)
    payload = models.JSONField()  # the event as entered (or the correction: reason, void_from, ...)
    by_clock = models.BooleanField(default=False)  # appended by the turn clock, not a person
    entered_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    entered_by_device = models.ForeignKey(
        DeviceToken, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    state_after = models.JSONField()
    voided_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="voided_events"
    )

    class Meta:
        ordering = ["hand", "seq"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "seq"], name="hand_event_unique_seq"),
            models.CheckConstraint(condition=models.Q(seq__gte=1), name="hand_event_seq_from_1"),
        ]

    def __str__(self) -> str:
        return f"{self.hand} #{self.seq} {self.payload.get('type', self.kind)}"


class IdempotentAnswer(models.Model):
    """The first answer to a request sent with an ``Idempotency-Key``; a retry gets it back unchanged."""

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="idempotent_answers")
    key = models.CharField(max_length=100)
    request_digest = models.CharField(max_length=64)
    status_code = models.PositiveSmallIntegerField()
    body = models.JSONField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["hand", "key"], name="idempotent_answer_unique_key")]

    def __str__(self) -> str:
        return f"{self.hand} key {self.key}"


class StackAdjustment(models.Model):
    """Any change of a stack outside a hand, with its reason: rebuy, add-on, penalty, correction."""

    class Kind(models.TextChoices):
        BUY_IN = "buy_in", "Buy-in"
        REBUY = "rebuy", "Rebuy"
        ADD_ON = "add_on", "Add-on"
        PENALTY = "penalty", "Penalty"
        CORRECTION = "correction", "Correction"
        CASH_OUT = "cash_out", "Cash-out"

    seat = models.ForeignKey(Seat, on_delete=models.PROTECT, related_name="adjustments")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    amount = models.BigIntegerField()  # chips added (negative: removed)
    stack_after = models.BigIntegerField()
    reason = models.CharField(max_length=300)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=models.Q(stack_after__gte=0), name="adjustment_stack_not_negative"
            ),
            models.CheckConstraint(condition=~models.Q(amount=0), name="adjustment_not_zero"),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.amount:+} at {self.seat}: {self.reason}"
