"""A tournament's money and chips rules: buy-in, late registration, rebuys, add-ons, re-entries, bounties and
the prize pool. The Django services keep the counts; these functions say *may I* and *why not*.

Periods are given in level numbers and are **inclusive**: ``until_level=6`` allows it during level 6 and the
break after it (a break belongs to the level before it). Money is in the smallest currency unit.

* Registration is open up to ``late_registration_until`` (0: before the start only).
* A **rebuy** (TDA 27: declared before a hand, it commits the player) is allowed from ``from_level`` to
  ``until_level``, at most ``max_per_player`` times, and only with a stack of ``max_stack`` or less (``0``:
  only when busted; ``None``: any stack).
* An **add-on** is allowed from ``from_level`` to ``until_level`` (usually the break after the last rebuy
  level), at most ``max_per_player`` times (usually once).
* A **re-entry** (TDA 8: a full stack and a new random seat) needs the player busted, within its period and
  limit.
* A **bounty**: ``bounty`` of each buy-in and re-entry (whose ``cost`` includes it) goes on the player's head
  instead of to the prize pool; the player who knocks them out collects it.

>>> cfg = TournamentConfig(buy_in=2000, starting_stack=10000, late_registration_until=4,
...                        rebuy=Option(cost=2000, chips=10000, until_level=4, max_stack=10000))
>>> can_rebuy(cfg, level=3, stack=6000, taken=0), can_rebuy(cfg, level=5, stack=0, taken=0)
(True, False)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from apps.engine.tournament.errors import EntryError
from apps.engine.tournament.places import MatchFormat


@dataclass(frozen=True)
class Option:
    """A rebuy, add-on or re-entry: what it costs (to the pool, plus a house ``fee``), the chips, its period
    and limits."""

    cost: int
    chips: int
    fee: int = 0
    from_level: int = 1
    until_level: int = 1
    max_per_player: int | None = None
    max_stack: int | None = None

    def __post_init__(self) -> None:
        if self.cost < 0 or self.fee < 0 or self.chips <= 0 or self.from_level < 1 or self.until_level < 0:
            raise EntryError(
                "an option has a non-negative cost, chips and a real period", code="option_invalid"
            )


@dataclass(frozen=True)
class TournamentConfig:
    """Buy-in (to the prize pool, bounty included), fee (to the house), starting stack and the options."""

    buy_in: int
    starting_stack: int
    fee: int = 0
    game_kind: str = "blinds"
    late_registration_until: int = 0
    rebuy: Option | None = None
    add_on: Option | None = None
    reentry: Option | None = None
    bounty: int = 0
    guarantee: int = 0
    payout_shares: tuple[int, ...] | None = None
    payout_unit: int = 1
    match: MatchFormat | None = None

    def __post_init__(self) -> None:
        if min(self.buy_in, self.fee, self.bounty, self.guarantee, self.late_registration_until) < 0:
            raise EntryError("no negative amounts", code="config_invalid")
        if self.starting_stack <= 0 or self.payout_unit < 1:
            raise EntryError("a positive starting stack and payout unit", code="config_invalid")
        if self.bounty > self.buy_in:
            raise EntryError("the bounty is part of the buy-in", code="config_invalid")


def verify_registration(config: TournamentConfig, *, level: int) -> None:
    """Raise unless registration is open at ``level`` (0 = before the start).

    >>> cfg = TournamentConfig(buy_in=100, starting_stack=1000, late_registration_until=2)
    >>> verify_registration(cfg, level=3)
    Traceback (most recent call last):
    ...
    apps.engine.tournament.errors.EntryError: registration closed after level 2
    """
    if level > config.late_registration_until == 0:  # "after level 0" would read as nonsense
        raise EntryError(
            "registration is closed: this tournament has no late registration",
            code="registration_closed",
            detail={"level": level, "until": 0},
        )
    if level > config.late_registration_until:
        raise EntryError(
            f"registration closed after level {config.late_registration_until}",
            code="registration_closed",
            detail={"level": level, "until": config.late_registration_until},
        )


def _verify_option(option: Option | None, name: str, *, level: int, taken: int) -> Option:
    if option is None:
        raise EntryError(f"this tournament has no {name}", code=f"{name}_none")
    if not option.from_level <= level <= option.until_level:
        raise EntryError(
            f"{name}s are allowed in levels {option.from_level}-{option.until_level}",
            code=f"{name}_closed",
            detail={"level": level, "from": option.from_level, "until": option.until_level},
        )
    if option.max_per_player is not None and taken >= option.max_per_player:
        raise EntryError(
            f"the limit of {option.max_per_player} {name}(s) is reached",
            code=f"{name}_limit",
            detail={"taken": taken, "max": option.max_per_player},
        )
    return option


def verify_rebuy(config: TournamentConfig, *, level: int, stack: int, taken: int) -> None:
    """Raise unless a rebuy is allowed (period, limit, stack at most ``max_stack``; TDA 27)."""
    option = _verify_option(config.rebuy, "rebuy", level=level, taken=taken)
    if option.max_stack is not None and stack > option.max_stack:
        raise EntryError(
            f"a rebuy needs a stack of {option.max_stack} or less",
            code="rebuy_stack",
            detail={"stack": stack, "max_stack": option.max_stack},
        )


def verify_add_on(config: TournamentConfig, *, level: int, taken: int) -> None:
    """Raise unless an add-on is allowed (period and limit)."""
    _verify_option(config.add_on, "add_on", level=level, taken=taken)


def verify_reentry(config: TournamentConfig, *, level: int, taken: int, busted: bool) -> None:
    """Raise unless a re-entry is allowed: the player is out, within the period and limit (TDA 8)."""
    _verify_option(config.reentry, "reentry", level=level, taken=taken)
    if not busted:
        raise EntryError("a re-entry is for a player who is out", code="reentry_not_busted")


def can_register(config: TournamentConfig, *, level: int) -> bool:
    """May a player register at ``level``?"""
    return _ok(lambda: verify_registration(config, level=level))


def can_rebuy(config: TournamentConfig, *, level: int, stack: int, taken: int) -> bool:
    """May a player with ``stack`` who took ``taken`` rebuys rebuy at ``level``?"""
    return _ok(lambda: verify_rebuy(config, level=level, stack=stack, taken=taken))


def can_add_on(config: TournamentConfig, *, level: int, taken: int) -> bool:
    """May a player take an add-on at ``level``?"""
    return _ok(lambda: verify_add_on(config, level=level, taken=taken))


def can_reenter(config: TournamentConfig, *, level: int, taken: int, busted: bool) -> bool:
    """May a player re-enter at ``level``?"""
    return _ok(lambda: verify_reentry(config, level=level, taken=taken, busted=busted))


def _ok(check: Callable[[], None]) -> bool:
    try:
        check()
    except EntryError:
        return False
    return True


def prize_pool(
    config: TournamentConfig, *, entries: int, rebuys: int = 0, add_ons: int = 0, reentries: int = 0
) -> int:
    """The prize pool: buy-ins and re-entries less their bounties, plus rebuys and add-ons; at least the
    guarantee. Fees go to the house.

    >>> cfg = TournamentConfig(buy_in=3000, starting_stack=10000, bounty=1000, guarantee=50000,
    ...                        rebuy=Option(cost=2000, chips=10000, until_level=4))
    >>> prize_pool(cfg, entries=20, rebuys=7)
    54000
    """
    if min(entries, rebuys, add_ons, reentries) < 0:
        raise EntryError("no negative counts", code="counts_invalid")
    pool = entries * (config.buy_in - config.bounty)
    pool += reentries * ((config.reentry.cost if config.reentry else 0) - config.bounty)
    pool += rebuys * (config.rebuy.cost if config.rebuy else 0)
    pool += add_ons * (config.add_on.cost if config.add_on else 0)
    if (rebuys and not config.rebuy) or (add_ons and not config.add_on) or (reentries and not config.reentry):
        raise EntryError("counts for an option the tournament does not have", code="counts_invalid")
    return max(pool, config.guarantee)


def chips_in_play(
    config: TournamentConfig, *, entries: int, rebuys: int = 0, add_ons: int = 0, reentries: int = 0
) -> int:
    """All chips put in play (for the average stack).

    >>> chips_in_play(TournamentConfig(buy_in=1, starting_stack=5000), entries=9)
    45000
    """
    total = entries * config.starting_stack
    total += reentries * (config.reentry.chips if config.reentry else 0)
    total += rebuys * (config.rebuy.chips if config.rebuy else 0)
    total += add_ons * (config.add_on.chips if config.add_on else 0)
    return total


def bounties_won(knockouts: Sequence[tuple[str, Sequence[str]]], bounty: int) -> dict[str, int]:
    """The bounties each player collects: ``knockouts`` lists each eliminated player with the winners of the
    pot that knocked them out. Winners who split that pot split the bounty; the odd amount goes one unit each
    to the winners in the order given (the pot's odd-chip order, RULES.md §5).

    >>> bounties_won([("x", ["a"]), ("y", ["a", "b"]), ("z", ["b", "c", "a"])], 1000)
    {'a': 1833, 'b': 834, 'c': 333}
    """
    if bounty < 0:
        raise EntryError("the bounty is not negative", code="bounty_invalid")
    out: dict[str, int] = {}
    for eliminated, winners in knockouts:
        if not winners or eliminated in winners:
            raise EntryError(
                "a knockout needs winners other than the player out",
                code="knockout_invalid",
                detail={"player": eliminated},
            )
        share, odd = divmod(bounty, len(winners))
        for i, w in enumerate(winners):
            out[w] = out.get(w, 0) + share + (1 if i < odd else 0)
    return out
