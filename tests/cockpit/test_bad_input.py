"""An attack on the director's and dealer's HTML pages: every POST route of the cockpit (and the clock-only
console's actions, the replay page's call-the-floor, the ruling page), enumerated from the URL confs, is
posted hostile values by the club's logged-in director: missing fields, empty strings, huge and negative
numbers, non-numbers, floats, NaN and Infinity, unicode, right-to-left and NUL characters, 10,000
characters, lists where one value is expected, another club's ids and ids that do not exist.

Whatever is posted: never a 5xx; a value no field may take is refused with a 4xx (every route answers the
page with the error on it and the refusal's status; none redirects to a page that flashes it); and a
refusal writes nothing (every table of Floor's apps compared, row by row, before and after).
A route added to those URL confs without a case here fails
:func:`test_every_post_route_has_a_case`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest
from django.apps import apps as django_apps
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from apps.accounts.permissions import Actor
from apps.cockpit import views_setup  # noqa: F401  (the routes' views are imported by the URL conf)
from apps.disputes import services as disputes
from apps.standings import services as standings
from apps.tables import services as tables
from apps.tournaments import payouts, setup
from apps.tournaments.models import Deal, Entry, Tournament
from tests.cockpit.helpers import logged_in
from tests.cockpit.setup_helpers import form_data
from tests.disputes.test_disputes_api import play_quiet_hand
from tests.factories import ClubFactory, director_of
from tests.tournaments.clockonly_helpers import given_holdem, play_out, playing
from tests.tournaments.helpers import given_tournament

pytestmark = pytest.mark.django_db

HUGE = str(10**30)
LONG = "9" * 10_000
#: refused by any number field
BAD_NUMBERS = [HUGE, LONG, "abc", "1.5", "NaN", "Infinity", "-Infinity", "1e400", "\x00", "0x10", "½"]
BAD_FLOATS = [v for v in BAD_NUMBERS if v != "1.5"] + ["1e30", "-1e30"]
#: refused by any text field
BAD_TEXTS = ["\x00", "a\x00b", "x" * 10_000]
#: refused by any field of numbers separated by commas (points, percentages, chips × counts, bet units)
BAD_LISTS = [
    "inf",
    "1e400",
    "nan",
    "-inf, 5",
    "5, Infinity",
    "1, 2, x",
    "½",
    "1e400×2",
    "5×1e400",
    "x" * 3000,
]
#: may be taken or refused, but never a 5xx and never a refused write
ODD = ["", " ", "-5", "0", "-0", "\u202eevil\u202c", "\u0645\u0631\u062d\u0628\u0627", "🂡" * 30, "<b>x</b>"]


@dataclass
class World:
    club: Any
    director: Actor
    client: Client
    csrf_client: Client
    reg: Tournament  # registering, setup editable, entries
    entry: Entry  # registered at reg
    run: Tournament  # clock-only, running, with deals calculated
    playing: Entry
    busted: Entry
    deal: Deal
    table_id: int
    league: Any
    season: Any
    hand: Any
    dispute: Any
    other: dict[str, int] = field(default_factory=dict)  # another club's objects


def _club_objects(club: Any, actor: Actor) -> dict[str, Any]:
    reg = given_tournament(club, actor, 3, name="Registering")
    run = given_holdem(club, actor, 5, payout={"kind": "percentages", "percentages": [60, 40]})
    play_out(actor, run, left=4)
    busted = (
        Entry.objects.filter(tournament=run, status=Entry.Status.FINISHED).first()
        or Entry.objects.filter(tournament=run).exclude(status=Entry.Status.PLAYING).first()
    )
    for method in ("icm", "chip_chop", "even"):
        payouts.deal_calculate(actor=actor, tournament=run, method=method)
    league = standings.league_create(
        actor=actor, club=club, name="League", points={"kind": "table", "table": [1000, 500]}, best_n=None
    )
    season = standings.season_create(actor=actor, league=league, name="Spring")
    table = tables.table_create(
        actor=actor, club=club, name="Cash", game={"kind": "five-card-draw", "ante": 10}
    )
    for n in (1, 2, 3):
        tables.table_seat_player(actor=actor, table=table, number=n, stack=1000, player_name=f"C{n}")
    hand = play_quiet_hand(actor, table, button=1)
    dispute = disputes.dispute_raise(actor=actor, hand_id=hand.pk, kind="accounting", description="who won?")
    alive = playing(run)
    return {
        "reg": reg,
        "entry": Entry.objects.filter(tournament=reg).order_by("-pk").first(),
        "run": run,
        "playing": alive[0],
        "busted": busted,
        "deal": Deal.objects.filter(tournament=run, method="even").latest("pk"),
        "table_id": alive[0].seat.table_id,
        "league": league,
        "season": season,
        "hand": hand,
        "dispute": dispute,
    }


def build() -> World:
    club, other_club = ClubFactory(), ClubFactory()
    user, other_user = director_of(club), director_of(other_club)
    mine = _club_objects(club, Actor(user=user))
    theirs = _club_objects(other_club, Actor(user=other_user))
    csrf = Client(enforce_csrf_checks=True)
    csrf.force_login(user)
    other = {k: v.pk for k, v in theirs.items() if hasattr(v, "pk")} | {"table_id": theirs["table_id"]}
    other["club"] = other_club.pk
    return World(
        club=club, director=Actor(user=user), client=logged_in(user), csrf_client=csrf, other=other, **mine
    )


# --- the routes ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Case:
    """``kwargs``: the route's arguments in a world; ``fields``: name → ``"int"``, ``"text"`` or ``"id"``;
    ``base``: a valid-looking post the hostile values go into, one field at a time; ``owner``: the route
    argument whose value names the club's object (swapped for another club's and a missing one)."""

    kwargs: Callable[[World], dict[str, Any]]
    fields: dict[str, str] = field(default_factory=dict)
    base: Callable[[World], dict[str, Any]] = lambda w: {}
    owner: tuple[str, str] | None = None  # (route argument, key of World.other)
    #: a field read by one action only: the route arguments and posted values that make it read
    per_field: dict[str, tuple[dict[str, Any], dict[str, Any]]] = field(default_factory=dict)


def _t(attr: str = "reg") -> Callable[[World], dict[str, Any]]:
    return lambda w: {"tournament_id": getattr(w, attr).pk}


SETUP_FIELDS = {
    "name": "text",
    "starting_stack": "int",
    "seats_per_table": "int",
    "players": "int",
    "hours": "float",
    "to_pool": "int",
    "bounty": "int",
    "paid_places": "int",
    "percentages": "list",
    "chips": "list",
    "stack_chips": "list",
    "levels-TOTAL_FORMS": "int",
    "levels-0-minutes": "int",
    "levels-0-small_blind": "int",
    "levels-0-bet_units": "list",
    "levels-0-ORDER": "int",
    "expected_rebuys": "int",
    "rebuy_until_level": "int",
    "template_title": "text",
}

CASES: dict[str, Case] = {
    "cockpit:tournament-new": Case(
        lambda w: {"club_id": w.club.pk},
        SETUP_FIELDS,
        lambda w: form_data(action="save", name="Attacked"),
        ("club_id", "club"),
    ),
    "cockpit:tournament-setup": Case(
        _t(), SETUP_FIELDS, lambda w: form_data(action="save", name="Attacked"), ("tournament_id", "reg")
    ),
    "cockpit:devices": Case(lambda w: {"club_id": w.club.pk}, owner=("club_id", "club")),
    "cockpit:device-new": Case(
        lambda w: {"club_id": w.club.pk},
        {"name": "text", "tables": "id", "room_table": "id"},
        lambda w: {"name": "Tablet"},
        ("club_id", "club"),
    ),
    "cockpit:device-revoke": Case(lambda w: {"device_id": 10**9}),
    "cockpit:leagues": Case(
        lambda w: {"club_id": w.club.pk},
        {"name": "text", "kind": "text", "table": "list", "best_n": "int"},
        lambda w: {"name": "New league", "kind": "table", "table": "10, 5"},
        ("club_id", "club"),
    ),
    "cockpit:league-edit": Case(
        lambda w: {"league_id": w.league.pk},
        {"name": "text", "kind": "text", "table": "list", "best_n": "int"},
        lambda w: {"name": "Renamed league", "kind": "table", "table": "10, 5"},
        ("league_id", "league"),
    ),
    "cockpit:season-new": Case(
        lambda w: {"league_id": w.league.pk},
        {"name": "text"},
        lambda w: {"name": "Summer"},
        ("league_id", "league"),
    ),
    "cockpit:season": Case(lambda w: {"season_id": w.season.pk}, owner=("season_id", "season")),
    "cockpit:season-attach": Case(
        lambda w: {"season_id": w.season.pk},
        {"tournament": "id"},
        lambda w: {"tournament": str(w.run.pk)},
        ("season_id", "season"),
    ),
    "cockpit:season-detach": Case(
        lambda w: {"season_id": w.season.pk, "tournament_id": w.run.pk}, owner=("season_id", "season")
    ),
    "cockpit:webhooks": Case(
        lambda w: {"club_id": w.club.pk},
        {"name": "text", "url": "text", "format": "text", "events": "text", "chat_id": "text"},
        lambda w: {"name": "Hook", "url": "https://example.com/hook", "format": "json", "events": "level"},
        ("club_id", "club"),
    ),
    "cockpit:webhook-delete": Case(lambda w: {"webhook_id": 10**9}),
    "cockpit:registration": Case(_t(), owner=("tournament_id", "reg")),
    "cockpit:entry-register": Case(
        _t(), {"player_name": "text"}, lambda w: {"player_name": "Zed"}, ("tournament_id", "reg")
    ),
    "cockpit:tournament-publish": Case(
        _t(), {"published": "text"}, lambda w: {"published": "1"}, ("tournament_id", "reg")
    ),
    "cockpit:entry-rename": Case(
        lambda w: {"entry_id": w.entry.pk},
        {"name": "text"},
        lambda w: {"name": "Renamed"},
        ("entry_id", "entry"),
    ),
    "cockpit:entry-remove": Case(
        lambda w: {"entry_id": w.entry.pk},
        {"reason": "text"},
        lambda w: {"reason": "no show"},
        ("entry_id", "entry"),
    ),
    "cockpit:entry-undo": Case(lambda w: {"entry_id": w.entry.pk}, owner=("entry_id", "entry")),
    "cockpit:entry-undo-bust": Case(
        lambda w: {"entry_id": w.busted.pk},
        {"reason": "text", "stack": "int"},
        lambda w: {"reason": "misread", "stack": "1000"},
        ("entry_id", "busted"),
    ),
    "cockpit:entry-action": Case(
        lambda w: {"entry_id": w.playing.pk, "action": "rebuy"}, owner=("entry_id", "playing")
    ),
    "cockpit:tables": Case(_t("run"), owner=("tournament_id", "run")),
    "cockpit:tournament-start": Case(_t("run"), owner=("tournament_id", "run")),
    "cockpit:clock": Case(_t("run"), owner=("tournament_id", "run")),
    "cockpit:clock-control": Case(
        _t("run"),
        {"action": "text", "minutes": "int", "level": "int"},
        lambda w: {"action": "add_time", "minutes": "1"},
        ("tournament_id", "run"),
        {"level": ({}, {"action": "jump"})},
    ),
    "cockpit:moves": Case(_t("run"), owner=("tournament_id", "run")),
    "cockpit:moves-plan": Case(_t("reg"), owner=("tournament_id", "reg")),
    "cockpit:moves-confirm-all": Case(_t("reg"), owner=("tournament_id", "reg")),
    "cockpit:move-decide": Case(
        lambda w: {"move_id": 10**9},
        {"decision": "text", "to_table": "int", "to_seat": "int", "reason": "text"},
        lambda w: {"decision": "override", "to_table": "1", "to_seat": "1"},
    ),
    "cockpit:results": Case(_t("run"), owner=("tournament_id", "run")),
    "cockpit:deals": Case(_t("run"), owner=("tournament_id", "run")),
    "cockpit:deals-calculate": Case(_t("reg"), owner=("tournament_id", "reg")),
    "cockpit:deal-accept": Case(lambda w: {"deal_id": w.deal.pk}, owner=("deal_id", "deal")),
    "cockpit:room": Case(
        _t("run"), {"sounds": "text"}, lambda w: {"sounds": "level"}, ("tournament_id", "run")
    ),
    "cockpit:print": Case(_t("run"), owner=("tournament_id", "run")),
    "cockpit:print-sheet": Case(
        lambda w: {"tournament_id": w.run.pk, "sheet": "seats"}, owner=("tournament_id", "run")
    ),
    "console:clock-only": Case(
        lambda w: {"table_id": w.table_id, "action": "count"},
        {"entry": "id", "chips": "int", "knocked_out_by": "id"},
        lambda w: {"entry": str(w.playing.pk), "chips": "5000"},
        ("table_id", "table_id"),
        {"knocked_out_by": ({"action": "out"}, {"chips": ""})},
    ),
    "public:replay-call-floor": Case(
        lambda w: {"hand_id": w.hand.pk},
        {"kind": "text", "description": "text"},
        lambda w: {"kind": "nonsense-kind", "description": "x"},
        ("hand_id", "hand"),
    ),
    "disputes:dispute": Case(
        lambda w: {"dispute_id": w.dispute.pk},
        {"action": "text", "void_from_seq": "int", "events": "text", "text": "text", "outcome": "text"},
        lambda w: {"action": "rule", "outcome": "no-such-outcome", "text": "x"},
        ("dispute_id", "dispute"),
        {
            "void_from_seq": ({}, {"action": "sandbox", "events": '[{"type": "fold", "seat": 2}]'}),
            "events": ({}, {"action": "sandbox", "void_from_seq": "3"}),
        },
    ),
}

#: the routes whose every POST the attack sends (the cockpit's all; of the others, the pages the brief names)
ATTACKED = ("cockpit:", "console:clock-only", "public:replay-call-floor", "disputes:dispute")
#: GET-only routes not worth a world of their own (their POST is refused or is the GET)
SKIPPED = {"cockpit:index", "cockpit:club", "cockpit:disputes"}


def _names(patterns: list[Any], prefix: str = "") -> list[str]:
    out: list[str] = []
    for p in patterns:
        if isinstance(p, URLResolver):
            ns = f"{prefix}{p.namespace}:" if p.namespace else prefix
            out += _names(p.url_patterns, ns)
        elif isinstance(p, URLPattern) and p.name:
            out.append(prefix + p.name)
    return out


def attacked_routes() -> list[str]:
    names = _names(get_resolver().url_patterns)
    return sorted(
        {n for n in names if any(n == a or (a.endswith(":") and n.startswith(a)) for a in ATTACKED)}
    )


def test_every_post_route_has_a_case() -> None:
    missing = [n for n in attacked_routes() if n not in CASES and n not in SKIPPED]
    assert not missing, f"routes without a bad-input case: {missing}"


# --- the checks ---------------------------------------------------------------------------------------


def snapshot() -> dict[str, str]:
    """A fingerprint of every row of every table of Floor's apps (sessions and Django's own tables are not
    ours), read in one statement: the module takes hundreds of them, and a query per model per attempt was
    most of its time."""
    from django.db import connection

    assert connection.vendor == "postgresql", "the fingerprint is PostgreSQL's (this module runs there)"
    labels, parts = [], []
    for model in django_apps.get_models():
        if not model.__module__.startswith("apps."):
            continue
        table = connection.ops.quote_name(model._meta.db_table)
        labels.append(model._meta.label)
        parts.append(f"(SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) FROM {table} t)")
    with connection.cursor() as cursor:
        cursor.execute(f"SELECT ARRAY[{', '.join(parts)}]")
        return dict(zip(labels, cursor.fetchone()[0], strict=True))


def changed(before: dict[str, str], after: dict[str, str]) -> list[str]:
    return [label for label in before if before[label] != after[label]]


def post(
    w: World, name: str, kwargs: dict[str, Any], data: dict[str, Any], *, client: Client | None = None
) -> Any:
    return (client or w.client).post(reverse(name, kwargs=kwargs), data)


def refused(response: Any) -> bool:
    """A refusal is a 4xx: every route answers it with its page and the refusal's status (none redirects to
    a page that flashes it, none answers 200 with an error on the page)."""
    return 400 <= response.status_code < 500


#: which of another club's objects an id field names: an id of another kind (a tournament's number in a
#: table field) may happen to be one of this club's own rows, which the route rightly takes
ID_OF = {
    "entry": ("entry", "playing", "busted"),
    "knocked_out_by": ("entry", "playing", "busted"),
    "tournament": ("run", "reg"),
    "tables": ("table_id",),
    # "Table N of the room": a number from 1 to the room's size, not a row of anybody's
    "room_table": (),
}


def test_every_id_field_says_what_it_names() -> None:
    fields = {f for case in CASES.values() for f, kind in case.fields.items() if kind == "id"}
    assert fields <= set(ID_OF), fields - set(ID_OF)


@pytest.mark.parametrize("name", sorted(CASES))
def test_hostile_values_never_5xx_and_refusals_write_nothing(name: str) -> None:
    w = build()
    case = CASES[name]
    kwargs = case.kwargs(w)
    problems: list[str] = []

    def attempt(label: str, data: dict[str, Any], *, must_refuse: bool, args: dict[str, Any]) -> None:
        before = snapshot()
        r = post(w, name, args, data)
        after = snapshot()
        if r.status_code >= 500:
            problems.append(f"{label}: {r.status_code}")
            return
        was_refused = refused(r)
        if must_refuse and not was_refused:
            problems.append(f"{label}: taken ({r.status_code})")
        elif was_refused and changed(before, after):
            problems.append(f"{label}: refused ({r.status_code}) but wrote {changed(before, after)}")

    attempt("nothing posted", {}, must_refuse=False, args=kwargs)
    for fname, kind in case.fields.items():
        more_args, more_data = case.per_field.get(fname, ({}, {}))
        args, base = {**kwargs, **more_args}, {**case.base(w), **more_data}
        bad = {"int": BAD_NUMBERS, "id": BAD_NUMBERS, "float": BAD_FLOATS, "list": BAD_TEXTS + BAD_LISTS}.get(
            kind, BAD_TEXTS
        )
        for value in bad:
            attempt(f"{fname}={value[:12]!r}", {**base, fname: value}, must_refuse=True, args=args)
        for value in ODD:
            attempt(f"{fname}={value[:12]!r}", {**base, fname: value}, must_refuse=False, args=args)
        attempt(
            f"{fname} as a list", {**base, fname: ["1", "x" * 5000, "\x00"]}, must_refuse=False, args=args
        )
        rest = {k: v for k, v in base.items() if k != fname}
        attempt(f"{fname} missing", rest, must_refuse=False, args=args)
        if kind == "id":
            for key, pk in w.other.items():
                if key in ID_OF.get(fname, ()):
                    attempt(
                        f"{fname}=other club's {key}", {**base, fname: str(pk)}, must_refuse=True, args=args
                    )
            attempt(f"{fname}=missing id", {**base, fname: str(10**9)}, must_refuse=True, args=args)
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("name", sorted(n for n, c in CASES.items() if c.owner))
def test_another_clubs_object_or_a_missing_one_is_404_and_untouched(name: str) -> None:
    w = build()
    case = CASES[name]
    assert case.owner is not None
    arg, key = case.owner
    for pk in (w.other[key], 10**9):
        kwargs = {**case.kwargs(w), arg: pk}
        before = snapshot()
        r = post(w, name, kwargs, case.base(w))
        assert r.status_code in (403, 404), (name, pk, r.status_code)
        assert not changed(before, snapshot()), name


@pytest.mark.parametrize(
    "name", sorted(n for n in CASES if n not in ("cockpit:print", "cockpit:print-sheet"))
)
def test_a_post_without_the_csrf_token_is_403_and_writes_nothing(name: str) -> None:
    w = build()
    case = CASES[name]
    before = snapshot()
    r = post(w, name, case.kwargs(w), case.base(w), client=w.csrf_client)
    assert r.status_code == 403, (name, r.status_code)
    assert not changed(before, snapshot())


# --- wrong states -------------------------------------------------------------------------------------


def _refused(w: World, name: str, kwargs: dict[str, Any], data: dict[str, Any]) -> Any:
    before = snapshot()
    r = post(w, name, kwargs, data)
    assert r.status_code < 500
    assert refused(r), (name, r.status_code)
    assert not changed(before, snapshot()), name
    return r


def test_wrong_states_are_refused_and_write_nothing() -> None:
    w = build()
    # undo the bust-out of a player still playing
    _refused(w, "cockpit:entry-undo-bust", {"entry_id": w.playing.pk}, {"reason": "misread"})
    # undo the registration of an entry that is not the last one
    first = Entry.objects.filter(tournament=w.reg).order_by("pk").first()
    assert first is not None
    _refused(w, "cockpit:entry-undo", {"entry_id": first.pk}, {})
    # rename an entry after its removal
    r = post(w, "cockpit:entry-remove", {"entry_id": w.entry.pk}, {"reason": "no show"})
    assert r.status_code == 302
    _refused(w, "cockpit:entry-rename", {"entry_id": w.entry.pk}, {"name": "Ghost"})
    _refused(w, "cockpit:entry-remove", {"entry_id": w.entry.pk}, {"reason": "again"})
    # deals at a tournament that is not running
    _refused(w, "cockpit:deals-calculate", {"tournament_id": w.reg.pk}, {})
    # accept a deal twice
    r = post(w, "cockpit:deal-accept", {"deal_id": w.deal.pk}, {})
    assert r.status_code == 302
    w.run.refresh_from_db()
    assert w.run.status == Tournament.Status.FINISHED
    _refused(w, "cockpit:deal-accept", {"deal_id": w.deal.pk}, {})
    other = Deal.objects.filter(tournament=w.run, method="icm").latest("pk")
    _refused(w, "cockpit:deal-accept", {"deal_id": other.pk}, {})
    # the setup of a running tournament
    _refused(
        w, "cockpit:tournament-setup", {"tournament_id": w.run.pk}, form_data(action="save", name="Late")
    )


def test_a_template_from_another_club_or_nonsense_is_404() -> None:
    w = build()
    other_club = ClubFactory._meta.model.objects.get(pk=w.other["club"])
    theirs = setup.tournament_template_save(
        actor=Actor(user=director_of(other_club)),
        club=other_club,
        name="Theirs",
        setup=setup.setup_of(Tournament.objects.get(pk=w.other["reg"])),
    )
    url = reverse("cockpit:tournament-new", kwargs={"club_id": w.club.pk})
    for value in (str(theirs.pk), "abc", HUGE, "-1", LONG, "1.0", "٣"):
        assert w.client.get(url, {"from": value}).status_code == 404, value
    assert w.client.get(url, {"from": "\x00"}).status_code == 400  # a NUL is refused before any view


# --- GET routes with bad query strings ---------------------------------------------------------------


@pytest.mark.parametrize("value", ["b5", "A4", "", "\x00", "x" * 10_000, HUGE])
def test_print_sheets_with_a_bad_paper_never_5xx(value: str) -> None:
    w = build()
    for sheet in ("seats", "moves", "signin", "payouts", "results"):
        r = w.client.get(
            reverse("cockpit:print-sheet", kwargs={"tournament_id": w.run.pk, "sheet": sheet}),
            {"paper": value},
        )
        if value == "\x00":  # refused before any view (apps.core.inputs)
            assert r.status_code == 400 and r.json()["code"] == "text_invalid", (sheet, r.status_code)
        else:
            assert r.status_code == (200 if value in ("", "a4", "letter") else 404), (
                sheet,
                value,
                r.status_code,
            )
    r = w.client.get(reverse("cockpit:print-sheet", kwargs={"tournament_id": w.run.pk, "sheet": "nope"}))
    assert r.status_code == 404


BAD_QUERIES = [
    {"page": "abc"},
    {"page": HUGE},
    {"page": "-1"},
    {"page": "0"},
    {"entries": "abc"},
    {"entries": HUGE},
    {"entries": "-5"},
    {"entries": "NaN"},
    {"paper": ["a4", "letter"]},
    {"level": "\x00"},
    {"from": LONG},
]


@pytest.mark.parametrize("name", sorted(n for n in CASES if n.startswith("cockpit:")))
def test_get_routes_with_bad_query_strings_never_5xx(name: str) -> None:
    w = build()
    url = reverse(name, kwargs=CASES[name].kwargs(w))
    for query in BAD_QUERIES:
        r = w.client.get(url, query)
        assert r.status_code < 500, (name, query, r.status_code)


# --- the fixes, one by one ----------------------------------------------------------------------------


def test_a_nul_in_a_multipart_form_is_refused_before_the_view_and_writes_nothing() -> None:
    """A browser posts a form as multipart when it has a file field; PostgreSQL cannot store a NUL (a 500 at
    the INSERT), so the middleware refuses it in multipart forms as in urlencoded ones."""
    from apps.room.models import Webhook

    w = build()
    url = reverse("cockpit:webhooks", kwargs={"club_id": w.club.pk})
    form = {"name": "Hook\x00", "url": "https://example.com/h", "format": "json", "events": "level"}
    r = w.client.post(url, form)  # the test client posts multipart
    assert (r.status_code, r.json()["code"]) == (400, "text_invalid")
    assert not Webhook.objects.exists()
    # a multipart body is still readable after the middleware read its fields (the pot calculator reads it)
    r = Client().post("/api/pots/", {"players": "x"})
    assert r.status_code < 500


def test_a_telegram_chat_id_longer_than_its_column_is_refused_on_the_form() -> None:
    from apps.room.models import Webhook

    w = build()
    url = reverse("cockpit:webhooks", kwargs={"club_id": w.club.pk})
    form = {"name": "Hook", "url": "https://example.com/h", "format": "telegram", "events": "level"}
    r = w.client.post(url, {**form, "chat_id": "1" * 65})
    assert r.status_code == 400
    assert any("64 characters" in str(m) for m in r.context["messages"])
    assert not Webhook.objects.exists()
    assert w.client.post(url, {**form, "chat_id": "-100123"}).status_code == 302
    assert Webhook.objects.get().chat_id == "-100123"


def test_publish_takes_only_1_or_0() -> None:
    w = build()
    url = reverse("cockpit:tournament-publish", kwargs={"tournament_id": w.reg.pk})
    for value in ("yes", "", "2", "true"):
        assert w.client.post(url, {"published": value}).status_code == 400
    w.reg.refresh_from_db()
    assert not w.reg.published
    assert w.client.post(url, {"published": "1"}).status_code == 302
    w.reg.refresh_from_db()
    assert w.reg.published


def test_the_ruling_page_refuses_an_unknown_action_on_its_field() -> None:
    w = build()
    r = w.client.post(reverse("disputes:dispute", kwargs={"dispute_id": w.dispute.pk}), {"action": "burn"})
    assert r.status_code == 400
    assert r.context["error"]["code"] == "action_unknown" and r.context["error"]["field"] == "action"


def test_the_fingerprint_sees_an_insert_an_update_and_a_delete() -> None:
    """The check every test above leans on: any write to any of Floor's tables changes the fingerprint."""
    w = build()
    t = Tournament.objects.filter(club=w.club).first()
    assert t is not None
    before = snapshot()
    Tournament.objects.filter(pk=t.pk).update(name=t.name + " (renamed)")
    assert changed(before, snapshot()) == ["tournaments.Tournament"]
    before = snapshot()
    extra = ClubFactory()
    assert "accounts.Club" in changed(before, snapshot())
    before = snapshot()
    extra.delete()
    assert "accounts.Club" in changed(before, snapshot())
