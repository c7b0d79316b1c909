"""Webhooks: a club's Discord, Slack, Telegram and JSON webhooks hear a tournament's start, its levels and
breaks, eliminations and final results, delivered after commit by the real Celery worker, retried when the
receiver fails; a receiver that is down never fails or slows the tournament's own writes."""

from __future__ import annotations

import time

import pytest
from django.test import Client

from apps.accounts.permissions import Actor
from apps.room import services as room
from apps.room.models import Webhook, WebhookDelivery
from apps.tournaments import seating
from apps.tournaments.services import publish
from tests.clocks.conftest import wait_until
from tests.factories import ClubFactory, director_of
from tests.room.receiver import Receiver
from tests.tournaments.helpers import given_tournament, level_jump

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def receiver():  # type: ignore[no-untyped-def]
    r = Receiver()
    yield r
    r.close()


def _club_with_hooks(url: str, **only: list[str]) -> tuple[object, Actor]:
    club = ClubFactory()
    actor = Actor(user=director_of(club))
    for fmt in ("discord", "slack", "telegram", "json"):
        room.webhook_create(
            actor=actor,
            club=club,
            name=fmt,
            url=f"{url}/{fmt}",
            format=fmt,
            chat_id="-100123" if fmt == "telegram" else "",
            events=only.get(fmt, ["start", "level", "break", "elimination", "results"]),
        )
    return club, actor


def _posts(receiver: Receiver, path: str) -> list[dict]:
    return [body for p, body in receiver.posts if p == path]


def test_every_format_hears_the_start_and_the_level(worker, receiver) -> None:  # type: ignore[no-untyped-def]
    # given a club with one webhook of each format
    club, actor = _club_with_hooks(receiver.url)
    t = given_tournament(club, actor, 6, name="Friday")

    # when the seats are drawn (the tournament starts, and with it level 1)
    seating.tournament_start(actor=actor, tournament=t)

    # then each receiver gets the start and the level, in its own format
    wait_until(lambda: len(receiver.posts) >= 8, timeout=20)
    discord = _posts(receiver, "/discord")
    assert any(b["content"] == "Friday has started: 6 entries." for b in discord)
    assert any("level 1" in b["content"] and "ante 25" in b["content"] for b in discord)
    assert all(b["allowed_mentions"] == {"parse": []} for b in discord)
    assert any(b["text"].startswith("Friday has started") for b in _posts(receiver, "/slack"))
    telegram = _posts(receiver, "/telegram")
    assert telegram and all(b["chat_id"] == "-100123" for b in telegram)
    kinds = sorted(b["event"] for b in _posts(receiver, "/json"))
    assert kinds == ["level", "start"]
    assert all(b["tournament"] == {"id": t.pk, "name": "Friday"} for b in _posts(receiver, "/json"))
    wait_until(lambda: WebhookDelivery.objects.filter(status="delivered").count() == 8, timeout=10)
    assert WebhookDelivery.objects.count() == 8  # one per webhook and event, none twice


def test_a_webhook_hears_only_what_it_asked_for_and_a_break(worker, receiver) -> None:  # type: ignore[no-untyped-def]
    club, actor = _club_with_hooks(
        receiver.url, json=["break"], discord=["elimination"], slack=["results"], telegram=["start"]
    )
    t = given_tournament(club, actor, 4)
    seating.tournament_start(actor=actor, tournament=t)
    # when the clock jumps to the break (index 2 of the structure) and a player goes out
    level_jump(actor, t, 2)
    from django.db import transaction

    with transaction.atomic():
        publish(t, "eliminated", {"entry": 1, "player": "Ana", "place": 4, "place_to": 4, "prize": 0})
    wait_until(lambda: _posts(receiver, "/json") and _posts(receiver, "/discord"), timeout=20)
    wait_until(lambda: _posts(receiver, "/telegram"), timeout=20)
    time.sleep(1.0)  # any wrongly routed post would have arrived by now
    assert [b["event"] for b in _posts(receiver, "/json")] == ["break"]
    assert "a break of 10 minutes" in _posts(receiver, "/json")[0]["text"]
    assert [b["content"] for b in _posts(receiver, "/discord")] == ["Sunday: Ana is out in place 4."]
    assert _posts(receiver, "/slack") == []  # results only: the tournament is not over
    assert len(_posts(receiver, "/telegram")) == 1


def test_a_failing_receiver_is_retried_until_it_answers(worker) -> None:  # type: ignore[no-untyped-def]
    # given a receiver that fails its first two answers
    r = Receiver(fail_first=2)
    try:
        club = ClubFactory()
        actor = Actor(user=director_of(club))
        room.webhook_create(
            actor=actor, club=club, name="j", url=r.url + "/j", format="json", events=["start"]
        )
        t = given_tournament(club, actor, 4)
        seating.tournament_start(actor=actor, tournament=t)
        # then the third attempt lands, once
        wait_until(lambda: r.posts, timeout=30)
        d = wait_until(lambda: WebhookDelivery.objects.filter(status="delivered").first(), timeout=10)
        assert d.attempts == 3 and d.kind == "start"
        time.sleep(0.5)
        assert len(r.posts) == 1
    finally:
        r.close()


def test_a_receiver_that_is_down_costs_the_tournament_nothing(worker) -> None:  # type: ignore[no-untyped-def]
    # given a webhook to a port nobody listens on
    club = ClubFactory()
    actor = Actor(user=director_of(club))
    room.webhook_create(
        actor=actor,
        club=club,
        name="gone",
        url="http://127.0.0.1:8189/x",
        format="json",
        events=["start", "level"],
    )
    t = given_tournament(club, actor, 4)
    started = time.monotonic()
    seating.tournament_start(actor=actor, tournament=t)
    elapsed = time.monotonic() - started
    t.refresh_from_db()
    # then the start was written at once, and the deliveries are pending their retries
    assert t.status == "running" and elapsed < 2.0
    wait_until(lambda: WebhookDelivery.objects.filter(attempts__gte=1).count() == 2, timeout=20)
    assert not WebhookDelivery.objects.filter(status="delivered").exists()


def test_the_cockpit_adds_and_removes_webhooks(receiver) -> None:  # type: ignore[no-untyped-def]
    club = ClubFactory()
    client = Client()
    client.force_login(director_of(club))
    page = client.get(f"/cockpit/clubs/{club.pk}/webhooks/")
    assert page.status_code == 200
    bad = client.post(
        f"/cockpit/clubs/{club.pk}/webhooks/",
        {"name": "x", "url": "ftp://nope", "format": "json", "events": ["start"]},
    )
    assert bad.status_code == 400 and "http or https" in bad.content.decode()
    assert not Webhook.objects.exists()
    ok = client.post(
        f"/cockpit/clubs/{club.pk}/webhooks/",
        {"name": "Discord", "url": receiver.url + "/d", "format": "discord", "events": ["start", "results"]},
    )
    assert ok.status_code == 302
    hook = Webhook.objects.get()
    assert hook.events == ["start", "results"] and hook.club == club
    other = ClubFactory()
    stranger = Client()
    stranger.force_login(director_of(other))
    assert stranger.post(f"/cockpit/webhooks/{hook.pk}/delete/").status_code == 404
    assert client.post(f"/cockpit/webhooks/{hook.pk}/delete/").status_code == 302
    assert not Webhook.objects.exists()


def test_a_repeated_fan_out_sends_nothing_twice(receiver) -> None:  # type: ignore[no-untyped-def]
    from django.db import transaction

    from apps.clocks.models import LiveEvent
    from apps.room.webhooks import deliveries_create

    club = ClubFactory()
    actor = Actor(user=director_of(club))
    t = given_tournament(club, actor, 4)
    with transaction.atomic():
        publish(t, "started", {"entries": 4})
        publish(t, "rebuy", {"entry": 1, "player": "Ana"})  # not something a webhook hears
    _club_hooks = [
        room.webhook_create(
            actor=actor, club=club, name=f, url=f"{receiver.url}/{f}", format=f, chat_id="1", events=["start"]
        )
        for f in ("json", "telegram")
    ]
    started, rebuy = LiveEvent.objects.filter(channel_id=f"tournament:{t.pk}").order_by("event_id")
    assert len(deliveries_create(tournament_id=t.pk, event_id=started.event_id)) == 2
    assert deliveries_create(tournament_id=t.pk, event_id=started.event_id) == []
    assert deliveries_create(tournament_id=t.pk, event_id=rebuy.event_id) == []
    assert WebhookDelivery.objects.filter(tournament=t).count() == 2


def test_the_final_results_post_lists_the_places_and_prizes() -> None:
    from django.utils import translation

    from apps.room.texts import announcement
    from apps.tournaments.models import Entry

    club = ClubFactory()
    actor = Actor(user=director_of(club))
    t = given_tournament(club, actor, 3, name="Cup")
    for entry, (place, prize) in zip(
        Entry.objects.filter(tournament=t).order_by("pk"), ((1, 200), (2, 100), (3, 0)), strict=True
    ):
        Entry.objects.filter(pk=entry.pk).update(
            status=Entry.Status.FINISHED, place=place, place_to=place, prize=prize
        )
    assert announcement(t, "finished", {}) == "Cup is over. Results:\n1. P01 (200)\n2. P02 (100)\n3. P03"
    with translation.override("pt"):
        assert announcement(t, "finished", {}).startswith("Cup terminou. Resultados:\n1. P01 (200)")
