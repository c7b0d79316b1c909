"""A tournament's chip set: the denominations the director owns and how many of each, the starting stack (and
the rebuy and add-on stacks) built of real chips, levels whose amounts are made of chips, the colour-ups the
set implies (:func:`apps.engine.tournament.chips.colour_ups`) and what the set cannot do.

No database here: the setup service (:mod:`apps.tournaments.setup`) and the cockpit's form call these.

* **Rounding a structure to chips** (:func:`structure_round_to_chips`): a generated level's smallest amount
  (its base: the ante, the small blind) goes to the nearest multiple of the largest chip of at most a quarter
  of it (at least one smallest chip), the level's other amounts keep their ratio to it and are rounded to
  that chip too, and a level never ends at or below the one before (it goes up by a chip). Scaling a
  template to a 1,000 stack gives ante 3, bets 6/6; with 5, 25 and 100 chips that level becomes ante 5,
  bets 10/10.
* **A stack of chips** (:func:`stack_of_chips`): each chip but the largest gets what makes the rest payable
  in the next chip, then more of it in lots worth one next chip while it has fewer than ten and holds less
  than a fifth of the stack; the largest chip takes the rest.
* **The director's own stack** (:func:`stack_check`): the starting stack as the director builds it
  (``{25: 8, 100: 18}``) must use chips of the set only and add up to the starting stack.
* **Warnings** (:func:`chip_plan`): the field with its expected rebuys and add-ons needs more of a chip than
  the set has, at the start or after a colour-up (TDA 15: the house must have chips for the field; TD3
  checks each colour-up too: the chips raced off leave play, and what they were worth comes back in the
  next chip up, so the bigger chips must cover that as well), or the starting stack is outside 80 to 600
  times the smallest chip (Poker Club HQ's rule of thumb).

>>> structure_round_to_chips([{"seconds": 600, "ante": 3, "bet_units": [6, 6]}], [5, 25, 100])
[{'seconds': 600, 'ante': 5, 'bet_units': [10, 10]}]
>>> stack_of_chips(1000, [5, 25, 100])
{5: 10, 25: 6, 100: 8}
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from apps.engine.errors import EngineError
from apps.engine.tournament import chips as ek
from apps.engine.tournament import structure as es

AMOUNT_KEYS = ("small_blind", "big_blind", "ante", "big_blind_ante")
STACK_MIN_CHIPS = 80  # Poker Club HQ: a starting stack of 80 to 600 times the smallest chip
STACK_MAX_CHIPS = 600
_WORKING_CHIPS = 10  # a player's working supply of each small chip
_WORKING_SHARE = 5  # ... while it holds less than a fifth of the stack


class ChipSetProblem(ValueError):
    """An amount no chip of the set pays (``field`` names it)."""

    def __init__(self, message: str, *, field: str, amount: int, chip: int) -> None:
        super().__init__(message)
        self.field = field
        self.amount = amount
        self.chip = chip


def _round_to(value: float, chip: int) -> int:
    return max(chip, round(value / chip) * chip)


def _chip_for(base: int, denominations: Sequence[int]) -> int:
    small = sorted(denominations)
    fitting = [d for d in small if d * 4 <= base]
    return fitting[-1] if fitting else small[0]


def _amounts(level: Mapping[str, Any]) -> list[int]:
    return [int(level.get(k) or 0) for k in AMOUNT_KEYS] + [int(u) for u in level.get("bet_units") or []]


def structure_round_to_chips(
    structure: Sequence[Mapping[str, Any]], denominations: Sequence[int]
) -> list[dict[str, Any]]:
    """The level clock's levels with every amount made of the chips (see the module docstring)."""
    out: list[dict[str, Any]] = []
    previous: list[int] | None = None
    for level in structure:
        if level.get("is_break"):
            out.append(dict(level))
            continue
        amounts = _amounts(level)
        base = min(a for a in amounts if a > 0)
        chip = _chip_for(base, denominations)
        new_base = _round_to(base, chip)
        while True:
            scaled = [0 if a == 0 else _round_to(a * new_base / base, chip) for a in amounts]
            if previous is None or (
                scaled != previous and all(s >= p for s, p in zip(scaled, previous, strict=False))
            ):
                break
            new_base += chip
        row = dict(level)
        for key, value in zip(AMOUNT_KEYS, scaled, strict=False):
            if key in row or value:
                row[key] = value
        if level.get("bet_units"):
            row["bet_units"] = scaled[len(AMOUNT_KEYS) :]
        out.append(row)
        previous = scaled
    return out


def stack_of_chips(amount: int, denominations: Sequence[int]) -> dict[int, int]:
    """``amount`` in chips of ``denominations`` (see the module docstring); raises :class:`ChipSetProblem`
    when no chips of the set make it exactly."""
    chips = sorted(set(denominations))
    out = {d: 0 for d in chips}
    left = amount
    for d, nxt in itertools.pairwise(chips):
        need = next((k for k in range(nxt) if k * d <= left and (left - k * d) % nxt == 0), None)
        if need is None:
            continue
        out[d], left = need, left - need * d
        lot = nxt // d if nxt % d == 0 else 0
        while (
            lot
            and out[d] + lot <= _WORKING_CHIPS
            and (out[d] + lot) * d * _WORKING_SHARE < amount
            and left >= nxt
        ):
            out[d] += lot
            left -= lot * d
    out[chips[-1]] += left // chips[-1]
    left %= chips[-1]
    for d in reversed(chips):  # what the largest chip could not take, in smaller ones
        out[d] += left // d
        left %= d
    if left:
        raise ChipSetProblem(
            f"{amount} cannot be made of chips of {', '.join(map(str, chips))}",
            field="starting_stack",
            amount=amount,
            chip=chips[0],
        )
    return {d: n for d, n in out.items() if n}


def stack_check(stack: Mapping[int, int], amount: int, denominations: Sequence[int]) -> dict[int, int]:
    """The director's starting stack in chips, checked: only chips of the set, whole counts, worth exactly
    ``amount`` (raises :class:`ChipSetProblem` on the field ``stack_chips``)."""
    chips = set(denominations)
    foreign = sorted(d for d in stack if d not in chips)
    if foreign:
        raise ChipSetProblem(
            f"the starting stack uses chips of {', '.join(map(str, foreign))}, which the set does not have",
            field="stack_chips",
            amount=foreign[0],
            chip=min(chips),
        )
    worth = sum(d * n for d, n in stack.items())
    if worth != amount:
        raise ChipSetProblem(
            f"the starting stack in chips is worth {worth}, not the starting stack of {amount}",
            field="stack_chips",
            amount=worth,
            chip=min(chips),
        )
    return {d: n for d, n in sorted(stack.items()) if n}


def needs_after_colour_ups(
    needed: Mapping[int, int], colour_ups: Sequence[Mapping[str, Any]]
) -> list[tuple[int, dict[int, int]]]:
    """The chips the field needs after each colour-up (its level, then chip: count): the chips raced off
    leave play and what they were worth is paid in the next chip up (rounded up: a race never makes
    change), the rest as before.

    >>> needs_after_colour_ups({5: 100, 25: 50, 100: 10}, [{"level": 3, "removed": [5], "next_chip": 25}])
    [(3, {25: 70, 100: 10})]
    """
    out: list[tuple[int, dict[int, int]]] = []
    now = dict(needed)
    for up in colour_ups:
        worth = sum(d * now.pop(d, 0) for d in up["removed"])
        nxt = int(up["next_chip"])
        now[nxt] = now.get(nxt, 0) + -(-worth // nxt)
        out.append((int(up["level"]), dict(sorted(now.items()))))
    return out


def amounts_check(
    structure: Sequence[Mapping[str, Any]], amounts: Mapping[str, int], denominations: Sequence[int]
) -> None:
    """Raise :class:`ChipSetProblem` for the first amount (a level's, or one of ``amounts``: the starting
    stack, rebuy and add-on chips) that is not a multiple of the smallest chip: no chip in play pays it."""
    smallest = min(denominations)
    for field, value in amounts.items():
        if value % smallest:
            raise ChipSetProblem(
                f"{value} is not a multiple of the smallest chip, {smallest}",
                field=field,
                amount=value,
                chip=smallest,
            )
    number = 0
    for index, level in enumerate(structure):
        if level.get("is_break"):
            continue
        number += 1
        for value in _amounts(level):
            if value % smallest:
                raise ChipSetProblem(
                    f"level {number}: {value} is not a multiple of the smallest chip, {smallest}",
                    field=f"structure[{index}]",
                    amount=value,
                    chip=smallest,
                )


def engine_structure(structure: Sequence[Mapping[str, Any]]) -> list[es.Level | es.Break]:
    """The level clock's levels as the engine's tournament structure (minutes, breaks kept)."""
    out: list[es.Level | es.Break] = []
    number = 0
    for level in structure:
        minutes = max(1, int(level.get("seconds", 60)) // 60)
        if level.get("is_break"):
            out.append(es.Break(minutes))
            continue
        number += 1
        out.append(
            es.Level(
                number,
                int(level.get("small_blind") or 0),
                int(level.get("big_blind") or 0),
                int(level.get("ante") or 0),
                int(level.get("big_blind_ante") or 0),
                tuple(int(u) for u in level.get("bet_units") or ()),
                minutes,
            )
        )
    return out


@dataclass(frozen=True)
class ChipPlan:
    """What the chip set does for a tournament: each stack in chips, the colour-ups, the chips the field
    needs against what the set has, and the warnings."""

    stack: dict[int, int]
    rebuy: dict[int, int]
    add_on: dict[int, int]
    colour_ups: list[dict[str, Any]]
    needed: dict[int, int]  # at the start
    warnings: list[str]  # in English; ``short`` and ``stack_times`` say the same as data
    short: list[tuple[int, int, int, int | None]]  # (chip, the field needs, the set has, after the
    # colour-up before this level; None: at the start)
    stack_times: int | None  # the stack in smallest chips, when outside 80 to 600


def chip_plan(
    *,
    structure: Sequence[Mapping[str, Any]],
    denominations: Sequence[int],
    counts: Mapping[int, int],
    starting_stack: int,
    entries: int,
    rebuys: int = 0,
    rebuy_chips: int = 0,
    add_ons: int = 0,
    add_on_chips: int = 0,
    stack: Mapping[int, int] | None = None,
) -> ChipPlan:
    """The plan for ``entries`` entries with ``rebuys`` rebuys and ``add_ons`` add-ons in all, the starting
    stack built as ``stack`` says (else by :func:`stack_of_chips`); raises :class:`ChipSetProblem` when a
    stack or a level's amount is not made of the chips."""
    amounts_check(
        structure,
        {"starting_stack": starting_stack, "rebuy_chips": rebuy_chips, "addon_chips": add_on_chips},
        denominations,
    )
    if stack:
        stack = stack_check(stack, starting_stack, denominations)
    else:
        stack = stack_of_chips(starting_stack, denominations)
    rebuy = stack_of_chips(rebuy_chips, denominations) if rebuy_chips else {}
    add_on = stack_of_chips(add_on_chips, denominations) if add_on_chips else {}
    try:
        ups = ek.colour_ups(engine_structure(structure), tuple(sorted(denominations)))
    except EngineError as exc:
        raise ChipSetProblem(str(exc), field="structure", amount=0, chip=min(denominations)) from exc
    needed = {
        d: entries * stack.get(d, 0) + rebuys * rebuy.get(d, 0) + add_ons * add_on.get(d, 0)
        for d in sorted(denominations)
    }
    planned = [
        {"level": u.level, "removed": list(u.removed), "next_chip": u.next_chip, "at_break": u.at_break}
        for u in ups
    ]
    stages: list[tuple[int | None, dict[int, int]]] = [(None, needed)]
    stages += needs_after_colour_ups(needed, planned)
    warnings = []
    short = [
        (d, n, int(counts.get(d, 0)), level)
        for level, need in stages
        for d, n in need.items()
        if n > int(counts.get(d, 0))
    ]
    for d, n, have, level in short:
        when = "" if level is None else f" after the colour-up before level {level}"
        warnings.append(
            f"the field needs {n} chips of {d}{when} ({entries} stacks, {rebuys} rebuys, {add_ons} add-ons) "
            f"and the set has {have} (TDA 15)"
        )
    smallest = min(denominations)
    stack_times = None
    if not STACK_MIN_CHIPS * smallest <= starting_stack <= STACK_MAX_CHIPS * smallest:
        stack_times = starting_stack // smallest
        warnings.append(
            f"a starting stack of {starting_stack} is {starting_stack // smallest} times the smallest chip "
            f"({smallest}); {STACK_MIN_CHIPS} to {STACK_MAX_CHIPS} times plays best (Poker Club HQ)"
        )
    return ChipPlan(
        stack=stack,
        rebuy=rebuy,
        add_on=add_on,
        colour_ups=planned,
        needed=needed,
        warnings=warnings,
        short=short,
        stack_times=stack_times,
    )
