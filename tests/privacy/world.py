"""A club with everything a reader could try to see, and the clients of everyone who could try.

Club A: its director, a dealer assigned to the cash table, a player with a login (Ann, in the hands), a
device for the cash table and a revoked one. Club B: another director. Cards dealt, drawn and discarded that
nobody showed (``SECRET``) sit in a finished hand, a hand in progress, a private table's hand and two
tournaments' hands; only two hands were shown at a showdown (``SHOWN``). Tournament P is published; U was
published, drawn, played, then unpublished, and its names (``UNPUBLISHED``) must stay with club A.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

from django.test import Client

from apps.accounts import services as accounts
from apps.accounts.models import DealerAssignment, Membership, Player, Role
from apps.accounts.permissions import Actor
from apps.disputes import services as disputes
from apps.standings.models import Rating, RatingHistory
from apps.tables import services as tables
from apps.tables.models import Hand, Table
from apps.tournaments import seating
from apps.tournaments import services as tournaments
from apps.tournaments.models import Tournament
from tests.factories import ClubFactory, LeagueFactory, SeasonFactory, SeasonResultFactory, UserFactory
from tests.tournaments.helpers import given_tournament, open_tables, play_hand, quiet

ACTORS = ("anonymous", "player", "dealer", "device", "revoked", "other_director", "director")
#: who may read unshown cards of club A's cash table
CARD_READERS = ("dealer", "device", "director")
#: club A's members (read its unpublished tournaments)
MEMBERS = ("player", "dealer", "device", "director")

DIRECTOR_NAME = "dir-alpha-q7"
DEALER_NAME = "deal-beta-k4"
PLAYER_NAME = "play-gamma-z2"
OTHER_NAME = "dir-other-w9"
DEVICE_NAME = "Tablet-Sigma-8"
#: names that only the table's staff and the club's directors may read next to a log row
STAFF_NAMES = (DIRECTOR_NAME, DEALER_NAME, DEVICE_NAME)
UNPUBLISHED = ("Unpublished Ultra", "Ursula Unseen")

# Hand 1 (finished, shown at the showdown): Ann (1) and Bob (2) show; Cy (3) folds.
H1_DEALS = {1: "AsAhAdKc7h", 2: "QsQhJdJc2c", 3: "9c8c6d5h4s"}
H1_SHOWN = {1: "AsAhAdKc7s", 2: "QsQhJdJcJh"}
# Hand 2 (in progress, at the draw): nothing shown yet.
H2_DEALS = {1: "TsTh9h9d3c", 2: "8d8h5c5d2d"}
H2_RECEIVE = "Td"
H3_DEAL = "6s6h3d3h2h"  # the private table
P_DEAL = "Tc2s7c7d4d"  # the published tournament
U_DEAL = "Ks4h8s4c3s"  # the unpublished one

SHOWN = {c for cards in H1_SHOWN.values() for c in re.findall("..", cards)}
SECRET = {
    c
    for cards in (*H1_DEALS.values(), *H2_DEALS.values(), H2_RECEIVE, H3_DEAL, P_DEAL, U_DEAL)
    for c in re.findall("..", cards)
} - SHOWN

_RANKS = {"A": "Ace", "K": "King", "Q": "Queen", "J": "Jack", "T": "10"}
_SUITS = {"s": ("♠", "spades"), "h": ("♥", "hearts"), "d": ("♦", "diamonds"), "c": ("♣", "clubs")}
_CARD_RUN = re.compile(
    r"(?<![A-Za-z0-9])((?:[2-9TJQKA][shdc]|\?\?)(?:[ ,]?(?:[2-9TJQKA][shdc]|\?\?))*)(?![A-Za-z0-9])"
)


def secret_cards_in(text: str) -> set[str]:
    """The secret cards ``text`` names: as tokens (``Kd``, in runs like ``AsKd`` or ``As Kd``), as the pages
    draw them (``K♦``) or by name ("King of diamonds")."""
    found: set[str] = set()
    for run in _CARD_RUN.findall(text):
        found |= set(re.findall(r"[2-9TJQKA][shdc]", run)) & SECRET
    for card in SECRET:
        rank, (symbol, suit) = card[0], _SUITS[card[1]]
        shown_rank = "10" if rank == "T" else rank
        if f"{shown_rank}{symbol}" in text or f"{_RANKS.get(rank, rank)} of {suit}" in text:
            found.add(card)
    return found


@dataclass
class World:
    club: Any
    other_club: Any
    director: Any
    dealer: Any
    player_user: Any
    other_director: Any
    ann: Player
    cash: Table
    private: Table
    h1: Hand
    h2: Hand
    h3: Hand
    device: Any
    device_raw: str
    revoked: Any
    revoked_raw: str
    published: Tournament
    unpublished: Tournament
    p_hand: Hand
    u_hand: Hand
    ursula: Player
    dispute: Any
    league: Any
    season: Any
    hidden_league: Any
    hidden_season: Any
    clients: dict[str, Client] = field(default_factory=dict)

    def client(self, who: str) -> Client:
        return self.clients[who]


def _record(actor: Actor, hand: Hand, **event: Any) -> Hand:
    return tables.hand_event_record(actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=event).hand


def _deal_first(actor: Actor, table: Table, cards: str, rng: random.Random) -> Hand:
    """A hand at ``table`` whose first seat to act is dealt ``cards`` (a ``deal``), played quietly."""
    from apps.engine.hand import HandState

    hand = tables.hand_start(actor=actor, table=table)
    seat = HandState.from_json(hand.state).to_act
    hand = _record(actor, hand, type="deal", seat=seat, cards=cards)
    state = HandState.from_json(hand.state)
    while hand.status != Hand.Status.FINISHED:
        legal = {a["type"]: a for a in state.legal_actions() if a["type"] != "timeout"}
        hand = tables.hand_event_record(
            actor=actor, hand_id=hand.pk, expected_seq=hand.seq, event=quiet(state, legal, rng)
        ).hand
        state = HandState.from_json(hand.state)
    return hand


def build_world() -> World:
    club, other_club = ClubFactory(name="Club Alpha"), ClubFactory(name="Club Bravo")
    director = UserFactory(username=DIRECTOR_NAME)
    dealer = UserFactory(username=DEALER_NAME)
    player_user = UserFactory(username=PLAYER_NAME)
    other_director = UserFactory(username=OTHER_NAME)
    Membership.objects.create(club=club, user=director, role=Role.DIRECTOR)
    Membership.objects.create(club=club, user=dealer, role=Role.DEALER)
    Membership.objects.create(club=club, user=player_user, role=Role.PLAYER)
    Membership.objects.create(club=other_club, user=other_director, role=Role.DIRECTOR)
    boss = Actor(user=director)

    cash = tables.table_create(
        actor=boss, club=club, name="Cash Table", game={"kind": "five-card-draw"}, published=True
    )
    for n, name in ((1, "Ann"), (2, "Bob"), (3, "Cy")):
        tables.table_seat_player(actor=boss, table=cash, number=n, stack=2000, player_name=name)
    ann = Player.objects.get(club=club, name="Ann")
    ann.user = player_user
    ann.save(update_fields=["user"])
    DealerAssignment.objects.create(user=dealer, table=cash)
    device, device_raw = accounts.device_issue(actor=boss, club=club, name=DEVICE_NAME, table_ids=[cash.pk])
    revoked, revoked_raw = accounts.device_issue(actor=boss, club=club, name="Old phone", table_ids=[cash.pk])
    accounts.device_revoke(actor=boss, device=revoked)
    by_device = Actor(device=device)

    # hand 1: dealt by the device, played to a showdown, two hands shown
    h1 = tables.hand_start(actor=by_device, table=cash, button=3)
    for seat, cards in H1_DEALS.items():
        h1 = _record(by_device, h1, type="deal", seat=seat, cards=cards, note=f"seat {seat} holds {cards}")
    h1 = _record(by_device, h1, type="bet", seat=1, amount=100)
    h1 = _record(by_device, h1, type="call", seat=2)
    h1 = _record(by_device, h1, type="fold", seat=3)
    h1 = _record(by_device, h1, type="draw", seat=1, count=1, discard="7h", receive="7s")
    h1 = _record(boss, h1, type="draw", seat=2, count=1, discard="2c", receive="Jh")
    h1 = _record(boss, h1, type="check", seat=1)
    h1 = _record(boss, h1, type="check", seat=2)
    h1 = _record(boss, h1, type="show", seat=1, cards=H1_SHOWN[1])
    h1 = _record(boss, h1, type="show", seat=2, cards=H1_SHOWN[2])
    assert h1.status == Hand.Status.FINISHED

    # hand 2: in progress at the draw, a dealer's cards and one draw entered
    by_dealer = Actor(user=dealer)
    h2 = tables.hand_start(actor=by_dealer, table=cash)
    for seat, cards in H2_DEALS.items():
        h2 = _record(by_dealer, h2, type="deal", seat=seat, cards=cards)
    from apps.engine.hand import HandState

    opener = HandState.from_json(h2.state)
    bet = next(a for a in opener.legal_actions() if a["type"] == "bet")
    h2 = _record(by_dealer, h2, type="bet", seat=opener.to_act, amount=bet["min"])
    while HandState.from_json(h2.state).phase == "betting":
        h2 = _record(by_dealer, h2, type="call", seat=HandState.from_json(h2.state).to_act)
    st = HandState.from_json(h2.state)
    drawer = st.to_act
    held = H2_DEALS[drawer][-2:]
    h2 = _record(by_dealer, h2, type="draw", seat=drawer, count=1, discard=held, receive=H2_RECEIVE)
    assert h2.status == Hand.Status.IN_PROGRESS

    # a private table of the club (not published), one hand with a dealt hand
    private = tables.table_create(actor=boss, club=club, name="Back Room", game={"kind": "five-card-draw"})
    for n, name in ((1, "Dee"), (2, "Eve")):
        tables.table_seat_player(actor=boss, table=private, number=n, stack=1000, player_name=name)
    rng = random.Random(3)
    h3 = _deal_first(boss, private, H3_DEAL, rng)

    # tournaments: P published and running; U drawn and played while published, then unpublished
    published = given_tournament(club, boss, 4, name="Open Published Cup")
    seating.tournament_start(actor=boss, tournament=published)
    tournaments.tournament_publish(actor=boss, tournament=published, published=True)
    p_hand = _deal_first(boss, open_tables(published)[0].table, P_DEAL, rng)

    unpublished = tournaments.tournament_create(
        actor=boss,
        club=club,
        name="Unpublished Ultra",
        game={"kind": "five-card-draw", "ante": 25},
        starting_stack=1000,
        structure=[{"seconds": 3600, "ante": 25}, {"seconds": 3600, "ante": 50}],
        seed=11,
        rated=True,
    )
    for name in ("Ursula Unseen", "Victor Veiled", "Wanda Withheld"):
        tournaments.entry_register(actor=boss, tournament=unpublished, player_name=name)
    tournaments.tournament_publish(actor=boss, tournament=unpublished, published=True)
    seating.tournament_start(actor=boss, tournament=unpublished)
    u_hand = _deal_first(boss, open_tables(unpublished)[0].table, U_DEAL, rng)
    play_hand(boss, open_tables(unpublished)[0].table, rng, quiet)
    tournaments.tournament_publish(actor=boss, tournament=unpublished, published=False)
    ursula = Player.objects.get(club=club, name="Ursula Unseen")

    # ratings and league results: Ann's from P, Ursula's from U only
    for player, t, mu in ((ann, published, 27.0), (ursula, unpublished, 31.0)):
        rating = Rating.objects.create(club=club, player=player, mu=mu, sigma=7.0, games=1)
        RatingHistory.objects.create(
            rating=rating, tournament=t, place=1, mu_before=25, sigma_before=8.3, mu_after=mu, sigma_after=7
        )
    league = LeagueFactory(club=club, name="Open League", published=True)
    season = SeasonFactory(league=league, name="Spring")
    SeasonResultFactory(season=season, tournament=published, player=ann, points=1000)
    SeasonResultFactory(season=season, tournament=unpublished, player=ursula, points=5000)
    hidden_league = LeagueFactory(club=club, name="Unpublished Ultra League")
    hidden_season = SeasonFactory(league=hidden_league, name="Winter")

    # Ann disputes hand 1; the director rules that it stands
    player = Actor(user=player_user)
    dispute = disputes.dispute_raise(actor=player, hand_id=h1.pk, kind="reading", description="I had it")
    disputes.dispute_rule(
        actor=boss, dispute_id=dispute.pk, text="The hand stands.", rules_cited=["TDA 22"], outcome="stands"
    )

    world = World(
        club=club,
        other_club=other_club,
        director=director,
        dealer=dealer,
        player_user=player_user,
        other_director=other_director,
        ann=ann,
        cash=cash,
        private=private,
        h1=h1,
        h2=h2,
        h3=h3,
        device=device,
        device_raw=device_raw,
        revoked=revoked,
        revoked_raw=revoked_raw,
        published=published,
        unpublished=unpublished,
        p_hand=p_hand,
        u_hand=u_hand,
        ursula=ursula,
        dispute=dispute,
        league=league,
        season=season,
        hidden_league=hidden_league,
        hidden_season=hidden_season,
    )
    world.clients = _clients(world)
    return world


def _clients(w: World) -> dict[str, Client]:
    from apps.console.access import COOKIE

    out: dict[str, Client] = {"anonymous": Client()}
    for who, user in (
        ("player", w.player_user),
        ("dealer", w.dealer),
        ("other_director", w.other_director),
        ("director", w.director),
    ):
        c = Client()
        c.force_login(user)
        out[who] = c
    for who, raw in (("device", w.device_raw), ("revoked", w.revoked_raw)):
        c = Client(HTTP_AUTHORIZATION=f"Device {raw}")
        c.cookies[COOKIE] = raw  # what the console link left in the device's browser
        out[who] = c
    return out


def body_text(response: Any) -> str:
    if getattr(response, "streaming", False):
        return b"".join(response.streaming_content).decode("utf-8", "replace")
    return response.content.decode("utf-8", "replace")


def leaks(text: str, who: str, *, cards_for: tuple[str, ...] = CARD_READERS) -> list[str]:
    """What ``who`` read in ``text`` that they should not have: unshown cards, the staff's names, the
    unpublished tournament."""
    found = []
    if who not in cards_for:
        cards = secret_cards_in(text)
        if cards:
            found.append(f"unshown cards {sorted(cards)}")
    if who not in ("director", "dealer", "device"):
        found += [f"name {n!r}" for n in STAFF_NAMES if n in text]
    if who not in MEMBERS:
        found += [f"unpublished {n!r}" for n in UNPUBLISHED if n in text]
    return found
