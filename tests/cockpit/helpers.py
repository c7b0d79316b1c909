"""Given-helpers for the cockpit's tests: a director logged in to the test client, a tournament made through
the services, and a hand that busts chosen seats (played through the table services)."""

from __future__ import annotations

import random
from typing import Any

from django.test import Client

from apps.accounts.permissions import Actor
from apps.tournaments.models import Tournament, TournamentTable
from tests.factories import ClubFactory, director_of
from tests.tournaments.helpers import given_tournament, play_hand, scripted, seated


def logged_in(user: Any, **kwargs: Any) -> Client:
    client = Client(**kwargs)
    client.force_login(user)
    return client


def given_director_client() -> tuple[Any, Actor, Client]:
    club = ClubFactory()
    user = director_of(club)
    return club, Actor(user=user), logged_in(user)


def given_running(club: Any, actor: Actor, players: int, **settings: Any) -> Tournament:
    from apps.tournaments import seating

    t = given_tournament(club, actor, players, **settings)
    seating.tournament_start(actor=actor, tournament=t)
    t.refresh_from_db()
    return t


def bust(actor: Actor, tt: TournamentTable, victims: list[int]) -> None:
    """One hand at ``tt``: the seats ``victims`` move all in, the biggest other stack calls and wins."""
    seats = seated(tt)
    caller = max((s for n, s in seats.items() if n not in victims), key=lambda s: s.stack)
    caller.stack = 10**6
    caller.save(update_fields=["stack"])
    order = [caller.number] + [n for n in seats if n != caller.number]
    play_hand(actor, tt.table, random.Random(1), scripted(set(victims), {caller.number}, order))


def flashed(response: Any) -> list[str]:
    """The messages the followed page shows."""
    return [str(m) for m in response.context["messages"]]


def refused_on_page(response: Any, status: int) -> list[str]:
    """A refusal answered with the page itself and the refusal's status (no redirect): the messages it
    shows."""
    assert response.status_code == status, response.status_code
    assert not getattr(response, "redirect_chain", []), response.redirect_chain
    return flashed(response)
