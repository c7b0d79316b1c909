"""Cards are private until shown: the hand, its log, its PHH and the disputes, read by each kind of reader."""

from __future__ import annotations

from typing import Any

import pytest

from apps.engine import phh
from tests.privacy.world import (
    DEALER_NAME,
    DEVICE_NAME,
    DIRECTOR_NAME,
    H1_DEALS,
    H1_SHOWN,
    H2_DEALS,
    World,
    body_text,
    build_world,
    leaks,
    secret_cards_in,
)

pytestmark = pytest.mark.django_db
OUTSIDERS = ("anonymous", "player", "other_director")


@pytest.fixture
def world() -> World:
    return build_world()


def _get(w: World, who: str, path: str) -> Any:
    response = w.client(who).get(path)
    assert response.status_code == 200, (who, path, response.status_code)
    return response


def _spaced(cards: str) -> str:
    return " ".join(cards[i : i + 2] for i in range(0, len(cards), 2))


@pytest.mark.parametrize("who", OUTSIDERS)
def test_a_finished_hand_shows_outsiders_the_shown_hands_and_counts_only(world: World, who: str) -> None:
    view = _get(world, who, f"/api/hands/{world.h1.pk}/").json()
    seats = {s["seat"]: s for s in view["seats"]}

    assert seats[1]["cards"] == _spaced(H1_SHOWN[1]) and seats[2]["cards"] == _spaced(H1_SHOWN[2])
    assert seats[3]["cards"] == "?? ?? ?? ?? ??"  # folded: never shown
    assert seats[1]["draws"] == [1] and seats[2]["draws"] == [1]  # the counts stay
    assert view["result"]["received"]["1"] == 0 and view["result"]["received"]["2"] > 0
    assert leaks(str(view), who) == []


@pytest.mark.parametrize("who", ("director", "dealer", "device"))
def test_the_tables_staff_read_every_card(world: World, who: str) -> None:
    view = _get(world, who, f"/api/hands/{world.h1.pk}/").json()
    assert {s["seat"]: s["cards"] for s in view["seats"]}[3] == _spaced(H1_DEALS[3])
    log = _get(world, who, f"/api/hands/{world.h1.pk}/events/").json()
    deals = [r["payload"] for r in log if r["payload"].get("type") == "deal"]
    assert [d["cards"] for d in deals] == list(H1_DEALS.values())
    assert any(r["payload"].get("discard") == "7h" for r in log)
    assert "9c8c6d5h4s" in _get(world, who, f"/api/hands/{world.h1.pk}/phh").content.decode()


@pytest.mark.parametrize("who", OUTSIDERS)
def test_a_hand_in_progress_hides_every_card_from_outsiders(world: World, who: str) -> None:
    view = _get(world, who, f"/api/hands/{world.h2.pk}/").json()
    assert view["status"] == "in_progress" and view["phase"] == "drawing"
    assert all(s["cards"] == "?? ?? ?? ?? ??" for s in view["seats"])
    assert leaks(str(view), who) == []
    device_view = _get(world, "device", f"/api/hands/{world.h2.pk}/").json()
    assert secret_cards_in(str(device_view)) & set(_spaced(H2_DEALS[1]).split())  # the table's device does


@pytest.mark.parametrize("who", OUTSIDERS)
def test_the_log_names_roles_and_keeps_counts_but_no_unshown_card(world: World, who: str) -> None:
    log = _get(world, who, f"/api/hands/{world.h1.pk}/events/").json()
    text = str(log)

    assert leaks(text, who) == []
    assert DIRECTOR_NAME not in text and DEVICE_NAME not in text and DEALER_NAME not in text
    roles = {r["payload"]["type"]: r["entered_by"] for r in log if r["kind"] == "action"}
    assert roles["deal"] == {"role": "dealer"} and roles["show"] == {"role": "director"}
    deals = [r["payload"] for r in log if r["payload"].get("type") == "deal"]
    assert [d["cards"] for d in deals] == ["??????????"] * 3 and all("note" not in d for d in deals)
    draws = [r["payload"] for r in log if r["payload"].get("type") == "draw"]
    assert [(d["count"], "discard" in d, "receive" in d) for d in draws] == [(1, False, False)] * 2
    shows = [r["payload"]["cards"] for r in log if r["payload"].get("type") == "show"]
    assert shows == [H1_SHOWN[1], H1_SHOWN[2]]


def test_the_director_reads_who_entered_each_row_by_name(world: World) -> None:
    log = _get(world, "director", f"/api/hands/{world.h1.pk}/events/").json()
    by = [r["entered_by"] for r in log]
    assert {"role": "dealer", "device": world.device.pk, "name": DEVICE_NAME} in by
    assert {"role": "director", "user": world.director.pk, "name": DIRECTOR_NAME} in by


@pytest.mark.parametrize("who", OUTSIDERS)
def test_the_public_phh_has_unknown_cards_and_replays_to_the_same_end(world: World, who: str) -> None:
    text = _get(world, who, f"/api/hands/{world.h1.pk}/phh").content.decode()
    full = _get(world, "director", f"/api/hands/{world.h1.pk}/phh").content.decode()

    assert secret_cards_in(text) == set() and secret_cards_in(full)
    public, private = phh.replay_phh(phh.loads(text)), phh.replay_phh(phh.loads(full))
    assert public.error is None and private.error is None
    assert public.final_stacks == private.final_stacks
    assert H1_SHOWN[1] in text and H1_SHOWN[2] in text  # what was shown stays in the history


@pytest.mark.parametrize("who", ("anonymous", "player", "other_director"))
def test_the_replay_page_and_the_table_stream_show_no_unshown_card(world: World, who: str, settings) -> None:
    settings.FLOOR_SSE_LIFETIME = 0.2
    replay = _get(world, who, f"/hands/{world.h1.pk}/replay/")
    stream = _get(world, who, f"/api/live/tables/{world.cash.pk}/")
    assert leaks(body_text(replay), who) == []
    assert leaks(body_text(stream), who) == []


def test_the_player_who_disputed_reads_roles_not_the_directors_name(world: World) -> None:
    detail = _get(world, "player", f"/api/disputes/{world.dispute.pk}/").json()
    assert detail["ruling"]["ruled_by"] == "director" and detail["raised_by"] == "player"
    assert all(a["by"] in ("player", "director") for a in detail["audit"])
    assert leaks(str(detail), "player") == []
    own = _get(world, "director", f"/api/disputes/{world.dispute.pk}/").json()
    assert own["ruling"]["ruled_by"] == DIRECTOR_NAME


def test_a_revoked_device_reads_nothing(world: World) -> None:
    for path in (
        f"/api/hands/{world.h1.pk}/",
        f"/api/hands/{world.h1.pk}/events/",
        f"/api/hands/{world.h1.pk}/phh",
    ):
        response = world.client("revoked").get(path)
        assert response.status_code == 401 and leaks(body_text(response), "revoked") == []
