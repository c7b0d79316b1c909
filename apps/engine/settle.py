"""The end of a hand: strengths, the award through :mod:`apps.engine.pots`, no-bet points, and whether
the opener must prove openers first (RULES.md §5-7).

``settle`` either pays the stacks and writes the hand's ``result`` (made when first read) or leaves the hand
waiting for the opener to prove openers.

>>> meets_openers("JcJd4h3s2c", "high"), meets_openers("TcTd4h3s2c", "high")
(True, False)
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache, partial
from typing import Any

from apps.engine.cards import Card, format_card
from apps.engine.pots import FinishingRank, PotPlayer, resolve_pots
from apps.engine.ranking import HandValue, evaluate
from apps.engine.state import HandState

RULE_OPENERS = "RULES.md §6 (jacks or better); RRoP Jacks-or-better"
_JACKS_MIN = "JcJd4h3s2c"


@cache
def _jacks_threshold(ranking: str) -> HandValue:
    return evaluate(_JACKS_MIN, ranking)


def meets_openers(cards: str | list[str], ranking: str) -> bool:
    """Does a five-card hand hold a pair of jacks or better (RULES.md §6)?

    >>> meets_openers("5c5d3h3s2c", "high"), meets_openers("JcXx9h3s2c", "high")
    (True, True)
    """
    text = cards if isinstance(cards, str) else "".join(cards)
    return evaluate(text, ranking) >= _jacks_threshold(ranking)


def strengths(st: HandState) -> dict[int, Any]:
    """Showdown strength of each live seat: the dealer's finishing order, else the shown hand's value."""
    live = [s for s in st.seats if s.live]
    if len(live) < 2:
        return {}
    if st.finish_order is not None:
        rank = {seat: i + 1 for i, group in enumerate(st.finish_order) for seat in group}
        return {s.seat: FinishingRank(rank[s.seat]) for s in live}
    ranking = st.game.ranking
    return {s.seat: evaluate([_CARD_INT.get(c, c) for c in s.cards], ranking) for s in live}


#: canonical card text -> the card int that evaluate() looks up directly (text would be parsed first)
_CARD_INT: dict[str, Card] = {format_card(Card(i)): Card(i) for i in range(54)}


def _seat_map(d: Any) -> dict[str, int]:
    return {str(k): int(v) for k, v in dict(d).items()}


def award(
    players: list[tuple[int, int, bool, Any, int]],
    *,
    button: int,
    smallest_chip: int = 1,
    kept: int | None = None,
) -> tuple[dict[int, int], dict[int, int]]:
    """``(returned, received)`` exactly as :func:`~apps.engine.pots.resolve_pots` decides them, for players
    given as ``(seat, contributed, folded, strength, dead)`` (the fields of ``PotPlayer``), without building
    the pots' records or the explanation: the hand needs only the chips when it ends; the rest is made
    when ``HandState.result`` is read (and checked against these chips then). ``kept``: a dead hand's seat
    (false openers), none of whose chips comes back as uncalled (RULES.md §6).

    The same steps as ``resolve_pots``: the strictly highest contribution's excess comes back; levels of
    contribution make pots (merged while the same live players reach them; a level no live player reached
    joins the pot below; dead money starts the main pot); each pot goes to the best tier of strength among
    those who reached it, split in smallest chips, odd chips from the first seat left of the button.

    >>> award([(1, 50, False, 2, 0), (2, 120, False, 1, 0), (3, 200, False, 0, 0)], button=3)
    ({3: 80}, {1: 150, 2: 140, 3: 80})
    """
    ordered = sorted(players)
    top = max(ordered, key=lambda p: p[1])
    second = max((p[1] for p in ordered if p[0] != top[0]), default=0)
    returned = {top[0]: top[1] - second} if top[1] > second and top[0] != kept else {}
    in_pot = {p[0]: p[1] - returned.get(p[0], 0) for p in ordered}
    live = [p for p in ordered if not p[2]]
    tiers: list[list[tuple[int, int, bool, Any, int]]] = []
    for p in sorted((p for p in live if p[3] is not None), key=lambda p: p[3], reverse=True):
        if tiers and not (p[3] < tiers[-1][0][3]):  # sorted best first: not worse = tied
            tiers[-1].append(p)
        else:
            tiers.append([p])
    best_reach: list[int] = []
    for tier in tiers:
        best_reach.append(max(max(in_pot[p[0]] for p in tier), best_reach[-1] if best_reach else 0))
    amounts = sorted(in_pot.values())
    live_amounts = sorted(in_pot[p[0]] for p in live)
    dead = sum(p[4] for p in ordered)
    pots: list[list[int]] = [[0, len(live), dead]] if dead else []  # [reach, live players, chips]
    low = 0
    for high in sorted(set(amounts) - {0}):
        chips = (high - low) * (len(amounts) - bisect_left(amounts, high))
        live_count = len(live_amounts) - bisect_left(live_amounts, high)
        low = high
        if pots and (live_count == 0 or pots[-1][1] == live_count):
            pots[-1][2] += chips
        elif live_count:
            pots.append([high, live_count, chips])
        else:
            pots.append([0, len(live), chips])
    received = {p[0]: returned.get(p[0], 0) for p in ordered}
    for reach, _, amount in pots:
        eligible = [p[0] for p in live if in_pot[p[0]] >= reach]
        if len(eligible) == 1:
            winners = eligible
        else:
            tier = tiers[bisect_left(best_reach, reach)]
            winners = sorted(
                (p[0] for p in tier if in_pot[p[0]] >= reach), key=lambda seat: (seat <= button, seat)
            )
        ways = len(winners)
        each = amount // (ways * smallest_chip) * smallest_chip
        odd_count, remainder = divmod(amount - each * ways, smallest_chip)
        for seat in winners:
            received[seat] += each
        for seat in winners[:odd_count]:
            received[seat] += smallest_chip
        if remainder:
            received[winners[odd_count]] += remainder
    return returned, received


def settle(st: HandState) -> None:
    """Award the hand (or ask the opener to prove openers first). Pays the stacks; ``st.result`` (pots,
    explanation) is made from the same inputs when first read."""
    by_seat = strengths(st)
    if not st.game.betting:
        _settle_points(st, by_seat)
        return
    players = [
        (s.seat, s.contributed - s.dead_posted, s.folded, by_seat.get(s.seat), s.dead_posted)
        for s in st.seats
    ]
    kept = next((s.seat for s in st.seats if s.dead), None)  # false openers: every chip stays in
    returned, received = award(players, button=st.button, smallest_chip=st.game.smallest_chip, kept=kept)
    opener = st.opener
    if (
        st.game.opening == "jacks-or-better"
        and opener is not None
        and st.openers_proven is not True
        and any(s.seat == opener and not s.folded for s in st.seats)
        and received.get(opener, 0) - returned.get(opener, 0) > 0
    ):
        st.pending = "prove_openers"
        st.phase = "showdown"
        st.to_act = opener
        return
    for s in st.seats:
        s.stack += received.get(s.seat, 0)
    names = {s.seat: s.name for s in st.seats}
    contributed = {s.seat: s.contributed for s in st.seats}
    stacks = {str(s.seat): s.stack for s in st.seats}
    button, chip = st.button, st.game.smallest_chip
    st.set_result_later(
        partial(_pots_result, players, names, button, chip, contributed, stacks, received, kept)
    )
    _finish(st)


def _pots_result(
    players: list[tuple[int, int, bool, Any, int]],
    names: dict[int, str | None],
    button: int,
    smallest_chip: int,
    contributed: dict[int, int],
    stacks: dict[str, int],
    received: dict[int, int],
    kept: int | None = None,
) -> dict[str, Any]:
    """``HandState.result`` of a hand that ended with chips: the pots, each seat's chips and the
    explanation, from :func:`~apps.engine.pots.resolve_pots` (which must agree with :func:`award`)."""
    res = resolve_pots(
        [
            PotPlayer(
                seat,
                put_in,
                folded=folded,
                strength=strength,
                name=names[seat],
                dead=dead,
                dead_hand=seat == kept,
            )
            for seat, put_in, folded, strength, dead in players
        ],
        button=button,
        smallest_chip=smallest_chip,
    )
    if dict(res.received) != received:  # pragma: no cover - an invariant, guarded by the property tests
        raise AssertionError(f"award {received} differs from resolve_pots {dict(res.received)}")
    return {
        "kind": "pots",
        "returned": _seat_map(res.returned),
        "received": _seat_map(received),
        "net": {str(seat): received.get(seat, 0) - chips for seat, chips in contributed.items()},
        "pots": [
            {
                "name": p.name,
                "amount": p.amount,
                "eligible": list(p.eligible),
                "winners": list(p.winners),
                "shares": _seat_map(p.shares),
                "hand": p.hand,
                "uncontested": p.uncontested,
            }
            for p in res.pots
        ],
        "hands": {
            str(seat): str(strength) for seat, _, folded, strength, _ in players if strength is not None
        },
        "explanation": res.explanation_text(),
        "stacks": stacks,
        "points": None,
    }


def _settle_points(st: HandState, strengths: dict[int, Any]) -> None:
    """No-bet mode: the best hand scores 1 point, every tied best hand scores 1 (RULES.md §6)."""
    live = [s for s in st.seats if s.live]
    if len(live) == 1:
        winners = [live[0].seat]
    else:
        best = max(strengths.values())
        winners = [seat for seat, v in strengths.items() if not v < best]
    points = {str(s.seat): int(s.seat in winners) for s in st.seats}
    lines = [
        f"{_label(st, seat)} scores 1 point" + (f" with {strengths[seat]}" if seat in strengths else "")
        for seat in winners
    ]
    st.result = {
        "kind": "points",
        "points": points,
        "winners": winners,
        "hands": {str(seat): str(v) for seat, v in strengths.items()},
        "explanation": lines,
        "stacks": {str(s.seat): s.stack for s in st.seats},
        "received": {str(s.seat): 0 for s in st.seats},
        "net": {str(s.seat): 0 for s in st.seats},
        "returned": {},
        "pots": [],
    }
    _finish(st)


def _label(st: HandState, seat: int) -> str:
    s = st.seat(seat)
    return s.name or f"seat {seat}"


def _finish(st: HandState) -> None:
    st.phase = "finished"
    st.to_act = None
    st.pending = None


__all__ = ["RULE_OPENERS", "award", "meets_openers", "settle", "strengths"]
