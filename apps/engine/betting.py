"""Betting limits for one betting round: no-limit, pot-limit and fixed-limit (RULES.md §4).

Pure functions. The hand state machine keeps a :class:`RoundState` (the round's numbers) and a
:class:`Wagerer` per seat, and only *asks* this module: what is the minimum bet, the minimum and
maximum raise-to, may this seat still raise (short all-ins, the fixed-limit cap), and what does the
round look like after a wager. All amounts are the player's **total for the round** ("raise to 60").

>>> lim = Limits(structure="pot-limit", unit=10)
>>> rnd = RoundState(current_bet=50, full_level=50, increment=50, wagers=1, pot=150)
>>> raise_bounds(lim, rnd, Wagerer(seat=2, stack=1000, bet=0))
(100, 250)
"""

from __future__ import annotations

from math import gcd

from apps.engine.errors import BettingError
from apps.engine.limits import FIXED_LIMIT as FIXED_LIMIT
from apps.engine.limits import NO_LIMIT as NO_LIMIT
from apps.engine.limits import POT_LIMIT as POT_LIMIT
from apps.engine.limits import RULE_BET as RULE_BET
from apps.engine.limits import RULE_CAP as RULE_CAP
from apps.engine.limits import RULE_FL as RULE_FL
from apps.engine.limits import RULE_FL_SHORT as RULE_FL_SHORT
from apps.engine.limits import RULE_PL as RULE_PL
from apps.engine.limits import RULE_REOPEN_FL as RULE_REOPEN_FL
from apps.engine.limits import RULE_REOPEN_NL as RULE_REOPEN_NL
from apps.engine.limits import RULE_STACK as RULE_STACK
from apps.engine.limits import STRUCTURES as STRUCTURES
from apps.engine.limits import Limits as Limits
from apps.engine.limits import RoundState as RoundState
from apps.engine.limits import Wagerer as Wagerer
from apps.engine.limits import after_wager as after_wager
from apps.engine.limits import after_wager_to as after_wager_to
from apps.engine.limits import bet_bounds as bet_bounds
from apps.engine.limits import cap_reached as cap_reached
from apps.engine.limits import details as details
from apps.engine.limits import is_full_wager as is_full_wager
from apps.engine.limits import is_reopened_for as is_reopened_for
from apps.engine.limits import min_bet as min_bet
from apps.engine.limits import raise_bounds as raise_bounds
from apps.engine.limits import reopen_threshold as reopen_threshold
from apps.engine.limits import to_call as to_call


def in_chips(limits: Limits, lo: int, hi: int) -> tuple[int, int]:
    """No-limit and pot-limit bounds ``(lo, hi)`` in whole smallest chips (RULES.md §5: every amount but an
    all-in is one): the least up to the first amount in chips whose increment is still whole steps, the
    pot-limit most down to one. Over an all-in that is not whole chips (to 13 in 5-chips) the least raise
    (23) and the pot (69) are not, and what was offered could not be made. When no amount in chips lies
    between, they stay as they were: then only an all-in is possible.

    >>> in_chips(Limits(structure="pot-limit", unit=10, chip=5), 23, 69)
    (25, 65)
    """
    chip = limits.chip
    if chip == 1 or limits.structure == FIXED_LIMIT:  # fixed-limit: one amount, the bet or raise it is
        return lo, hi
    most = hi - hi % chip if limits.structure == POT_LIMIT else hi
    step = limits.step
    common = gcd(step, chip)
    if lo % common == 0:  # lo + i * step is a multiple of chip for some i
        m = chip // common
        least = lo + (-(lo // common) * pow(step // common, -1, m)) % m * step
        if least <= most:
            return least, most
    if limits.structure == POT_LIMIT and lo <= most:
        return most, most  # the pot in chips, a whole number of steps or not (RULES.md §6)
    return lo, hi


# --- may I / why not -------------------------------------------------------------------------------


def verify_check(rnd: RoundState, player: Wagerer) -> None:
    """Raise unless the seat may check (nothing to call).

    >>> verify_check(RoundState(current_bet=20), Wagerer(seat=1, stack=100, bet=20))
    """
    if rnd.current_bet > player.bet:
        raise BettingError(
            f"seat {player.seat} cannot check: {rnd.current_bet - player.bet} to call",
            code="check_not_allowed",
            rule="RULES.md §4",
            detail=details(player, None, to_call=rnd.current_bet - player.bet),
        )


def verify_call(rnd: RoundState, player: Wagerer) -> None:
    """Raise unless there is something to call.

    >>> verify_call(RoundState(current_bet=20), Wagerer(seat=1, stack=100))
    """
    if rnd.current_bet <= player.bet:
        raise BettingError(
            f"seat {player.seat} has nothing to call; check instead",
            code="call_not_allowed",
            rule="RULES.md §4",
            detail=details(player, None),
        )


def _verify_stack(player: Wagerer, amount: int) -> None:
    if amount > player.all_in_total:
        raise BettingError(
            f"{amount} is more than seat {player.seat} has ({player.all_in_total} in all)",
            code="amount_exceeds_stack",
            rule=RULE_STACK,
            detail=details(player, amount, maximum=player.all_in_total),
        )


RULE_UNITS = "RULES.md §6 (amounts in bet units)"
RULE_CHIP = "RULES.md §5 (the smallest chip in play)"


def _verify_in_range(
    limits: Limits, rnd: RoundState, player: Wagerer, amount: int, lo: int, hi: int, *, kind: str, rule: str
) -> None:
    """Shared tail of bet/raise checks: exact FL amount, min, max, whole bet units, the smallest chip;
    all-ins for less pass. The increment over the current bet is what must be in units (RULES.md §6)."""
    all_in = amount == player.all_in_total
    increment = amount - rnd.current_bet
    if limits.structure == FIXED_LIMIT:
        if (amount == lo or (all_in and amount < lo)) and (all_in or not amount % limits.chip):
            return
    elif (
        (amount >= lo or all_in)
        and (amount <= hi or limits.structure == NO_LIMIT)
        and (all_in or amount == hi or not increment % limits.step)
        and (all_in or not amount % limits.chip)
    ):
        return
    # refused: the details are made only now
    hi_cap = min(hi, player.all_in_total)
    detail = details(player, amount, minimum=min(lo, player.all_in_total), maximum=hi_cap)
    if limits.structure == FIXED_LIMIT and amount != lo and not (all_in and amount < lo):
        # over a short all-in that did not count as a raise, the raise completes the bet (TDA 47-B)
        short = kind == "raise" and rnd.current_bet != rnd.full_level and not limits.phh
        raise BettingError(
            f"fixed-limit {kind} must be to exactly {lo}" + (" (or all-in for less)" if lo > 0 else ""),
            code="fixed_limit_amount",
            rule=RULE_FL_SHORT if short else RULE_FL,
            detail=detail,
        )
    word = "bet" if kind == "bet" else "raise to"
    if amount < lo and not all_in:
        raise BettingError(
            f"{word} {amount} is below the minimum {word} {lo}",
            code=f"{kind}_too_small",
            rule=rule if kind == "raise" else RULE_BET,
            detail=detail,
        )
    if amount > hi and limits.structure != NO_LIMIT:  # no-limit: only the stack caps it
        raise BettingError(
            f"{word} {amount} is above the maximum {word} {hi}",
            code=f"{kind}_too_large",
            rule=RULE_PL if limits.structure == POT_LIMIT else rule,
            detail=detail,
        )
    if not all_in and amount % limits.chip:
        chip, more = limits.chip, dict(detail, chip=limits.chip)
        if kind == "bet":
            raise BettingError(
                f"bet {amount} is not a multiple of the smallest chip in play ({chip}); only an all-in "
                "may be",
                code="amount_not_in_chips",
                rule=RULE_CHIP,
                detail=more,
            )
        raise BettingError(
            f"raise to {amount} is not a multiple of the smallest chip in play ({chip}); only an all-in "
            "may be",
            code="amount_not_in_chips",
            rule=RULE_CHIP,
            detail=more,
        )
    step, more = limits.step, dict(detail, step=limits.step)
    if kind == "bet":
        raise BettingError(
            f"bet {amount} is not a whole number of bet units of {step} (only an all-in may be)",
            code="amount_not_in_units",
            rule=RULE_UNITS,
            detail=more,
        )
    raise BettingError(
        f"raise to {amount} adds {increment} to the bet of {rnd.current_bet}: not a whole number of bet "
        f"units of {step} (only an all-in may be)",
        code="amount_not_in_units",
        rule=RULE_UNITS,
        detail=more,
    )


def verify_bet(limits: Limits, rnd: RoundState, player: Wagerer, amount: int) -> None:
    """Raise unless ``player`` may bet to ``amount`` (the first chips of the round).

    >>> verify_bet(Limits(structure="no-limit", unit=20), RoundState(), Wagerer(seat=1, stack=100), 10)
    Traceback (most recent call last):
    ...
    apps.engine.errors.BettingError: bet 10 is below the minimum bet 20
    """
    if rnd.current_bet > 0:
        raise BettingError(
            f"there is already a bet of {rnd.current_bet}; raise instead",
            code="bet_not_allowed",
            rule="RULES.md §4",
            detail=details(player, amount, current_bet=rnd.current_bet),
        )
    if amount <= player.bet:
        raise BettingError(
            f"bet {amount} must be more than 0",
            code="bet_too_small",
            rule=RULE_BET,
            detail=details(player, amount, minimum=limits.unit),
        )
    _verify_stack(player, amount)
    lo, hi = in_chips(limits, *bet_bounds(limits, rnd, player))
    _verify_in_range(limits, rnd, player, amount, lo, hi, kind="bet", rule=RULE_BET)


def verify_raise(
    limits: Limits, rnd: RoundState, player: Wagerer, amount: int, *, heads_up: bool = False
) -> None:
    """Raise unless ``player`` may raise to ``amount`` (short all-in reopening and the FL cap included).

    >>> lim = Limits(structure="no-limit", unit=10)
    >>> rnd = RoundState(current_bet=20, full_level=20, increment=20, wagers=1, pot=30)
    >>> verify_raise(lim, rnd, Wagerer(seat=3, stack=1000), 30)
    Traceback (most recent call last):
    ...
    apps.engine.errors.BettingError: raise to 30 is below the minimum raise to 40
    """
    if rnd.current_bet <= 0:
        raise BettingError(
            "nothing to raise; bet instead",
            code="raise_not_allowed",
            rule="RULES.md §4",
            detail=details(player, amount, current_bet=0),
        )
    if player.all_in_total <= rnd.current_bet:
        raise BettingError(
            f"seat {player.seat} has {player.all_in_total} in all and can only call (all-in)",
            code="raise_not_allowed",
            rule="RULES.md §4",
            detail=details(player, amount, current_bet=rnd.current_bet, reason="stack"),
        )
    if not is_reopened_for(limits, rnd, player):
        fl = limits.structure == FIXED_LIMIT
        raise BettingError(
            f"the betting was not reopened for seat {player.seat}: the bet went from {player.acted_at} to "
            f"{rnd.current_bet}, less than {'half a bet' if fl else 'a full raise'} "
            f"({reopen_threshold(limits, rnd)}); call or fold",
            code="raise_not_allowed",
            rule=RULE_REOPEN_FL if fl else RULE_REOPEN_NL,
            detail=details(
                player,
                amount,
                current_bet=rnd.current_bet,
                acted_at=player.acted_at,
                threshold=reopen_threshold(limits, rnd),
                reason="not_reopened",
            ),
        )
    if cap_reached(limits, rnd, heads_up=heads_up):
        raise BettingError(
            f"the betting is capped: a bet and {limits.max_raises} raises are in",
            code="raise_not_allowed",
            rule=RULE_CAP,
            detail=details(player, amount, wagers=rnd.wagers, max_raises=limits.max_raises, reason="cap"),
        )
    if amount <= rnd.current_bet:
        lo, _ = in_chips(limits, *raise_bounds(limits, rnd, player))
        raise BettingError(
            f"raise to {amount} is below the minimum raise to {lo}",
            code="raise_too_small",
            rule=RULE_BET,
            detail=details(player, amount, minimum=lo),
        )
    _verify_stack(player, amount)
    lo, hi = in_chips(limits, *raise_bounds(limits, rnd, player))
    _verify_in_range(limits, rnd, player, amount, lo, hi, kind="raise", rule=RULE_BET)


def can_check(rnd: RoundState, player: Wagerer) -> bool:
    """May the seat check? ``can_check(RoundState(), Wagerer(seat=1, stack=5))`` is True."""
    return rnd.current_bet <= player.bet


def can_raise_at_all(limits: Limits, rnd: RoundState, player: Wagerer, *, heads_up: bool = False) -> bool:
    """May the seat raise to *some* amount (reopened, under the cap, chips above the call)?

    >>> can_raise_at_all(Limits(structure="fixed-limit", unit=10), RoundState(current_bet=50, wagers=5),
    ...                  Wagerer(seat=1, stack=100))
    False
    """
    return (
        rnd.current_bet > 0
        and player.all_in_total > rnd.current_bet
        and is_reopened_for(limits, rnd, player)
        and not cap_reached(limits, rnd, heads_up=heads_up)
    )


def can_bet(limits: Limits, rnd: RoundState, player: Wagerer, amount: int) -> bool:
    """May the seat bet to ``amount``? ``can_bet(Limits(structure="fixed-limit", unit=10), RoundState(),
    Wagerer(seat=1, stack=50), 10)`` is True."""
    try:
        verify_bet(limits, rnd, player, amount)
    except BettingError:
        return False
    return True


def can_raise(
    limits: Limits, rnd: RoundState, player: Wagerer, amount: int, *, heads_up: bool = False
) -> bool:
    """May the seat raise to ``amount``? See :func:`verify_raise`.

    >>> can_raise(Limits(structure="no-limit", unit=10), RoundState(current_bet=10, full_level=10,
    ...           increment=10, wagers=1, pot=15), Wagerer(seat=1, stack=100), 20)
    True
    """
    try:
        verify_raise(limits, rnd, player, amount, heads_up=heads_up)
    except BettingError:
        return False
    return True


def wager_range(limits: Limits, rnd: RoundState, player: Wagerer) -> tuple[int, int]:
    """The (minimum, maximum) total this seat may bet or raise to now, its stack applied (a short
    stack's only choice is all-in: both ends equal its all-in total).

    >>> wager_range(Limits(structure="no-limit", unit=20), RoundState(), Wagerer(seat=1, stack=15))
    (15, 15)
    """
    lo, hi = bet_bounds(limits, rnd, player) if rnd.current_bet == 0 else raise_bounds(limits, rnd, player)
    lo, hi = in_chips(limits, lo, hi)
    top = player.all_in_total
    if limits.structure == NO_LIMIT:
        hi = top
    return min(lo, top), min(hi, top)


__all__ = [
    "FIXED_LIMIT",
    "NO_LIMIT",
    "POT_LIMIT",
    "RULE_BET",
    "RULE_CAP",
    "RULE_CHIP",
    "RULE_FL",
    "RULE_FL_SHORT",
    "RULE_PL",
    "RULE_REOPEN_FL",
    "RULE_REOPEN_NL",
    "RULE_STACK",
    "RULE_UNITS",
    "STRUCTURES",
    "Limits",
    "RoundState",
    "Wagerer",
    "after_wager",
    "after_wager_to",
    "bet_bounds",
    "can_bet",
    "can_check",
    "can_raise",
    "can_raise_at_all",
    "cap_reached",
    "details",
    "in_chips",
    "is_full_wager",
    "is_reopened_for",
    "min_bet",
    "raise_bounds",
    "reopen_threshold",
    "to_call",
    "verify_bet",
    "verify_call",
    "verify_check",
    "verify_raise",
    "wager_range",
]
