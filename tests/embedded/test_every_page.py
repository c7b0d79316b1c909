"""Every page and every read of the API, on both backends: each URL pattern Floor routes (its ids filled from
a club with a tournament running at two tables, hands played, a dispute and a league season) is requested by
the club's director. None may answer a 5xx; a page that is there for a director answers 200."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver

from apps.accounts.services import device_issue
from apps.disputes.services import dispute_raise
from apps.tables.models import Hand
from apps.tournaments.models import Entry, SeatMove, TournamentTable
from tests.factories import LeagueFactory, SeasonFactory, SeasonResultFactory
from tests.tournaments.helpers import confirm_moves, given_director, given_tournament, play_hand, quiet

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]

# streams hold the request open (tests/clocks/test_sse.py and the browser tests read them)
SKIP = re.compile(r"^api/live/|^admin/|^i18n/|^accounts/logout")


def _patterns(resolver: URLResolver, prefix: str = "") -> Iterator[tuple[str, URLPattern]]:
    for p in resolver.url_patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            yield from _patterns(p, route)
        else:
            yield route, p


def _fill(route: str, ids: dict[str, int]) -> str | None:
    """The route with its ``<int:name>`` parts filled, None when it has a part we cannot fill."""
    if route.startswith("^"):
        return None  # the API's catch-all 404
    missing = False

    def one(match: re.Match[str]) -> str:
        nonlocal missing
        kind, name = match.group(1), match.group(2)
        if kind == "int" and name in ids:
            return str(ids[name])
        missing = True
        return ""

    path = re.sub(r"<(?:(\w+):)?(\w+)>", one, route)
    return None if missing else "/" + path


def test_every_get_a_director_can_make_answers_without_a_server_error() -> None:
    # given a tournament of ten at two tables with hands played, a seat move, a dispute, a league season,
    # and a worker and beat that have beaten (else /healthz rightly answers 503)
    from apps.core.heartbeat import BEAT, WORKER, heartbeat_record

    heartbeat_record(part=WORKER)
    heartbeat_record(part=BEAT)
    club, director = given_director()
    t = given_tournament(club, director, 10, seats_per_table=5, chip_denominations=[25, 100])
    from apps.tournaments import seating

    seating.tournament_start(actor=director, tournament=t)
    rng = random.Random(3)
    tables = list(TournamentTable.objects.filter(tournament=t).select_related("table"))
    assert len(tables) == 2
    for tt in tables:
        for _ in range(2):
            play_hand(director, tt.table, rng, quiet)
    confirm_moves(director, t)
    hand = Hand.objects.filter(table=tables[0].table, status="finished").latest("number")
    dispute = dispute_raise(actor=director, hand_id=hand.pk, kind="reading", description="who won?")
    device, _ = device_issue(actor=director, club=club, name="Tablet 1", table_ids=[tables[0].table_id])
    season = SeasonFactory(league=LeagueFactory(club=club, published=True))
    SeasonResultFactory(season=season, tournament=t, player=Entry.objects.filter(tournament=t).first().player)  # type: ignore[union-attr]
    t.published = True
    t.save(update_fields=["published"])
    entry = Entry.objects.filter(tournament=t).first()
    move = SeatMove.objects.filter(tournament=t).first()
    assert entry is not None and move is not None and t.level_clock_id is not None
    ids = {
        "club_id": club.pk,
        "tournament_id": t.pk,
        "table_id": tables[0].table_id,
        "hand_id": hand.pk,
        "dispute_id": dispute.pk,
        "device_id": device.pk,
        "league_id": season.league_id,
        "season_id": season.pk,
        "player_id": entry.player_id,
        "entry_id": entry.pk,
        "move_id": move.pk,
        "clock_id": t.level_clock_id,
        "seat_number": 1,
    }
    client = Client(raise_request_exception=False)  # a server error is counted, not raised, to list them all
    client.force_login(director.user)

    # when every routed GET is made
    answers: dict[str, int] = {}
    for route, _pattern in _patterns(get_resolver()):
        path = _fill(route, ids)
        if path is None or SKIP.match(path.lstrip("/")):
            continue
        answers[path] = client.get(path).status_code

    # then none failed on the server, and the director's pages are there
    assert len(answers) > 60, sorted(answers)
    assert {p: s for p, s in answers.items() if s >= 500} == {}
    pages = [
        f"/cockpit/tournaments/{t.pk}/tables/",
        f"/cockpit/tournaments/{t.pk}/moves/",
        f"/cockpit/tournaments/{t.pk}/clock/",
        f"/cockpit/tournaments/{t.pk}/results/",
        f"/cockpit/tournaments/{t.pk}/",
        f"/cockpit/clubs/{club.pk}/",
        f"/console/tables/{tables[0].table_id}/",
        f"/t/{t.pk}/standings/",
        f"/t/{t.pk}/clock/",
        f"/leagues/{season.league_id}/seasons/{season.pk}/",
        f"/players/{entry.player_id}/",
        f"/hands/{hand.pk}/replay/",
        f"/disputes/{dispute.pk}/",
        f"/api/tournaments/{t.pk}/tables/",
        f"/api/tournaments/{t.pk}/standings/live/",
        f"/api/hands/{hand.pk}/",
    ]
    assert {p: answers.get(p) for p in pages} == dict.fromkeys(pages, 200)
