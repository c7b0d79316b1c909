"""The public pages render, in each of the four languages, show only what is published, and offer the
standings and leaderboards as CSV and JSON."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest
from django.test import Client

from apps.standings.models import Rating, RatingHistory
from apps.tournaments.models import Tournament
from tests.factories import (
    LeagueFactory,
    PlayerFactory,
    SeasonFactory,
    SeasonResultFactory,
    TournamentFactory,
)
from tests.public.helpers import LANGUAGES, running_tournament, side_pot_hand

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def _lang(html: str) -> str:
    m = re.search(r'<html lang="([^"]+)"', html)
    assert m, "no <html lang>"
    return m.group(1)


def test_the_clock_display_shows_the_level_the_numbers_and_a_qr_code_to_the_standings() -> None:
    # given a published tournament of 8 with the clock running (level 1: ante 25, a break after level 2)
    t = running_tournament(8)

    # when the clock display is opened
    response = Client().get(f"/t/{t.pk}/clock/")

    # then it shows the level, the time left, now and next, the players left and the prize pool
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="level-name"' in html and "Level 1" in html
    assert re.search(r'id="time-left"[^>]*>(59:[0-5]\d|1:00:00)<', html)
    assert re.search(r'id="level-now">.*Ante</span> <span class="v">25<', html)
    assert re.search(r'id="level-next">.*Ante</span> <span class="v">50<', html)
    assert re.search(r'id="players-left">8<', html) and re.search(r'id="prize-pool">800<', html)
    # the next break comes after this level and the next (one hour each)
    assert re.search(r'id="next-break">(1:59:[0-5]\d|2:00:00)<', html)
    # the start is announced, the payouts listed; the QR code is an inline SVG linking to the phone view
    assert re.search(r'<li data-id="\d+">The tournament has started: 8 entries.</li>', html)
    assert '<span class="k">Place 1</span> <span class="v">800</span>' in html
    assert f'<a href="/t/{t.pk}/me/"><svg' in html  # the QR code opens "who are you?"
    # and the script gets the streams to follow
    config = json.loads(
        re.search(r'<script id="clock-config" type="application/json">(.*?)</script>', html, re.S).group(1)
    )
    assert config["tournament_stream"] == f"/api/live/tournaments/{t.pk}/"
    assert config["clock"]["stream"] == f"/api/live/level-clocks/{t.level_clock_id}/"
    assert config["clock"]["running"] is True and [lv["number"] for lv in config["clock"]["structure"]] == [
        1,
        2,
        None,
        3,
        4,
        5,
    ]


def test_live_standings_list_chips_and_links_to_players() -> None:
    t = running_tournament(8)
    response = Client().get(f"/t/{t.pk}/standings/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Live standings" in html
    assert html.count('href="/players/') == 8
    assert f'href="/t/{t.pk}/standings.csv"' in html and f'href="/t/{t.pk}/standings.json"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_renders_in_each_language(language: str) -> None:
    # given one of each: a running tournament, a league season, a player with results, a published hand
    t = running_tournament(6, hands=1)
    season = SeasonFactory(league=LeagueFactory(published=True))
    SeasonResultFactory(season=season, place=1, points=10000)
    player_id = t.entries.first().player_id  # type: ignore[union-attr]
    hand = side_pot_hand()
    pages = [
        "/t/",
        f"/t/{t.pk}/clock/",
        f"/t/{t.pk}/standings/",
        f"/leagues/{season.league_id}/seasons/{season.pk}/",
        f"/players/{player_id}/",
        f"/hands/{hand.pk}/replay/",
    ]
    for path in pages:
        # when asked by a browser in that language, then the page answers in it
        response = Client().get(path, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200, path
        assert _lang(response.content.decode()) == language, path
        # and the language cookie of the switch wins over the browser's
        client = Client()
        client.cookies["django_language"] = language
        assert (
            _lang(client.get(path, HTTP_ACCEPT_LANGUAGE="en" if language != "en" else "pt").content.decode())
            == language
        )


def test_unpublished_things_are_not_found() -> None:
    # given an unpublished tournament with hands, an unpublished league, a hand at an unpublished table
    t = running_tournament(6, published=False, hands=1)
    season = SeasonFactory(league=LeagueFactory(published=False))
    SeasonResultFactory(season=season)
    from apps.tables.models import Hand

    tournament_hand = Hand.objects.filter(table__tournament_table__tournament=t).first()
    private_hand = side_pot_hand(published=False)
    player_id = t.entries.first().player_id  # type: ignore[union-attr]
    # then every public page of them is a 404
    for path in (
        f"/t/{t.pk}/clock/",
        f"/t/{t.pk}/standings/",
        f"/t/{t.pk}/standings.csv",
        f"/t/{t.pk}/standings.json",
        f"/leagues/{season.league_id}/seasons/{season.pk}/",
        f"/leagues/{season.league_id}/seasons/{season.pk}/leaderboard.csv",
        f"/players/{player_id}/",
        f"/players/{season.results.first().player_id}/",  # type: ignore[union-attr]
        f"/hands/{tournament_hand.pk}/replay/",  # type: ignore[union-attr]
        f"/hands/{private_hand.pk}/replay/",
        "/t/999999/clock/",
    ):
        # (as a browser asks: a JSON 404 would mark the test's own transaction for rollback, see the report)
        assert Client().get(path, HTTP_ACCEPT="text/html").status_code == 404, path

    # and once the tournament is published, its pages and hands are found
    Tournament.objects.filter(pk=t.pk).update(published=True)
    assert Client().get(f"/t/{t.pk}/standings/").status_code == 200
    assert Client().get(f"/hands/{tournament_hand.pk}/replay/").status_code == 200  # type: ignore[union-attr]
    assert Client().get(f"/players/{player_id}/").status_code == 200


def test_a_season_of_another_league_or_an_unknown_format_is_not_found() -> None:
    season = SeasonFactory(league=LeagueFactory(published=True))
    other = LeagueFactory(published=True)
    html = {"HTTP_ACCEPT": "text/html"}
    assert Client().get(f"/leagues/{other.pk}/seasons/{season.pk}/", **html).status_code == 404
    assert (
        Client().get(f"/leagues/{season.league_id}/seasons/{season.pk}/leaderboard.xml", **html).status_code
        == 404
    )


def test_standings_download_as_csv_and_json() -> None:
    t = running_tournament(8)
    response = Client().get(f"/t/{t.pk}/standings.csv")
    assert response.status_code == 200 and response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert len(rows) == 8
    assert sum(int(r["chips"]) for r in rows) == 8 * 1000
    assert [int(r["place"]) for r in rows] == sorted(int(r["place"]) for r in rows)
    assert all(r["table"] and r["seat"] for r in rows)

    data = Client().get(f"/t/{t.pk}/standings.json").json()
    assert data["kind"] == "live" and data["players_left"] == 8 and data["prize_pool"] == 800
    assert {r["player"] for r in data["alive"]} == {r["player"] for r in rows}


def test_final_standings_show_places_prizes_and_points() -> None:
    # given a finished tournament in a published league's season, with results recorded
    t = TournamentFactory(status=Tournament.Status.FINISHED, published=True)
    season = SeasonFactory(league=LeagueFactory(club=t.club, published=True))
    from tests.factories import EntryFactory

    a = EntryFactory(tournament=t, status="finished", place=1, place_to=1, prize=600)
    b = EntryFactory(tournament=t, status="eliminated", place=2, place_to=3, prize=200)
    c = EntryFactory(tournament=t, status="eliminated", place=2, place_to=3, prize=200)
    SeasonResultFactory(season=season, tournament=t, player=a.player, place=1, points=10000, prize=600)
    html = Client().get(f"/t/{t.pk}/standings/").content.decode()
    assert "Final standings" in html and "2–3" in html and "100.00" in html
    rows = list(csv.DictReader(io.StringIO(Client().get(f"/t/{t.pk}/standings.csv").content.decode())))
    assert [(r["player"], r["place"], r["place_to"], r["prize"], r["points"]) for r in rows] == [
        (a.player.name, "1", "1", "600", "100.00"),
        (b.player.name, "2", "3", "200", ""),
        (c.player.name, "2", "3", "200", ""),
    ]


def _season_with(players: int, tournaments: int = 3):  # type: ignore[no-untyped-def]
    season = SeasonFactory(league=LeagueFactory(published=True, best_n=2))
    club = season.league.club
    people = [PlayerFactory(club=club) for _ in range(players)]
    for k in range(tournaments):
        t = TournamentFactory(club=club, published=True, status="finished")
        for i, p in enumerate(people):
            place = (i + k) % players + 1
            SeasonResultFactory(
                season=season,
                tournament=t,
                player=p,
                place=place,
                points=max(0, 1000 - 100 * place) * 10,
                prize=100 if place == 1 else 0,
            )
    return season


def test_the_leaderboard_page_and_its_downloads() -> None:
    season = _season_with(4)
    html = Client().get(f"/leagues/{season.league_id}/seasons/{season.pk}/").content.decode()
    assert "The best 2 results count." in html
    data = Client().get(f"/leagues/{season.league_id}/seasons/{season.pk}/leaderboard.json").json()
    assert len(data["rows"]) == 4 and data["points_unit"] == "hundredths"
    rows = list(
        csv.DictReader(
            io.StringIO(
                Client()
                .get(f"/leagues/{season.league_id}/seasons/{season.pk}/leaderboard.csv")
                .content.decode()
            )
        )
    )
    assert [r["player"] for r in rows] == [r["player"] for r in data["rows"]]
    # points in the file are whole points with two decimals: 9000 hundredths + 8000 = 170.00
    top = int(data["rows"][0]["points"])
    assert top == 9000 + 8000 and rows[0]["points"] == "170.00"
    assert rows[0]["points"] in html


@pytest.mark.parametrize("players", [5, 50])
def test_leaderboard_page_query_count_does_not_grow_with_rows(
    players: int, django_assert_num_queries
) -> None:  # type: ignore[no-untyped-def]
    season = _season_with(players)
    url = f"/leagues/{season.league_id}/seasons/{season.pk}/"
    # the request's savepoint and its release (ATOMIC_REQUESTS), the season lookup, the kept board's season
    # and version, the board (once per change) and its version again, the page's names, the league's
    # seasons: nine at any size
    with django_assert_num_queries(9):
        response = Client().get(url)
    assert response.content.decode().count('href="/players/') == players
    # read again with nothing changed, the board is the kept one: seven, none of them the board's SQL
    with django_assert_num_queries(7) as again:
        again_html = Client().get(url).content.decode()
    board_html = response.content.decode()
    table = board_html[board_html.index("<table") : board_html.index("</table>")]
    assert table in again_html  # the same board (the page's nonce and token are new)
    assert not [q for q in again.captured_queries if "ROW_NUMBER()" in q["sql"]]


@pytest.mark.parametrize("players", [6, 30])
def test_standings_page_query_count_does_not_grow_with_rows(players: int, django_assert_num_queries) -> None:  # type: ignore[no-untyped-def]
    t = running_tournament(players, hands=0)
    # the request's savepoint and its release, the tournament lookup, the live standings' three, the hands,
    # the stream's last id
    with django_assert_num_queries(8):
        response = Client().get(f"/t/{t.pk}/standings/")
    assert response.content.decode().count('href="/players/') == players


def test_the_player_page_charts_chips_and_rating() -> None:
    # given a player of a running tournament who played two hands, with a rated game behind them
    t = running_tournament(6, hands=3)
    hand = t.tables.first().table.hands.first()  # type: ignore[union-attr]
    seat = hand.seats[0]
    rating = Rating.objects.create(club=t.club, player_id=seat["player_id"], mu=27.0, sigma=7.0, games=1)
    RatingHistory.objects.create(
        rating=rating,
        tournament=t,
        place=1,
        mu_before=25.0,
        sigma_before=8.33,
        mu_after=27.0,
        sigma_after=7.0,
    )
    # when the player's page is opened
    html = Client().get(f"/players/{seat['player_id']}/").content.decode()
    # then the chip count is a line through the start and three hands, the rating one through two points
    chips = re.search(r'id="chip-chart"><svg[^>]*aria-label="Chip count through [^"]+".*?</svg>', html, re.S)
    assert chips and chips.group(0).count("<circle") == 4
    ratings = re.search(r'id="rating-chart"><svg.*?</svg>', html, re.S)
    assert ratings and ratings.group(0).count("<circle") == 2
    assert t.name in html


def test_the_hand_replay_steps_through_the_side_pot_hand() -> None:
    hand = side_pot_hand()
    html = Client().get(f"/hands/{hand.pk}/replay/").content.decode()
    # the deal and nine actions, each a step
    assert html.count('class="step card"') == 10
    assert (
        "Ann (seat 1) bets 50" in html
        and "Bob (seat 2) raises to 120" in html
        and "Cy (seat 3) calls 120" in html
    )
    assert "Cy (seat 3) stands pat" in html
    # after the betting: a main pot of 150 and a side pot of 140
    assert "Main pot: 150" in html and "Side pot 1: 140" in html
    # shown hands only once shown, and the explanation at the end
    # cards only once shown (the showdown), with their names for screen readers
    ace = '<span class="card suit-h" role="img" aria-label="Ace of hearts">A♥</span>'
    assert html.count(ace) == 3  # Ann's shown hand at the last three steps
    assert html.index(ace) > html.index("Ann (seat 1) shows")
    assert "Main pot: 50 × 3 = 150; eligible Ann, Bob, Cy; Ann wins with Three of a Kind, Aces." in html


def test_the_index_lists_only_published_tournaments_and_leagues() -> None:
    shown = TournamentFactory(published=True, name="Open Sunday")
    TournamentFactory(published=False, name="Private Friday")
    season = SeasonFactory(league=LeagueFactory(published=True, name="Open League"))
    SeasonFactory(league=LeagueFactory(published=False, name="Secret League"))
    html = Client().get("/t/").content.decode()
    assert "Open Sunday" in html and f'href="/t/{shown.pk}/standings/"' in html
    assert f'href="/leagues/{season.league_id}/seasons/{season.pk}/"' in html and "Open League" in html
    assert "Private Friday" not in html and "Secret League" not in html


def test_the_standings_link_the_tournaments_hands_to_their_replays() -> None:
    t = running_tournament(6, hands=2)
    html = Client().get(f"/t/{t.pk}/standings/").content.decode()
    links = re.findall(r'href="/hands/(\d+)/replay/"', html)
    assert len(links) == 2
    assert Client().get(f"/hands/{links[0]}/replay/").status_code == 200


def test_the_clock_display_of_a_tournament_without_a_clock_or_finished_still_renders() -> None:
    # given a published tournament without a level clock, and a finished one
    waiting = TournamentFactory(published=True)
    done = TournamentFactory(published=True, status=Tournament.Status.FINISHED)
    for t in (waiting, done):
        response = Client().get(f"/t/{t.pk}/clock/")
        assert response.status_code == 200
        html = response.content.decode()
        assert "No level clock" in html and re.search(r'id="players-left">0<', html)
        assert '"clock": null' in html  # the script follows the tournament's stream only


def test_the_clock_display_says_when_hand_for_hand_stops_the_clock() -> None:
    from apps.tournaments import results

    t = running_tournament(6, hands=0)
    results.tournament_hand_for_hand(actor=t.director, tournament=t, on=True)  # type: ignore[attr-defined]
    html = Client().get(f"/t/{t.pk}/clock/").content.decode()
    assert re.search(
        r'id="clock-note" class="clock-note">Hand-for-hand: the clock stops between hands<', html
    )
    assert 'data-state="paused"' in html


def test_unpublishing_a_tournament_hides_its_hands_though_its_tables_were_published() -> None:
    # given a published tournament with a hand played, its table published too (as tables opened while the
    # tournament is published are)
    t = running_tournament(6, hands=1)
    from apps.tables.models import Hand, Table

    hand = Hand.objects.get(table__tournament_table__tournament=t)
    Table.objects.filter(pk=hand.table_id).update(published=True)
    assert Client().get(f"/hands/{hand.pk}/replay/").status_code == 200
    # when the director unpublishes it, then the hand's replay is not found any more
    Tournament.objects.filter(pk=t.pk).update(published=False)
    assert Client().get(f"/hands/{hand.pk}/replay/", HTTP_ACCEPT="text/html").status_code == 404


def test_the_leaderboard_page_shows_the_board_a_hundred_rows_at_a_time() -> None:
    # given a season with 130 players
    season = _season_with(130)
    url = f"/leagues/{season.league_id}/seasons/{season.pk}/"
    board = Client().get(f"{url}leaderboard.json").json()["rows"]
    assert len(board) == 130

    # when the page is read, then it lists the first hundred in the board's order, and links to page 2
    first = Client().get(url).content.decode()
    assert first.count('href="/players/') == 100
    assert f'href="/players/{board[99]["player_id"]}/"' in first
    assert f'href="/players/{board[100]["player_id"]}/"' not in first
    assert 'href="?page=2"' in first and "Page 1 of 2" in first

    # and page 2 lists the other thirty with the whole board's ranks; a page past the end lists nobody
    second = Client().get(url, {"page": 2}).content.decode()
    assert second.count('href="/players/') == 30
    assert f'href="/players/{board[100]["player_id"]}/"' in second and 'href="?page=1"' in second
    assert f'<td class="rank">{board[129]["rank"]}</td>' in second
    assert Client().get(url, {"page": 9}).content.decode().count('href="/players/') == 0
    assert Client().get(url, {"page": "x"}).status_code == 200
