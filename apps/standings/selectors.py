"""Reads for leagues and ratings. The season leaderboard is one SQL statement over the season's results:
best-N by a window function, the tie-breakers as ORDER BY columns and a shared rank for a complete tie. It
follows :func:`apps.engine.tournament.league.leaderboard` exactly (the tests compare the two):

1. points of the best-N results (all when the league has no N; among equal points the earlier result counts);
2. more wins (first places; a tie for first is a first place);
3. more cashes (results with a prize);
4. better best finish;
5. earlier achievement: the latest counted result came in an earlier tournament (tournaments in the order
   they were created).

Players equal on all five share the rank; the list shows them by name. Points are hundredths.
"""

from __future__ import annotations

from typing import Any

from django.db import connection

from apps.standings.models import Rating, RatingHistory, Season

_LEADERBOARD_SQL = """
WITH ranked AS (
    SELECT r.player_id, r.tournament_id, r.points, r.place, r.prize, r.bounties,
           ROW_NUMBER() OVER (PARTITION BY r.player_id ORDER BY r.points DESC, r.tournament_id ASC) AS rn
    FROM standings_seasonresult r
    WHERE r.season_id = %(season)s
      AND (%(every)s OR r.tournament_id IN (SELECT id FROM tournaments_tournament WHERE published))
), totals AS (
    SELECT player_id,
           SUM(points) FILTER (WHERE rn <= %(best_n)s) AS total,
           COUNT(*) FILTER (WHERE place = 1) AS wins,
           COUNT(*) FILTER (WHERE prize > 0) AS cashes,
           MIN(place) AS best_place,
           MAX(tournament_id) FILTER (WHERE rn <= %(best_n)s) AS completed_at,
           COUNT(*) AS played,
           COUNT(*) FILTER (WHERE rn <= %(best_n)s) AS counted,
           SUM(prize) AS prize,
           SUM(bounties) AS bounties
    FROM ranked GROUP BY player_id
)
SELECT RANK() OVER (ORDER BY t.total DESC, t.wins DESC, t.cashes DESC, t.best_place ASC, t.completed_at ASC),
       t.player_id, p.name, t.total, t.wins, t.cashes, t.best_place, t.completed_at, t.played, t.counted,
       t.prize, t.bounties, COUNT(*) OVER ()
FROM totals t JOIN accounts_player p ON p.id = t.player_id
ORDER BY 1, p.name, t.player_id
"""

_FIELDS = (
    "rank",
    "player_id",
    "player",
    "points",
    "wins",
    "cashes",
    "best_place",
    "completed_at",
    "played",
    "counted",
    "prize",
    "bounties",
)
ALL = 2**31 - 1  # best-N when every result counts


def leaderboard_for_season(
    *, season: Season, limit: int | None = None, offset: int = 0, published_only: bool = False
) -> dict[str, Any]:
    """The season's leaderboard (two queries: the season with its league, the leaderboard). ``limit`` and
    ``offset``: one page of it (ranks stay the whole board's); ``players`` is the whole board's length.
    ``published_only``: as the public reads it, counting the published tournaments' results only."""
    season = Season.objects.select_related("league").get(pk=season.pk)
    sql = _LEADERBOARD_SQL + (" LIMIT %(limit)s" if limit else "") + (" OFFSET %(offset)s" if offset else "")
    params = _board_params(season, published_only) | {"limit": limit, "offset": offset}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    players = rows[0][-1] if rows else 0
    if not rows and offset:  # a page past the end still says how long the board is
        with connection.cursor() as cursor:
            cursor.execute(_LEADERBOARD_SQL + " LIMIT 1", params)
            first = cursor.fetchone()
        players = first[-1] if first else 0
    return _board(season, rows, players=players if limit or offset else None)


def _board_params(season: Season, published_only: bool) -> dict[str, Any]:
    return {"season": season.pk, "best_n": season.league.best_n or ALL, "every": not published_only}


def _board(season: Season, rows: list[tuple[Any, ...]], *, players: int | None) -> dict[str, Any]:
    board: dict[str, Any] = {
        "season": season.pk,
        "league": season.league_id,
        "name": f"{season.league.name}: {season.name}",
        "best_n": season.league.best_n,
        "points_unit": "hundredths",
        "tie_breakers": ["points_best_n", "wins", "cashes", "best_place", "earlier_achievement"],
        "rows": [dict(zip(_FIELDS, row[:-1], strict=True)) for row in rows],
    }
    if players is not None:
        board["players"] = players
    return board


# --- the board kept between changes -------------------------------------------------------------------------

# What the board is made of, read from indexes alone in one statement: the newest result of any season
# (results are only ever written by inserting rows, and a tournament scored again replaces its rows with new
# ones, so a new or re-scored result raises it), the number of the season's results (a result taken back,
# as when a ruling reopens a finished tournament, lowers it) and the club's published tournaments (the
# public board counts only theirs). Ids are never used again (PostgreSQL's sequences, SQLite's AUTOINCREMENT)
# and no code updates a result in place, so two reads with the same newest id and count see the same rows.
_VERSION_SQL = """
SELECT (SELECT COALESCE(MAX(id), 0) FROM standings_seasonresult),
       (SELECT COUNT(*) FROM standings_seasonresult WHERE season_id = %(season)s),
       (SELECT COUNT(*) FROM tournaments_tournament WHERE club_id = %(club)s AND published),
       (SELECT COALESCE(SUM(id), 0) FROM tournaments_tournament WHERE club_id = %(club)s AND published)
"""
BOARD_KEPT_FOR = 24 * 3600  # seconds; a change makes a new version, so an old one is only ever read again
# if the season goes back to exactly what it was


def leaderboard_version(*, season: Season) -> str:
    """What the season's board depends on, as a short text that changes whenever it does: a result added,
    removed or scored again, a tournament of the club published or unpublished, the league's best-N. Read
    from the database at every call (one statement over indexes: no sort, no window), so every process
    (each web worker, the Celery worker that finishes a tournament) sees a change at once, on SQLite as on
    PostgreSQL, and no writer has to remember to announce it. Expects ``season.league`` loaded."""
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL, {"season": season.pk, "club": season.league.club_id})
        sums = cursor.fetchone()
    # The league's creation time tells this database's season apart from another one's with the same id
    # (a test database made again, a restored backup) in a cache they share.
    made = season.league.created_at.timestamp()
    return f"{season.pk}.{made}.{season.league.best_n}." + ".".join(str(int(x)) for x in sums)


def leaderboard_kept(
    *, season: Season, limit: int | None = None, offset: int = 0, published_only: bool = False
) -> tuple[dict[str, Any], str]:
    """:func:`leaderboard_for_season` and its :func:`leaderboard_version`, the board built once per change
    of the season and kept in the cache: a page reads the version and its kept slice. The first read after
    a change runs the board's SQL once and keeps every page of ``limit`` rows. The players' names are read
    fresh for the rows returned, so a renamed player shows at once (players sharing a rank stay in the
    order of the names they had when the board was built, until the season next changes)."""
    from django.core.cache import cache

    season = Season.objects.select_related("league").get(pk=season.pk)
    version = leaderboard_version(season=season)
    prefix = f"standings:board:{int(published_only)}:{limit or 0}:{version}"
    found = cache.get_many([f"{prefix}:{offset}", f"{prefix}:0"])
    kept: tuple[list[tuple[Any, ...]], int] | None = found.get(f"{prefix}:{offset}")
    if kept is None and f"{prefix}:0" in found and offset >= found[f"{prefix}:0"][1]:
        kept = ([], found[f"{prefix}:0"][1])  # a page past the end
    if kept is None:
        with connection.cursor() as cursor:
            cursor.execute(_LEADERBOARD_SQL, _board_params(season, published_only))
            rows = cursor.fetchall()
        step = limit or max(1, len(rows))
        pages = {
            f"{prefix}:{at}": (rows[at : at + step], len(rows)) for at in range(0, max(1, len(rows)), step)
        }
        kept = pages.get(f"{prefix}:{offset}", ([], len(rows)))
        # kept only if nothing changed while it was read (two statements may see two states of the season)
        if leaderboard_version(season=season) == version:
            cache.set_many(pages, BOARD_KEPT_FOR)
    part, players = kept
    board = _board(season, part, players=players if limit or offset else None)
    _fresh_names(board["rows"])
    return board, version


def _fresh_names(rows: list[dict[str, Any]]) -> None:
    from apps.accounts.models import Player

    names = dict(Player.objects.filter(pk__in=[r["player_id"] for r in rows]).values_list("pk", "name"))
    for r in rows:
        r["player"] = names.get(r["player_id"], r["player"])


def ratings_for_club(*, club_id: int, limit: int = 100, published_only: bool = False) -> list[dict[str, Any]]:
    """Ratings by ordinal (mu - 3 sigma), one query. ``published_only``: as the public may see them, each
    player's rating after their last rated game in a published tournament (an unpublished tournament's
    games are left out, so nothing of it shows)."""
    from django.db.models import F

    from apps.engine.tournament import ratings as er

    if published_only:
        return _published_ratings(club_id=club_id, limit=limit)
    qs = (
        Rating.objects.filter(club_id=club_id)
        .select_related("player")
        .annotate(ordinal=F("mu") - 3 * F("sigma"))
        .order_by("-ordinal", "player__name")[:limit]
    )
    return [
        {
            "player_id": r.player_id,
            "player": r.player.name,
            "mu": round(r.mu, 4),
            "sigma": round(r.sigma, 4),
            "ordinal": round(r.ordinal, 4),
            "display": er.Rating(r.mu, r.sigma).display,
            "games": r.games,
        }
        for r in qs
    ]


def _published_ratings(*, club_id: int, limit: int) -> list[dict[str, Any]]:
    from apps.engine.tournament import ratings as er

    rows = (
        RatingHistory.objects.filter(rating__club_id=club_id, tournament__published=True)
        .select_related("rating__player")
        .order_by("pk")
    )
    latest: dict[int, tuple[Any, int]] = {}
    for h in rows:
        games = latest[h.rating.player_id][1] + 1 if h.rating.player_id in latest else 1
        latest[h.rating.player_id] = (h, games)
    out = []
    for h, games in latest.values():
        ordinal = h.mu_after - 3 * h.sigma_after
        out.append(
            {
                "player_id": h.rating.player_id,
                "player": h.rating.player.name,
                "mu": round(h.mu_after, 4),
                "sigma": round(h.sigma_after, 4),
                "ordinal": round(ordinal, 4),
                "display": er.Rating(h.mu_after, h.sigma_after).display,
                "games": games,
            }
        )
    out.sort(key=lambda r: (-r["ordinal"], r["player"]))
    return out[:limit]


def rating_history_for_player(*, player_id: int, published_only: bool = False) -> list[dict[str, Any]]:
    """The player's rated games, oldest first; ``published_only``: those of published tournaments only."""
    rows = RatingHistory.objects.filter(rating__player_id=player_id).select_related("tournament")
    if published_only:
        rows = rows.filter(tournament__published=True)
    return [
        {
            "tournament": h.tournament_id,
            "name": h.tournament.name,
            "place": h.place,
            "mu_before": h.mu_before,
            "sigma_before": h.sigma_before,
            "mu_after": h.mu_after,
            "sigma_after": h.sigma_after,
            "at": h.created_at.isoformat(),
        }
        for h in rows.order_by("pk")
    ]
