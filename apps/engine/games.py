"""Game definitions as data: Five-Card Draw (every setting of RULES.md §6), 2-7 Triple Draw (§7) and
2-7 Single Draw (no-limit, big-blind ante, as the WSOP 2023 Event #43 hands).

A :class:`Game` says what the hand state machine needs: the ranking, the number of draws, the forced bets,
the betting structure per round and the Five-Card Draw options. It round-trips through plain JSON.

>>> g = five_card_draw(ante=5, structure="pot-limit")
>>> (g.ranking, g.draws, g.bet_units, g.structure)
('high', 1, (10, 10), 'pot-limit')
>>> Game.from_json(g.to_json()) == g
True
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from functools import cached_property
from typing import Any

from apps.engine import game_memo
from apps.engine.betting import FIXED_LIMIT, NO_LIMIT, POT_LIMIT, STRUCTURES, Limits
from apps.engine.game_settings import DRAW_LIMITS as DRAW_LIMITS
from apps.engine.game_settings import FIVE_CARD_DRAW as FIVE_CARD_DRAW
from apps.engine.game_settings import HOUSE as HOUSE
from apps.engine.game_settings import JOKER_MODES as JOKER_MODES
from apps.engine.game_settings import KINDS as KINDS
from apps.engine.game_settings import MAX_DRAW as MAX_DRAW
from apps.engine.game_settings import MODES as MODES
from apps.engine.game_settings import MSG_DRAW_LIMIT as MSG_DRAW_LIMIT
from apps.engine.game_settings import MSG_JOKER as MSG_JOKER
from apps.engine.game_settings import MSG_KIND as MSG_KIND
from apps.engine.game_settings import MSG_MODE as MSG_MODE
from apps.engine.game_settings import MSG_OPENING as MSG_OPENING
from apps.engine.game_settings import MSG_ROUND2 as MSG_ROUND2
from apps.engine.game_settings import MSG_RULES as MSG_RULES
from apps.engine.game_settings import MSG_STRUCTURE as MSG_STRUCTURE
from apps.engine.game_settings import OPENINGS as OPENINGS
from apps.engine.game_settings import PHH as PHH
from apps.engine.game_settings import ROUND2_STARTERS as ROUND2_STARTERS
from apps.engine.game_settings import RULES as RULES
from apps.engine.game_settings import SINGLE_DRAW_27 as SINGLE_DRAW_27
from apps.engine.game_settings import TRIPLE_DRAW_27 as TRIPLE_DRAW_27
from apps.engine.game_settings import GameError as GameError
from apps.engine.game_settings import amounts_in_chips, type_problem, whole_settings


@dataclass(frozen=True)
class Game:
    """One game's rules as data. ``bet_units[r]`` is betting round ``r``'s minimum bet (no-limit,
    pot-limit) or its one bet size (fixed-limit); ``bet_step`` makes amounts multiples (all-ins excepted).
    ``call_full_blind``: a big blind all-in for less still makes the full blind the amount to call (card-room
    practice; RRoP all-in before the deal); off, the call is what the blind posted (PokerKit, PHH files).

    >>> triple_draw_27(small_blind=50, big_blind=100).bet_units
    (100, 100, 200, 200)
    """

    kind: str
    ranking: str
    draws: int
    structure: str
    bet_units: tuple[int, ...]
    ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    big_blind_ante: int = 0
    max_raises: int | None = 4
    uncap_heads_up: bool = False
    bet_step: int = 1
    draw_limit: str = "5"
    joker: str = "off"
    opening: str = "none"
    round2_starter: str = "left-of-button"
    mode: str = "betting"
    hands: int | None = None
    turn_time_limit: int | None = None
    starting_chips: int | None = None
    smallest_chip: int = 1
    call_full_blind: bool = True
    min_players: int = 2
    max_players: int = 6
    rules: str = HOUSE

    def __post_init__(self) -> None:
        for f in fields(self):
            problem = type_problem(f.name, getattr(self, f.name))
            if problem is not None:
                raise GameError(
                    f"invalid game: {problem}",
                    detail={"game": self.kind, "problem": problem, "field": f.name},
                )
        checks: list[tuple[bool, str]] = [
            (self.kind in KINDS, MSG_KIND),
            (self.ranking in ("high", "high-bug", "low27"), "ranking must be high, high-bug or low27"),
            (self.draws >= 1, "at least one draw"),
            (self.structure in STRUCTURES, MSG_STRUCTURE),
            (len(self.bet_units) == self.draws + 1, "one bet unit per betting round"),
            (all(u >= 1 for u in self.bet_units), "bet units must be positive"),
            (
                min(self.ante, self.small_blind, self.big_blind, self.big_blind_ante) >= 0,
                "no negative forced bets",
            ),
            (self.small_blind <= self.big_blind, "the small blind cannot exceed the big blind"),
            (self.max_raises is None or self.max_raises >= 0, "max_raises must be >= 0 or None"),
            (self.bet_step >= 1, "bet_step must be positive"),
            (self.draw_limit in DRAW_LIMITS, MSG_DRAW_LIMIT),
            (self.joker in JOKER_MODES, MSG_JOKER),
            (self.joker == "off" or self.ranking != "low27", "no joker in 2-7 (TDA 35-A)"),
            (self.opening in OPENINGS, MSG_OPENING),
            (self.round2_starter in ROUND2_STARTERS, MSG_ROUND2),
            (self.mode in MODES, MSG_MODE),
            (self.turn_time_limit is None or self.turn_time_limit > 0, "turn_time_limit must be positive"),
            (self.hands is None or self.hands >= 1, "hands must be positive"),
            (self.smallest_chip >= 1, "smallest_chip must be positive"),
            (2 <= self.min_players <= self.max_players, "between min_players and max_players"),
            (
                self.mode == "betting" or self.kind == FIVE_CARD_DRAW,
                "only Five-Card Draw has the no-bet mode",
            ),
            (self.max_players * 5 <= 52, "not enough cards for max_players"),
            (self.rules in RULES, MSG_RULES),
        ]
        for ok, message in checks:
            if not ok:
                raise GameError(f"invalid game: {message}", detail={"game": self.kind, "problem": message})
        if self.betting:  # RULES.md §5: every forced bet and bet unit in whole smallest chips
            amounts_in_chips(self.kind, self.smallest_chip, self.ante, self.small_blind, self.big_blind,
                             self.big_blind_ante, self.bet_units)  # fmt: skip

    # --- derived ---------------------------------------------------------------------------------------

    @property
    def has_joker(self) -> bool:
        return self.joker != "off"

    @property
    def deck_size(self) -> int:
        return 53 if self.has_joker else 52

    @property
    def betting(self) -> bool:
        return self.mode == "betting"

    @property
    def max_draw(self) -> int:
        """Most cards one draw may replace (4 under the ace rule, when the kept ace or joker is shown)."""
        return MAX_DRAW[self.draw_limit]

    @property
    def passes_out(self) -> bool:
        """Does an all-check first round (no opener) redeal? (RULES.md §6: round 2 starts with the opener,
        or jacks or better is on.)"""
        return (
            self.kind == FIVE_CARD_DRAW
            and self.betting
            and (self.round2_starter == "opener" or self.opening == "jacks-or-better")
        )

    def limits(self, betting_round: int) -> Limits:
        """The :class:`~apps.engine.betting.Limits` of betting round ``betting_round`` (0-based).

        >>> triple_draw_27(small_blind=1, big_blind=2).limits(2).unit
        4
        """
        return Limits(
            structure=self.structure,
            unit=self.bet_units[betting_round],
            step=self.bet_step,
            max_raises=self.max_raises,
            uncap_heads_up=self.uncap_heads_up,
            chip=self.smallest_chip,
            phh=self.rules == PHH,
        )

    # --- JSON ------------------------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """Plain JSON types. ``Game.from_json(g.to_json()) == g``. A new dict at each call (the caller may
        change it), copied from the one built at the first: every hand state's JSON holds its game."""
        d = dict(self._json)
        d["bet_units"] = list(self.bet_units)
        return d

    @cached_property
    def _json(self) -> dict[str, Any]:
        return asdict(self)  # a deep walk, once per game: a frozen game never changes

    @classmethod
    def from_json(cls, d: Any) -> Game:
        """Inverse of :meth:`to_json`; unknown keys are refused, and so is any value of the wrong type
        (JSON's list of bet units becomes the tuple; nothing else is converted). A game read before is
        not checked again: every hand state's JSON holds its game, read at every entry."""
        key = game_memo.exact_key(cls, d)
        known: Game | None = game_memo.READ.get(key) if key is not None else None
        if known is not None:
            return known
        if not isinstance(d, dict):
            problem = f"a game is a JSON object, not {d!r}"
            raise GameError(f"invalid game: {problem}", detail={"problem": problem})
        names = {f.name for f in fields(cls)}
        unknown = sorted(set(d) - names, key=str)
        if unknown:
            raise GameError(
                f"unknown game settings {unknown}", code="game_invalid", detail={"unknown": unknown}
            )
        missing = [name for name in ("kind", "ranking", "draws", "structure", "bet_units") if name not in d]
        if missing:
            problem = f"missing settings {missing}"
            raise GameError(f"invalid game: {problem}", detail={"problem": problem, "missing": missing})
        kw = dict(d)
        if type(kw["bet_units"]) is list:
            kw["bet_units"] = tuple(kw["bet_units"])
        game = cls(**kw)
        if key is not None:
            game_memo.remember(key, game)
        return game


def five_card_draw(
    *,
    mode: str = "betting",
    ante: int = 10,
    bet_unit: int | None = None,
    structure: str = NO_LIMIT,
    draw_limit: str = "3-or-4-with-ace",
    opening: str = "none",
    round2_starter: str = "opener",
    joker: str = "off",
    hands: int = 10,
    turn_time_limit: int | None = None,
    starting_chips: int = 2000,
    max_raises: int | None = 4,
    amounts_in_units: bool = True,
    smallest_chip: int = 1,
) -> Game:
    """Five-Card Draw with the source site's defaults (RULES.md §6); the bet unit is twice the ante (with
    no ante, one smallest chip). Every forced bet and unit is a whole number of the smallest chip.

    >>> g = five_card_draw()
    >>> (g.ante, g.bet_units, g.structure, g.draw_limit, g.round2_starter, g.hands, g.passes_out)
    (10, (20, 20), 'no-limit', '3-or-4-with-ace', 'opener', 10, True)
    """
    whole_settings(
        ("ante",),
        ante=ante,
        bet_unit=bet_unit,
        smallest_chip=smallest_chip,
        hands=hands,
        starting_chips=starting_chips,
        max_raises=max_raises,
        turn_time_limit=turn_time_limit,
    )
    if type(amounts_in_units) is not bool:
        problem = f"amounts_in_units must be true or false, not {amounts_in_units!r}"
        raise GameError(f"invalid game: {problem}", detail={"problem": problem, "field": "amounts_in_units"})
    if structure not in (NO_LIMIT, POT_LIMIT, FIXED_LIMIT):
        raise GameError(f"unknown structure {structure!r}", detail={"structure": structure})
    # no ante: a unit of one chip (RULES.md §5: of the smallest in play, else no bet could be made)
    unit = bet_unit if bet_unit is not None else max(smallest_chip, 2 * ante)
    no_bet = mode == "no-bet"
    return Game(
        kind=FIVE_CARD_DRAW,
        ranking="high-bug" if joker == "bug" else "high",
        draws=1,
        structure=structure,
        bet_units=(unit, unit),
        ante=0 if no_bet else ante,
        max_raises=max_raises,
        bet_step=unit if amounts_in_units and structure != FIXED_LIMIT else 1,
        draw_limit=draw_limit,
        joker=joker,
        opening=opening,
        round2_starter=round2_starter,
        mode=mode,
        hands=hands,
        turn_time_limit=turn_time_limit,
        starting_chips=None if no_bet else starting_chips,
        smallest_chip=smallest_chip,
    )


def triple_draw_27(
    *,
    small_blind: int,
    big_blind: int,
    ante: int = 0,
    max_raises: int | None = 4,
    uncap_heads_up: bool = False,
    turn_time_limit: int | None = None,
    smallest_chip: int = 1,
    call_full_blind: bool = True,
    bet_units: tuple[int, int, int, int] | None = None,
    big_blind_ante: int = 0,
) -> Game:
    """2-7 Triple Draw, fixed-limit: small bet = the big blind (rounds 1-2), big bet = twice (rounds 3-4),
    unless ``bet_units`` says otherwise (a PHH file's ``small_bet`` and ``big_bet``).

    >>> g = triple_draw_27(small_blind=25, big_blind=50, ante=5)
    >>> (g.ranking, g.draws, g.structure, g.bet_units, g.max_raises)
    ('low27', 3, 'fixed-limit', (50, 50, 100, 100), 4)
    """
    whole_settings(
        ("small_blind", "big_blind"),
        small_blind=small_blind,
        big_blind=big_blind,
        ante=ante,
        big_blind_ante=big_blind_ante,
    )
    return Game(
        kind=TRIPLE_DRAW_27,
        ranking="low27",
        draws=3,
        structure=FIXED_LIMIT,
        bet_units=bet_units or (big_blind, big_blind, 2 * big_blind, 2 * big_blind),
        ante=ante,
        small_blind=small_blind,
        big_blind=big_blind,
        big_blind_ante=big_blind_ante,
        max_raises=max_raises,
        uncap_heads_up=uncap_heads_up,
        draw_limit="5",
        round2_starter="left-of-button",
        turn_time_limit=turn_time_limit,
        smallest_chip=smallest_chip,
        call_full_blind=call_full_blind,
        max_players=8,
    )


def single_draw_27(
    *,
    small_blind: int,
    big_blind: int,
    ante: int = 0,
    big_blind_ante: int = 0,
    min_bet: int | None = None,
    structure: str = NO_LIMIT,
    turn_time_limit: int | None = None,
    smallest_chip: int = 1,
    call_full_blind: bool = True,
) -> Game:
    """2-7 Single Draw, no-limit, with antes or a big-blind ante (PHH variant N2L1D).

    >>> g = single_draw_27(small_blind=75000, big_blind=150000, big_blind_ante=225000)
    >>> (g.draws, g.bet_units, g.big_blind_ante)
    (1, (150000, 150000), 225000)
    """
    whole_settings(
        ("small_blind", "big_blind"), small_blind=small_blind, big_blind=big_blind, min_bet=min_bet
    )
    unit = min_bet if min_bet is not None else big_blind
    return Game(
        kind=SINGLE_DRAW_27,
        ranking="low27",
        draws=1,
        structure=structure,
        bet_units=(unit, unit),
        ante=ante,
        small_blind=small_blind,
        big_blind=big_blind,
        big_blind_ante=big_blind_ante,
        draw_limit="5",
        round2_starter="left-of-button",
        turn_time_limit=turn_time_limit,
        smallest_chip=smallest_chip,
        call_full_blind=call_full_blind,
        max_players=8,
    )


__all__ = [
    "DRAW_LIMITS",
    "FIVE_CARD_DRAW",
    "HOUSE",
    "JOKER_MODES",
    "KINDS",
    "MAX_DRAW",
    "MODES",
    "MSG_DRAW_LIMIT",
    "MSG_JOKER",
    "MSG_KIND",
    "MSG_MODE",
    "MSG_OPENING",
    "MSG_ROUND2",
    "MSG_RULES",
    "MSG_STRUCTURE",
    "OPENINGS",
    "PHH",
    "ROUND2_STARTERS",
    "RULES",
    "SINGLE_DRAW_27",
    "TRIPLE_DRAW_27",
    "Game",
    "GameError",
    "five_card_draw",
    "single_draw_27",
    "triple_draw_27",
]
