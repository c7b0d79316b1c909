"""The flow of a hand: posting, betting rounds, draws, the showdown, pass-outs (RULES.md §4-7).

:func:`apply_event` changes a :class:`~apps.engine.hand.HandState` in place: the public ``HandState.apply``
passes a copy, ``replay`` its own fresh state. Rule choices made here:

* Regular antes are posted before the blinds; a big blind who cannot cover blind and big-blind ante posts
  the blind first (TDA RP-11). A big blind all-in for less than the blind still makes the full blind the
  amount to call (setting ``call_full_blind``, default on), and the minimum raise is to two blinds.
* Heads-up the button posts the small blind and acts first in round 1, last afterwards (TDA 34-B).
* Folding when a check is possible is allowed (binding, as TDA treats it).
* Five-Card Draw pass-out: an all-check first round redeals inside the same hand (pot stays, everyone with
  chips antes again, button and hand number stay, ``pass_outs`` counts). A first round in which fewer than
  two players could bet (everyone else all-in on the antes) is not a pass-out: it goes on to the draw.
* False openers with nobody left to play on: the pot stays and the deal is passed out (RRoP).
* The showdown accepts shows and mucks in any order; a timeout there shows the seat's cards if all five are
  known (cards speak), else mucks.

>>> from apps.engine.games import triple_draw_27
>>> from apps.engine.hand import start_hand
>>> st = start_hand(triple_draw_27(small_blind=1, big_blind=2), [{"seat": 1, "stack": 50},
...                 {"seat": 2, "stack": 50}], button=1)
>>> (st.sb_seat, st.to_act)
(1, 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from apps.engine import betting as bt
from apps.engine.cards import parse_cards, rank_of
from apps.engine.deck import Stub
from apps.engine.errors import ActionError, BettingError, CardError
from apps.engine.games import PHH
from apps.engine.hand import BETTING, DRAWING, FINISHED, SHOWDOWN, UNKNOWN, HandState, SeatState
from apps.engine.known import (
    RULE_CARDS,
    deal_cards,
    declare_reshuffle,
    draw_cards,
    fold_hand,
    forget_muck,
    tokens,
)
from apps.engine.showdown import (
    RULE_OPENERS,
    meets_openers,
    on_finish_order,
    on_muck,
    on_show,
    resolve_if_ready,
    settle,
    start_showdown,
)

RULE_TURN = "RULES.md §4 (acting out of turn); TDA 53"
RULE_PHASE = "RULES.md §6-7 (flow of a hand)"
RULE_DRAW = "RULES.md §6 (draw limit)"


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


# --- dealing and forced bets ----------------------------------------------------------------------


def _blind_seats(st: HandState) -> tuple[int, int]:
    numbers = [s.seat for s in st.seats]
    heads_up = len(numbers) == 2 and st.button in numbers  # the button posts the small blind (TDA 34-B)
    sb = st.button if heads_up else st._clockwise_after(st.button)[0].seat
    bb = st._clockwise_after(sb)[0].seat
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
        _start_draw(st, 0)
        return
    if g.ante:
        for s in st._clockwise_after(st.button):
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
    _start_round(st, 0, opening=True)


def _post_bb_ante(bb: SeatState, amount: int) -> None:
    before = bb.contributed
    _post(bb, amount, live_bet=False)
    bb.dead_posted += bb.contributed - before  # dead money in the main pot (RULES.md §4)


def _pass_out(st: HandState) -> None:
    st.pass_outs += 1
    st.deal += 1
    begin_deal(st)


# --- betting rounds -------------------------------------------------------------------------------


def _needs_action(st: HandState, s: SeatState) -> bool:
    if not st._active(s):
        return False
    if s.bet < st.rnd.current_bet:
        return True
    return s.acted_at is None and st._n_active() >= 2


def _next_needing(st: HandState, after: int, *, inclusive: bool = False) -> int | None:
    """The first seat clockwise from ``after`` that must still act (see :func:`_needs_action`)."""
    seats = st.seats
    current = st.rnd.current_bet
    n_active = -1
    order = st._table.orders.get(after * 2 + inclusive) or st._table.order(after, inclusive)
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
                    n_active = st._n_active()
                if n_active < 2:
                    continue
            return s.seat
        if s.acted_at is None:
            if n_active < 0:
                n_active = st._n_active()
            if n_active >= 2:
                return s.seat
    return None


def _owes_live_bet(st: HandState, s: SeatState) -> bool:
    """Has another live seat put in more this round than ``s``?"""
    for o in st.seats:  # noqa: SIM110 - a plain loop: any() would add a generator per event
        if not o.folded and o.bet > s.bet:
            return True
    return False


def _start_round(st: HandState, r: int, *, opening: bool = False) -> None:
    st.phase, st.round, st.last_aggressor = BETTING, r, None
    if not opening:
        for s in st.seats:
            s.bet, s.acted_at = 0, None
        st.rnd = bt.RoundState(increment=st.game.bet_units[r], pot=st.pot_total)  # RoundState.opening
    st.round_contested = st._n_active() >= 2
    if r == 0:
        first, inclusive = (st.bb_seat if st.bb_seat is not None else st.button), False
    elif st.game.round2_starter == "opener" and st.opener is not None:
        first, inclusive = st.opener, True  # the opener, else the next active player to the left
    else:
        first, inclusive = st.button, False
    st.to_act = _next_needing(st, first, inclusive=inclusive)
    if st.to_act is None:
        _end_round(st)


def _end_round(st: HandState) -> None:
    for s in st.seats:
        s.bet, s.acted_at = 0, None
    st.to_act = None
    if st.round == 0 and st.game.passes_out and st.opener is None and st.round_contested:
        _pass_out(st)
    elif st.round >= st.game.draws:
        start_showdown(st)
    else:
        _start_draw(st, st.round)


def _progress_betting(st: HandState, after: int) -> None:
    if [s.folded for s in st.seats].count(False) == 1:
        settle(st)
        return
    st.to_act = _next_needing(st, after)
    if st.to_act is None:
        _end_round(st)


def _wager(st: HandState, s: SeatState, total: int) -> None:
    st.rnd = bt.after_wager_to(st._table.limits[st.round], st.rnd, s.bet, total)
    added = total - s.bet
    s.stack -= added
    s.bet = total
    s.contributed += added
    s.acted_at = st.rnd.current_bet


def _require_turn(st: HandState, seat: int, phase: str, kind: str) -> SeatState:
    s = st.seat(seat)
    if st.phase == phase and st.to_act == seat:
        return s
    if st.phase != phase:
        raise _err(
            f"{kind} is not possible now: the hand is in the {st.phase} phase",
            "wrong_phase",
            RULE_PHASE,
            seat=seat,
            phase=st.phase,
            event=kind,
        )
    if st.to_act != seat:
        raise _err(
            f"not seat {seat}'s turn: seat {st.to_act} is to act",
            "not_your_turn",
            RULE_TURN,
            seat=seat,
            to_act=st.to_act,
        )
    return s


def _opener_check(st: HandState, s: SeatState) -> None:
    if st.round != 0 or st.opener is not None or st.game.opening != "jacks-or-better":
        return
    if UNKNOWN not in s.cards and not meets_openers(s.cards, st.game.ranking):
        raise _err(
            f"seat {s.seat} cannot open: jacks or better are needed",
            "openers_required",
            RULE_OPENERS,
            seat=s.seat,
            cards="".join(s.cards),
        )


def _has_opponent(st: HandState, s: SeatState) -> bool:
    """A bet or raise needs someone who could put in more than the current bet (else it is pointless)."""
    current = st.rnd.current_bet
    for o in st.seats:  # noqa: SIM110 - a plain loop: any() would add a generator per event
        if not o.folded and o.stack > 0 and o.bet + o.stack > current and o is not s:
            return True
    return False


def _on_betting(st: HandState, ev: dict[str, Any]) -> None:
    kind, seat = ev["type"], ev["seat"]
    if st.to_act == seat and st.phase == BETTING:  # _require_turn's checks, passed
        s = st.seats[st._table.index[seat]]
    else:
        s = _require_turn(st, seat, BETTING, kind)
    rnd = st.rnd
    if kind == "fold":
        fold_hand(st, s)
    elif kind == "check":
        if rnd.current_bet > s.bet:
            bt.verify_check(rnd, st._wagerer(s))  # raises check_not_allowed
        s.acted_at = rnd.current_bet
    elif kind == "call":
        if rnd.current_bet <= s.bet:
            bt.verify_call(rnd, st._wagerer(s))  # raises call_not_allowed
        all_in = s.bet + s.stack
        _wager(st, s, rnd.current_bet if rnd.current_bet < all_in else all_in)
    elif kind == "bet":
        bt.verify_bet(st._table.limits[st.round], rnd, st._wagerer(s), ev["amount"])
        _opener_check(st, s)
        _wager(st, s, ev["amount"])
        st.last_aggressor = seat
    else:  # raise
        bt.verify_raise(
            st._table.limits[st.round], rnd, st._wagerer(s), ev["amount"], heads_up=st._heads_up()
        )
        if not _has_opponent(st, s):
            raise BettingError(
                "nobody left could call a raise: every other player is all-in or has no more than the bet",
                code="raise_not_allowed",
                rule="RULES.md §4",
                detail={"seat": seat, "amount": ev["amount"], "reason": "no_opponent"},
            )
        _wager(st, s, ev["amount"])
        st.last_aggressor = seat
    if st.opener is None and st.round == 0 and (kind == "bet" or kind == "raise"):
        st.opener, st.opening_cards = seat, list(s.cards)
    _progress_betting(st, seat)


def _on_check(st: HandState, ev: dict[str, Any]) -> None:
    """A check by the seat to act, the usual case in a few steps (anything else: :func:`_on_betting`)."""
    seat = ev["seat"]
    if st.to_act != seat or st.phase != BETTING:
        _on_betting(st, ev)  # refuses it
        return
    s = st.seats[st._table.index[seat]]
    current = st.rnd.current_bet
    if current > s.bet:
        _on_betting(st, ev)  # refuses it: check_not_allowed
        return
    s.acted_at = current
    _progress_betting(st, seat)


def _on_call(st: HandState, ev: dict[str, Any]) -> None:
    """A call by the seat to act, the usual case in a few steps (anything else: :func:`_on_betting`).
    A call never raises the bet: ``bt.after_wager`` only adds the chips to the pot."""
    seat = ev["seat"]
    if st.to_act != seat or st.phase != BETTING:
        _on_betting(st, ev)  # refuses it
        return
    s = st.seats[st._table.index[seat]]
    rnd = st.rnd
    current, bet = rnd.current_bet, s.bet
    if current <= bet:
        _on_betting(st, ev)  # refuses it: call_not_allowed
        return
    all_in = bet + s.stack
    total = current if current < all_in else all_in
    added = total - bet
    st.rnd = bt.RoundState(current, rnd.full_level, rnd.increment, rnd.wagers, rnd.pot + added)
    s.stack -= added
    s.bet = total
    s.contributed += added
    s.acted_at = current
    _progress_betting(st, seat)


# --- draws ----------------------------------------------------------------------------------------


def _start_draw(st: HandState, i: int) -> None:
    st.phase, st.draw_index = DRAWING, i
    before = st.stub.reshuffles
    st.stub = st.stub.burn()  # one burn per draw, even if everyone stands pat (RULES.md §7)
    if st.stub.reshuffles != before:  # the stub was empty: the muck was reshuffled to burn
        forget_muck(st)
        if st._table.phh:  # PokerKit burns after the discards: this draw's discards join that reshuffle
            st.last_reshuffle = {"deal": st.deal, "draw": i, "seat": None, "before": 0, "after": 0,
                                 "last_resort": True, "declared": False}  # fmt: skip
    st.to_act = _next_drawer(st, st.button)
    if st.to_act is None:
        _end_draw(st)


def _next_drawer(st: HandState, after: int) -> int | None:
    seats, i = st.seats, st.draw_index
    for k in st._table.order(after):
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
        _start_round(st, i + 1)
    elif i + 1 < st.game.draws:
        _start_draw(st, i + 1)
    else:
        start_showdown(st)


def _progress_draw(st: HandState, after: int) -> None:
    if [s.folded for s in st.seats].count(False) == 1:
        settle(st)
        return
    st.to_act = _next_drawer(st, after)
    if st.to_act is None:
        _end_draw(st)


def _on_draw(st: HandState, ev: dict[str, Any], *, count: int | None = None) -> None:
    seat = ev["seat"]
    if st.to_act == seat and st.phase == DRAWING:  # _require_turn's checks, passed
        s = st.seats[st._table.index[seat]]
    else:
        s = _require_turn(st, seat, DRAWING, "draw")
    n = ev["count"] if count is None else count
    g = st.game
    if n > st._table.max_draw:
        raise _err(
            f"seat {seat} may draw at most {g.max_draw} cards, not {n}",
            "draw_too_many",
            RULE_DRAW if g.kind == "five-card-draw" else "RULES.md §7",
            seat=seat,
            amount=n,
            minimum=0,
            maximum=g.max_draw,
        )
    if (
        n == 4
        and g.draw_limit == "3-or-4-with-ace"
        and not any(
            rank_of(parse_cards(c)[0]) in ("A", None)
            for c in (tokens(st, ev["shown"], unknown=False) if ev.get("shown") else [])
        )
    ):
        raise _err(
            f"seat {seat} may draw four only by showing the kept ace or joker",
            "draw_needs_ace_shown",
            RULE_DRAW,
            seat=seat,
            amount=n,
            maximum=3,
        )
    draw_cards(st, s, n, ev)
    _progress_draw(st, seat)


# --- openers --------------------------------------------------------------------------------------


def _kill(st: HandState, s: SeatState) -> None:
    """A dead hand (false openers): folded; its chips stay in; the others play on."""
    was_to_act = st.to_act == s.seat
    s.dead = True
    fold_hand(st, s)
    st.pending = None
    live = st._live()
    if not live:
        _pass_out(st)  # nobody to play on: the pot stays for a new deal
    elif len(live) == 1:
        settle(st)
    elif st.phase == BETTING:
        _void_dead_bet(st)
        st.to_act = _next_needing(
            st, s.seat if was_to_act else (st.to_act or s.seat), inclusive=not was_to_act
        )
        if st.to_act is None:
            _end_round(st)
    elif st.phase == DRAWING and was_to_act:
        _progress_draw(st, s.seat)
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


def _on_prove(st: HandState, ev: dict[str, Any], *, failed: bool = False) -> None:
    seat = ev["seat"]
    s = st.seat(seat)
    if (
        st.game.opening != "jacks-or-better"
        or st.opener != seat
        or st.openers_proven is not None
        or st.phase == FINISHED
        or not s.live
    ):
        raise _err(
            f"seat {seat} has no openers to prove",
            "prove_not_allowed",
            RULE_OPENERS,
            seat=seat,
            opener=st.opener,
        )
    ok = False
    if not failed:
        cards = tokens(st, ev["cards"], count=5, unknown=False)
        known = [c for c in (st.opening_cards or []) if c != UNKNOWN]
        if any(c not in cards for c in known):
            raise _err(
                f"seat {seat} opened holding {' '.join(known)}",
                "card_mismatch",
                RULE_OPENERS,
                seat=seat,
                cards="".join(cards),
            )
        for c in cards:
            for o in st.seats:
                if o.seat != seat and c in o.cards:
                    raise _err(
                        f"{c} is known in seat {o.seat}'s hand",
                        "card_conflict",
                        RULE_CARDS,
                        seat=seat,
                        card=c,
                        holder=o.seat,
                    )
        ok = meets_openers(cards, st.game.ranking)
    if ok:
        st.openers_proven = True
        if st.pending == "prove_openers":
            st.pending = None
            settle(st)
        return
    st.openers_proven = False
    _kill(st, s)


# --- timeouts and dispatch ------------------------------------------------------------------------


def _on_timeout(st: HandState, seat: int) -> None:
    if st.phase == BETTING:
        s = _require_turn(st, seat, BETTING, "timeout")
        kind = "check" if bt.can_check(st.rnd, st._wagerer(s)) else "fold"
        _on_betting(st, {"type": kind, "seat": seat})
    elif st.phase == DRAWING:
        _on_draw(st, {"type": "draw", "seat": seat, "count": 0}, count=0)
    elif st.phase == SHOWDOWN and st.pending == "prove_openers":
        if seat != st.opener:
            raise _err(
                f"not seat {seat}'s turn: seat {st.opener} must prove openers",
                "not_your_turn",
                RULE_TURN,
                seat=seat,
                to_act=st.opener,
            )
        _on_prove(st, {"seat": seat}, failed=True)
    elif st.phase == SHOWDOWN:
        s = st.seat(seat)
        if s.live and s.showdown is None and UNKNOWN not in s.cards:  # known cards speak for themselves
            on_show(st, {"type": "show", "seat": seat, "cards": "".join(s.cards)})
        else:
            on_muck(st, seat)
    else:
        raise _err("the hand is over", "wrong_phase", RULE_PHASE, seat=seat, phase=st.phase)


def _on_fold(st: HandState, ev: dict[str, Any]) -> None:
    if st.phase == DRAWING:
        s = _require_turn(st, ev["seat"], DRAWING, "fold")
        if not st.game.betting:
            raise _err(
                "no folding in the no-bet mode: everyone draws and shows",
                "fold_not_allowed",
                "RULES.md §6 (no-bet mode)",
                seat=s.seat,
            )
        fold_hand(st, s)
        _progress_draw(st, s.seat)
    elif st.phase == SHOWDOWN:
        _on_muck(st, ev)
    else:
        _on_betting(st, ev)


def _on_muck(st: HandState, ev: dict[str, Any]) -> None:
    """A muck (or a fold) at the showdown: refused in the no-bet mode, where everyone draws and shows."""
    if not st.game.betting:
        raise _err(
            "no mucking in the no-bet mode: everyone draws and shows",
            "muck_not_allowed",
            "RULES.md §6 (no-bet mode)",
            seat=ev["seat"],
        )
    on_muck(st, ev["seat"])


_HANDLERS: dict[str, Callable[[HandState, dict[str, Any]], None]] = {
    "fold": _on_fold,
    "check": _on_check,
    "call": _on_call,
    "bet": _on_betting,
    "raise": _on_betting,
    "draw": _on_draw,
    "deal": deal_cards,
    "show": on_show,
    "muck": _on_muck,
    "finish_order": lambda st, ev: on_finish_order(st, ev["order"]),
    "prove_openers": _on_prove,
    "reshuffle": lambda st, ev: declare_reshuffle(st),
    "timeout": lambda st, ev: _on_timeout(st, ev["seat"]),
}


def apply_event(st: HandState, ev: dict[str, Any]) -> None:
    """Apply a validated event to ``st`` in place (``HandState.apply`` passes a copy)."""
    kind = ev["type"]
    if st.phase == FINISHED:
        raise _err(f"the hand is over; {kind} is not possible", "hand_finished", RULE_PHASE, event=kind)
    try:
        _HANDLERS[kind](st, ev)
    except CardError as e:  # a card typo names the seat too
        e.detail.setdefault("seat", ev.get("seat"))
        raise
