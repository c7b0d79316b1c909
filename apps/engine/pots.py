"""Pots: uncalled returns, main and side pots, splits, odd chips, award checks, the explanation (RULES.md §5).

Input is each seat's total contribution for the hand, who folded, the button and, for players who reach a
showdown, a *strength*: any totally ordered value where greater is better (a ``HandValue`` from
:func:`apps.engine.ranking.evaluate`, or a :class:`FinishingRank` when the dealer only gives the order).

Rule choices (each tested in ``tests/engine/test_pots.py``):

* **Seat order and the button.** Seats are numbers ``>= 1`` and run clockwise. The button may be any seat
  number, seated or not (a dead button, TDA 32): "left of the button" is the next seat number clockwise,
  wrapping from the highest seat to the lowest.
* **Uncalled chips** above the second-highest contribution go back to their owner first, folded or not.
* **Dead money** (``PotPlayer.dead``: antes, a big-blind ante) is never returned; it starts the main pot,
  which every live player can win, so a player all-in for the ante alone can win the antes and nothing more.
* **Pots** are built by contribution level; adjacent levels with the same live players merge into one pot,
  so a folded player's level makes no pot of its own. A level that no live player reached is **dead money**:
  it joins the nearest pot below it (the last pot any live player can win). If no live player put in
  anything at all, every chip forms one pot that every live player can win (as dead money does, RULES.md §4).
* **Splits and odd chips.** A pot is shared equally in chips of ``smallest_chip``; the chips left over go one
  at a time to the winners in order from the first seat left of the button, at most one per winner
  (TDA 20, WSOP 73, RRoP). A **remainder smaller than the smallest chip** (possible only when contributions
  are not multiples of it) is the last odd piece: it goes to the next winner in that same order who got no
  odd chip, so nobody gets two extra pieces from one pot.

Cost: sorting and bisection make deciding the pots O(n log n); building the eligible lists and the
explanation is linear in their size (at most one entry per player per pot).

>>> rank = FinishingRank
>>> r = resolve_pots([PotPlayer(1, 50, strength=rank(1)), PotPlayer(2, 120, strength=rank(2)),
...                   PotPlayer(3, 200, strength=rank(3))], button=3)
>>> dict(r.returned), [p.amount for p in r.pots], dict(r.received), dict(r.net)
({3: 80}, [150, 140], {1: 150, 2: 140, 3: 80}, {1: 100, 2: 20, 3: -120})
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol

from apps.engine.errors import PotError

RULE: Final = "RULES.md §5"
RULE_ODD_CHIP: Final = "RULES.md §5; TDA 20, WSOP 73, RRoP"
RULE_SIDE_POTS: Final = "RULES.md §5; TDA 21, WSOP 74"


class Strength(Protocol):
    """A showdown strength: totally ordered, greater = better; ``str()`` describes it for the explanation."""

    def __lt__(self, other: Any, /) -> bool: ...


@dataclass(frozen=True, slots=True)
class FinishingRank:
    """A finishing place given by the dealer: 1 = best, equal numbers tie. Compares greater = better.

    >>> FinishingRank(1) > FinishingRank(2), FinishingRank(2) == FinishingRank(2), str(FinishingRank(1))
    (True, True, 'finishing rank 1')
    """

    rank: int

    def __lt__(self, other: FinishingRank) -> bool:
        return self.rank > other.rank

    def __gt__(self, other: FinishingRank) -> bool:
        return self.rank < other.rank

    def __str__(self) -> str:
        return f"finishing rank {self.rank}"


@dataclass(frozen=True, slots=True)
class PotPlayer:
    """One seat's part in the hand: chips put in, whether it folded, its showdown strength.

    ``contributed`` is what the seat bet, called and raised, blinds included; ``dead`` is what it put in as
    dead money (an ante, a big-blind ante): never returned as uncalled, always in the main pot, which every
    live player can win (RULES.md §4; TDA RP-11). ``dead_hand``: a hand killed for false openers (it must
    be folded): none of its chips comes back as uncalled; they stay in the pots (RULES.md §6).

    >>> PotPlayer(seat=1, contributed=50, strength=FinishingRank(1), name="A").label
    'A'
    """

    seat: int
    contributed: int
    folded: bool = False
    strength: Strength | None = None
    name: str | None = None
    dead: int = 0
    dead_hand: bool = False

    @property
    def put_in(self) -> int:
        """Everything the seat put in: ``contributed + dead``."""
        return self.contributed + self.dead

    @property
    def label(self) -> str:
        """The name the explanation uses: ``name``, else ``seat N``."""
        return self.name if self.name else f"seat {self.seat}"


@dataclass(frozen=True, slots=True)
class Layer:
    """``count`` players each put ``high - low`` chips in at this contribution level."""

    low: int
    high: int
    count: int

    @property
    def amount(self) -> int:
        return (self.high - self.low) * self.count


@dataclass(frozen=True, slots=True)
class Pot:
    """One pot: its chips, who may win it, who did, and how it was shared.

    ``winners`` and ``odd_chips`` are in odd-chip order (from the first seat left of the button);
    ``remainder_to`` receives ``remainder`` chips smaller than the smallest chip, if any.
    """

    index: int
    amount: int
    layers: tuple[Layer, ...]
    eligible: tuple[int, ...]
    folded_in: tuple[int, ...]
    winners: tuple[int, ...]
    shares: Mapping[int, int]
    odd_chips: tuple[int, ...] = ()
    remainder: int = 0
    remainder_to: int | None = None
    uncontested: bool = False
    hand: str | None = None
    dead: int = 0

    @property
    def name(self) -> str:
        """``"main"``, ``"side 1"``, ``"side 2"``…"""
        return "main" if self.index == 0 else f"side {self.index}"


@dataclass(frozen=True, slots=True)
class ExplanationLine:
    """One sentence of the explanation: a template ``key`` and its named ``params`` (JSON-ready).

    Translations render the same key and params; :func:`render_line` is the English rendering.
    """

    key: str
    params: Mapping[str, Any]

    def text(self) -> str:
        return render_line(self)

    def as_dict(self) -> dict[str, Any]:
        return {"key": self.key, "params": dict(self.params)}


@dataclass(frozen=True, slots=True)
class PotResult:
    """Everything :func:`resolve_pots` decided. ``received`` and ``net`` have every seat, in seat order."""

    players: tuple[PotPlayer, ...]
    button: int
    smallest_chip: int
    returned: Mapping[int, int]
    pots: tuple[Pot, ...]
    received: Mapping[int, int]
    net: Mapping[int, int]
    labels: Mapping[int, str] = field(default_factory=dict)
    explanation: tuple[ExplanationLine, ...] = ()

    def explanation_text(self) -> list[str]:
        """The explanation in English, one string per line."""
        return [line.text() for line in self.explanation]

    def label(self, seat: int) -> str:
        """The seat's name in the explanation (``seat N`` when unnamed or not in the hand)."""
        return self.labels.get(seat) or f"seat {seat}"


def _refuse(message: str, code: str, **detail: Any) -> PotError:
    return PotError(message, code=code, rule=RULE, detail=detail)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _kind(strength: Strength) -> str:
    ranking = getattr(strength, "ranking", None)
    return type(strength).__name__ + (f" ({ranking})" if isinstance(ranking, str) else "")


def _validate(players: Sequence[PotPlayer], button: int, smallest_chip: int) -> None:
    if not players:
        raise _refuse("no players in the hand", "no_players")
    if not _is_int(smallest_chip) or smallest_chip < 1:
        raise _refuse(
            f"the smallest chip must be a whole number of at least 1, not {smallest_chip!r}",
            "smallest_chip_invalid",
            smallest_chip=smallest_chip,
        )
    if not _is_int(button):
        raise _refuse(f"the button must be a seat number, not {button!r}", "button_invalid", button=button)
    seen: set[int] = set()
    for player in players:
        if not _is_int(player.seat) or player.seat < 1:
            raise _refuse(
                f"seat {player.seat!r} is not a seat number (1, 2, …)", "seat_invalid", seat=player.seat
            )
        if player.seat in seen:
            raise _refuse(f"seat {player.seat} is listed twice", "duplicate_seat", seat=player.seat)
        seen.add(player.seat)
        for what, chips in (("contributed", player.contributed), ("dead", player.dead)):
            if not _is_int(chips):
                raise _refuse(
                    f"seat {player.seat} {what} {chips!r}: chips are whole numbers",
                    "contribution_invalid",
                    seat=player.seat,
                    **{what: chips},
                )
            if chips < 0:
                raise _refuse(
                    f"seat {player.seat} {what} {chips}: contributions cannot be negative",
                    "negative_contribution",
                    seat=player.seat,
                    **{what: chips},
                )
    live = [p for p in players if not p.folded]
    if not live:
        raise _refuse("every player folded; the last player in wins, so one must be live", "no_live_players")
    if len(live) >= 2:
        missing = sorted(p.seat for p in live if p.strength is None)
        if missing:
            raise _refuse(
                f"seats {', '.join(map(str, missing))} reach the showdown without cards or a rank",
                "strength_missing",
                seats=missing,
            )
    # HandValues of different rankings ("high" vs "low27") are different kinds too: they refuse to compare.
    kinds = sorted({_kind(p.strength) for p in live if p.strength is not None})
    if len(kinds) > 1:
        raise _refuse(
            f"strengths of different kinds cannot be compared: {', '.join(kinds)}",
            "strength_mixed",
            kinds=kinds,
        )


def _uncalled(players: Sequence[PotPlayer]) -> dict[int, int]:
    """``{seat: chips back}``: only a strictly highest contribution has chips above the next-highest."""
    top = max(players, key=lambda p: p.contributed)
    second = max((p.contributed for p in players if p.seat != top.seat), default=0)
    return {top.seat: top.contributed - second} if top.contributed > second and not top.dead_hand else {}


@dataclass(slots=True)
class _Building:
    reach: int  # eligible = live players who put in at least this much
    live_count: int
    layers: list[Layer]
    dead: int = 0


def _build(in_pot: Mapping[int, int], live: Sequence[int], dead: int) -> list[_Building]:
    """Layers by contribution level, merged into pots with the same live players; dead layers go below.

    Dead money (antes) starts the main pot with every live player eligible; the first level joins it when
    every live player reached that level.
    """
    amounts = sorted(in_pot.values())
    live_amounts = sorted(in_pot[seat] for seat in live)
    pots: list[_Building] = [_Building(0, len(live), [], dead)] if dead else []
    low = 0
    for high in sorted(set(amounts) - {0}):
        layer = Layer(low, high, len(amounts) - bisect.bisect_left(amounts, high))
        live_count = len(live_amounts) - bisect.bisect_left(live_amounts, high)
        low = high
        if pots and (live_count == 0 or pots[-1].live_count == live_count):
            pots[-1].layers.append(layer)  # same live players, or dead money for the last pot below
        elif live_count:
            pots.append(_Building(high, live_count, [layer]))
        else:  # no live player put anything in: one pot that every live player can win
            pots.append(_Building(0, len(live), [layer]))
    return pots


def _odd_order(button: int) -> Callable[[int], tuple[int, int]]:
    """Sort key: seats clockwise starting at the first seat number after the button."""
    return lambda seat: (0 if seat > button else 1, seat)


def _split(
    amount: int, winners: Sequence[int], unit: int
) -> tuple[dict[int, int], tuple[int, ...], int, int | None]:
    """Equal shares in chips of ``unit``; odd chips then the sub-chip remainder in ``winners`` order."""
    ways = len(winners)
    each = amount // (ways * unit) * unit
    left = amount - each * ways
    odd_count, remainder = divmod(left, unit)
    shares = dict.fromkeys(winners, each)
    odd = tuple(winners[:odd_count])
    for seat in odd:
        shares[seat] += unit
    remainder_to = winners[odd_count] if remainder else None  # odd_count < ways, so this winner exists
    if remainder_to is not None:
        shares[remainder_to] += remainder
    return shares, odd, remainder, remainder_to


def resolve_pots(players: Sequence[PotPlayer], *, button: int, smallest_chip: int = 1) -> PotResult:
    """Return uncalled chips, build the main and side pots, award and split them, and explain it all.

    >>> r = resolve_pots([PotPlayer(1, 100, strength=FinishingRank(1)), PotPlayer(2, 51, folded=True),
    ...                   PotPlayer(3, 100, strength=FinishingRank(1))], button=1)
    >>> r.pots[0].amount, dict(r.pots[0].shares), r.pots[0].odd_chips
    (251, {3: 126, 1: 125}, (3,))
    """
    _validate(players, button, smallest_chip)
    ordered = tuple(sorted(players, key=lambda p: p.seat))
    returned = _uncalled(ordered)
    in_pot = {p.seat: p.contributed - returned.get(p.seat, 0) for p in ordered}
    dead = sum(p.dead for p in ordered)
    live = [p for p in ordered if not p.folded]
    odd_key = _odd_order(button)

    # Strength tiers, best first; best_reach[t] = most chips any player of tiers 0..t put in, so the winners
    # of a pot are the first tier whose best_reach covers the pot (found by bisection: O(log n) per pot).
    shown = [(p.strength, p) for p in live if p.strength is not None]
    tiers: list[list[PotPlayer]] = []
    for strength, player in sorted(shown, key=lambda pair: pair[0], reverse=True):
        if tiers and not (strength < tiers[-1][0].strength):  # sorted best first: not worse = tied
            tiers[-1].append(player)
        else:
            tiers.append([player])
    best_reach: list[int] = []
    for tier in tiers:
        best_reach.append(max(max(in_pot[p.seat] for p in tier), best_reach[-1] if best_reach else 0))

    pots: list[Pot] = []
    for index, building in enumerate(_build(in_pot, [p.seat for p in live], dead)):
        eligible = tuple(p.seat for p in live if in_pot[p.seat] >= building.reach)
        low = building.layers[0].low if building.layers else None
        folded_in = tuple(
            p.seat
            for p in ordered
            if p.folded and ((low is not None and in_pot[p.seat] > low) or (building.dead and p.dead))
        )
        amount = building.dead + sum(layer.amount for layer in building.layers)
        hand: str | None = None
        winners: tuple[int, ...]
        if len(eligible) == 1:
            winners = eligible
        else:
            tier = tiers[bisect.bisect_left(best_reach, building.reach)]
            winners = tuple(sorted((p.seat for p in tier if in_pot[p.seat] >= building.reach), key=odd_key))
            hand = str(tier[0].strength)
        shares, odd, remainder, remainder_to = _split(amount, winners, smallest_chip)
        pots.append(
            Pot(
                index,
                amount,
                tuple(building.layers),
                eligible,
                folded_in,
                winners,
                shares,
                odd,
                remainder,
                remainder_to,
                uncontested=len(eligible) == 1,
                hand=hand,
                dead=building.dead,
            )
        )

    received = {p.seat: returned.get(p.seat, 0) for p in ordered}
    for pot in pots:
        for seat, chips in pot.shares.items():
            received[seat] += chips
    net = {p.seat: received[p.seat] - p.put_in for p in ordered}
    if sum(net.values()) != 0:  # pragma: no cover - an invariant, guarded by the property tests
        raise AssertionError(f"chips not conserved: {received} for {in_pot}")
    labels = {p.seat: p.label for p in ordered}
    result = PotResult(ordered, button, smallest_chip, returned, tuple(pots), received, net, labels)
    return replace(result, explanation=_explain(result, in_pot))


# --- The explanation: structured lines, rendered in English by render_line ----------------------------------


def _names(result: PotResult, seats: Sequence[int]) -> list[str]:
    return [result.label(seat) for seat in seats]


def _pot_line(result: PotResult, pot: Pot, in_pot: Mapping[int, int]) -> ExplanationLine:
    params: dict[str, Any] = {
        "pot": pot.name,
        "amount": pot.amount,
        "dead": pot.dead,
        "terms": [{"low": x.low, "high": x.high, "count": x.count} for x in pot.layers],
        "eligible": _names(result, pot.eligible),
        "folded": _names(result, pot.folded_in),
        "winners": _names(result, pot.winners),
        "hand": pot.hand,
    }
    if pot.uncontested:
        # the only one eligible: it may still have shown its hand (a side pot at a showdown)
        shown = any(p.strength is not None for p in result.players if p.seat == pot.winners[0])
        if shown:
            return ExplanationLine("pot_uncontested_shown", params)
        return ExplanationLine("pot_uncontested", params)
    reach = min(in_pot[seat] for seat in pot.eligible)
    winning = next(p.strength for p in result.players if p.seat == pot.winners[0])
    if winning is not None and hasattr(winning, "description_key"):  # a HandValue: translatable description
        params["hand_key"] = winning.description_key
        params["hand_args"] = dict(getattr(winning, "description_args", {}))
    params["outranked_by"] = [
        {"name": p.label, "put_in": in_pot[p.seat]}
        for p in result.players
        if not p.folded and p.strength is not None and in_pot[p.seat] < reach and winning < p.strength  # type: ignore[operator]
    ]
    if len(pot.winners) == 1:
        return ExplanationLine("pot_won", params)
    unit = result.smallest_chip
    each = pot.amount // (len(pot.winners) * unit) * unit
    params |= {
        "ways": len(pot.winners),
        "each": each,
        "unit": unit,
        "left_over": pot.amount - each * len(pot.winners),
    }
    return ExplanationLine("pot_split", params)


def _explain(result: PotResult, in_pot: Mapping[int, int]) -> tuple[ExplanationLine, ...]:
    lines: list[ExplanationLine] = []
    for seat, amount in result.returned.items():
        contributed = next(p.contributed for p in result.players if p.seat == seat)
        lines.append(
            ExplanationLine(
                "uncalled_return",
                {
                    "seat": seat,
                    "name": result.label(seat),
                    "contributed": contributed,
                    "next_highest": contributed - amount,
                    "amount": amount,
                },
            )
        )
    if not result.pots:
        lines.append(ExplanationLine("no_pot", {}))
    for pot in result.pots:
        lines.append(_pot_line(result, pot, in_pot))
        if pot.odd_chips:
            lines.append(
                ExplanationLine(
                    "odd_chips",
                    {
                        "pot": pot.name,
                        "names": _names(result, pot.odd_chips),
                        "unit": result.smallest_chip,
                        "button": result.button,
                    },
                )
            )
        if pot.remainder_to is not None:
            lines.append(
                ExplanationLine(
                    "odd_remainder",
                    {
                        "pot": pot.name,
                        "amount": pot.remainder,
                        "unit": result.smallest_chip,
                        "name": result.label(pot.remainder_to),
                        "after_odd_chips": len(pot.odd_chips),
                        "button": result.button,
                    },
                )
            )
        if pot.odd_chips or pot.remainder_to is not None:
            shares = [{"name": result.label(s), "amount": pot.shares[s]} for s in pot.winners]
            lines.append(ExplanationLine("pot_shares", {"pot": pot.name, "shares": shares}))
    players = result.players
    lines.append(
        ExplanationLine(
            "received",
            {
                "entries": [
                    {"seat": p.seat, "name": p.label, "amount": result.received[p.seat]} for p in players
                ],
                "total": sum(result.received.values()),
                "put_in": [p.put_in for p in players],
                "total_in": sum(p.put_in for p in players),
            },
        )
    )
    lines.append(
        ExplanationLine(
            "net",
            {
                "entries": [{"seat": p.seat, "name": p.label, "amount": result.net[p.seat]} for p in players],
                "sum": sum(result.net.values()),
            },
        )
    )
    return tuple(lines)


def _join(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


def _signed(amount: int) -> str:
    return f"+{amount}" if amount > 0 else f"−{-amount}" if amount < 0 else "0"


def _pairs(entries: Sequence[Mapping[str, Any]], number: Callable[[int], str] = str) -> str:
    return ", ".join(f"{e['name']} {number(e['amount'])}" for e in entries)


def _pot_title(pot: str) -> str:
    return "Main pot" if pot == "main" else f"Side pot {pot.removeprefix('side ')}"


def _pot_head(p: Mapping[str, Any]) -> str:
    terms = " + ".join(
        ([f"{p['dead']} dead"] if p.get("dead") else [])
        + [
            f"{t['high']} × {t['count']}" if t["low"] == 0 else f"({t['high']} − {t['low']}) × {t['count']}"
            for t in p["terms"]
        ]
    )
    folded = f" ({_join(p['folded'])} folded: chips stay in, cannot win)" if p["folded"] else ""
    return f"{_pot_title(p['pot'])}: {terms} = {p['amount']}; eligible {', '.join(p['eligible'])}{folded}; "


def _with(hand: str | None) -> str:
    return f" with {hand}" if hand else ""


def _outranked(p: Mapping[str, Any]) -> str:
    better = p.get("outranked_by", [])
    if not better:
        return ""
    if len(better) == 1:
        name, put_in = better[0]["name"], better[0]["put_in"]
        return f" ({name} has a better hand but put in only {put_in}, so cannot win it)"
    names = _join([o["name"] for o in better])
    amounts = _join([str(o["put_in"]) for o in better])
    return f" ({names} have better hands but put in only {amounts}, so cannot win it)"


def _split_text(p: Mapping[str, Any]) -> str:
    chips = f" in chips of {p['unit']}" if p["unit"] != 1 else ""
    over = f", {p['left_over']} left over" if p["left_over"] else ""
    return f"{p['amount']} ÷ {p['ways']} = {p['each']} each{chips}{over}"


def _odd_chips_text(p: Mapping[str, Any]) -> str:
    title, names, unit = _pot_title(p["pot"]), p["names"], p["unit"]
    where = f"the first seat left of the button (seat {p['button']})"
    if len(names) == 1:
        return f"{title} odd chip: one chip of {unit} to {names[0]}, the first winner from {where} (TDA 20)."
    return (
        f"{title} odd chips: one chip of {unit} each to {_join(names)}, the winners in order from {where}; "
        f"nobody gets more than one (TDA 20, WSOP 73, RRoP)."
    )


_ENGLISH: Final[dict[str, Callable[[Mapping[str, Any]], str]]] = {
    "uncalled_return": lambda p: (
        f"{p['name']} gets {p['amount']} back uncalled: {p['contributed']} − {p['next_highest']} "
        f"(the next-highest contribution) = {p['amount']}."
    ),
    "no_pot": lambda p: "Nothing was called, so there is no pot to award.",
    "pot_uncontested": lambda p: (
        f"{_pot_head(p)}{p['winners'][0]} is the only player eligible and wins it without showing."
    ),
    "pot_uncontested_shown": lambda p: (
        f"{_pot_head(p)}{p['winners'][0]} is the only player eligible and wins it."
    ),
    "pot_won": lambda p: f"{_pot_head(p)}{p['winners'][0]} wins{_with(p['hand'])}{_outranked(p)}.",
    "pot_split": lambda p: (
        f"{_pot_head(p)}{_join(p['winners'])} tie{_with(p['hand'])}{_outranked(p)} "
        f"and split it: {_split_text(p)}."
    ),
    "odd_chips": _odd_chips_text,
    "odd_remainder": lambda p: (
        f"{_pot_title(p['pot'])}: the {p['amount']} left over is less than one chip of {p['unit']}; it goes "
        + (
            f"to {p['name']}, the next winner in order from the left of the button who got no odd chip."
            if p["after_odd_chips"]
            else f"to {p['name']}, the first winner left of the button (seat {p['button']})."
        )
    ),
    "pot_shares": lambda p: f"{_pot_title(p['pot'])} shares: {_pairs(p['shares'])}.",
    "received": lambda p: (
        f"Received: {_pairs(p['entries'])} = {p['total']} = {' + '.join(map(str, p['put_in']))} put in."
    ),
    "net": lambda p: f"Net: {_pairs(p['entries'], _signed)}; sum {_signed(p['sum'])}.",
}


def render_line(line: ExplanationLine) -> str:
    """The English text of one explanation line.

    >>> entries = [{"name": "A", "amount": 5}, {"name": "B", "amount": -5}]
    >>> render_line(ExplanationLine("net", {"entries": entries, "sum": 0}))
    'Net: A +5, B −5; sum 0.'
    """
    return _ENGLISH[line.key](line.params)


# --- Award check --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class AwardDifference:
    """One seat whose proposed award is wrong: ``off`` = proposed − correct; ``reason`` in English."""

    seat: int
    proposed: int
    correct: int
    code: str
    reason: str

    @property
    def off(self) -> int:
        return self.proposed - self.correct

    def as_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "proposed": self.proposed,
            "correct": self.correct,
            "off": self.off,
            "code": self.code,
            "reason": self.reason,
        }


@dataclass(frozen=True, slots=True)
class AwardCheck:
    """Whether a proposed award (seat → chips received) is right, and for each wrong seat by how much."""

    ok: bool
    differences: tuple[AwardDifference, ...]
    proposed_total: int
    correct_total: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "differences": [d.as_dict() for d in self.differences],
            "proposed_total": self.proposed_total,
            "correct_total": self.correct_total,
        }


def _pot_names(pots: Sequence[Pot]) -> str:
    return _join([("the main pot" if p.index == 0 else _pot_title(p.name).lower()) for p in pots])


def _breakdown(result: PotResult, seat: int) -> str:
    parts = [f"{_pot_title(p.name).lower()} {p.shares[seat]}" for p in result.pots if seat in p.shares]
    if seat in result.returned:
        parts.append(f"{result.returned[seat]} back uncalled")
    return " + ".join(parts) if parts else "nothing"


def _difference(result: PotResult, seat: int, proposed: int) -> AwardDifference:
    correct = result.received.get(seat, 0)
    off = f"off by {_signed(proposed - correct)}"
    player = next((p for p in result.players if p.seat == seat), None)
    if player is None:
        return AwardDifference(
            seat,
            proposed,
            0,
            "seat_not_in_hand",
            f"seat {seat} is not in the hand: proposed {proposed}, correct 0, {off}",
        )
    who = f"seat {seat} ({player.name})" if player.name else f"seat {seat}"
    got = f"correct {correct} ({_breakdown(result, seat)})"
    if player.folded and proposed > correct:
        return AwardDifference(
            seat,
            proposed,
            correct,
            "folded_seat_paid",
            f"{who} folded and can win no pot: proposed {proposed}, {got}, {off}",
        )
    eligible = [pot for pot in result.pots if seat in pot.eligible]
    most = sum(pot.amount for pot in eligible) + result.returned.get(seat, 0)
    if proposed > most:
        scope = (
            f"eligible only for {_pot_names(eligible)} ({most} at most)"
            if eligible
            else "eligible for no pot"
        )
        return AwardDifference(
            seat,
            proposed,
            correct,
            "beyond_eligibility",
            f"{who} proposed {proposed} but is {scope}: {got}, {off}",
        )
    code = "overpaid" if proposed > correct else "underpaid"
    return AwardDifference(seat, proposed, correct, code, f"{who} proposed {proposed}: {got}, {off}")


def check_award(result: PotResult, proposed: Mapping[int, int]) -> AwardCheck:
    """Compare a proposed award (seat → chips received, missing seats = 0) with the correct one.

    >>> rank = FinishingRank
    >>> r = resolve_pots([PotPlayer(1, 50, strength=rank(1), name="A"),
    ...                   PotPlayer(2, 120, strength=rank(2)), PotPlayer(3, 200, strength=rank(3))], button=3)
    >>> check_award(r, {1: 150, 2: 140, 3: 80}).ok
    True
    >>> wrong = check_award(r, {1: 370}).differences[0]
    >>> wrong.code, wrong.proposed, wrong.correct, wrong.off
    ('beyond_eligibility', 370, 150, 220)
    """
    for seat, chips in proposed.items():
        if not _is_int(seat) or not _is_int(chips) or chips < 0:
            raise PotError(
                f"proposed award {seat!r}: {chips!r} is not a seat and a whole number of chips",
                code="award_invalid",
                rule=RULE,
                detail={"seat": seat, "chips": chips},
            )
    seats = sorted(set(result.received) | set(proposed))
    differences = tuple(
        _difference(result, seat, proposed.get(seat, 0))
        for seat in seats
        if proposed.get(seat, 0) != result.received.get(seat, 0)
    )
    return AwardCheck(not differences, differences, sum(proposed.values()), sum(result.received.values()))
