"""Progressive knockout bounties (PKO): every entry starts with the tournament's bounty on its head; whoever
eliminates it collects half of that head in cash and puts the other half onto their own head, so a player's
head grows with each knockout. The winner collects their own head at the end.

Two rules are chosen here and tested:

* **Split pots** share the head as plain bounties do (:func:`apps.engine.tournament.entries.bounties_won`):
  equally among the winners of the pot the last chips went into, the odd units one each to the winners
  clockwise from the button.
* **Halving an odd share**: the odd unit of each winner's share is paid in **cash** (it is money on the table
  now; the head keeps the whole half rounded down), so cash + head always equals the head collected.

>>> progressive_shares([("x", ["a"])], {"x": 1000})
({'a': 500}, {'a': 500})
>>> progressive_shares([("x", ["a", "b"])], {"x": 1001})
({'a': 251, 'b': 250}, {'a': 250, 'b': 250})
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from apps.engine.tournament.entries import bounties_won
from apps.engine.tournament.errors import EntryError


def halves(share: int) -> tuple[int, int]:
    """One winner's share split into (cash, onto the head): the odd unit goes to the cash.

    >>> halves(7), halves(8), halves(1)
    ((4, 3), (4, 4), (1, 0))
    """
    if share < 0:
        raise EntryError("the bounty is not negative", code="bounty_invalid")
    head = share // 2
    return share - head, head


def progressive_shares(
    knockouts: Sequence[tuple[str, Sequence[str]]], heads: Mapping[str, int]
) -> tuple[dict[str, int], dict[str, int]]:
    """(cash, head) per winner for ``knockouts`` (each player out with the winners of the pot that busted
    them, in the odd-chip order), ``heads`` being the bounty on each eliminated player's head.

    >>> progressive_shares([("x", ["a"]), ("y", ["a", "b", "c"])], {"x": 100, "y": 250})
    ({'a': 92, 'b': 42, 'c': 42}, {'a': 92, 'b': 41, 'c': 41})
    """
    cash: dict[str, int] = {}
    head: dict[str, int] = {}
    for eliminated, winners in knockouts:
        amount = int(heads.get(eliminated, 0))
        if amount == 0:
            continue
        for winner, share in bounties_won([(eliminated, winners)], amount).items():
            c, h = halves(share)
            cash[winner] = cash.get(winner, 0) + c
            head[winner] = head.get(winner, 0) + h
    return cash, head
