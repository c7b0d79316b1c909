"""Balancing, breaking tables and the final-table redraw, proposed as data for the director to confirm.

After each elimination :func:`plan_after_elimination` answers with a :class:`Plan`: the :class:`Move` list,
the tables halted, and notes. Nothing is applied until the director confirms (:func:`apply_plan`) or edits the
moves. Tables with nobody seated are closed and ignored.

* **Final table:** when everyone left fits at one table (``final_table_seats``, default the seats per table),
  everyone is redrawn at random to the lowest-numbered table still open (TDA 10); its button is drawn afresh.
* **Breaking (TDA 10-B):** when the players fit at fewer tables, the next tables in the published
  ``break_order`` (default: highest number first) are broken, as many as can be spared (usually one); their
  players are redrawn at random into free seats, the shortest tables filled first so the counts stay within
  one. A redrawn player may get any seat; one that lands between the small blind and the button waits for the
  button to pass (the ``waits`` flag).
* **Balancing (TDA 11-A):** while the longest and shortest tables differ by two or more, the player due the
  big blind next at the longest table (lowest number among equals) moves to the shortest table (lowest number
  among equals), to the *worst position*: the free seat that will post the big blind soonest, never the small
  blind or a seat between the small blind and the button unless no other seat is free. At a table with no hand
  played yet the mover and the seat are drawn at random.
* **Halting (TDA 11-D):** play halts at a table three or more players short of the longest table until it is
  balanced.

>>> import random
>>> from apps.engine.tournament.seating import Positions, Table
>>> long = Table(1, 9, {s: f"a{s}" for s in range(1, 10)}, last=Positions(3, 4, 5))
>>> short = Table(2, 9, {s: f"b{s}" for s in (1, 2, 3, 4, 5, 6, 7)}, last=Positions(1, 2, 3))
>>> plan = plan_after_elimination([long, short], seats_per_table=9, rng=random.Random(0))
>>> [(m.player, m.from_table, m.from_seat, m.to_table, m.to_seat, m.rule) for m in plan.moves]
[('a6', 1, 6, 2, 8, 'TDA 11-A')]
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from apps.engine.tournament.errors import SeatingError
from apps.engine.tournament.seating import (
    Table,
    hands_until_big_blind,
    next_positions,
    waiting_seats,
)

HALT_SHORT_BY = 3


@dataclass(frozen=True)
class Move:
    """One proposed move of a player; ``reason`` is "balance", "break" or "final"."""

    player: str
    from_table: int
    from_seat: int
    to_table: int
    to_seat: int
    reason: str
    rule: str
    waits: bool = False


@dataclass(frozen=True)
class Plan:
    """What Floor proposes after an elimination: ``kind`` is "none", "balance", "break" or "final"."""

    kind: str
    moves: list[Move] = field(default_factory=list)
    halted: list[int] = field(default_factory=list)
    broken: int | None = None
    broken_tables: list[int] = field(default_factory=list)
    final_table: int | None = None
    notes: list[str] = field(default_factory=list)


def _open(tables: Sequence[Table]) -> list[Table]:
    return sorted((t for t in tables if t.count), key=lambda t: t.number)


def halted_tables(tables: Sequence[Table]) -> list[int]:
    """Tables three or more players short of the longest (TDA 11-D).

    >>> from apps.engine.tournament.seating import Table
    >>> halted_tables([Table(1, 9, {s: str(s) for s in range(1, 10)}), Table(2, 9, {1: "x", 2: "y", 3: "z"})])
    [2]
    """
    open_ = _open(tables)
    if not open_:
        return []
    most = max(t.count for t in open_)
    return [t.number for t in open_ if most - t.count >= HALT_SHORT_BY]


def mover(table: Table, rng: random.Random) -> int:
    """The seat of the player who moves from a long table: the one due the big blind next (TDA 11-A)."""
    if table.last is None or table.count < 2:
        return rng.choice(table.occupied)
    return next_positions(table).big_blind


def worst_seat(table: Table, rng: random.Random) -> tuple[int, bool]:
    """The free seat a balanced-in player gets, and whether they wait for the button (TDA 11-A, 10)."""
    if not table.open_seats:
        raise SeatingError("no free seat", code="table_full", detail={"table": table.number})
    if table.last is None or table.count < 2:
        return rng.choice(table.open_seats), False
    waiting = waiting_seats(table)
    good = [s for s in table.open_seats if s not in waiting]
    pool = good or table.open_seats
    return min(pool, key=lambda s: (hands_until_big_blind(table, s), s)), not good


def _apply(tables: dict[int, Table], move: Move) -> None:
    src = tables[move.from_table]
    if src.players.get(move.from_seat) != move.player:
        raise SeatingError(
            "the player is not in that seat",
            code="move_stale",
            detail={"player": move.player, "table": move.from_table, "seat": move.from_seat},
        )
    tables[move.from_table] = src.without(move.from_seat)
    tables[move.to_table] = tables[move.to_table].with_player(move.to_seat, move.player)


def balance(tables: Sequence[Table], *, rng: random.Random) -> Plan:
    """Moves that leave the open tables within one player of each other (TDA 11-A), and the halted tables.

    >>> import random
    >>> from apps.engine.tournament.seating import Table
    >>> tables = [Table(1, 6, {1: "a", 2: "b"}), Table(2, 6, {1: "c", 2: "d", 3: "e"})]
    >>> balance(tables, rng=random.Random(0)).kind
    'none'
    """
    work = {t.number: t for t in _open(tables)}
    moves: list[Move] = []
    while work:
        ordered = sorted(work.values(), key=lambda t: t.number)
        most = max(t.count for t in ordered)
        roomy = [t for t in ordered if t.open_seats]  # a smaller final-size table may be short yet full
        fewest = min((t.count for t in roomy), default=most)
        if most - fewest <= 1:
            break
        src = next(t for t in ordered if t.count == most)
        dst = next(t for t in roomy if t.count == fewest)
        seat = mover(src, rng)
        to_seat, waits = worst_seat(dst, rng)
        move = Move(src.players[seat], src.number, seat, dst.number, to_seat, "balance", "TDA 11-A", waits)
        _apply(work, move)
        moves.append(move)
    halted = halted_tables(tables)
    notes = [f"play halts at table {n}: three or more players short (TDA 11-D)" for n in halted]
    notes += [
        f"{m.player} (due the big blind) moves from table {m.from_table} seat {m.from_seat} to table "
        f"{m.to_table} seat {m.to_seat}" + (" and waits for the button" if m.waits else "")
        for m in moves
    ]
    return Plan("balance" if moves else "none", moves, halted, notes=notes)


def break_table(tables: Sequence[Table], number: int, *, rng: random.Random) -> Plan:
    """Break table ``number``: its players are redrawn at random into free seats elsewhere (TDA 10-B).

    >>> import random
    >>> from apps.engine.tournament.seating import Table
    >>> plan = break_table([Table(1, 4, {1: "a", 2: "b"}), Table(2, 4, {1: "c"})], 2, rng=random.Random(3))
    >>> [(m.player, m.to_table) for m in plan.moves]
    [('c', 1)]
    """
    return break_tables(tables, [number], rng=rng)


def break_tables(tables: Sequence[Table], numbers: Sequence[int], *, rng: random.Random) -> Plan:
    """Break several tables at once (several busts on one hand can spare more than one table): all their
    players are redrawn together into the free seats of the others, the shortest tables filled first."""
    work = {t.number: t for t in _open(tables)}
    missing = [n for n in numbers if n not in work]
    if missing or not numbers or len(set(numbers)) != len(numbers):
        raise SeatingError("no such open table", code="table_unknown", detail={"tables": missing})
    broken = [work.pop(n) for n in numbers]
    leaving = sum(t.count for t in broken)
    counts = {n: t.count for n, t in work.items()}
    free = sum(len(t.open_seats) for t in work.values())
    if leaving > free:
        raise SeatingError(
            "not enough free seats to break the table",
            code="break_no_room",
            detail={"tables": list(numbers), "players": leaving, "free": free},
        )
    wanted = dict.fromkeys(work, 0)
    for _ in range(leaving):
        n = min((n for n in work if counts[n] < work[n].seats), key=lambda n: (counts[n], n))
        counts[n] += 1
        wanted[n] += 1
    slots = [(n, s) for n in sorted(wanted) for s in sorted(rng.sample(work[n].open_seats, wanted[n]))]
    players = [(t.number, s, t.players[s]) for t in broken for s in t.occupied]
    rng.shuffle(players)
    moves = []
    for (from_table, from_seat, player), (to_table, to_seat) in zip(players, slots, strict=True):
        waits = to_seat in waiting_seats(work[to_table])
        moves.append(Move(player, from_table, from_seat, to_table, to_seat, "break", "TDA 10-B", waits))
    notes = [
        f"table {t.number} breaks: its {t.count} players are redrawn at random (TDA 10-B)" for t in broken
    ]
    notes += [f"{m.player} draws table {m.to_table} seat {m.to_seat}" for m in moves]
    return Plan("break", moves, broken=numbers[0], broken_tables=list(numbers), notes=notes)


def _chain(first: Sequence[Move], then: Sequence[Move]) -> list[Move]:
    """Moves of ``first`` followed by ``then`` as one simultaneous list: a player moved twice gets one move
    from where they sat to where they end, keeping the first move's reason (they were redrawn)."""
    later = {m.player: m for m in then}
    out = [
        replace(
            m, to_table=later[m.player].to_table, to_seat=later[m.player].to_seat, waits=later[m.player].waits
        )
        if m.player in later
        else m
        for m in first
    ]
    chained = {m.player for m in first}
    return out + [m for m in then if m.player not in chained]


def final_table_draw(tables: Sequence[Table], *, rng: random.Random, seats: int | None = None) -> Plan:
    """Everyone left is redrawn at random to the lowest-numbered open table (TDA 10).

    >>> import random
    >>> from apps.engine.tournament.seating import Table
    >>> plan = final_table_draw([Table(1, 9, {1: "a", 5: "b"}), Table(2, 9, {4: "c"})], rng=random.Random(2))
    >>> (plan.final_table, sorted(m.player for m in plan.moves))
    (1, ['a', 'b', 'c'])
    """
    open_ = _open(tables)
    if not open_:
        raise SeatingError("nobody is seated", code="table_empty")
    final = open_[0]
    size = seats or final.seats
    everyone = [(t.number, s, p) for t in open_ for s, p in sorted(t.players.items())]
    if len(everyone) > size:
        raise SeatingError(
            "too many players for the final table",
            code="final_too_many",
            detail={"players": len(everyone), "seats": size},
        )
    rng.shuffle(everyone)
    new_seats = rng.sample(range(1, size + 1), len(everyone))
    moves = [
        Move(p, n, s, final.number, to, "final", "TDA 10")
        for (n, s, p), to in sorted(zip(everyone, new_seats, strict=True), key=lambda x: x[1])
    ]
    notes = [
        f"final table: {len(moves)} players redrawn at random to table {final.number}; draw for the button"
    ]
    return Plan("final", moves, final_table=final.number, notes=notes)


def apply_plan(
    tables: Sequence[Table], plan: Plan | Sequence[Move], *, seats: int | None = None
) -> list[Table]:
    """The tables after the confirmed moves (all movers stand up first, then sit), empty tables closed.
    A final-table redraw resets that table's positions (a new draw for the button).

    >>> from apps.engine.tournament.seating import Table
    >>> move = Move("b", 2, 1, 1, 3, "break", "TDA 10-B")
    >>> t = apply_plan([Table(1, 4, {1: "a"}), Table(2, 4, {1: "b"})], [move])
    >>> [(x.number, dict(x.players)) for x in t]
    [(1, {1: 'a', 3: 'b'})]
    """
    moves = plan.moves if isinstance(plan, Plan) else list(plan)
    work = {t.number: t for t in tables}
    for m in moves:
        if m.from_table not in work or m.to_table not in work:
            raise SeatingError("no such table", code="table_unknown", detail={"move": m.player})
        src = work[m.from_table]
        if src.players.get(m.from_seat) != m.player:
            raise SeatingError(
                "the player is not in that seat",
                code="move_stale",
                detail={"player": m.player, "table": m.from_table, "seat": m.from_seat},
            )
        work[m.from_table] = src.without(m.from_seat)
    if isinstance(plan, Plan) and plan.final_table is not None:
        final = work[plan.final_table]
        work[plan.final_table] = replace(final, last=None, seats=seats or final.seats)
    for m in moves:
        work[m.to_table] = work[m.to_table].with_player(m.to_seat, m.player)
    return [t for t in sorted(work.values(), key=lambda t: t.number) if t.count]


def plan_after_elimination(
    tables: Sequence[Table],
    *,
    seats_per_table: int,
    rng: random.Random,
    break_order: Sequence[int] | None = None,
    final_table_seats: int | None = None,
) -> Plan:
    """What to do after an elimination: the final-table redraw, breaking the next table, or balancing.

    >>> import random
    >>> from apps.engine.tournament.seating import Table
    >>> three = [Table(n, 4, {1: f"{n}a", 2: f"{n}b"}) for n in (1, 2, 3)]
    >>> plan = plan_after_elimination(three, seats_per_table=4, rng=random.Random(0))
    >>> (plan.kind, plan.broken)
    ('break', 3)
    """
    open_ = _open(tables)
    players = sum(t.count for t in open_)
    final_size = final_table_seats or seats_per_table
    if len(open_) > 1 and players <= final_size:
        return final_table_draw(open_, rng=rng, seats=final_size)
    needed = -(-players // seats_per_table)
    if len(open_) > needed:
        order = (
            list(break_order) if break_order is not None else sorted((t.number for t in open_), reverse=True)
        )
        numbers = {t.number for t in open_}
        targets = [n for n in order if n in numbers][: len(open_) - needed]
        if len(targets) < len(open_) - needed:
            raise SeatingError("no open table left in the break order", code="break_order_exhausted")
        broken = break_tables(open_, targets, rng=rng)
        after = balance(apply_plan(open_, broken), rng=rng)
        return replace(
            broken,
            moves=_chain(broken.moves, after.moves),
            halted=after.halted,
            notes=broken.notes + after.notes,
        )
    return balance(open_, rng=rng)
