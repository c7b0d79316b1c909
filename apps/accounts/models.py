"""Clubs and the people with a role in them (director, dealer, player)."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class Club(models.Model):
    name = models.CharField(max_length=120)
    slug = models.SlugField(max_length=60, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Role(models.TextChoices):
    DIRECTOR = "director", "Director"
    DEALER = "dealer", "Dealer"
    PLAYER = "player", "Player"


class Membership(models.Model):
    """A user's role in a club. A user may hold several roles in one club."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=16, choices=Role.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user", "role"], name="membership_unique_role"),
        ]

    def __str__(self) -> str:
        return f"{self.user} is {self.role} of {self.club}"
