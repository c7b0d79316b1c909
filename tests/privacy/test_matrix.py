"""The permission matrix: every route of the URL conf (and every method of each API view) × every kind of
reader (anonymous, a player, the table's dealer, its device, a revoked device, another club's director, the
club's director), on a published table and tournament, an unpublished (or private) one and a hand in
progress. Each answer is checked for what must not be in it (unshown cards, the staff's names, the
unpublished tournament); each read says who gets it; each write is refused to whoever may not make it, and
those refusals write nothing.

A route added to the URL conf without an entry here fails :func:`test_every_route_and_method_has_an_entry`.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.urls import URLPattern, URLResolver, get_resolver

from tests.privacy.world import ACTORS, World, body_text, build_world, leaks

pytestmark = pytest.mark.django_db

ANYONE = ("anonymous", "player", "dealer", "device", "other_director", "director")
CLUB = ("player", "dealer", "device", "director")
STAFF = ("dealer", "device", "director")
USERS = ("player", "dealer", "other_director", "director")
DIRECTOR = ("director",)
NOBODY: tuple[str, ...] = ()
#: routes Django and its contrib apps own, checked at their entry page
COLLAPSED = ("admin/", "accounts/", "i18n/")

Args = Callable[[World], str]  # the path (and query) of a case


@dataclass(frozen=True)
class Read:
    """GET: ``cases`` name → the path; ``open_to`` case → who gets ``ok`` (everyone else: refused)."""

    cases: dict[str, Args]
    open_to: dict[str, tuple[str, ...]]
    ok: frozenset[int] = frozenset({200})
    method: str = "get"


@dataclass(frozen=True)
class Write:
    """A change: refused (3xx to the login, or 4xx) to everyone outside ``allowed``, and writes nothing.
    Those allowed are not sent it (the world stays as built)."""

    cases: dict[str, Args]
    allowed: tuple[str, ...]
    method: str = "post"


@dataclass(frozen=True)
class Any_:
    """Open to everyone by design (the pot calculator, the language switch...): no 5xx, nothing leaked."""

    cases: dict[str, Args]
    method: str = "post"
    body: dict[str, Any] = field(default_factory=dict)


def one(path: Args) -> dict[str, Args]:
    return {"-": path}


def table_cases(fmt: str) -> dict[str, Args]:
    return {
        "published": lambda w: fmt.format(w.cash.pk),
        "unpublished": lambda w: fmt.format(w.u_hand.table_id),
        "private": lambda w: fmt.format(w.private.pk),
    }


def hand_cases(fmt: str) -> dict[str, Args]:
    return {
        "published": lambda w: fmt.format(w.h1.pk),
        "in_progress": lambda w: fmt.format(w.h2.pk),
        "tournament": lambda w: fmt.format(w.p_hand.pk),
        "unpublished": lambda w: fmt.format(w.u_hand.pk),
        "private": lambda w: fmt.format(w.h3.pk),
    }


def tournament_cases(fmt: str) -> dict[str, Args]:
    return {
        "published": lambda w: fmt.format(w.published.pk),
        "unpublished": lambda w: fmt.format(w.unpublished.pk),
    }


def clock_cases(fmt: str) -> dict[str, Args]:
    return {
        "published": lambda w: fmt.format(w.published.level_clock_id),
        "unpublished": lambda w: fmt.format(w.unpublished.level_clock_id),
    }


def by_case(published: tuple[str, ...], hidden: tuple[str, ...], **more: tuple[str, ...]) -> dict[str, Any]:
    out = {"published": published, "in_progress": published, "tournament": published}
    out.update(unpublished=hidden, private=hidden)
    out.update(more)
    return out


PUBLIC_OR_CLUB = by_case(ANYONE, CLUB)
PAGE_PUBLIC_OR_NONE = by_case(ANYONE, NOBODY)
ENTRY = lambda w: w.unpublished.entries.order_by("pk").first().pk  # noqa: E731

MATRIX: dict[str, list[Any]] = {
    # pages
    "": [Read(one(lambda w: "/"), {"-": ANYONE})],
    "healthz": [Read(one(lambda w: "/healthz"), {"-": ANYONE})],
    "admin/": [Read(one(lambda w: "/admin/"), {"-": NOBODY}, ok=frozenset({200}))],  # no one here is staff
    "accounts/": [Read(one(lambda w: "/accounts/login/"), {"-": ANYONE})],
    "i18n/": [Any_(one(lambda w: "/i18n/setlang/"), body={"language": "en", "next": "/"})],
    # any login may open the console's index: it lists the tables the reader deals at (none: it says so)
    "console/": [Read(one(lambda w: "/console/"), {"-": (*USERS, "device")})],
    "console/open/": [
        Read(one(lambda w: "/console/open/"), {"-": ANYONE}),
        Any_(one(lambda w: "/console/open/"), body={"token": "not-a-token"}),
    ],
    "console/open/<str:token>/": [Any_(one(lambda w: "/console/open/not-a-token/"), method="get")],
    "console/tables/<int:table_id>/": [
        Read(
            {
                "published": lambda w: f"/console/tables/{w.cash.pk}/",
                "private": lambda w: f"/console/tables/{w.private.pk}/",
            },
            {"published": STAFF, "private": DIRECTOR},
        )
    ],
    "console/devices/<int:device_id>/qr.svg": [
        Read(one(lambda w: f"/console/devices/{w.device.pk}/qr.svg?token={w.device_raw}"), {"-": DIRECTOR})
    ],
    # the index sends a director to their club and anyone else to the login: a redirect either way
    "cockpit/": [Any_(one(lambda w: "/cockpit/"), method="get")],
    "cockpit/clubs/<int:club_id>/": [Read(one(lambda w: f"/cockpit/clubs/{w.club.pk}/"), {"-": DIRECTOR})],
    "cockpit/clubs/<int:club_id>/tournaments/new/": [
        Read(one(lambda w: f"/cockpit/clubs/{w.club.pk}/tournaments/new/"), {"-": DIRECTOR}),
        Write(one(lambda w: f"/cockpit/clubs/{w.club.pk}/tournaments/new/"), DIRECTOR),
    ],
    "cockpit/clubs/<int:club_id>/leagues/": [
        Read(one(lambda w: f"/cockpit/clubs/{w.club.pk}/leagues/"), {"-": DIRECTOR}),
        Write(one(lambda w: f"/cockpit/clubs/{w.club.pk}/leagues/"), DIRECTOR),
    ],
    "cockpit/leagues/<int:league_id>/edit/": [
        Read(one(lambda w: f"/cockpit/leagues/{w.league.pk}/edit/"), {"-": DIRECTOR}),
        Write(one(lambda w: f"/cockpit/leagues/{w.league.pk}/edit/"), DIRECTOR),
    ],
    "cockpit/leagues/<int:league_id>/seasons/new/": [
        Write(one(lambda w: f"/cockpit/leagues/{w.league.pk}/seasons/new/"), DIRECTOR)
    ],
    "cockpit/seasons/<int:season_id>/": [
        Read(one(lambda w: f"/cockpit/seasons/{w.season.pk}/"), {"-": DIRECTOR})
    ],
    "cockpit/seasons/<int:season_id>/attach/": [
        Write(one(lambda w: f"/cockpit/seasons/{w.season.pk}/attach/"), DIRECTOR)
    ],
    "cockpit/seasons/<int:season_id>/detach/<int:tournament_id>/": [
        Write(one(lambda w: f"/cockpit/seasons/{w.season.pk}/detach/{w.published.pk}/"), DIRECTOR)
    ],
    "cockpit/tournaments/<int:tournament_id>/deals/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/deals/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
    ],
    "cockpit/tournaments/<int:tournament_id>/deals/calculate/": [
        Write(tournament_cases("/cockpit/tournaments/{}/deals/calculate/"), DIRECTOR)
    ],
    "cockpit/deals/<int:deal_id>/accept/": [Write(one(lambda w: "/cockpit/deals/999999/accept/"), DIRECTOR)],
    "cockpit/tournaments/<int:tournament_id>/setup/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/setup/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        ),
        Write(tournament_cases("/cockpit/tournaments/{}/setup/"), DIRECTOR),
    ],
    # a clock-only table's "player out" and chip counts: the table's dealer, its device or the director
    "console/tables/<int:table_id>/<slug:action>/": [
        Write(
            {
                "published": lambda w: f"/console/tables/{w.cash.pk}/out/",
                "private": lambda w: f"/console/tables/{w.private.pk}/count/",
            },
            STAFF,
        )
    ],
    **{
        f"cockpit/entries/<int:entry_id>/{action}/": [
            Write(one(lambda w, action=action: f"/cockpit/entries/{ENTRY(w)}/{action}/"), DIRECTOR)
        ]
        for action in ("rename", "remove", "undo-registration", "undo-bust")
    },
    "cockpit/tournaments/<int:tournament_id>/print/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/print/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
    ],
    "cockpit/tournaments/<int:tournament_id>/print/<slug:sheet>/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/print/" + sheet + "/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
        for sheet in ("seats", "moves", "signin", "payouts", "results")
    ],
    "console/tables/<int:table_id>/now/": [
        Read(
            {
                "published": lambda w: f"/console/tables/{w.cash.pk}/now/",
                "private": lambda w: f"/console/tables/{w.private.pk}/now/",
            },
            {"published": STAFF, "private": DIRECTOR},
        )
    ],
    # calling the floor from the replay page: whoever may raise a dispute on the hand
    "hands/<int:hand_id>/call-the-floor/": [Write(hand_cases("/hands/{}/call-the-floor/"), CLUB)],
    "cockpit/clubs/<int:club_id>/devices/": [
        Read(one(lambda w: f"/cockpit/clubs/{w.club.pk}/devices/"), {"-": DIRECTOR})
    ],
    "cockpit/clubs/<int:club_id>/devices/new/": [
        Write(one(lambda w: f"/cockpit/clubs/{w.club.pk}/devices/new/"), DIRECTOR)
    ],
    "cockpit/devices/<int:device_id>/revoke/": [
        Write(one(lambda w: f"/cockpit/devices/{w.device.pk}/revoke/"), DIRECTOR)
    ],
    "cockpit/clubs/<int:club_id>/disputes/": [
        Read(one(lambda w: f"/cockpit/clubs/{w.club.pk}/disputes/"), {"-": DIRECTOR})
    ],
    "cockpit/tournaments/<int:tournament_id>/": [
        Read(tournament_cases("/cockpit/tournaments/{}/"), {"published": DIRECTOR, "unpublished": DIRECTOR})
    ],
    "cockpit/tournaments/<int:tournament_id>/register/": [
        Write(tournament_cases("/cockpit/tournaments/{}/register/"), DIRECTOR)
    ],
    "cockpit/tournaments/<int:tournament_id>/publish/": [
        Write(tournament_cases("/cockpit/tournaments/{}/publish/"), DIRECTOR)
    ],
    "cockpit/entries/<int:entry_id>/<slug:action>/": [
        Write(one(lambda w: f"/cockpit/entries/{ENTRY(w)}/rebuy/"), DIRECTOR)
    ],
    "cockpit/tournaments/<int:tournament_id>/tables/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/tables/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
    ],
    "cockpit/tournaments/<int:tournament_id>/start/": [
        Write(tournament_cases("/cockpit/tournaments/{}/start/"), DIRECTOR)
    ],
    "cockpit/tournaments/<int:tournament_id>/clock/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/clock/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
    ],
    "cockpit/tournaments/<int:tournament_id>/clock/control/": [
        Write(tournament_cases("/cockpit/tournaments/{}/clock/control/"), DIRECTOR)
    ],
    "cockpit/tournaments/<int:tournament_id>/moves/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/moves/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
    ],
    "cockpit/tournaments/<int:tournament_id>/moves/plan/": [
        Write(tournament_cases("/cockpit/tournaments/{}/moves/plan/"), DIRECTOR)
    ],
    "cockpit/tournaments/<int:tournament_id>/moves/confirm-all/": [
        Write(tournament_cases("/cockpit/tournaments/{}/moves/confirm-all/"), DIRECTOR)
    ],
    "cockpit/moves/<int:move_id>/decide/": [Write(one(lambda w: "/cockpit/moves/999999/decide/"), DIRECTOR)],
    "cockpit/tournaments/<int:tournament_id>/results/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/results/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
    ],
    "cockpit/clubs/<int:club_id>/webhooks/": [
        Read(one(lambda w: f"/cockpit/clubs/{w.club.pk}/webhooks/"), {"-": DIRECTOR}),
        Write(one(lambda w: f"/cockpit/clubs/{w.club.pk}/webhooks/"), DIRECTOR),
    ],
    "cockpit/webhooks/<int:webhook_id>/delete/": [
        Write(one(lambda w: "/cockpit/webhooks/999999/delete/"), DIRECTOR)
    ],
    "cockpit/tournaments/<int:tournament_id>/room/": [
        Read(
            tournament_cases("/cockpit/tournaments/{}/room/"),
            {"published": DIRECTOR, "unpublished": DIRECTOR},
        )
    ],
    "pots/": [Read(one(lambda w: "/pots/"), {"-": ANYONE})],
    "disputes/": [Read(one(lambda w: "/disputes/"), {"-": USERS})],  # each reads the clubs they direct
    "disputes/<int:dispute_id>/": [Read(one(lambda w: f"/disputes/{w.dispute.pk}/"), {"-": DIRECTOR})],
    "t/": [Read(one(lambda w: "/t/"), {"-": ANYONE})],
    "t/<int:tournament_id>/clock/": [Read(tournament_cases("/t/{}/clock/"), PAGE_PUBLIC_OR_NONE)],
    "t/<int:tournament_id>/clock/second/": [
        Read(tournament_cases("/t/{}/clock/second/"), PAGE_PUBLIC_OR_NONE)
    ],
    # a player's own page of a tournament: whatever it shows, nothing of an unpublished one leaks
    "t/<int:tournament_id>/me/": [Any_(tournament_cases("/t/{}/me/"), method="get")],
    "t/<int:tournament_id>/me/<int:entry_id>/": [
        Any_(
            {
                "published": lambda w: f"/t/{w.published.pk}/me/{w.published.entries.first().pk}/",
                "unpublished": lambda w: f"/t/{w.unpublished.pk}/me/{ENTRY(w)}/",
            },
            method="get",
        )
    ],
    "t/<int:tournament_id>/me/<int:entry_id>/qr.svg": [
        Any_(
            {
                "published": lambda w: f"/t/{w.published.pk}/me/{w.published.entries.first().pk}/qr.svg",
                "unpublished": lambda w: f"/t/{w.unpublished.pk}/me/{ENTRY(w)}/qr.svg",
            },
            method="get",
        )
    ],
    "t/<int:tournament_id>/standings/": [Read(tournament_cases("/t/{}/standings/"), PAGE_PUBLIC_OR_NONE)],
    "t/<int:tournament_id>/standings.<str:fmt>": [
        Read(tournament_cases("/t/{}/standings.json"), PAGE_PUBLIC_OR_NONE),
        Read(tournament_cases("/t/{}/standings.csv"), PAGE_PUBLIC_OR_NONE),
    ],
    "leagues/<int:league_id>/seasons/<int:season_id>/": [
        Read(
            {
                "published": lambda w: f"/leagues/{w.league.pk}/seasons/{w.season.pk}/",
                "unpublished": lambda w: f"/leagues/{w.hidden_league.pk}/seasons/{w.hidden_season.pk}/",
            },
            PAGE_PUBLIC_OR_NONE,
        )
    ],
    "leagues/<int:league_id>/seasons/<int:season_id>/leaderboard.<str:fmt>": [
        Read(
            {
                "published": lambda w: f"/leagues/{w.league.pk}/seasons/{w.season.pk}/leaderboard.csv",
                "unpublished": lambda w: (
                    f"/leagues/{w.hidden_league.pk}/seasons/{w.hidden_season.pk}/leaderboard.json"
                ),
            },
            PAGE_PUBLIC_OR_NONE,
        )
    ],
    "players/<int:player_id>/": [
        Read(
            {
                "published": lambda w: f"/players/{w.ann.pk}/",
                "unpublished": lambda w: f"/players/{w.ursula.pk}/",
            },
            PAGE_PUBLIC_OR_NONE,
        )
    ],
    "hands/<int:hand_id>/replay/": [
        Read(hand_cases("/hands/{}/replay/"), by_case(ANYONE, NOBODY, in_progress=NOBODY))
    ],
    # the API
    "api/schema/": [Read(one(lambda w: "/api/schema/"), {"-": ANYONE})],
    "api/docs/": [Read(one(lambda w: "/api/docs/"), {"-": ANYONE})],
    "api/ping/": [Any_(one(lambda w: "/api/ping/"))],
    "api/clubs/": [Write(one(lambda w: "/api/clubs/"), USERS)],
    "api/clubs/<int:club_id>/members/": [Write(one(lambda w: f"/api/clubs/{w.club.pk}/members/"), DIRECTOR)],
    "api/clubs/<int:club_id>/players/": [Write(one(lambda w: f"/api/clubs/{w.club.pk}/players/"), DIRECTOR)],
    "api/clubs/<int:club_id>/devices/": [Write(one(lambda w: f"/api/clubs/{w.club.pk}/devices/"), DIRECTOR)],
    "api/devices/<int:device_id>/revoke/": [
        Write(one(lambda w: f"/api/devices/{w.device.pk}/revoke/"), DIRECTOR)
    ],
    "api/tables/": [Write(one(lambda w: "/api/tables/"), DIRECTOR)],
    "api/tables/<int:table_id>/": [Read(table_cases("/api/tables/{}/"), PUBLIC_OR_CLUB)],
    "api/tables/<int:table_id>/seats/": [Write(table_cases("/api/tables/{}/seats/"), DIRECTOR)],
    "api/tables/<int:table_id>/seats/<int:seat_number>/adjustments/": [
        Write(table_cases("/api/tables/{}/seats/1/adjustments/"), DIRECTOR)
    ],
    "api/tables/<int:table_id>/hands/": [Write(table_cases("/api/tables/{}/hands/"), STAFF)],
    "api/tables/<int:table_id>/hands/import": [Write(table_cases("/api/tables/{}/hands/import"), STAFF)],
    "api/hands/<int:hand_id>/": [Read(hand_cases("/api/hands/{}/"), PUBLIC_OR_CLUB)],
    "api/hands/<int:hand_id>/events/": [
        Read(hand_cases("/api/hands/{}/events/"), PUBLIC_OR_CLUB),
        Write(hand_cases("/api/hands/{}/events/"), STAFF),
    ],
    # trying an entry writes nothing, but shows the hand as the entry would leave it: the table's staff only
    "api/hands/<int:hand_id>/events/try": [Write(hand_cases("/api/hands/{}/events/try"), STAFF)],
    "api/hands/<int:hand_id>/undo": [Write(hand_cases("/api/hands/{}/undo"), STAFF)],
    "api/hands/<int:hand_id>/corrections/": [Write(hand_cases("/api/hands/{}/corrections/"), DIRECTOR)],
    "api/hands/<int:hand_id>/award-check/": [Write(hand_cases("/api/hands/{}/award-check/"), ANYONE)],
    "api/hands/<int:hand_id>/phh": [Read(hand_cases("/api/hands/{}/phh"), PUBLIC_OR_CLUB)],
    "api/hands/<int:hand_id>/clock/call/": [Write(hand_cases("/api/hands/{}/clock/call/"), STAFF)],
    "api/level-clocks/": [Write(one(lambda w: "/api/level-clocks/"), DIRECTOR)],
    "api/level-clocks/<int:clock_id>/": [Read(clock_cases("/api/level-clocks/{}/"), PUBLIC_OR_CLUB)],
    "api/level-clocks/<int:clock_id>/control/": [
        Write(clock_cases("/api/level-clocks/{}/control/"), DIRECTOR)
    ],
    "api/tables/<int:table_id>/level-clock/": [
        Write(table_cases("/api/tables/{}/level-clock/"), DIRECTOR, method="put")
    ],
    "api/live/tables/<int:table_id>/": [Read(table_cases("/api/live/tables/{}/"), PUBLIC_OR_CLUB)],
    "api/live/level-clocks/<int:clock_id>/": [
        Read(clock_cases("/api/live/level-clocks/{}/"), PUBLIC_OR_CLUB)
    ],
    "api/tournaments/": [Write(one(lambda w: "/api/tournaments/"), DIRECTOR)],
    "api/tournaments/structure/": [
        Read(
            one(lambda w: "/api/tournaments/structure/?players=12&starting_stack=10000&hours=3"),
            {"-": ANYONE},
        )
    ],
    "api/tournaments/<int:tournament_id>/": [Read(tournament_cases("/api/tournaments/{}/"), PUBLIC_OR_CLUB)],
    "api/tournaments/<int:tournament_id>/publish/": [
        Write(tournament_cases("/api/tournaments/{}/publish/"), DIRECTOR)
    ],
    "api/tournaments/<int:tournament_id>/entries/": [
        Write(tournament_cases("/api/tournaments/{}/entries/"), DIRECTOR)
    ],
    "api/tournaments/<int:tournament_id>/start/": [
        Write(tournament_cases("/api/tournaments/{}/start/"), DIRECTOR)
    ],
    "api/tournaments/<int:tournament_id>/clock/": [
        Write(tournament_cases("/api/tournaments/{}/clock/"), DIRECTOR)
    ],
    "api/tournaments/<int:tournament_id>/hand-for-hand/": [
        Write(tournament_cases("/api/tournaments/{}/hand-for-hand/"), DIRECTOR)
    ],
    "api/tournaments/<int:tournament_id>/standings/live/": [
        Read(tournament_cases("/api/tournaments/{}/standings/live/"), PUBLIC_OR_CLUB)
    ],
    "api/tournaments/<int:tournament_id>/standings/final/": [
        Read(tournament_cases("/api/tournaments/{}/standings/final/"), PUBLIC_OR_CLUB)
    ],
    "api/tournaments/<int:tournament_id>/tables/": [
        Read(tournament_cases("/api/tournaments/{}/tables/"), PUBLIC_OR_CLUB)
    ],
    "api/tournaments/<int:tournament_id>/moves/": [
        Read(tournament_cases("/api/tournaments/{}/moves/"), PUBLIC_OR_CLUB),
        Write(tournament_cases("/api/tournaments/{}/moves/"), DIRECTOR),
    ],
    "api/tournaments/<int:tournament_id>/moves/confirm-all/": [
        Write(tournament_cases("/api/tournaments/{}/moves/confirm-all/"), DIRECTOR)
    ],
    "api/tournaments/<int:tournament_id>/chip-races/": [
        Read(tournament_cases("/api/tournaments/{}/chip-races/"), PUBLIC_OR_CLUB),
        Write(tournament_cases("/api/tournaments/{}/chip-races/"), DIRECTOR),
    ],
    "api/tournaments/<int:tournament_id>/deals/": [
        Write(tournament_cases("/api/tournaments/{}/deals/"), DIRECTOR)
    ],
    "api/deals/<int:deal_id>/accept/": [Write(one(lambda w: "/api/deals/999999/accept/"), DIRECTOR)],
    "api/moves/<int:move_id>/decide/": [Write(one(lambda w: "/api/moves/999999/decide/"), DIRECTOR)],
    "api/entries/<int:entry_id>/<str:action>/": [
        Write(one(lambda w: f"/api/entries/{ENTRY(w)}/rebuy/"), DIRECTOR)
    ],
    "api/live/clubs/<int:club_id>/floor/": [
        Read(one(lambda w: f"/api/live/clubs/{w.club.pk}/floor/"), {"-": DIRECTOR})
    ],
    "api/live/tournaments/<int:tournament_id>/": [
        Read(tournament_cases("/api/live/tournaments/{}/"), PUBLIC_OR_CLUB)
    ],
    "api/leagues/": [Write(one(lambda w: "/api/leagues/"), DIRECTOR)],
    "api/leagues/<int:league_id>/seasons/": [
        Write(one(lambda w: f"/api/leagues/{w.league.pk}/seasons/"), DIRECTOR)
    ],
    "api/seasons/<int:season_id>/tournaments/": [
        Write(one(lambda w: f"/api/seasons/{w.season.pk}/tournaments/"), DIRECTOR)
    ],
    "api/seasons/<int:season_id>/leaderboard/": [
        Read(
            {
                "published": lambda w: f"/api/seasons/{w.season.pk}/leaderboard/",
                "unpublished": lambda w: f"/api/seasons/{w.hidden_season.pk}/leaderboard/",
            },
            PUBLIC_OR_CLUB,
        )
    ],
    "api/clubs/<int:club_id>/ratings/": [
        Read(one(lambda w: f"/api/clubs/{w.club.pk}/ratings/"), {"-": ANYONE})
    ],
    "api/players/<int:player_id>/rating-history/": [
        Read(
            {
                "published": lambda w: f"/api/players/{w.ann.pk}/rating-history/",
                "unpublished": lambda w: f"/api/players/{w.ursula.pk}/rating-history/",
            },
            {"published": ANYONE, "unpublished": ANYONE},  # the unpublished games are left out for outsiders
        )
    ],
    "api/pots/resolve": [Any_(one(lambda w: "/api/pots/resolve"))],
    "api/hands/<int:hand_id>/disputes/": [
        Write(hand_cases("/api/hands/{}/disputes/"), ("player", "dealer", "device", "director"))
    ],
    "api/disputes/<int:dispute_id>/": [
        Read(one(lambda w: f"/api/disputes/{w.dispute.pk}/"), {"-": ("player", "director")})
    ],
    "api/disputes/<int:dispute_id>/review": [
        Read(one(lambda w: f"/api/disputes/{w.dispute.pk}/review"), {"-": DIRECTOR})
    ],
    "api/disputes/<int:dispute_id>/sandbox": [
        Write(one(lambda w: f"/api/disputes/{w.dispute.pk}/sandbox"), DIRECTOR)
    ],
    "api/disputes/<int:dispute_id>/ruling": [
        Write(one(lambda w: f"/api/disputes/{w.dispute.pk}/ruling"), DIRECTOR)
    ],
    "^api/": [Read(one(lambda w: "/api/no-such-thing/"), {"-": NOBODY})],
}


def _walk(patterns: list[Any], prefix: str = "") -> Iterator[tuple[str, Any]]:
    for p in patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if route in COLLAPSED:
                yield route, None
            else:
                yield from _walk(p.url_patterns, route)
        elif isinstance(p, URLPattern):
            yield route, p.callback


def _methods(callback: Any) -> set[str]:
    view = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
    if view is None:
        return set()
    return {m for m in ("get", "post", "put", "patch", "delete") if hasattr(view, m)}


def test_every_route_and_method_has_an_entry() -> None:
    routes = dict(_walk(get_resolver().url_patterns))
    assert sorted(set(routes) - set(MATRIX)) == [], "routes without an entry in the permission matrix"
    assert sorted(set(MATRIX) - set(routes)) == [], "entries for routes that no longer exist"
    for route, callback in routes.items():
        declared = {check.method for check in MATRIX[route]}
        assert _methods(callback) <= declared, (route, _methods(callback) - declared)


def _expected_open(check: Read, case: str, who: str, path: str) -> bool:
    if who == "revoked":
        # A revoked token is refused by every API view and stream (401: its open streams close too); the
        # pages, which do not take the header as a login, read it as anonymous.
        if path.startswith("/api/") and not path.startswith("/api/no-"):
            return False
        who = "anonymous"
    return who in check.open_to[case]


_WRITTEN = (
    "tables.Hand", "tables.HandEvent", "tables.Table", "tables.Seat", "tables.StackAdjustment",
    "accounts.Club", "accounts.Membership", "accounts.Player", "accounts.DeviceToken",
    "tournaments.Tournament", "tournaments.Entry", "tournaments.SeatMove",
    "standings.League", "standings.Season", "standings.SeasonTournament",
    "disputes.Dispute", "disputes.Ruling", "clocks.LevelClock",
)  # fmt: skip


def _snapshot() -> dict[str, Any]:
    """Every row of the tables a write could touch (a device's ``last_used_at`` is a read's business)."""
    out: dict[str, Any] = {}
    for label in _WRITTEN:
        model = django_apps.get_model(label)
        rows = [{k: v for k, v in row.items() if k != "last_used_at"} for row in model.objects.values()]
        out[label] = sorted(json.dumps(row, sort_keys=True, default=str) for row in rows)
    return out


def _send(w: World, who: str, method: str, path: str, body: Any = None) -> Any:
    client = w.client(who)
    if method == "get":
        return client.get(path)
    return getattr(client, method)(path, json.dumps(body or {}), content_type="application/json")


def test_the_matrix_refuses_and_leaks_nothing(settings: Any) -> None:
    settings.FLOOR_SSE_LIFETIME = 0.2
    from apps.core.heartbeat import BEAT, WORKER, heartbeat_record

    # /healthz is open to anyone; with the worker and beat alive it answers 200
    heartbeat_record(part=WORKER)
    heartbeat_record(part=BEAT)
    w = build_world()
    before = _snapshot()
    wrong: list[str] = []
    for route, checks in MATRIX.items():
        for check in checks:
            for case, path_of in check.cases.items():
                path = path_of(w)
                for who in ACTORS:
                    if isinstance(check, Write) and who in check.allowed and who != "revoked":
                        continue
                    body = check.body if isinstance(check, Any_) else None
                    response = _send(w, who, check.method, path, body)
                    text = body_text(response)
                    where = (
                        f"{check.method.upper()} {path} [{route} / {case}] as {who}: {response.status_code}"
                    )
                    if response.status_code >= 500:
                        wrong.append(f"{where} (a server error)")
                    for leak in leaks(text, who):
                        wrong.append(f"{where} leaks {leak}")
                    if isinstance(check, Read):
                        opened = response.status_code in check.ok
                        if opened != _expected_open(check, case, who, path):
                            wrong.append(f"{where} but should be {'open' if not opened else 'refused'}")
                    elif isinstance(check, Write) and not 300 <= response.status_code < 500:
                        wrong.append(f"{where} but should be refused")
    assert wrong == [], "\n".join(wrong)
    assert _snapshot() == before  # the refused writes wrote nothing
