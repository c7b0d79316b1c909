"""The dispute windows of TDA 22, as pure functions over the next hands' actions.

* **Reading of a hand** (who won, what a hand is): in time until the next hand at that table starts.
* **Accounting error** (a wrong pot, a miscount, a wrong payout of chips): in time until *substantial
  action* in the next hand at that table.

**Substantial action** (TDA 36), as Floor counts it in draw games: the players' actions in turn in the next
hand, in order (fold, check, call, bet, raise, a draw, and a clock's timeout, which is one of those); forced
bets (antes, blinds) are not actions. It has occurred once there have been **three actions**, or **two
actions of which at least one put chips in** (a call, bet or raise). A next hand that has already ended, or
a hand after it that has started, also closes the window.

>>> substantial_action([{"type": "check"}, {"type": "bet", "amount": 20}])
True
>>> substantial_action([{"type": "check"}, {"type": "check"}])
False
>>> substantial_action([{"type": "check"}, {"type": "check"}, {"type": "fold"}])
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Final

RULE_WINDOW: Final = "RULES.md §8; TDA 22, TDA 36, WSOP 76"
ACTIONS: Final = frozenset({"fold", "check", "call", "bet", "raise", "draw", "timeout"})
CHIPS_IN: Final = frozenset({"call", "bet", "raise"})


def substantial_action(events: Iterable[Mapping[str, Any]]) -> bool:
    """Whether the actions in turn ``events`` (in order) amount to substantial action (TDA 36)."""
    count = 0
    chips = False
    for event in events:
        kind = event.get("type")
        if kind not in ACTIONS:
            continue
        count += 1
        chips = chips or kind in CHIPS_IN
        if count >= 3 or (count >= 2 and chips):
            return True
    return False


@dataclass(frozen=True)
class NextHand:
    """What happened after the disputed hand at its table: the next hand (if any) and its actions so far."""

    number: int | None = None
    finished: bool = False
    events: tuple[Mapping[str, Any], ...] = ()
    later_started: bool = False  # a hand after the next one has started


@dataclass(frozen=True)
class Window:
    kind: str
    in_window: bool
    reason: str
    detail: dict[str, Any] = field(default_factory=dict)

    @property
    def late(self) -> bool:
        return not self.in_window


def dispute_window(kind: str, after: NextHand) -> Window:
    """Is a dispute of ``kind`` (``reading`` or ``accounting``) raised now still in its window?

    >>> dispute_window("reading", NextHand()).in_window
    True
    >>> dispute_window("reading", NextHand(number=8)).reason
    'next_hand_started'
    >>> dispute_window("accounting", NextHand(number=8, events=({"type": "check"},))).in_window
    True
    """
    detail: dict[str, Any] = {"rule": RULE_WINDOW, "next_hand": after.number}
    if after.number is None:
        return Window(kind, True, "no_next_hand", detail)
    if kind == "reading":
        return Window(kind, False, "next_hand_started", detail)
    actions = [e for e in after.events if e.get("type") in ACTIONS]
    detail["actions"] = len(actions)
    if after.later_started:
        return Window(kind, False, "later_hand_started", detail)
    if after.finished:
        return Window(kind, False, "next_hand_finished", detail)
    if substantial_action(actions):
        return Window(kind, False, "substantial_action", detail)
    return Window(kind, True, "no_substantial_action", detail)
