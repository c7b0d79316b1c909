"""The world the page tests walk: a club with a director, a published running tournament with a hand played,
a league season, a dealer's device and a dispute (tests/i18n/test_pages.py, test_browser_languages.py)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from apps.accounts import services as accounts
from apps.tables.models import Hand
from apps.tournaments import services as tournaments
from apps.tournaments.models import Entry
from tests.cockpit.helpers import given_director_client, given_running
from tests.factories import LeagueFactory, SeasonFactory, SeasonResultFactory
from tests.tournaments.helpers import open_tables, play_hand, quiet


@pytest.fixture
def world(db: Any) -> dict[str, Any]:
    from apps.core.heartbeat import BEAT, WORKER, heartbeat_record

    for part in (WORKER, BEAT):  # /healthz is one of the pages: as if the worker and beat were running
        heartbeat_record(part=part)
    club, actor, director = given_director_client()
    t = given_running(club, actor, 8, seats_per_table=6)
    tournaments.tournament_publish(actor=actor, tournament=t, published=True)
    table = open_tables(t)[0].table
    table.published = True
    table.save(update_fields=["published"])
    hand = play_hand(actor, table, random.Random(3), quiet)
    entry = Entry.objects.filter(tournament=t).select_related("player").first()
    assert entry is not None
    season = SeasonFactory(league=LeagueFactory(club=club, published=True))
    SeasonResultFactory(season=season, tournament=t, player=entry.player)
    device, token = accounts.device_issue(actor=actor, club=club, name="Phone 1", table_ids=[table.pk])
    args: dict[str, Any] = {
        "club_id": club.pk,
        "tournament_id": t.pk,
        "table_id": table.pk,
        "hand_id": hand.pk,
        "league_id": season.league.pk,
        "season_id": season.pk,
        "player_id": entry.player.pk,
        "device_id": device.pk,
        "entry_id": entry.pk,
        "token": token,
        "fmt": "csv",
        "action": "rebuy",
        "sheet": "seats",  # a print sheet (cockpit:print-sheet)
        "webhook_id": 0,  # POST only, as the next
        "move_id": 0,  # POST only (GET answers 405 before the id is read); a GET page would 404 here
        "deal_id": 0,  # POST only, as the move
    }
    try:
        from apps.disputes.models import Dispute
        from apps.disputes.services import dispute_raise

        dispute = dispute_raise(
            actor=actor, hand_id=hand.pk, kind=Dispute.Kind.values[0], description="Who won?"
        )
        args["dispute_id"] = dispute.pk
    except ImportError:  # the dispute desk is not installed
        pass
    return {"args": args, "director": director, "hand": Hand.objects.get(pk=hand.pk)}
