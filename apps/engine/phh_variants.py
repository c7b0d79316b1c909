"""Poker Hand History (PHH 0.0.2): variants. A hand history's game (the variant, its forced bets and
units, Floor's own ``_floor_game``), its seats and hand number as Floor's, and the reading a file is
replayed under.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from apps.engine import games
from apps.engine.errors import PHHVariantUnsupported as PHHVariantUnsupported  # plain Python: see errors.py
from apps.engine.games import Game
from apps.engine.phh_actions import RULE_PHH, phh_error
from apps.engine.phh_read import FIVE_CARD_DRAW, SUPPORTED_VARIANTS, HandHistory

# ------------------------------------------------------------------------------------ PHH <-> Floor's game

EXAMPLE = """
variant = "N2L1D"
antes = [0, 150000, 0, 0, 0]
blinds_or_straddles = [50000, 100000, 0, 0, 0]
min_bet = 100000
starting_stacks = [7250000, 2850000, 4800000, 475000, 14325000]
actions = ["d dh p1 JsJc9s7h6s", "d dh p2 AhAdAcJd9d", "d dh p3 Qc9h4h3s3h", "d dh p4 Qd8h5s4d3d",
           "d dh p5 KsKcTs7s5c", "p3 f", "p4 cbr 200000", "p5 f", "p1 f", "p2 f"]
finishing_stacks = [7200000, 2600000, 4800000, 775000, 14325000]
"""
FLOOR_NOTE = "floor "  # commentary prefix of an engine event PHH cannot say: "# floor {json}"


def _unsupported(message: str, code: str = "phh_variant_unsupported", **detail: Any) -> PHHVariantUnsupported:
    return PHHVariantUnsupported(message, code=code, rule=RULE_PHH, detail=detail)


def _forced_bets(hh: HandHistory) -> tuple[int, int, int, int]:
    """(ante, small blind, big blind, big-blind ante) from ``antes`` and ``blinds_or_straddles``.

    Uniform antes are an ante; a lone ante at index 1 (p2; heads-up the spec reverses it onto p1, the big
    blind either way) is a big-blind ante. Straddles, button antes and other shapes are unsupported."""
    antes = hh.chips("antes")
    blinds = _blinds(hh)
    if any(blinds[2:]):
        raise _unsupported("straddles are not supported", code="phh_forced_bets_unsupported", blinds=blinds)
    dead_small = _dead_small_blind(blinds)
    bb = 0 if dead_small else 1  # the big blind's index: p1 when the small blind is dead
    ante = bb_ante = 0
    if len(set(antes)) == 1:
        ante = antes[0]
    elif not any(a for i, a in enumerate(antes) if i != bb):
        bb_ante = antes[bb]
    else:
        raise _unsupported(f"antes {antes} are neither uniform nor a big-blind ante",
                           code="phh_forced_bets_unsupported", antes=antes)  # fmt: skip
    if dead_small:  # nobody posted it: its size is the game's (``_floor_game``), else half the big blind
        return ante, blinds[0] // 2, blinds[0], bb_ante
    return ante, blinds[0], blinds[1], bb_ante


def _blinds(hh: HandHistory) -> list[int]:
    return hh.chips("blinds_or_straddles") if "blinds_or_straddles" in hh.fields else [0] * hh.player_count


def _dead_small_blind(blinds: list[int]) -> bool:
    """A big blind posted by p1 and nothing by p2, three or more players: the small blind is dead (TDA 32)."""
    return len(blinds) > 2 and blinds[0] > 0 and blinds[1] == 0


def game_from_phh(hh: HandHistory, *, rules: str | None = None) -> Game:
    """The engine :class:`~apps.engine.games.Game` of a hand: ``_floor_game`` if present, else built from the
    standard fields with Floor's defaults. Raises :class:`PHHVariantUnsupported` for other variants.
    ``rules`` (``"phh"`` or ``"house"``) sets how the hand is refereed; None: the stored game's, else
    :func:`default_rules`.

    >>> g = game_from_phh(loads(EXAMPLE))  # WSOP 2023 #43 day 5 hand 41: a big-blind ante
    >>> (g.kind, g.structure, g.bet_units, g.small_blind, g.big_blind, g.big_blind_ante)
    ('2-7-single-draw', 'no-limit', (100000, 100000), 50000, 100000, 150000)
    """
    if hh.variant not in SUPPORTED_VARIANTS:
        raise _unsupported(f"variant {hh.variant} is not played by Floor (supported: {SUPPORTED_VARIANTS})",
                           variant=hh.variant)  # fmt: skip
    stored = hh.get("_floor_game")
    if stored is None:
        return _cached_standard_game(hh, rules or "phh")
    game = _cached_standard_game(hh, "house")
    if not isinstance(stored, dict):
        raise phh_error("_floor_game must be a table", "phh_field_invalid", field="_floor_game")
    game = game_from_table(game, stored)
    if variant_of(game) != hh.variant:
        raise phh_error(f"_floor_game is a {game.kind} ({game.structure}), not {hh.variant}",
                     "phh_field_invalid", field="_floor_game")  # fmt: skip
    if rules is not None and rules != game.rules:
        game = replace(game, rules=rules)
    return game


#: games built from the standard fields, by the text of those fields: a Game is an immutable value, and the
#: hands of one file or table share it, so it is built and checked once (it was a tenth of a replay)
_GAMES: dict[str, Game] = {}
_GAME_FIELDS = (
    "variant", "antes", "blinds_or_straddles", "small_bet", "big_bet", "min_bet", "_floor_structure"
)  # fmt: skip


def _cached_standard_game(hh: HandHistory, rules: str) -> Game:
    fields = hh.fields
    key = repr([fields.get(name) for name in _GAME_FIELDS] + [rules])  # repr: True and 1, 2.0 and 2 apart
    game = _GAMES.get(key)
    if game is None:
        game = _standard_game(hh)  # raises for fields it refuses: nothing is cached then
        if rules != game.rules:
            game = replace(game, rules=rules)
        if len(_GAMES) >= 256:  # games are few; never let the cache grow without bound
            _GAMES.clear()
        _GAMES[key] = game
    return game


def _standard_game(hh: HandHistory) -> Game:
    ante, sb, bb, bb_ante = _forced_bets(hh)
    if hh.variant == "F2L3D":
        small, big = hh.amount("small_bet") or bb, hh.amount("big_bet") or 2 * bb
        if bb >= 1 and small >= 1 and big >= 1:  # one Game built, not two: the same checks pass or fail
            units = (small, small, big, big)
            return games.triple_draw_27(
                small_blind=sb, big_blind=bb, ante=ante, bet_units=units, big_blind_ante=bb_ante
            )
        game = games.triple_draw_27(small_blind=sb, big_blind=bb, ante=ante)
        return replace(game, bet_units=(small, small, big, big), big_blind_ante=bb_ante)
    if hh.variant == "N2L1D":
        return games.single_draw_27(small_blind=sb, big_blind=bb, ante=ante, big_blind_ante=bb_ante,
                                    min_bet=hh.amount("min_bet"))  # fmt: skip
    structure = str(hh.get("_floor_structure", "no-limit"))
    unit = hh.amount("small_bet" if structure == "fixed-limit" else "min_bet") or 1
    game = games.five_card_draw(ante=ante, bet_unit=unit, structure=structure, amounts_in_units=False)
    return replace(game, small_blind=sb, big_blind=bb, big_blind_ante=bb_ante)


def variant_of(game: Game) -> str:
    if game.kind == games.FIVE_CARD_DRAW:
        return FIVE_CARD_DRAW
    if game.kind == games.TRIPLE_DRAW_27 and game.structure == "fixed-limit":
        return "F2L3D"
    if game.kind == games.SINGLE_DRAW_27 and game.structure == "no-limit":
        return "N2L1D"
    raise _unsupported(f"PHH has no variant for a {game.structure} {game.kind}", kind=game.kind,
                       structure=game.structure)  # fmt: skip


def seats_from_phh(hh: HandHistory) -> tuple[list[dict[str, Any]], int]:
    """The engine's seats (``[{"seat", "stack", "name"?}]`` for p1..pn) and the button's seat number.

    Seat numbers come from ``seats`` (else 1..n); the button is ``_floor_button`` (else pn's seat).
    """
    n = hh.player_count
    numbers = [int(x) for x in hh.get("seats") or range(1, n + 1)]
    stacks = hh.chips("starting_stacks")
    names = hh.get("players") or [None] * n
    seats = []
    for number, stack, name in zip(numbers, stacks, names, strict=True):
        seat: dict[str, Any] = {"seat": number, "stack": stack}
        if name is not None:
            seat["name"] = str(name)
        seats.append(seat)
    if _dead_small_blind(_blinds(hh)):
        seats[0]["blind"] = "big"  # and no small blind marked: nobody posts it
    return seats, int(hh.get("_floor_button", numbers[-1]))


def clockwise_check(numbers: list[int], button: int) -> None:
    after = sorted(n for n in numbers if n > button) + sorted(n for n in numbers if n <= button)
    if after != numbers:
        raise phh_error(f"seats {numbers} are not clockwise from the button {button} (p1 sits left of it)",
                     "phh_field_invalid", field="seats", seats=numbers, button=button)  # fmt: skip


RULES_READINGS = ("phh", "house")


def default_rules(hh: HandHistory) -> str:
    """The reading a file is replayed under unless told: for a file Floor wrote (it has ``_floor_game``),
    the reading its game was refereed under, ``house`` (RULES.md) unless it was itself imported under
    ``phh``; for a standard file ``phh`` (a record made under PHH's own semantics, PokerKit's, under which
    alone its finishing stacks are right)."""
    stored = hh.get("_floor_game")
    if stored is None:
        return "phh"
    rules = stored.get("rules", "house") if isinstance(stored, dict) else "house"
    return rules if rules in RULES_READINGS else "house"


def hand_number(hh: HandHistory) -> int:
    number = hh.get("hand", 1)
    return number if isinstance(number, int) and not isinstance(number, bool) and number >= 1 else 1


def game_from_table(base: Game, table: Mapping[str, Any]) -> Game:
    known = base.to_json()
    settings = {k: None if v == "none" and not isinstance(known.get(k), str) else v for k, v in table.items()}
    return Game.from_json({**known, **settings})


__all__ = [
    "EXAMPLE",
    "FLOOR_NOTE",
    "RULES_READINGS",
    "clockwise_check",
    "default_rules",
    "game_from_phh",
    "game_from_table",
    "hand_number",
    "seats_from_phh",
    "variant_of",
]
