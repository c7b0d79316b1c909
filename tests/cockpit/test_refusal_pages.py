"""The room's sounds and a webhook's removal answer a refusal with their page and the refusal's status (no
redirect), the refusal in words on it, and nothing written."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from apps.core.errors import NotFound
from apps.room import selectors
from apps.room.models import Webhook
from tests.cockpit.helpers import flashed, given_director_client, refused_on_page
from tests.tournaments.helpers import given_tournament

pytestmark = [pytest.mark.django_db, pytest.mark.sqlite]


def test_an_unknown_announcement_is_refused_on_the_room_page_and_nothing_is_saved() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 2)
    url = reverse("cockpit:room", args=[t.pk])
    before = selectors.room_sounds(tournament=t)

    response = client.post(url, {"sounds": ["level", "fanfare"]}, follow=True)

    [refusal] = refused_on_page(response, 400)
    assert refusal.startswith("Refused:") and "sound_invalid" in refusal
    assert response.context["section"] == "room"
    assert selectors.room_sounds(tournament=t) == before
    # a known set is saved and redirects (POST-redirect-GET)
    ok = client.post(url, {"sounds": ["level"]})
    assert ok.status_code == 302
    assert selectors.room_sounds(tournament=t) == ["level"]


def test_a_refused_webhook_removal_answers_the_webhooks_page_and_keeps_the_hook(monkeypatch: Any) -> None:
    club, _, client = given_director_client()
    hook = Webhook.objects.create(
        club=club, name="Discord", url="https://example.org/d", format="discord", events=["start"]
    )

    def gone(**_: Any) -> None:  # another director removed it between the page and the click
        raise NotFound("no webhook", code="webhook_not_found", detail={"webhook": hook.pk})

    monkeypatch.setattr("apps.room.services.webhook_delete", gone)
    response = client.post(reverse("cockpit:webhook-delete", args=[hook.pk]), follow=True)

    [refusal] = refused_on_page(response, 404)
    assert "webhook_not_found" in refusal and response.context["section"] == "webhooks"
    assert Webhook.objects.filter(pk=hook.pk).exists()
    monkeypatch.undo()
    done = client.post(reverse("cockpit:webhook-delete", args=[hook.pk]), follow=True)
    assert done.redirect_chain and flashed(done) == ["Webhook Discord removed."]
    assert not Webhook.objects.exists()
