"""What deciding the pots works with and gives: players (:class:`PotPlayer`), strengths, the pots and
the whole :class:`PotResult` (data only; :mod:`apps.engine.pots` decides them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol

from apps.engine.pot_lines import ExplanationLine


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


def is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


__all__ = [
    "FinishingRank",
    "Layer",
    "Pot",
    "PotPlayer",
    "PotResult",
    "Strength",
    "is_int",
]
