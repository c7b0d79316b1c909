"""Disputes, rulings, their audit trail, and the entries the referee refused.

Nothing here is ever edited after the fact except a dispute's ``status`` (open → ruled); everything that
happens to a dispute is an :class:`DisputeAudit` row, and a ruling is written once.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import DeviceToken, Player
from apps.tables.models import Hand


class Dispute(models.Model):
    class Kind(models.TextChoices):
        # TDA 22: the reading of a hand may be disputed until the next hand starts ...
        READING = "reading", _("The reading of a hand")
        # ... a chip-count (accounting) error until substantial action in the next hand (TDA 36).
        ACCOUNTING = "accounting", _("An accounting error")

    class Role(models.TextChoices):
        DIRECTOR = "director", _("Director")
        DEALER = "dealer", _("Dealer")
        PLAYER = "player", _("Player")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        RULED = "ruled", _("Ruled")

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="disputes")
    kind = models.CharField(max_length=16, choices=Kind.choices)
    description = models.CharField(max_length=1000)
    raised_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    raised_by_device = models.ForeignKey(
        DeviceToken, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    raised_by_player = models.ForeignKey(
        Player, null=True, blank=True, on_delete=models.PROTECT, related_name="disputes"
    )
    role = models.CharField(max_length=16, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)
    # Which window applied (the kind's), whether the dispute came inside it, and why (the hand or actions
    # that closed it), as decided when it was raised. A late dispute is accepted and shown as late.
    window = models.CharField(max_length=16, choices=Kind.choices)
    in_window = models.BooleanField()
    late = models.BooleanField()
    window_detail = models.JSONField(default=dict)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=~models.Q(in_window=models.F("late")), name="dispute_late_or_not"
            ),
            models.CheckConstraint(
                condition=models.Q(raised_by_user__isnull=False) | models.Q(raised_by_device__isnull=False),
                name="dispute_raised_by_someone",
            ),
        ]

    def __str__(self) -> str:
        return f"dispute {self.pk} on {self.hand}"


class Ruling(models.Model):
    """The director's decision, written once. ``corrected``: the hand's events were corrected and
    everything after it re-flowed (``reflow`` summarises what changed)."""

    class Outcome(models.TextChoices):
        STANDS = "stands", _("The hand stands")
        CORRECTED = "corrected", _("Corrected")

    dispute = models.OneToOneField(Dispute, on_delete=models.PROTECT, related_name="ruling")
    text = models.CharField(max_length=2000)
    rules_cited = models.JSONField(default=list)  # ["TDA 20", "RULES.md §5"]
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    correction = models.JSONField(null=True, blank=True)  # {"void_from_seq", "events"} as applied
    reflow = models.JSONField(default=dict)
    ruled_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"ruling on {self.dispute}: {self.outcome}"


class DisputeAudit(models.Model):
    """Who did what to a dispute, and when: raised, reviewed, a sandbox tried, ruled, a hand re-flowed, an
    elimination undone. Append-only."""

    dispute = models.ForeignKey(Dispute, on_delete=models.PROTECT, related_name="audit")
    action = models.CharField(max_length=32)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    by_device = models.ForeignKey(
        DeviceToken, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.dispute}: {self.action}"


class RefusedEntry(models.Model):
    """An event the referee refused (422): what was entered, by whom, and the rule it broke. Append-only;
    the hand itself is unchanged by it."""

    hand = models.ForeignKey(Hand, on_delete=models.PROTECT, related_name="refused_entries")
    expected_seq = models.PositiveIntegerField()
    event = models.JSONField()
    code = models.CharField(max_length=64)
    message = models.CharField(max_length=500)
    rule = models.CharField(max_length=200, blank=True, default="")
    detail = models.JSONField(default=dict)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    by_device = models.ForeignKey(
        DeviceToken, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    by_clock = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "created_at", "pk"]

    def __str__(self) -> str:
        return f"{self.hand}: refused {self.event.get('type')} ({self.code})"
