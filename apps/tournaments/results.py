"""Eliminations, places, prizes and the end of a tournament, all derived from recorded hands.

:func:`tournament_hand_finished` is called for the hook ``tables.hand_finished`` when a
hand at a tournament table finishes, inside the hand's transaction with the hand row locked. It:

1. finds the entries of that hand left with no chips (:func:`apps.engine.tournament.places.busts_from_hand`);
   one who may still rebuy is marked ``busted`` and waits for the director (rebuy or decline); the others are
   eliminated;
2. places the eliminated by the engine (:func:`~apps.engine.tournament.places.places_for_hand`): more chips at
   the start of the hand finishes higher, equal stacks tie; hand-for-hand, busts in the same hand-for-hand
   round at different tables tie (so an earlier bust of the round is re-placed with the later ones);
3. pays the places (ties share, :func:`~apps.engine.tournament.places.prizes_for_finishes`) and each bust's
   bounty to the winners of the pot its last chips went into, shared equally when that pot was split, the
   odd units to the first of them clockwise from the button (:func:`~apps.engine.tournament.entries.
   bounties_won`, as a split pot's odd chips go, RULES.md §5);
4. ends the tournament when one entry is left (or, in the match format, when its hands are played: places by
   chips or points, ties shared), else asks the seating rules what to propose (balance, break, final table).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from apps.accounts.permissions import Actor
from apps.core.errors import Conflict, RuleViolation
from apps.engine.errors import EngineError
from apps.engine.tournament import entries as ec
from apps.engine.tournament import places as ep
from apps.tables.models import Hand
from apps.tables.seats import seats_leave
from apps.tournaments.finish import match_check, prizes_for, tournament_finish, tournament_finish_by_deal
from apps.tournaments.models import Elimination, Entry, Payout, Tournament, TournamentTable
from apps.tournaments.pko import heads_take_back, knockout_pay, knockout_shares
from apps.tournaments.services import (
    LIVE,
    config_of,
    current_level,
    lock_tournament,
    publish,
    require_director,
)


@dataclass
class Out:
    entry: Entry
    hand: Hand | None
    table: int
    chips_at_start: int
    order: int  # seat order from the button of that hand (odd units of a shared prize go in this order)
    hunters: list[Entry] = field(default_factory=list)  # who busted it (bounty winners), from the button


def _rebuy_open(t: Tournament, e: Entry, level: int) -> bool:
    """May this entry, now with no chips, still rebuy (the engine's period and limit)?"""
    return ec.can_rebuy(config_of(t), level=level, stack=0, taken=e.rebuys)


def _order_from_button(hand: Hand, seat: int) -> int:
    dealt = sorted(int(s["seat"]) for s in hand.seats)
    after = [n for n in dealt if n > hand.button] + [n for n in dealt if n <= hand.button]
    return after.index(seat) if seat in after else len(after)


def _hunters(t: Tournament, hand: Hand, seat: int) -> list[Entry]:
    """The entries that busted ``seat`` in ``hand``: the winners of the last pot it was in (several when the
    pot was split), clockwise from the button; the hand's biggest winner if it was in no pot."""
    result = hand.result or {}
    seats = ep.bounty_hunters(result.get("pots") or [], seat)
    if not seats:
        received = {int(k): int(v) for k, v in (result.get("received") or {}).items()}
        if not received or max(received.values()) <= 0:
            return []
        seats = [max(received, key=lambda s: (received[s], -_order_from_button(hand, s)))]
    players = {int(s["seat"]): int(s["player_id"]) for s in hand.seats}
    out = []
    for s in sorted(seats, key=lambda n: _order_from_button(hand, n)):
        e = Entry.objects.filter(tournament=t, player_id=players[s]).order_by("-number").first()
        if e is not None:
            out.append(e)
    return out


def tournament_hand_finished(*, hand: Hand) -> None:
    """The hook: a hand at ``hand.table`` has just finished (see the module docstring). Does nothing for a
    table outside any tournament. Called with the hand row locked, inside its transaction."""
    row = TournamentTable.objects.filter(table_id=hand.table_id).values_list("tournament_id", "pk").first()
    if row is None:
        return
    t = lock_tournament(row[0])
    tt = TournamentTable.objects.select_for_update().get(pk=row[1])
    if t.status != Tournament.Status.RUNNING:
        return
    if t.format == Tournament.Format.MATCH:
        match_check(t, tt)
        return
    if t.hand_for_hand:
        tt.hand_for_hand_hands += 1
        tt.save(update_fields=["hand_for_hand_hands"])
        # the round's last table: two minutes off the clock (TDA RP-8); before any push of this hand, so
        # the clock row is taken right after the tournament's, as everywhere
        from apps.tournaments.levels import hand_for_hand_hand_finished

        hand_for_hand_hand_finished(t=t, number=tt.number, played=tt.hand_for_hand_hands)
    level = current_level(t)
    expired = _expire_busted(t, level)
    players = {int(s["player_id"]): int(s["stack"]) for s in hand.seats}
    entries = {
        str(e.pk): e
        for e in Entry.objects.filter(
            tournament=t,
            status=Entry.Status.PLAYING,
            player_id__in=list(players),
            seat__table_id=hand.table_id,
            seat__left_at__isnull=True,
        ).select_related("seat", "player")
    }
    start = {k: players[e.player_id] for k, e in entries.items()}
    end = {k: e.seat.stack if e.seat is not None else 0 for k, e in entries.items()}
    rebuying = {k for k, e in entries.items() if _rebuy_open(t, e, level)}
    try:
        busts = ep.busts_from_hand(tt.number, start, end, rebuying)
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    for k in rebuying:
        if end[k] == 0 and start[k] > 0:
            e = entries[k]
            e.status = Entry.Status.BUSTED
            e.save(update_fields=["status"])
            publish(t, "busted", {"entry": e.pk, "player": e.player.name, "may_rebuy": True, "hand": hand.pk})
    outs = [
        Out(
            entries[b.player],
            hand,
            b.table,
            b.chips_at_start,
            _order_from_button(hand, entries[b.player].seat.number),  # type: ignore[union-attr]
            _hunters(t, hand, entries[b.player].seat.number),  # type: ignore[union-attr]
        )
        for b in busts
        if entries[b.player].seat is not None
    ]
    if outs:
        _eliminate(t, outs, hand_for_hand_round=tt.hand_for_hand_hands if t.hand_for_hand else None)
    if outs or expired:  # the plan changes only when someone is out
        _after_eliminations(t)
    # a colour-up whose level started while this hand was played is raced now, before the next hand (TDA 24)
    from apps.tournaments.chips import colour_ups_catch_up

    colour_ups_catch_up(t=t, table=tt)


def _after_eliminations(t: Tournament) -> None:
    alive = list(Entry.objects.filter(tournament=t, status__in=LIVE).select_related("seat"))
    if len(alive) == 1 and alive[0].status == Entry.Status.PLAYING:
        tournament_finish(t, winner=alive[0])
        return
    from apps.tournaments.moves import moves_propose

    moves_propose(t=t)
    paid = Payout.objects.filter(tournament=t, amount__gt=0).count()
    if not t.hand_for_hand and ep.hand_for_hand_due(len(alive), paid):
        publish(t, "hand_for_hand_due", {"players_left": len(alive), "places_paid": paid})


def _expire_busted(t: Tournament, level: int) -> int:
    """Busted entries whose rebuy is no longer possible are eliminated, as of the hand they busted on."""
    expired = 0
    for e in Entry.objects.filter(tournament=t, status=Entry.Status.BUSTED).select_related("seat", "player"):
        if not _rebuy_open(t, e, level):
            _eliminate_busted(t, e)
            expired += 1
    return expired


def _bust_hand(e: Entry) -> tuple[Hand | None, int]:
    """The last finished hand the busted entry played at its seat's table, and its chips at its start."""
    if e.seat is None:
        return None, 0
    for h in Hand.objects.filter(table_id=e.seat.table_id, status=Hand.Status.FINISHED).order_by("-number")[
        :20
    ]:
        for s in h.seats:
            if int(s["player_id"]) == e.player_id:
                return h, int(s["stack"])
    return None, 0


def _eliminate_busted(t: Tournament, e: Entry) -> None:
    hand, chips = _bust_hand(e)
    tt = TournamentTable.objects.filter(table_id=e.seat.table_id).first() if e.seat is not None else None
    order = _order_from_button(hand, e.seat.number) if hand is not None and e.seat is not None else 0
    # who busted it collects its bounty
    hunters = _hunters(t, hand, e.seat.number) if hand is not None and e.seat is not None else []
    _eliminate(t, [Out(e, hand, tt.number if tt else 0, chips, order, hunters)], hand_for_hand_round=None)


def _eliminate(t: Tournament, outs: list[Out], *, hand_for_hand_round: int | None) -> None:
    """Place and pay the entries out on one hand (with the earlier busts of the same hand-for-hand round)."""
    earlier: list[Elimination] = []
    if hand_for_hand_round is not None:
        earlier = list(
            Elimination.objects.filter(tournament=t, hand_for_hand_round=hand_for_hand_round)
            .exclude(entry__in=[o.entry for o in outs])
            .select_related("entry", "hand")
        )
    alive = Entry.objects.filter(tournament=t, status__in=LIVE).count()
    players_left = alive + len(earlier)
    group = [
        Out(
            el.entry,
            el.hand,
            el.table_number or 0,
            el.start_chips,
            _order_from_button(el.hand, el.entry.seat.number) if el.hand and el.entry.seat else 0,
        )
        for el in earlier
    ] + outs
    try:
        finishes = ep.places_for_hand(
            players_left,
            [ep.Bust(str(o.entry.pk), o.table, o.chips_at_start) for o in group],
            hand_for_hand=hand_for_hand_round is not None,
        )
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc
    by_key = {str(o.entry.pk): o for o in group}
    mine = {o.entry.pk for o in outs}  # the earlier busts of the round keep their bounty records
    ordered = sorted(finishes, key=lambda f: (f.places, by_key[f.player].table, by_key[f.player].order))
    prizes = prizes_for(t, ordered)
    now = timezone.now()
    for f in ordered:
        o = by_key[f.player]
        e = o.entry
        hunters = [str(h.pk) for h in o.hunters if h.pk != e.pk]
        # plain bounties in cash; PKO: half in cash, half onto the winner's head (apps.tournaments.pko)
        shares, heads = knockout_shares(t, e, hunters) if e.pk in mine and hunters and t.bounty else ({}, {})
        e.status, e.place, e.place_to, e.prize = (
            Entry.Status.ELIMINATED,
            f.places[0],
            f.places[-1],
            prizes[f.player],
        )
        e.save(update_fields=["status", "place", "place_to", "prize"])
        if e.seat is not None and e.seat.left_at is None:
            seats_leave(seat_ids=[e.seat.pk], at=now)
        defaults: dict[str, Any] = {
            "tournament": t,
            "hand": o.hand,
            "table_number": o.table,
            "start_chips": o.chips_at_start,
            "alive_before": players_left,
            "hand_for_hand_round": hand_for_hand_round,
            "place": f.places[0],
            "place_to": f.places[-1],
        }
        if e.pk in mine:  # an earlier bust of the round re-placed here keeps who busted it
            defaults["eliminated_by"] = o.hunters[0] if o.hunters else None
            defaults["bounty_shares"] = shares
            defaults["head_shares"] = heads
        Elimination.objects.update_or_create(entry=e, defaults=defaults)
        knockout_pay(shares, heads)
        publish(
            t,
            "eliminated",
            {
                "entry": e.pk,
                "player": e.player.name,
                "place": f.places[0],
                "place_to": f.places[-1],
                "prize": e.prize,
            },
        )


def elimination_bounty_take_back(*, t: Tournament, elimination: Elimination) -> dict[str, int]:
    """Take back the bounty an elimination paid, each share from the entry that got it (for a correction that
    undoes the elimination, :mod:`apps.disputes`). Returns the shares taken back. Rows from before the shares
    were kept paid the whole bounty to ``eliminated_by``."""
    shares = {str(k): int(v) for k, v in (elimination.bounty_shares or {}).items()}
    if not shares and elimination.eliminated_by_id is not None and t.bounty:
        shares = {str(elimination.eliminated_by_id): t.bounty}
    for pk, amount in shares.items():
        Entry.objects.filter(pk=int(pk)).update(bounties_won=F("bounties_won") - amount)
    if elimination.bounty_shares:
        elimination.bounty_shares = {}
        elimination.save(update_fields=["bounty_shares"])
    heads_take_back(elimination)
    return shares


# --- director's decisions -----------------------------------------------------------------------------------


@transaction.atomic
def entry_rebuy_decline(*, actor: Actor, entry: Entry) -> Entry:
    """A busted entry declines to rebuy: it is eliminated as of the hand it busted on."""
    t = lock_tournament(entry.tournament_id)
    require_director(actor, t.club_id)
    e = Entry.objects.select_for_update(of=("self",)).select_related("seat", "player").get(pk=entry.pk)
    if e.status != Entry.Status.BUSTED:
        raise Conflict(
            "only a busted entry declines a rebuy", code="entry_not_busted", detail={"entry": e.pk}
        )
    _eliminate_busted(t, e)
    _after_eliminations(t)
    e.refresh_from_db()
    return e


@transaction.atomic
def tournament_hand_for_hand(*, actor: Actor, tournament: Tournament, on: bool) -> Tournament:
    """Hand-for-hand on or off: the level clock pauses while it lasts (two minutes off per hand, TDA RP-8,
    through the clock's control); busts in the same round at different tables tie (WSOP 126-b)."""
    from apps.clocks.levelclock import level_clock_control

    t = lock_tournament(tournament.pk)
    require_director(actor, t.club_id)
    if t.hand_for_hand == on:
        raise Conflict(f"hand-for-hand is already {'on' if on else 'off'}", code="hand_for_hand_unchanged")
    t.hand_for_hand = on
    t.save(update_fields=["hand_for_hand"])
    TournamentTable.objects.filter(tournament=t).update(hand_for_hand_hands=0)
    if t.level_clock is not None and t.level_clock.anchor_at is not None:
        level_clock_control(
            actor=actor, clock_id=t.level_clock.pk, action="hand_for_hand_on" if on else "hand_for_hand_off"
        )
    publish(t, "hand_for_hand", {"on": on})
    return t


def director_eliminations_record(t: Tournament, outs: list[Out]) -> None:
    """Entries out by the director's word, with no hand recorded (a clock-only game,
    :mod:`apps.tournaments.clockonly`): placed, paid and followed up as after a hand. Expects the
    tournament and its tables locked."""
    _eliminate(t, outs, hand_for_hand_round=None)
    _after_eliminations(t)


__all__ = [
    "director_eliminations_record",
    "elimination_bounty_take_back",
    "entry_rebuy_decline",
    "tournament_finish_by_deal",  # the deal's end, in apps.tournaments.finish
    "tournament_hand_finished",
    "tournament_hand_for_hand",
]
