"""Tables and seats: the random draw (TDA 10), tables opened as entries arrive, and the dead button (TDA 32).

A :class:`Table` is a number, its count of seats, who sits where, and the :class:`Positions` of the last hand
played there (``None`` until a first hand, whose button is drawn for). Seats are numbered 1..seats clockwise.

**Dead button (TDA 32, RULES.md §8).** The big blind moves to the next player; the small blind goes to the
seat that had the big blind and the button to the seat that had the small blind, even when those seats are now
empty (a *dead* small blind or button). Heads-up the button posts the small blind (TDA 34-B); the big blind
still moves on, so no one posts it twice in a row.

**New players** (late entries, re-entries, balancing and broken-table moves) are never placed between the
small blind and the button, or in a dead small blind's seat, when another seat is free; when no other seat is
free they sit there and wait until the button passes (TDA 10; the ``waits`` flag).

>>> last = Positions(button=1, small_blind=3, big_blind=5)
>>> t = Table(1, 6, {1: "ann", 3: "bob", 5: "cat", 6: "dan"}, last=last)
>>> next_positions(t)
Positions(button=3, small_blind=5, big_blind=6)
>>> next_positions(t.without(5))  # cat busted in the big blind: the small blind is dead next hand
Positions(button=3, small_blind=5, big_blind=6)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from apps.engine.tournament.errors import SeatingError


@dataclass(frozen=True)
class Positions:
    """The button, small blind and big blind seats of one hand (the button or small blind seat may be
    empty)."""

    button: int
    small_blind: int
    big_blind: int


@dataclass(frozen=True)
class Table:
    """One table: ``players`` maps a seat to a player id; ``last`` is the last hand's positions."""

    number: int
    seats: int
    players: Mapping[int, str] = field(default_factory=dict)
    last: Positions | None = None

    def __post_init__(self) -> None:
        if self.seats < 2:
            raise SeatingError("a table has at least two seats", detail={"table": self.number})
        bad = [s for s in self.players if not 1 <= s <= self.seats]
        if bad:
            raise SeatingError(
                "no such seat", code="seat_unknown", detail={"table": self.number, "seats": bad}
            )

    @property
    def count(self) -> int:
        return len(self.players)

    @property
    def occupied(self) -> list[int]:
        return sorted(self.players)

    @property
    def open_seats(self) -> list[int]:
        return [s for s in range(1, self.seats + 1) if s not in self.players]

    def seat_of(self, player: str) -> int | None:
        return next((s for s, p in self.players.items() if p == player), None)

    def with_player(self, seat: int, player: str) -> Table:
        if seat in self.players:
            raise SeatingError(
                "the seat is taken", code="seat_taken", detail={"table": self.number, "seat": seat}
            )
        return replace(self, players={**self.players, seat: player})

    def without(self, seat: int) -> Table:
        if seat not in self.players:
            raise SeatingError(
                "the seat is empty", code="seat_empty", detail={"table": self.number, "seat": seat}
            )
        return replace(self, players={s: p for s, p in self.players.items() if s != seat})


def clockwise_after(table: Table, seat: int) -> list[int]:
    """The seats after ``seat`` going clockwise, ``seat`` itself last.

    >>> clockwise_after(Table(1, 4), 3)
    [4, 1, 2, 3]
    """
    return [(seat + k - 1) % table.seats + 1 for k in range(1, table.seats + 1)]


def next_occupied(table: Table, seat: int) -> int:
    """The next occupied seat clockwise after ``seat`` (``seat`` itself if it is the only one)."""
    for s in clockwise_after(table, seat):
        if s in table.players:
            return s
    raise SeatingError("the table is empty", code="table_empty", detail={"table": table.number})


def first_positions(table: Table, button: int) -> Positions:
    """Positions of a table's first hand once the button has been drawn for (heads-up: button = small blind).

    >>> first_positions(Table(1, 9, {2: "a", 5: "b", 7: "c"}), 5)
    Positions(button=5, small_blind=7, big_blind=2)
    """
    if table.count < 2 or button not in table.players:
        raise SeatingError(
            "the button goes to a player at a table of two or more",
            code="button_invalid",
            detail={"table": table.number, "button": button},
        )
    if table.count == 2:
        return Positions(button, button, next_occupied(table, button))
    sb = next_occupied(table, button)
    return Positions(button, sb, next_occupied(table, sb))


def next_positions(table: Table) -> Positions:
    """The next hand's positions under the dead button (TDA 32; heads-up TDA 34-B). See the module docstring.

    >>> t = Table(1, 9, {2: "a", 7: "c"}, last=Positions(button=5, small_blind=7, big_blind=2))
    >>> next_positions(t)  # heads-up now: the big blind moves on to seat 7, the button posts the small blind
    Positions(button=2, small_blind=2, big_blind=7)
    """
    if table.count < 2:
        raise SeatingError("a hand needs two players", code="table_short", detail={"table": table.number})
    if table.last is None:
        raise SeatingError(
            "no hand played yet: draw for the button (first_positions)",
            code="button_not_drawn",
            detail={"table": table.number},
        )
    bb = next_occupied(table, table.last.big_blind)
    if table.count == 2:
        other = next_occupied(table, bb)
        return Positions(other, other, bb)
    return Positions(table.last.small_blind, table.last.big_blind, bb)


def seats_between(table: Table, start: int, end: int) -> list[int]:
    """Seats strictly clockwise between ``start`` and ``end``.

    >>> seats_between(Table(1, 9), 8, 2)
    [9, 1]
    """
    out: list[int] = []
    for s in clockwise_after(table, start):
        if s == end:
            return out
        out.append(s)
    return out


def waiting_seats(table: Table) -> set[int]:
    """Empty seats where a new player would have to wait for the button to pass (TDA 10): between the next
    hand's button and small blind, and a dead small blind's seat.

    >>> t = Table(1, 9, {1: "a", 3: "b", 6: "c"}, last=Positions(button=1, small_blind=3, big_blind=6))
    >>> sorted(waiting_seats(t))  # next hand: button 3, small blind 6
    [4, 5]
    """
    if table.last is None or table.count < 2:
        return set()
    pos = next_positions(table)
    seats = set(seats_between(table, pos.button, pos.small_blind))
    if pos.small_blind not in table.players:
        seats.add(pos.small_blind)
    return {s for s in seats if s not in table.players}


def hands_until_big_blind(table: Table, seat: int) -> int:
    """For an empty seat: in how many hands a player sitting there would post the big blind (1 = next hand).

    >>> t = Table(1, 9, {1: "a", 3: "b", 6: "c"}, last=Positions(button=1, small_blind=3, big_blind=6))
    >>> [hands_until_big_blind(t, s) for s in (7, 9, 2, 4)]
    [1, 1, 2, 3]
    """
    if table.last is None:
        raise SeatingError("no hand played yet", code="button_not_drawn", detail={"table": table.number})
    hands = 1
    for s in clockwise_after(table, table.last.big_blind):
        if s == seat:
            return hands
        if s in table.players:
            hands += 1
    raise SeatingError("no such seat", code="seat_unknown", detail={"table": table.number, "seat": seat})


@dataclass(frozen=True)
class SeatAssignment:
    """Where a new entry sits; ``opened`` if a table was opened for it; ``waits`` per TDA 10."""

    player: str
    table: int
    seat: int
    opened: bool = False
    waits: bool = False
    rule: str = "TDA 10"


def initial_draw(
    players: Sequence[str], seats_per_table: int, rng: random.Random, *, first_table: int = 1
) -> list[Table]:
    """The random seat draw (TDA 10): as few tables as hold everyone, counts within one, random seats.

    >>> tables = initial_draw([f"p{i}" for i in range(20)], 9, random.Random(1))
    >>> [t.count for t in tables]
    [7, 7, 6]
    """
    if len(set(players)) != len(players):
        raise SeatingError("a player is listed twice", code="player_twice")
    if seats_per_table < 2:
        raise SeatingError("a table has at least two seats")
    n_tables = max(1, -(-len(players) // seats_per_table))
    shuffled = list(players)
    rng.shuffle(shuffled)
    tables = []
    for k in range(n_tables):
        mine = shuffled[k::n_tables]
        seats = sorted(rng.sample(range(1, seats_per_table + 1), len(mine)))
        tables.append(Table(first_table + k, seats_per_table, dict(zip(seats, mine, strict=True))))
    return tables


def seat_entry(
    tables: Sequence[Table], player: str, *, seats_per_table: int, rng: random.Random
) -> tuple[SeatAssignment, list[Table]]:
    """Seat a late entry or re-entry (TDA 8, 10): a random free seat at one of the shortest tables, not where
    it would wait for the button if another seat is free; a new table is opened when every table is full.

    >>> a, tables = seat_entry([Table(1, 2, {1: "a", 2: "b"})], "c", seats_per_table=2, rng=random.Random(0))
    >>> (a.table, a.opened, [t.count for t in tables])
    (2, True, [2, 1])
    """
    if any(t.seat_of(player) is not None for t in tables):
        raise SeatingError("the player is already seated", code="player_seated", detail={"player": player})
    open_tables = [t for t in tables if t.open_seats]
    if not open_tables:
        number = max((t.number for t in tables), default=0) + 1
        seat = rng.randint(1, seats_per_table)
        new = Table(number, seats_per_table, {seat: player})
        return SeatAssignment(player, number, seat, opened=True), [*tables, new]
    fewest = min(t.count for t in open_tables)
    short = [t for t in open_tables if t.count == fewest]
    choices = [(t.number, s) for t in short for s in t.open_seats if s not in waiting_seats(t)]
    waits = not choices
    if waits:
        choices = [(t.number, s) for t in short for s in t.open_seats]
    number, seat = rng.choice(sorted(choices))
    out = [t.with_player(seat, player) if t.number == number else t for t in tables]
    return SeatAssignment(player, number, seat, waits=waits), out
