"""Ratings across rated games, with the maintained ``openskill`` library (Weng-Lin Bayesian ratings).

The model is openskill's **Bradley-Terry with full pairing** (``BradleyTerryFull``, Weng & Lin 2011): a game
of two to ten players is rated as every pair of players in it, each pair a win, a loss or - for equal places -
a draw. So a tie sits exactly between a win and a loss (RULES.md §6 "rated games"): two players tied for 2nd
move by the average of 2nd and 3rd. With two players it is the same as Plackett-Luce.

Why not Plackett-Luce, openskill's default? In openskill 6.x its handling of ties in a game of three or more
is wrong: tied players can end below the player who finished behind them (a known upstream bug, not fixed in
any release yet). ``tests/engine/tournament/test_ratings.py`` keeps a check of that behaviour so an upgrade
that fixes it is noticed. Full pairing costs n² pair updates, nothing at a table of ten.

Parameters are openskill's defaults, written out so a change is deliberate: ``mu`` 25, ``sigma`` 25/3,
``beta`` 25/6, ``kappa`` 0.0001, ``tau`` 25/300 (a little uncertainty added before every game so ratings can
move again after a long history), no sigma limit, no balance.

Shown numbers: the *ordinal* ``mu - 3 × sigma`` (a conservative skill estimate, 0 for a new player) and the
*display* rating ``round(1000 + 40 × ordinal)`` (1000 for a new player). A draw between two new players raises
both displays: ``mu`` stays, ``sigma`` shrinks. Ratings are floats: they are not chips or money.

>>> changes = rate({"ann": NEW, "bob": NEW}, {"ann": 1, "bob": 2})
>>> [(c.player, c.before.display, c.after.display) for c in changes]
[('ann', 1000, 1138), ('bob', 1000, 927)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from openskill.models import BradleyTerryFull

from apps.engine.tournament.errors import RatingError

MU = 25.0
SIGMA = 25.0 / 3.0
BETA = 25.0 / 6.0
KAPPA = 0.0001
TAU = 25.0 / 300.0
DISPLAY_BASE = 1000
DISPLAY_SCALE = 40

MODEL = BradleyTerryFull(mu=MU, sigma=SIGMA, beta=BETA, kappa=KAPPA, tau=TAU)
MODEL_NAME = "openskill BradleyTerryFull (Weng-Lin, full pairing)"


@dataclass(frozen=True)
class Rating:
    """A player's skill belief: mean ``mu`` and uncertainty ``sigma``."""

    mu: float = MU
    sigma: float = SIGMA

    @property
    def ordinal(self) -> float:
        """``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma

    @property
    def display(self) -> int:
        """The shown whole-number rating (1000 for a new player)."""
        return round(DISPLAY_BASE + DISPLAY_SCALE * self.ordinal)


NEW = Rating()


@dataclass(frozen=True)
class RatingChange:
    """One history entry: a player's rating before and after one rated game, and their place in it."""

    player: str
    place: int
    before: Rating
    after: Rating

    @property
    def display_change(self) -> int:
        return self.after.display - self.before.display


def rate(ratings: Mapping[str, Rating], places: Mapping[str, int]) -> list[RatingChange]:
    """Rate one game: ``places`` gives each player's finish (1 best; equal places are a tie). Players without
    a rating in ``ratings`` start at :data:`NEW`. Returns the history entries in finishing order.

    >>> draw = rate({"a": NEW, "b": NEW}, {"a": 1, "b": 1})
    >>> [c.after.display for c in draw]
    [1032, 1032]
    """
    if len(places) < 2:
        raise RatingError(
            "a rated game has two or more players", code="rating_players", detail={"players": len(places)}
        )
    if min(places.values()) < 1:
        raise RatingError("places start at 1", code="rating_places")
    order = sorted(places, key=lambda p: (places[p], p))
    before = {p: ratings.get(p, NEW) for p in order}
    teams = [[MODEL.rating(mu=before[p].mu, sigma=before[p].sigma, name=p)] for p in order]
    new = MODEL.rate(teams, ranks=[float(places[p]) for p in order])
    return [
        RatingChange(p, places[p], before[p], Rating(team[0].mu, team[0].sigma))
        for p, team in zip(order, new, strict=True)
    ]


def apply(ratings: Mapping[str, Rating], changes: list[RatingChange]) -> dict[str, Rating]:
    """The ratings after a game's changes.

    >>> apply({}, rate({}, {"a": 1, "b": 2}))["a"].mu > MU
    True
    """
    out = dict(ratings)
    for c in changes:
        out[c.player] = c.after
    return out
