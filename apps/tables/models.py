"""Tables of a club. Hands and their append-only event log arrive with the dealer API."""

from __future__ import annotations

from django.db import models

from apps.accounts.models import Club


class Table(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="tables")
    name = models.CharField(max_length=80)
    # The engine's game definition as JSON (apps.engine.games): ranking, draws, forced bets, structure.
    game = models.JSONField(default=dict)
    seats_count = models.PositiveSmallIntegerField(default=6)
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
