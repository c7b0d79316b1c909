"""Writes for leagues, seasons, season results and ratings.

A finished tournament records its results (:func:`tournament_results_record`, called when it ends): one
:class:`~apps.standings.models.SeasonResult` per player in each season it counts for, with the league's
points (:class:`apps.engine.tournament.league.PointsRule`; tied players share the points of their places),
and, when the tournament is rated, one rating update for everyone (openskill, through the engine's ratings).
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from apps.accounts.models import Club
from apps.accounts.permissions import Actor, require_director
from apps.core import bounds as b
from apps.core.errors import Conflict, ValidationFailed
from apps.engine.errors import EngineError
from apps.engine.tournament import league as el
from apps.standings.models import League, Rating, RatingHistory, Season, SeasonResult, SeasonTournament
from apps.tournaments.models import Entry, Tournament


def _engine(exc: EngineError) -> ValidationFailed:
    return ValidationFailed(exc.message, code=exc.code, rule=exc.rule, detail=exc.detail)


def points_setting_check(points: Any) -> None:
    """A league's points of the right types: ``kind`` (table, tlb, sqrt), ``table`` (hundredths of points
    per place, whole numbers from 0 to MAX_POINTS) and ``minor_units`` (the buy-in's minor units per unit);
    the engine then checks the rule itself."""
    b.mapping(points, "points", known=("kind", "table", "minor_units"))
    b.choice(points.get("kind", "table"), "points.kind", el.RULE_KINDS)
    if "table" in points:
        b.wholes(points["table"], "points.table", low=0, high=b.MAX_POINTS, max_items=b.MAX_PLACES)
    if "minor_units" in points:
        b.whole(points["minor_units"], "points.minor_units", low=1, high=10**6)


def points_rule(points: dict[str, Any]) -> el.PointsRule:
    try:
        return el.PointsRule(str(points.get("kind", "table")), tuple(int(x) for x in points.get("table", ())))
    except EngineError as exc:
        raise _engine(exc) from exc
    except (TypeError, ValueError) as exc:
        raise ValidationFailed(
            f"invalid points: {exc}", code="points_invalid", detail={"field": "points"}
        ) from exc


@transaction.atomic
def league_create(
    *,
    actor: Actor,
    club: Club,
    name: str,
    points: dict[str, Any],
    best_n: int | None = None,
    published: bool = False,
) -> League:
    require_director(actor, club.pk)
    points_setting_check(points)
    points_rule(points)
    if best_n is not None and best_n < 1:
        raise ValidationFailed(
            "best_n counts one or more results", code="best_n_invalid", detail={"field": "best_n"}
        )
    if League.objects.filter(club=club, name=name).exists():
        raise ValidationFailed(f"the club already has a league named {name!r}", code="league_name_taken")
    return League.objects.create(club=club, name=name, points=points, best_n=best_n, published=published)


@transaction.atomic
def league_update(
    *,
    actor: Actor,
    league: League,
    name: str,
    points: dict[str, Any],
    best_n: int | None,
    published: bool,
) -> int:
    """Change the league's name, points formula, best-N and publication; every finished tournament of its
    seasons is scored again with the new formula (the leaderboards follow: they are read from those
    results). Refused as a whole, nothing written, when the formula is invalid or cannot score one of the
    results. Returns how many tournaments were scored again."""
    require_director(actor, league.club_id)
    league = League.objects.select_for_update().get(pk=league.pk)
    points_setting_check(points)
    points_rule(points)
    if best_n is not None and best_n < 1:
        raise ValidationFailed(
            "best_n counts one or more results", code="best_n_invalid", detail={"field": "best_n"}
        )
    if League.objects.filter(club_id=league.club_id, name=name).exclude(pk=league.pk).exists():
        raise ValidationFailed(f"the club already has a league named {name!r}", code="league_name_taken")
    league.name, league.points, league.best_n, league.published = name, points, best_n, published
    league.save(update_fields=["name", "points", "best_n", "published"])
    links = SeasonTournament.objects.filter(
        season__league=league, tournament__status=Tournament.Status.FINISHED
    ).select_related("season__league", "tournament")
    scored = 0
    for link in links.order_by("pk"):
        _season_results(link.season, link.tournament)
        scored += 1
    return scored


@transaction.atomic
def season_create(*, actor: Actor, league: League, name: str) -> Season:
    require_director(actor, league.club_id)
    if Season.objects.filter(league=league, name=name).exists():
        raise ValidationFailed(f"the league already has a season named {name!r}", code="season_name_taken")
    return Season.objects.create(league=league, name=name)


@transaction.atomic
def season_tournament_add(*, actor: Actor, season: Season, tournament: Tournament) -> SeasonTournament:
    """Count a tournament of the same club for the season (once finished, its results are scored)."""
    require_director(actor, season.league.club_id)
    if tournament.club_id != season.league.club_id:
        raise ValidationFailed("that tournament belongs to another club", code="tournament_invalid")
    if SeasonTournament.objects.filter(tournament=tournament).exists():
        raise Conflict("the tournament already counts for a season", code="tournament_in_season")
    link = SeasonTournament.objects.create(season=season, tournament=tournament)
    if tournament.status == Tournament.Status.FINISHED:
        _season_results(season, tournament)
    return link


def _best_entries(t: Tournament) -> list[Entry]:
    """Each player's best entry (a player who re-entered scores once, with their best place)."""
    best: dict[int, Entry] = {}
    for e in Entry.objects.filter(tournament=t, place__isnull=False).order_by("place", "pk"):
        best.setdefault(e.player_id, e)
    return list(best.values())


def _season_results(season: Season, t: Tournament) -> None:
    rule = points_rule(season.league.points)
    minor = int(season.league.points.get("minor_units", 100))
    entries = Entry.objects.filter(tournament=t).exclude(status=Entry.Status.REMOVED).count()
    rows = []
    for e in _best_entries(t):
        assert e.place is not None
        places = list(range(e.place, (e.place_to or e.place) + 1))
        try:
            pts = rule.shared(places, entries=entries, buyin=t.buy_in, minor_units=minor)
        except EngineError as exc:
            raise _engine(exc) from exc
        rows.append(
            SeasonResult(
                season=season,
                tournament=t,
                player_id=e.player_id,
                place=e.place,
                entries=entries,
                prize=e.prize,
                bounties=e.bounties_won,
                points=pts,
            )
        )
    SeasonResult.objects.filter(season=season, tournament=t).delete()
    SeasonResult.objects.bulk_create(rows)


def tournament_results_record(*, tournament: Tournament) -> None:
    """Score a finished tournament for its season and rate it. Runs inside the finishing transaction."""
    link = SeasonTournament.objects.filter(tournament=tournament).select_related("season__league").first()
    if link is not None:
        _season_results(link.season, tournament)
    if tournament.rated:
        ratings_update(tournament=tournament)


# --- ratings ------------------------------------------------------------------------------------------------


def ratings_update(*, tournament: Tournament) -> list[RatingHistory]:
    """One rated game: every player's finish (ties are draws: between a win and a loss) updates their
    openskill rating; each change is kept in the history. Idempotent per tournament."""
    from apps.engine.tournament import ratings as er

    if RatingHistory.objects.filter(tournament=tournament).exists():
        return []
    entries = _best_entries(tournament)
    if len(entries) < 2:
        return []
    existing = {
        r.player_id: r
        for r in Rating.objects.select_for_update().filter(player_id__in=[e.player_id for e in entries])
    }
    known = {str(pid): er.Rating(r.mu, r.sigma) for pid, r in existing.items()}
    try:
        changes = er.rate(known, {str(e.player_id): e.place or 0 for e in entries})
    except EngineError as exc:
        raise _engine(exc) from exc
    history = []
    for c in changes:
        pid = int(c.player)
        rating = existing.get(pid) or Rating(
            club_id=tournament.club_id, player_id=pid, mu=c.before.mu, sigma=c.before.sigma
        )
        rating.mu, rating.sigma = c.after.mu, c.after.sigma
        rating.games += 1
        rating.save()
        history.append(
            RatingHistory(
                rating=rating,
                tournament=tournament,
                place=c.place,
                mu_before=c.before.mu,
                sigma_before=c.before.sigma,
                mu_after=c.after.mu,
                sigma_after=c.after.sigma,
            )
        )
    return RatingHistory.objects.bulk_create(history)
