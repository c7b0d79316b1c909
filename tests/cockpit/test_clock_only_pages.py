"""A clock-only tournament from the cockpit's form, and its game's name on the cockpit's and public pages."""

from __future__ import annotations

import pytest

from apps.tournaments import services
from apps.tournaments.models import Tournament
from tests.cockpit.helpers import flashed, given_director_client
from tests.cockpit.setup_helpers import form_data
from tests.tournaments.clockonly_helpers import given_holdem

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]

# The setup form as a browser without scripts posts it: a blinds structure of two levels and a break.
FORM = form_data(
    levels=[
        {"minutes": "15", "small_blind": "25", "big_blind": "50"},
        {"is_break": "on", "minutes": "10"},
        {"minutes": "15", "small_blind": "50", "big_blind": "100"},
    ],
    action="save",
    name="Hold'em Friday",
    game="clock-only",
    game_name="Pot-Limit Omaha",
    seats_per_table="9",
    to_pool="20",
    fee="0",
)


def test_the_form_creates_a_clock_only_tournament_with_a_blinds_structure() -> None:
    club, _actor, client = given_director_client()
    r = client.post(f"/cockpit/clubs/{club.pk}/tournaments/new/", FORM, follow=True)
    assert "Tournament created. Register the players." in flashed(r)
    t = Tournament.objects.get(club=club)
    assert (t.game_kind, t.game_name, t.seats_per_table) == ("clock_only", "Pot-Limit Omaha", 9)
    assert t.level_clock is not None
    assert t.level_clock.structure[0]["big_blind"] > 0
    assert "Pot-Limit Omaha</span> (clock only)" in r.content.decode()


def test_the_form_without_a_game_name_is_refused_and_writes_nothing() -> None:
    club, _actor, client = given_director_client()
    r = client.post(f"/cockpit/clubs/{club.pk}/tournaments/new/", {**FORM, "game_name": ""})
    assert r.status_code == 400
    assert "game_name_required" in r.content.decode()
    assert not Tournament.objects.filter(club=club).exists()


def test_the_public_standings_page_shows_the_games_name() -> None:
    club, actor, client = given_director_client()
    t = given_holdem(club, actor, 3)
    services.tournament_publish(actor=actor, tournament=t, published=True)
    page = client.get(f"/t/{t.pk}/standings/").content.decode()
    assert 'class="status game-name">Hold&#x27;em</p>' in page
