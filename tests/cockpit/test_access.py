"""Who may use the cockpit: anonymous users go to the login page, logged-in users who direct no club get
403, another club's director gets 404 for every page and every form (and nothing is written), CSRF is on."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from apps.accounts.models import DeviceToken, Role
from apps.accounts.services import device_issue
from apps.tournaments.models import Entry, SeatMove, Tournament
from tests.cockpit.helpers import given_director_client, given_running, logged_in
from tests.factories import ClubFactory, MembershipFactory, UserFactory, director_of
from tests.tournaments.helpers import given_tournament

pytestmark = pytest.mark.django_db


def _pages(t: Tournament) -> list[str]:
    return [
        reverse("cockpit:club", args=[t.club_id]),
        reverse("cockpit:tournament-new", args=[t.club_id]),
        reverse("cockpit:devices", args=[t.club_id]),
        reverse("cockpit:disputes", args=[t.club_id]),
        reverse("cockpit:registration", args=[t.pk]),
        reverse("cockpit:tables", args=[t.pk]),
        reverse("cockpit:clock", args=[t.pk]),
        reverse("cockpit:moves", args=[t.pk]),
        reverse("cockpit:results", args=[t.pk]),
    ]


def test_anonymous_users_are_sent_to_the_login_page() -> None:
    club, actor, _ = given_director_client()
    t = given_tournament(club, actor, 2)
    for url in [reverse("cockpit:index"), *_pages(t)]:
        response = Client().get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith("/accounts/login/?next=/cockpit/"), url


def test_anonymous_posts_write_nothing() -> None:
    club, actor, _ = given_director_client()
    t = given_tournament(club, actor, 2)
    response = Client().post(reverse("cockpit:entry-register", args=[t.pk]), {"player_name": "Eve"})
    assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    assert t.entries.count() == 2


@pytest.mark.parametrize("role", [Role.PLAYER, Role.DEALER, None])
def test_a_user_who_directs_no_club_is_refused_with_403(role: str | None) -> None:
    club, actor, _ = given_director_client()
    t = given_tournament(club, actor, 2)
    user = UserFactory()
    if role is not None:
        MembershipFactory(club=club, user=user, role=role)
    client = logged_in(user)
    for url in [reverse("cockpit:index"), *_pages(t)]:
        assert client.get(url).status_code == 403, url
    assert client.post(reverse("cockpit:tournament-start", args=[t.pk])).status_code == 403
    t.refresh_from_db()
    assert t.status == "registering"


@pytest.mark.django_db(transaction=True)  # Floor's 404 page rolls back an open atomic block
def test_another_clubs_director_gets_404_everywhere_and_writes_nothing() -> None:
    # given a running tournament of club A with a pending move and a device, and the director of club B
    club, actor, _ = given_director_client()
    t = given_running(club, actor, 3)
    entry = t.entries.first()
    assert entry is not None
    move = SeatMove.objects.create(tournament=t, entry=entry, kind="balance", to_table=1, to_seat=6)
    device, _ = device_issue(actor=actor, club=club, name="Tablet", table_ids=[])
    other = logged_in(director_of(ClubFactory()))

    # when they open A's pages or post A's forms: 404, and nothing changes
    for url in _pages(t):
        assert other.get(url).status_code == 404, url
    posts = [
        (reverse("cockpit:entry-register", args=[t.pk]), {"player_name": "Mallory"}),
        (reverse("cockpit:entry-action", args=[entry.pk, "rebuy"]), {}),
        (reverse("cockpit:tournament-start", args=[t.pk]), {}),
        (reverse("cockpit:tournament-publish", args=[t.pk]), {"published": "1"}),
        (reverse("cockpit:clock-control", args=[t.pk]), {"action": "pause"}),
        (reverse("cockpit:moves-plan", args=[t.pk]), {}),
        (reverse("cockpit:moves-confirm-all", args=[t.pk]), {}),
        (reverse("cockpit:move-decide", args=[move.pk]), {"decision": "confirm"}),
        (reverse("cockpit:device-new", args=[club.pk]), {"name": "Mine", "tables": []}),
        (reverse("cockpit:device-revoke", args=[device.pk]), {}),
        (reverse("cockpit:tournament-new", args=[club.pk]), {"name": "Stolen"}),
    ]
    for url, data in posts:
        assert other.post(url, data).status_code == 404, url
    assert Entry.objects.filter(tournament=t).count() == 3
    assert Entry.objects.get(pk=entry.pk).rebuys == 0
    assert SeatMove.objects.get(pk=move.pk).status == "proposed"
    assert DeviceToken.objects.get(pk=device.pk).revoked_at is None
    assert DeviceToken.objects.filter(club=club).count() == 1
    assert Tournament.objects.filter(club=club).count() == 1
    assert not Tournament.objects.get(pk=t.pk).published
    assert t.level_clock is not None
    t.level_clock.refresh_from_db()
    assert t.level_clock.paused_at is None


@pytest.mark.django_db(transaction=True)  # the CSRF refusal page rolls back an open atomic block
def test_forms_need_the_csrf_token() -> None:
    club, actor, _ = given_director_client()
    t = given_tournament(club, actor, 2)
    user = director_of(club)
    client = Client(enforce_csrf_checks=True)
    client.force_login(user)
    response = client.post(reverse("cockpit:entry-register", args=[t.pk]), {"player_name": "Eve"})
    assert response.status_code == 403
    assert t.entries.count() == 2
    # with the token from the page, the same form works
    page = client.get(reverse("cockpit:registration", args=[t.pk]))
    token = page.context["csrf_token"]
    response = client.post(
        reverse("cockpit:entry-register", args=[t.pk]), {"player_name": "Eve", "csrfmiddlewaretoken": token}
    )
    assert response.status_code == 302
    assert t.entries.count() == 3


def test_actions_answer_only_post() -> None:
    club, actor, client = given_director_client()
    t = given_tournament(club, actor, 2)
    assert client.get(reverse("cockpit:tournament-start", args=[t.pk])).status_code == 405
    t.refresh_from_db()
    assert t.status == "registering"


def test_the_index_goes_straight_to_the_only_club_and_lists_several() -> None:
    club, _, client = given_director_client()
    response = client.get(reverse("cockpit:index"))
    assert response.status_code == 302 and response["Location"] == reverse("cockpit:club", args=[club.pk])
    user = response.wsgi_request.user
    second = ClubFactory(name="Second Home Game")
    MembershipFactory(club=second, user=user, role=Role.DIRECTOR)
    response = client.get(reverse("cockpit:index"))
    assert response.status_code == 200
    assert {c.pk for c in response.context["clubs"]} == {club.pk, second.pk}
    assert "Second Home Game" in response.content.decode()
