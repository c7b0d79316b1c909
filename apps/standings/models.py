"""Leagues, seasons, their results, and ratings across rated games.

A finished tournament of a season writes one :class:`SeasonResult` per player (best entry), with the points
the league's formula gives (:mod:`apps.engine.tournament`); the leaderboard is aggregated from those rows in
SQL (best-N by a window function, tie-breakers as ORDER BY columns).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q

from apps.accounts.models import Club, Player
from apps.tournaments.models import Tournament


class League(models.Model):
    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="leagues")
    name = models.CharField(max_length=120)
    # {"kind": "table", "table": [10000, 7000, ...]} (hundredths) or {"kind": "tlb"} / {"kind": "sqrt"}
    # (formulas of entries, buy-in and place), optional "minor_units" (money units per whole buy-in unit,
    # default 100): see apps.engine.tournament.league.PointsRule.
    points = models.JSONField()
    best_n = models.PositiveSmallIntegerField(null=True, blank=True)  # None: every result counts
    published = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["club", "name"], name="league_unique_name_per_club")]

    def __str__(self) -> str:
        return self.name


class Season(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="seasons")
    name = models.CharField(max_length=120)
    tournaments: models.ManyToManyField[Tournament, SeasonTournament] = models.ManyToManyField(
        Tournament, through="SeasonTournament", related_name="seasons"
    )

    class Meta:
        constraints = [models.UniqueConstraint(fields=["league", "name"], name="season_unique_name")]

    def __str__(self) -> str:
        return f"{self.league}: {self.name}"


class SeasonTournament(models.Model):
    season = models.ForeignKey(Season, on_delete=models.CASCADE)
    tournament = models.OneToOneField(Tournament, on_delete=models.CASCADE, related_name="season_link")

    def __str__(self) -> str:
        return f"{self.season} / {self.tournament}"


class SeasonResult(models.Model):
    """One player's result in one tournament of a season (their best entry), with its points."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="results")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="season_results")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="season_results")
    place = models.PositiveIntegerField()
    entries = models.PositiveIntegerField()  # the tournament's number of entries
    prize = models.BigIntegerField(default=0)
    bounties = models.BigIntegerField(default=0)
    points = models.BigIntegerField()  # hundredths of a point (1250 = 12.50), as the engine keeps them

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="season_result_once_per_player"),
        ]
        indexes = [
            # The leaderboard reads a season's results by player, best points first, from the index alone.
            models.Index(
                fields=["season", "player", "-points", "tournament"],
                include=["place", "prize", "bounties"],
                name="season_result_board",
            )
        ]

    def __str__(self) -> str:
        return f"{self.player}: {self.points} in {self.tournament}"


class Rating(models.Model):
    """A player's openskill rating in a club (``mu``, ``sigma``; ordinal = mu - 3 sigma)."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="ratings")
    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="rating")
    mu = models.FloatField()
    sigma = models.FloatField()
    games = models.PositiveIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [models.CheckConstraint(condition=Q(sigma__gt=0), name="rating_sigma_positive")]

    def __str__(self) -> str:
        return f"{self.player}: {self.mu:.2f} ± {self.sigma:.2f}"


class RatingHistory(models.Model):
    """One rated game's change to one player's rating."""

    rating = models.ForeignKey(Rating, on_delete=models.CASCADE, related_name="history")
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    place = models.PositiveIntegerField()
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["rating", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["rating", "tournament"], name="rating_history_once_per_game")
        ]

    def __str__(self) -> str:
        return f"{self.rating.player}: {self.mu_before:.2f} -> {self.mu_after:.2f}"
