"""Known cards in a hand where most cards are unknown (RULES.md §1, §7).

Every card may stay ``??`` until shown. What is known is checked against everything else known in the deal:
no card in two hands, no card received that was discarded in the same draw, no earlier discard dealt again
before a reshuffle. When a draw does not say which known cards were thrown, those cards become *unplaced*
(kept or thrown, nobody knows) and still block the same card elsewhere until shown or reshuffled.

>>> from apps.engine.games import five_card_draw
>>> from apps.engine.hand import start_hand
>>> st = start_hand(five_card_draw(), [{"seat": 1, "stack": 100}, {"seat": 2, "stack": 100}], button=2)
>>> st.apply({"type": "deal", "seat": 1, "cards": "as ks qs js ts"}).cards(1)
'AsKsQsJsTs'
"""

from __future__ import annotations

from typing import Any

from apps.engine.cards import JOKER_TEXT, RANKS, SUITS, format_card, parse_cards
from apps.engine.deck import RULE_RESHUFFLE, DrawOutcome
from apps.engine.errors import ActionError
from apps.engine.seats import UNKNOWN, SeatState
from apps.engine.state import DRAWING, HandState

RULE_CARDS = "RULES.md §1; RULES.md §7"
RULE_PHASE = "RULES.md §6-7 (flow of a hand)"
RULE_TURN = "RULES.md §4 (acting out of turn); TDA 53"


def _err(message: str, code: str, rule: str, **detail: Any) -> ActionError:
    return ActionError(message, code=code, rule=rule, detail=detail)


def _canonical() -> dict[str, str]:
    """Every way to write one card token (any case) -> its canonical text (``"aS"`` -> ``"As"``)."""
    table: dict[str, str] = {}
    for rank in RANKS:
        for suit in SUITS:
            for r in {rank, rank.lower()}:
                for s in (suit, suit.upper()):
                    table[r + s] = rank + suit
    for joker in ("Xx", "XX", "xx", "xX"):
        table[joker] = JOKER_TEXT
    table[UNKNOWN] = UNKNOWN
    return table


_CANONICAL = _canonical()
#: every canonical token (``"As"``, ``"Xx"``, ``"??"``) -> one shared string of it: the tokens read are these
#: very objects, so comparing them elsewhere in the hand is mostly an identity check
_SHARED_TOKEN = {token: token for token in _CANONICAL.values()}


def _split_canonical(text: str) -> list[str] | None:
    """Canonical card text (as PHH and the API write it: ``"7h??Xx"``) as its tokens; None if it is not
    (odd length, another case, a typo...). The same as the tokens a ``[2-9TJQKA][cdhs]|\\?\\?|Xx`` search
    finds when they cover the whole text, without the regular expression."""
    n = len(text)
    if not n or n & 1:
        return None
    shared = _SHARED_TOKEN.get
    out: list[str] = []
    for i in range(0, n, 2):
        token = shared(text[i : i + 2])
        if token is None:
            return None
        out.append(token)
    return out


def tokens(st: HandState, text: Any, *, count: int | None = None, unknown: bool = True) -> list[str]:
    """Card text as canonical tokens, checked as :func:`~apps.engine.cards.parse_cards` checks it.

    The common case (concatenated tokens, right count, no duplicate) is read here in one pass; anything
    else goes through ``parse_cards``, which gives the same tokens or raises the typed error."""
    # Canonical already (as PHH and the API write it): the tokens found cover the whole text, none skipped.
    if type(text) is str and (out := _split_canonical(text)) is not None:
        # a joker or unknown token is the only way "Xx" or "??" can appear in canonical text
        if (count is None or len(out) == count) and ("Xx" not in text or st.table.has_joker):
            if "??" not in text:
                if len(set(out)) == len(out):
                    return out
            elif unknown:
                shown = [c for c in out if c != UNKNOWN]
                if len(set(shown)) == len(shown):
                    return out
    elif type(text) is str and text and not len(text) & 1:
        canon = _CANONICAL.get
        maybe = [canon(text[i : i + 2]) for i in range(0, len(text), 2)]
        if (
            None not in maybe
            and (count is None or len(maybe) == count)
            and (JOKER_TEXT not in maybe or st.table.has_joker)
            and (unknown or UNKNOWN not in maybe)
        ):
            real = [c for c in maybe if c is not None and c != UNKNOWN]  # None is not in maybe: typing
            if len(set(real)) == len(real):
                return real if len(real) == len(maybe) else [c or UNKNOWN for c in maybe]
    cards = parse_cards(text, count=count, allow_joker=st.game.has_joker, allow_unknown=unknown)
    return [format_card(c) for c in cards]


def forget_muck(st: HandState) -> None:
    """A reshuffle took the muck back into the stub: its known cards (and unplaced ones) may come again."""
    st.muck_known = []
    for o in st.seats:
        o.unplaced = []


def check_free(
    st: HandState,
    card: str,
    owner: SeatState,
    *,
    allow_muck: bool = False,
    allow_current: bool = False,
    allow_undrawn: bool = False,
) -> None:
    """A known card entering ``owner``'s hand must not be known anywhere else (RULES.md §1, §7); a folded
    hand's cards count as the muck. ``allow_undrawn`` (PHH's reading, after its reshuffle): PokerKit deals
    a draw's cards once every discard of it is made, so a card still held by a seat yet to draw this round
    may come out of the reshuffle (that seat's discard in the file throws it)."""
    if card == UNKNOWN:
        return
    i = st.draw_index
    for o in st.seats:
        if (card in o.cards or card in o.unplaced) and not o.folded and o.seat != owner.seat:
            if allow_undrawn and len(o.draws) <= i:
                continue
            raise _err(
                f"{card} is already known in seat {o.seat}'s hand",
                "card_conflict",
                RULE_CARDS,
                seat=owner.seat,
                card=card,
                holder=o.seat,
            )
    if card in st.current_known and not allow_current:
        raise _err(
            f"{card} was discarded in this draw and cannot be dealt again",
            "card_conflict",
            RULE_CARDS,
            seat=owner.seat,
            card=card,
            where="current_discards",
        )
    if card in st.muck_known and not allow_muck:
        raise _err(
            f"{card} is in the muck and has not been reshuffled",
            "card_conflict",
            RULE_CARDS,
            seat=owner.seat,
            card=card,
            where="muck",
        )


class DrawPlan:
    """What a draw checked by :func:`plan_draw` does: the seat's new cards and unplaced ones, the stub's
    outcome, the known discards, and whether PHH's reading reshuffled every card not in a hand."""

    __slots__ = ("free", "hand", "known_discards", "out", "unplaced")

    def __init__(
        self, hand: list[str], unplaced: list[str], out: DrawOutcome, known_discards: list[str], free: bool
    ) -> None:
        self.hand, self.unplaced, self.out, self.known_discards, self.free = (
            hand, unplaced, out, known_discards, free
        )  # fmt: skip


def plan_draw(st: HandState, s: SeatState, n: int, ev: dict[str, Any]) -> DrawPlan:
    """Seat ``s`` throws ``n`` cards and gets ``n``: check what is known and count the stub (raises the
    refusal), changing nothing; :func:`commit_draw` does it."""
    seat = s.seat
    get = ev.get
    shown = tokens(st, ev["shown"], unknown=False) if get("shown") else []
    discard = tokens(st, ev["discard"], count=n) if get("discard") is not None else None
    receive = tokens(st, ev["receive"], count=n) if get("receive") is not None else None
    hand = s.cards[:]
    if discard is None:
        known_discards = []
    elif UNKNOWN in discard:
        known_discards = [c for c in discard if c != UNKNOWN]
    else:
        known_discards = discard
    for c in known_discards:
        if c in hand:
            hand.remove(c)
        elif UNKNOWN in hand:
            check_free(st, c, s)
            hand.remove(UNKNOWN)
        else:
            raise _err(
                f"seat {seat} does not hold {c}",
                "card_not_held",
                RULE_CARDS,
                seat=seat,
                card=c,
                cards="".join(s.cards),
            )
    for c in shown:
        if c in known_discards:
            raise _err(
                f"{c} cannot be both shown as kept and discarded",
                "card_conflict",
                RULE_CARDS,
                seat=seat,
                card=c,
            )
        if c not in hand:
            if UNKNOWN not in hand:
                raise _err(f"seat {seat} does not hold {c}", "card_not_held", RULE_CARDS, seat=seat, card=c)
            check_free(st, c, s)
            hand[hand.index(UNKNOWN)] = c
    removals = n - len(known_discards)
    unplaced = s.unplaced[:]
    if not removals:
        pass
    elif removals <= hand.count(UNKNOWN):
        for _ in range(removals):
            hand.remove(UNKNOWN)
    else:  # which known cards were thrown is not said: they become unplaced
        kept = [c for c in hand if c in shown]
        unplaced += [c for c in hand if c != UNKNOWN and c not in shown]
        hand = kept + [UNKNOWN] * (len(hand) - removals - len(kept))
    phh = st.table.phh
    done = st.last_reshuffle
    pooled = (
        phh
        and done is not None
        and (done["deal"], done["draw"]) == (st.deal, st.draw_index)
        and not done["declared"]
    )
    out = st.stub.draw(n, last=st.is_last_drawer(seat), phh=phh, pooled=pooled)
    free = phh and (out.reshuffled or pooled)  # PHH's reading: every card not in a hand was reshuffled
    for c in receive or []:
        if c == UNKNOWN:
            continue
        if c in hand or (
            (c in known_discards or c in unplaced) and not (free or (out.reshuffled and c in unplaced))
        ):
            raise _err(
                f"{c} cannot be received: seat {seat} just discarded or holds it",
                "card_conflict",
                RULE_CARDS,
                seat=seat,
                card=c,
            )
        check_free(
            st,
            c,
            s,
            allow_muck=out.reshuffled or free,
            allow_current=out.last_resort or free,
            allow_undrawn=free,
        )
    hand += receive if receive is not None else [UNKNOWN] * n
    return DrawPlan(hand, unplaced, out, known_discards, free)


def commit_draw(st: HandState, s: SeatState, n: int, plan: DrawPlan) -> None:
    """Apply a draw :func:`plan_draw` allowed: the seat's cards, the stub, what is known, a reshuffle."""
    out, known_discards, seat = plan.out, plan.known_discards, s.seat
    s.cards, s.unplaced = plan.hand, plan.unplaced
    s.draws.append(n)
    st.stub = out.stub
    if out.last_resort:  # the earlier drawers' discards of this draw went into the stub too
        st.current_known = []
    if not plan.free:  # PHH's reading: these discards went into PokerKit's reshuffle (they may come again)
        st.current_known.extend(known_discards)
    if out.reshuffled:
        forget_muck(st)
        st.last_reshuffle = {
            "deal": st.deal,
            "draw": st.draw_index,
            "seat": seat,
            "before": out.before,
            "after": out.after,
            "last_resort": out.last_resort,
            "declared": False,
        }


def check_reshuffle(st: HandState) -> None:
    """Refuse a declared reshuffle unless one is due during a draw (the stub may run short)."""
    if st.phase != DRAWING or st.to_act is None:
        raise _err(
            "a reshuffle is declared only during a draw", "wrong_phase", RULE_RESHUFFLE, phase=st.phase
        )
    usable = st.stub.usable(last=st.is_last_drawer(st.to_act))
    if usable >= st.game.max_draw or st.stub.muck == 0:
        raise _err(
            f"no reshuffle is due: {usable} cards can still be dealt",
            "reshuffle_not_due",
            RULE_RESHUFFLE,
            stub=st.stub.stub,
            muck=st.stub.muck,
            usable=usable,
        )


def commit_reshuffle(st: HandState) -> None:
    """Apply a reshuffle :func:`check_reshuffle` allowed: the muck goes back into the stub."""
    st.stub = st.stub.reshuffle()
    forget_muck(st)
    st.last_reshuffle = {
        "deal": st.deal,
        "draw": st.draw_index,
        "seat": st.to_act,
        "before": 0,
        "after": 0,
        "last_resort": False,
        "declared": True,
    }


def check_merge(st: HandState, s: SeatState, cards: list[str]) -> None:
    """May ``cards`` replace the seat's cards? Its known cards must all be among them, new ones must be
    free (raises the refusal; :func:`set_cards` does it)."""
    missing = [c for c in s.known() if c not in cards]
    if missing:
        raise _err(
            f"seat {s.seat} is known to hold {' '.join(missing)}",
            "card_mismatch",
            RULE_CARDS,
            seat=s.seat,
            cards="".join(cards),
            known="".join(s.cards),
        )
    new = [c for c in cards if c not in s.cards and c not in s.unplaced and c != UNKNOWN]
    if new:
        # One set of every card known elsewhere, checked at once; on a hit, check_free says which and why.
        blocked = set(st.current_known)
        blocked.update(st.muck_known)
        for o in st.seats:
            if o is not s and not o.folded:
                blocked.update(o.cards)
                blocked.update(o.unplaced)
        if not blocked.isdisjoint(new):
            for c in new:
                check_free(st, c, s)


def set_cards(s: SeatState, cards: list[str]) -> None:
    """``cards`` replace the seat's cards (checked by :func:`check_merge`)."""
    s.cards = list(cards)
    s.unplaced = [c for c in s.unplaced if c not in cards]


def fold_hand(st: HandState, s: SeatState) -> None:
    """The seat's hand goes to the muck (counted for a reshuffle; its known cards too)."""
    s.folded = True
    st.stub = st.stub.fold(5)
    st.muck_known.extend(s.known() + s.unplaced)
    s.unplaced = []
