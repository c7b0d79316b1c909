"""The tournaments API: directors write, the public reads what is published, everything in the schema."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tests.factories import ClubFactory, director_of
from tests.tournaments.helpers import STRUCTURE

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def post(client: Client, path: str, body: Any = None) -> Any:
    return client.post(path, body or {}, content_type="application/json")


def test_a_director_runs_a_tournament_through_the_api_and_the_public_reads_it() -> None:
    # given a club's director, logged in
    club = ClubFactory()
    director, public = Client(), Client()
    director.force_login(director_of(club))

    # when they create a tournament from a template, register four players and start it
    created = post(
        director,
        "/api/tournaments/",
        {
            "club": club.pk,
            "name": "Friday",
            "game": {"kind": "2-7-triple-draw", "small_blind": 25, "big_blind": 50},
            "starting_stack": 5000,
            "template": "turbo",
            "seed": 3,
            "settings": {"buy_in": 50, "seats_per_table": 4},
        },
    )
    assert created.status_code == 201, created.json()
    tid = created.json()["id"]
    for name in ("ann", "bob", "cat", "dan"):
        assert post(director, f"/api/tournaments/{tid}/entries/", {"player_name": name}).status_code == 201
    started = post(director, f"/api/tournaments/{tid}/start/")
    assert started.status_code == 200 and started.json()["status"] == "running"

    # then the public cannot read it until it is published
    assert public.get(f"/api/tournaments/{tid}/standings/live/").status_code == 401
    assert post(director, f"/api/tournaments/{tid}/publish/", {"published": True}).status_code == 200
    live = public.get(f"/api/tournaments/{tid}/standings/live/").json()
    assert live["players_left"] == 4 and live["prize_pool"] == 200 and live["total_chips"] == 20000
    tables = public.get(f"/api/tournaments/{tid}/tables/").json()
    assert len(tables["tables"]) == 1 and len(tables["tables"][0]["seats"]) == 4
    moves = public.get(f"/api/tournaments/{tid}/moves/").json()
    assert {m["kind"] for m in moves} == {"draw"}

    # and the public cannot write
    assert post(public, f"/api/tournaments/{tid}/entries/", {"player_name": "eve"}).status_code == 401


def test_another_clubs_director_is_refused_and_refusals_have_the_one_error_shape() -> None:
    club, other = ClubFactory(), ClubFactory()
    mine, theirs = Client(), Client()
    mine.force_login(director_of(club))
    theirs.force_login(director_of(other))
    body = {
        "club": club.pk,
        "name": "T",
        "game": {"kind": "five-card-draw"},
        "starting_stack": 1000,
        "structure": STRUCTURE,
    }
    assert post(theirs, "/api/tournaments/", body).status_code == 403
    tid = post(mine, "/api/tournaments/", body).json()["id"]
    refused = post(theirs, f"/api/tournaments/{tid}/entries/", {"player_name": "x"})
    assert refused.status_code == 403 and refused.json()["code"] == "not_director"
    bad = post(mine, "/api/tournaments/", {**body, "settings": {"rebuy_chipz": 5}})
    assert bad.status_code == 400 and bad.json()["code"] == "setting_unknown"
    too_few = post(mine, f"/api/tournaments/{tid}/start/")
    assert too_few.status_code == 409 and set(too_few.json()) == {"code", "message", "rule", "detail"}


def test_a_structure_is_suggested_from_players_stack_and_hours() -> None:
    answer = Client().get(
        "/api/tournaments/structure/",
        {"game": "2-7-single-draw", "starting_stack": 10000, "players": 20, "hours": 4},
    )
    assert answer.status_code == 200
    levels = [lv for lv in answer.json()["structure"] if not lv.get("is_break")]
    assert levels[0]["big_blind"] == 100 and levels[-1]["big_blind"] == 10000


def test_the_schema_documents_the_tournament_and_league_endpoints() -> None:
    schema = Client().get("/api/schema/")
    assert schema.status_code == 200
    text = schema.content.decode()
    for path in (
        "/api/tournaments/",
        "/api/tournaments/{tournament_id}/standings/live/",
        "/api/moves/{move_id}/decide/",
        "/api/deals/{deal_id}/accept/",
        "/api/seasons/{season_id}/leaderboard/",
        "/api/clubs/{club_id}/ratings/",
    ):
        assert path in text, path


def test_the_tournament_stream_replays_the_draw_and_resumes_after_last_event_id(settings) -> None:  # type: ignore[no-untyped-def]
    # given a published tournament whose seats were drawn (a "started" event on its channel)
    from apps.tournaments import seating, services
    from tests.tournaments.helpers import given_director, given_tournament

    settings.FLOOR_SSE_LIFETIME = 0.5
    club, director = given_director()
    t = given_tournament(club, director, 4, seats_per_table=4)
    seating.tournament_start(actor=director, tournament=t)
    assert Client().get(f"/api/live/tournaments/{t.pk}/").status_code == 403  # not published yet
    services.tournament_publish(actor=director, tournament=t, published=True)

    # when the public follows it
    response = Client().get(f"/api/live/tournaments/{t.pk}/")
    text = b"".join(response.streaming_content).decode()  # type: ignore[attr-defined]

    # then it is an event stream with the draw's event, and resuming after it gives nothing more
    assert response["Content-Type"] == "text/event-stream"
    assert "event: started" in text
    last = max(int(line[4:]) for line in text.splitlines() if line.startswith("id: "))
    again = Client().get(f"/api/live/tournaments/{t.pk}/", headers={"Last-Event-ID": str(last)})
    assert "id: " not in b"".join(again.streaming_content).decode()  # type: ignore[attr-defined]
