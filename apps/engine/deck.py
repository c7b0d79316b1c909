"""Counting the stub when nobody knows the cards (RULES.md §7, the WSOP draw rule).

The referee never sees the deck. It counts: cards dealt, the burn of each draw, discards, folded hands,
and tells the dealer when a reshuffle is due. The rule (RULES.md §7):

* one card is burned on each draw, even if everyone stands pat;
* the discards of the draw in progress are **not** reshuffled;
* the last card of the stub is not dealt: it goes with the muck (earlier discards, burns, folded hands) into
  the reshuffle, unless that last card alone completes every draw of the round (the last drawer, who needs
  no more than the stub holds); a last card that does not complete them all is never dealt;
* with seven or eight players even the reshuffle may not cover a draw: then the discards of the players who
  already drew this round join it, never the drawing player's own (RULES.md §7);
* rule choice: no extra burn after a reshuffle (RULES.md names only one burn per draw).

PHH's reading (PokerKit, ``phh=True``): the stub is dealt to its last card, and a reshuffle takes every card
not in a hand (burns, muck, every discard of the round, the drawer's own too). PokerKit deals a draw's cards
once every discard of it is made: after its reshuffle, the later discards of that draw are in the new stub
too (``pooled``).

>>> s = Stub.new(deck=52, players=6)
>>> s.stub, s.burn().stub
(22, 21)
>>> out = s.burn().draw(5, last=False)
>>> (out.before, out.reshuffled, out.after)
(5, False, 0)
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from apps.engine.errors import RULE_RESHUFFLE as RULE_RESHUFFLE  # re-exported: defined with DeckError
from apps.engine.errors import DeckError as DeckError  # plain Python: see errors.py


@dataclass(slots=True)
class DrawOutcome:
    """How one seat's draw was dealt: ``before`` cards from the old stub, then (if ``reshuffled``) ``after``
    cards from the reshuffled one. ``stub`` is the stub afterwards.

    >>> DrawOutcome(stub=Stub.new(deck=52, players=2), before=2, reshuffled=False, after=0).total
    2
    """

    stub: Stub
    before: int
    reshuffled: bool
    after: int
    last_resort: bool = False

    # Hand-written rather than the dataclass's: compiled, mypyc makes it native (apps/engine/native.py).
    def __init__(
        self, stub: Stub, before: int, reshuffled: bool, after: int, last_resort: bool = False
    ) -> None:
        self.stub, self.before, self.reshuffled, self.after, self.last_resort = (
            stub, before, reshuffled, after, last_resort
        )  # fmt: skip

    def __reduce__(self) -> tuple[type[DrawOutcome], tuple[Stub, int, bool, int, bool]]:
        # pickle, copy and deepcopy go through __init__ (a compiled class with one has no other way in)
        return DrawOutcome, (self.stub, self.before, self.reshuffled, self.after, self.last_resort)

    @property
    def total(self) -> int:
        return self.before + self.after


@dataclass(slots=True)
class Stub:
    """Card counts of one deal: ``stub`` undealt; ``muck`` what a reshuffle takes (burns, earlier discards,
    folded hands); ``current`` discards of the draw in progress; ``reshuffles`` so far this deal.
    A value: every method returns a new one (not frozen: a frozen dataclass costs six times more to build).

    >>> Stub.new(deck=53, players=5).stub
    28
    """

    deck: int
    stub: int
    muck: int = 0
    current: int = 0
    reshuffles: int = 0
    burns: int = 0

    def __init__(
        self, deck: int, stub: int, muck: int = 0, current: int = 0, reshuffles: int = 0, burns: int = 0
    ) -> None:
        # hand-written, as DrawOutcome's
        self.deck, self.stub, self.muck, self.current, self.reshuffles, self.burns = (
            deck, stub, muck, current, reshuffles, burns
        )  # fmt: skip

    def __reduce__(self) -> tuple[type[Stub], tuple[int, int, int, int, int, int]]:
        return Stub, (self.deck, self.stub, self.muck, self.current, self.reshuffles, self.burns)  # see above

    @classmethod
    def new(cls, *, deck: int, players: int, hand_size: int = 5) -> Stub:
        """The stub after dealing ``hand_size`` cards to each of ``players``."""
        if players * hand_size > deck:
            raise DeckError(
                f"{players} players need {players * hand_size} cards; the deck has {deck}",
                detail={"deck": deck, "players": players},
            )
        return cls(deck=deck, stub=deck - players * hand_size)

    def usable(self, *, last: bool) -> int:
        """Cards that may be dealt before a reshuffle: all but the stub's last card, unless ``last``
        (this draw alone completes the round's draws).

        >>> Stub(deck=52, stub=3).usable(last=False), Stub(deck=52, stub=3).usable(last=True)
        (2, 3)
        """
        return self.stub if last else max(0, self.stub - 1)

    def reshuffle(self) -> Stub:
        """The muck and what is left of the stub are shuffled into a new stub; current discards stay out.

        >>> Stub(deck=52, stub=1, muck=12, current=4).reshuffle().stub
        13
        """
        return Stub(self.deck, self.stub + self.muck, 0, self.current, self.reshuffles + 1, self.burns)

    def burn(self) -> Stub:
        """One burn at the start of a draw (reshuffling first if the stub is empty)."""
        s = self if self.stub > 0 else self.reshuffle()
        if s.stub == 0:
            return s  # nothing at all to burn: every card is held or in the current discards
        return Stub(s.deck, s.stub - 1, s.muck + 1, s.current, s.reshuffles, s.burns + 1)

    def fold(self, cards: int = 5) -> Stub:
        """A folded hand goes to the muck."""
        return Stub(self.deck, self.stub, self.muck + cards, self.current, self.reshuffles, self.burns)

    def draw(self, count: int, *, last: bool, phh: bool = False, pooled: bool = False) -> DrawOutcome:
        """Discard ``count`` cards and deal ``count``, reshuffling when the stub cannot cover it.

        >>> out = Stub(deck=52, stub=3, muck=10).draw(4, last=False)
        >>> (out.before, out.reshuffled, out.after, out.stub.stub, out.stub.current)
        (2, True, 2, 9, 4)
        >>> out = Stub(deck=52, stub=1, muck=10).draw(3, last=True)  # the last card does not complete it
        >>> (out.before, out.after)
        (0, 3)
        """
        if pooled:  # PHH's reading, after its reshuffle in this draw: the discard went into that stub
            return DrawOutcome(replace(self), count, False, 0)
        current = self.current + count
        usable = self.stub if last or phh else max(0, self.stub - 1)
        if count <= usable:
            after = Stub(self.deck, self.stub - count, self.muck, current, self.reshuffles, self.burns)
            return DrawOutcome(after, count, False, 0)
        if phh:  # PokerKit: everything not in a hand is reshuffled, this draw's discards included
            stub = self.stub + self.muck + current - count
            after = Stub(self.deck, stub, 0, 0, self.reshuffles + 1, self.burns)
            return DrawOutcome(after, self.stub, True, count - self.stub, True)
        s = replace(self, current=current)
        before = max(0, self.stub - 1)  # the last card is never dealt when it does not complete the draws
        s = replace(s, stub=s.stub - before).reshuffle()
        rest = count - before
        last_resort = False
        if rest > s.stub:
            others = s.current - count  # discards of players who drew earlier in this draw
            s = replace(s, stub=s.stub + others, current=count)
            last_resort = True
        if rest > s.stub:
            raise DeckError(
                f"the stub and the muck cannot cover a draw of {count}",
                detail={"count": count, "stub": self.stub, "muck": self.muck},
            )
        return DrawOutcome(
            stub=replace(s, stub=s.stub - rest),
            before=before,
            reshuffled=True,
            after=rest,
            last_resort=last_resort,
        )

    def end_draw(self) -> Stub:
        """The draw is over: its discards join the muck."""
        return Stub(self.deck, self.stub, self.muck + self.current, 0, self.reshuffles, self.burns)

    def to_json(self) -> dict[str, int]:
        return {
            "deck": self.deck,
            "stub": self.stub,
            "muck": self.muck,
            "current": self.current,
            "reshuffles": self.reshuffles,
            "burns": self.burns,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Stub:
        return cls(**{k: int(v) for k, v in d.items()})
