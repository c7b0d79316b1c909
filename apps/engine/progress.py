"""What follows an event: dealing and forced bets, the end of a betting round or a draw, pass-outs, a dead
hand (RULES.md §4-7). Nothing here refuses an event: :mod:`apps.engine.checks` did, first.

Rule choices made here:

* Regular antes are posted before the blinds; a big blind who cannot cover blind and big-blind ante posts
  the blind first (TDA RP-11). A big blind all-in for less than the blind still makes the full blind the
  amount to call (setting ``call_full_blind``, default on), and the minimum raise is to two blinds.
* Heads-up the button posts the small blind and acts first in round 1, last afterwards (TDA 34-B).
* Five-Card Draw pass-out: an all-check first round redeals inside the same hand (pot stays, everyone with
  chips antes again, button and hand number stay, ``pass_outs`` counts). A first round in which fewer than
  two players could bet (everyone else all-in on the antes) is not a pass-out: it goes on to the draw.
* False openers with nobody left to play on: the pot stays and the deal is passed out (RRoP).

>>> from apps.engine.games import triple_draw_27
>>> from apps.engine.hand import start_hand
>>> st = start_hand(triple_draw_27(small_blind=1, big_blind=2), [{"seat": 1, "stack": 50},
...                 {"seat": 2, "stack": 50}], button=1)
>>> (st.sb_seat, st.to_act)
(1, 1)
"""

from __future__ import annotations

from apps.engine import betting as bt
from apps.engine.deck import Stub
from apps.engine.games import PHH
from apps.engine.known import fold_hand, forget_muck
from apps.engine.seats import UNKNOWN, SeatState
from apps.engine.settle import settle
from apps.engine.showdown import resolve_if_ready, start_showdown
from apps.engine.state import BETTING, DRAWING, SHOWDOWN, HandState

# --- dealing and forced bets ----------------------------------------------------------------------


def _blind_seats(st: HandState) -> tuple[int, int]:
    numbers = [s.seat for s in st.seats]
    heads_up = len(numbers) == 2 and st.button in numbers  # the button posts the small blind (TDA 34-B)
    sb = st.button if heads_up else st.clockwise_after(st.button)[0].seat
    bb = st.clockwise_after(sb)[0].seat
    return sb, bb


def _post(s: SeatState, amount: int, *, live_bet: bool) -> None:
    paid = min(amount, s.stack)
    s.stack -= paid
    s.contributed += paid
    if live_bet:
        s.bet += paid


def begin_deal(st: HandState, *, fresh: bool = False) -> None:
    """Start a deal (the first, or a redeal after a pass-out): fresh cards, forced bets, first round.
    ``fresh``: a state just made by ``start_hand``, whose fields already hold what a deal starts with."""
    g = st.game
    st.stub = Stub.new(deck=g.deck_size, players=len(st.seats))
    if not fresh:
        st.muck_known, st.current_known, st.last_reshuffle = [], [], None
        for s in st.seats:
            s.folded = s.dead = False
            s.cards, s.draws, s.unplaced = [UNKNOWN] * 5, [], []
            s.showdown, s.bet, s.acted_at = None, 0, None
        st.opener = st.last_aggressor = st.pending = None
        st.opening_cards = st.openers_proven = st.finish_order = None
        st.round, st.draw_index = 0, -1
    if not g.betting:
        start_draw(st, 0)
        return
    if g.ante:
        for s in st.clockwise_after(st.button):
            _post(s, g.ante, live_bet=False)
    if g.big_blind and st.deal == 0 and st.bb_seat is None:  # not marked by start_hand (TDA 32)
        st.sb_seat, st.bb_seat = _blind_seats(st)
    phh = g.rules == PHH
    if g.big_blind:
        assert st.bb_seat is not None
        if st.sb_seat is not None:  # None: a dead small blind, no one posts it (TDA 32)
            _post(st.seat(st.sb_seat), g.small_blind, live_bet=True)
        bb = st.seat(st.bb_seat)
        if phh:  # PHH's reading (PokerKit): the big-blind ante is posted before the blind
            _post_bb_ante(bb, g.big_blind_ante)
        _post(bb, g.big_blind, live_bet=True)
        if not phh:
            _post_bb_ante(bb, g.big_blind_ante)  # blind first, then the ante (TDA RP-11)
    # A big blind all-in for less still makes the full blind the bet to call (TDA; RRoP "all-in before the
    # deal"): the others call the full blind and the minimum raise is to two blinds. Off (and under PHH's
    # reading), the most anyone posted is the bet to call, and the minimum raise counts from it.
    posted = max([s.bet for s in st.seats])
    full_blind = g.call_full_blind and not phh
    level = g.big_blind if full_blind or not g.big_blind else posted
    st.rnd = bt.RoundState.opening(
        unit=g.bet_units[0],
        pot=st.pot_total,
        blind=level,
        posted=max(posted, g.big_blind) if full_blind else posted,
    )
    start_round(st, 0, opening=True)


def _post_bb_ante(bb: SeatState, amount: int) -> None:
    before = bb.contributed
    _post(bb, amount, live_bet=False)
    bb.dead_posted += bb.contributed - before  # dead money in the main pot (RULES.md §4)


def pass_out(st: HandState) -> None:
    st.pass_outs += 1
    st.deal += 1
    begin_deal(st)


# --- betting rounds -------------------------------------------------------------------------------


def next_needing(st: HandState, after: int, *, inclusive: bool = False) -> int | None:
    """The first seat clockwise from ``after`` that must still act: an active seat (not folded, chips
    behind) facing a bet, or one yet to act while at least two are active."""
    seats = st.seats
    current = st.rnd.current_bet
    n_active = -1
    order = st.table.orders.get(after * 2 + inclusive) or st.table.order(after, inclusive)
    for i in order:
        s = seats[i]
        if s.folded or s.stack <= 0:
            continue
        if s.bet < current:
            # Only a short big blind makes the bet to call more than anyone put in (round 1): when no one
            # else can act and this seat put in at least every other live bet, the round is over (RULES.md
            # §4: nobody is asked to call chips no one can match).
            if st.round == 0 and not _owes_live_bet(st, s):
                if n_active < 0:
                    n_active = st.n_active()
                if n_active < 2:
                    continue
            return s.seat
        if s.acted_at is None:
            if n_active < 0:
                n_active = st.n_active()
            if n_active >= 2:
                return s.seat
    return None


def _owes_live_bet(st: HandState, s: SeatState) -> bool:
    """Has another live seat put in more this round than ``s``?"""
    for o in st.seats:  # noqa: SIM110 - a plain loop: any() would add a generator per event
        if not o.folded and o.bet > s.bet:
            return True
    return False


def start_round(st: HandState, r: int, *, opening: bool = False) -> None:
    st.phase, st.round, st.last_aggressor = BETTING, r, None
    if not opening:
        for s in st.seats:
            s.bet, s.acted_at = 0, None
        st.rnd = bt.RoundState(increment=st.game.bet_units[r], pot=st.pot_total)  # RoundState.opening
    st.round_contested = st.n_active() >= 2
    if r == 0:
        first, inclusive = (st.bb_seat if st.bb_seat is not None else st.button), False
    elif st.game.round2_starter == "opener" and st.opener is not None:
        first, inclusive = st.opener, True  # the opener, else the next active player to the left
    else:
        first, inclusive = st.button, False
    st.to_act = next_needing(st, first, inclusive=inclusive)
    if st.to_act is None:
        end_round(st)


def end_round(st: HandState) -> None:
    for s in st.seats:
        s.bet, s.acted_at = 0, None
    st.to_act = None
    if st.round == 0 and st.game.passes_out and st.opener is None and st.round_contested:
        pass_out(st)
    elif st.round >= st.game.draws:
        start_showdown(st)
    else:
        start_draw(st, st.round)


def progress_betting(st: HandState, after: int) -> None:
    if [s.folded for s in st.seats].count(False) == 1:
        settle(st)
        return
    st.to_act = next_needing(st, after)
    if st.to_act is None:
        end_round(st)


def wager(st: HandState, s: SeatState, total: int) -> None:
    st.rnd = bt.after_wager_to(st.table.limits[st.round], st.rnd, s.bet, total)
    added = total - s.bet
    s.stack -= added
    s.bet = total
    s.contributed += added
    s.acted_at = st.rnd.current_bet


# --- draws ----------------------------------------------------------------------------------------


def start_draw(st: HandState, i: int) -> None:
    st.phase, st.draw_index = DRAWING, i
    before = st.stub.reshuffles
    st.stub = st.stub.burn()  # one burn per draw, even if everyone stands pat (RULES.md §7)
    if st.stub.reshuffles != before:  # the stub was empty: the muck was reshuffled to burn
        forget_muck(st)
        if st.table.phh:  # PokerKit burns after the discards: this draw's discards join that reshuffle
            st.last_reshuffle = {"deal": st.deal, "draw": i, "seat": None, "before": 0, "after": 0,
                                 "last_resort": True, "declared": False}  # fmt: skip
    st.to_act = _next_drawer(st, st.button)
    if st.to_act is None:
        _end_draw(st)


def _next_drawer(st: HandState, after: int) -> int | None:
    seats, i = st.seats, st.draw_index
    for k in st.table.order(after):
        s = seats[k]
        if not s.folded and len(s.draws) <= i:
            return s.seat
    return None


def _end_draw(st: HandState) -> None:
    st.stub = st.stub.end_draw()
    st.muck_known.extend(st.current_known)
    st.current_known = []
    i = st.draw_index
    if st.game.betting:
        start_round(st, i + 1)
    elif i + 1 < st.game.draws:
        start_draw(st, i + 1)
    else:
        start_showdown(st)


def progress_draw(st: HandState, after: int) -> None:
    if [s.folded for s in st.seats].count(False) == 1:
        settle(st)
        return
    st.to_act = _next_drawer(st, after)
    if st.to_act is None:
        _end_draw(st)


# --- openers --------------------------------------------------------------------------------------


def kill(st: HandState, s: SeatState) -> None:
    """A dead hand (false openers): folded; its chips stay in; the others play on."""
    was_to_act = st.to_act == s.seat
    s.dead = True
    fold_hand(st, s)
    st.pending = None
    live = st.live_seats()
    if not live:
        pass_out(st)  # nobody to play on: the pot stays for a new deal
    elif len(live) == 1:
        settle(st)
    elif st.phase == BETTING:
        _void_dead_bet(st)
        st.to_act = next_needing(
            st, s.seat if was_to_act else (st.to_act or s.seat), inclusive=not was_to_act
        )
        if st.to_act is None:
            end_round(st)
    elif st.phase == DRAWING and was_to_act:
        progress_draw(st, s.seat)
    elif st.phase == SHOWDOWN:
        resolve_if_ready(st)


def _void_dead_bet(st: HandState) -> None:
    """Nobody has to call a dead hand's bet (RULES.md §6, RRoP Jacks-or-better): the bet to call falls to
    the most a live player put in this round (its chips stay in the pot). If no live bet is left in the
    first round, the pot is not open any more: the next bet opens it (jacks or better needed again), and
    if everyone checks, the deal is passed out."""
    rnd = st.rnd
    live_top = max([o.bet for o in st.seats if not o.folded])
    if live_top >= rnd.current_bet:
        return
    if live_top == 0:
        st.rnd = bt.RoundState(0, 0, st.game.bet_units[st.round], 0, rnd.pot)
        if st.round == 0:
            st.opener = st.opening_cards = st.openers_proven = None
            st.last_aggressor = None
    else:
        st.rnd = bt.RoundState(
            live_top, min(rnd.full_level, live_top), rnd.increment, rnd.wagers, rnd.pot, rnd.phh_increment,
            rnd.phh_wagers,
        )  # fmt: skip


__all__ = [
    "begin_deal",
    "end_round",
    "kill",
    "next_needing",
    "pass_out",
    "progress_betting",
    "progress_draw",
    "start_draw",
    "start_round",
    "wager",
]
