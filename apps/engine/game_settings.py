"""The settings a :class:`~apps.engine.games.Game` may take (kinds, structures, draw limits, jokers,
openings, modes, readings) and the checks of their types, with :class:`GameError`.
"""

from __future__ import annotations

from apps.engine.betting import STRUCTURES
from apps.engine.errors import EngineError

FIVE_CARD_DRAW = "five-card-draw"
TRIPLE_DRAW_27 = "2-7-triple-draw"
SINGLE_DRAW_27 = "2-7-single-draw"
KINDS = (FIVE_CARD_DRAW, TRIPLE_DRAW_27, SINGLE_DRAW_27)

DRAW_LIMITS = ("3", "3-or-4-with-ace", "5")
JOKER_MODES = ("off", "wild", "bug")
OPENINGS = ("none", "jacks-or-better")
ROUND2_STARTERS = ("opener", "left-of-button")
MODES = ("betting", "no-bet")
#: how the hand is refereed: Floor's house rules (RULES.md), or PHH's reading (PokerKit's semantics), under
#: which a standard PHH file's finishing stacks were made (``apps.engine.phh``)
HOUSE = "house"
PHH = "phh"
RULES = (HOUSE, PHH)


MAX_DRAW = {"3": 3, "3-or-4-with-ace": 4, "5": 5}
# The messages of Game's checks, made once (not at every Game built).
MSG_KIND = f"kind must be one of {KINDS}"
MSG_STRUCTURE = f"structure must be one of {STRUCTURES}"
MSG_DRAW_LIMIT = f"draw_limit must be one of {DRAW_LIMITS}"
MSG_JOKER = f"joker must be one of {JOKER_MODES}"
MSG_OPENING = f"opening must be one of {OPENINGS}"
MSG_ROUND2 = f"round2_starter must be one of {ROUND2_STARTERS}"
MSG_MODE = f"mode must be one of {MODES}"
MSG_RULES = f"rules must be one of {RULES}"

# The type of every setting, checked before anything else: a wrong type is a typed refusal, never a
# TypeError further on nor a silent coercion (10.5 chips, "10" chips, a list for a tuple).
_INT_FIELDS = (
    "draws", "ante", "small_blind", "big_blind", "big_blind_ante", "bet_step", "smallest_chip",
    "min_players", "max_players",
)  # fmt: skip
_OPTIONAL_INT_FIELDS = ("max_raises", "hands", "turn_time_limit", "starting_chips")
_TEXT_FIELDS = (
    "kind",
    "ranking",
    "structure",
    "draw_limit",
    "joker",
    "opening",
    "round2_starter",
    "mode",
    "rules",
)
_BOOL_FIELDS = ("uncap_heads_up", "call_full_blind")


def _is_whole(value: object) -> bool:
    return type(value) is int


def type_problem(name: str, value: object) -> str | None:
    """What is wrong with the type of setting ``name`` (None: nothing)."""
    if name in _INT_FIELDS or (name in _OPTIONAL_INT_FIELDS and value is not None):
        return None if _is_whole(value) else f"{name} must be a whole number, not {value!r}"
    if name in _TEXT_FIELDS:
        return None if type(value) is str else f"{name} must be text, not {value!r}"
    if name in _BOOL_FIELDS:
        return None if type(value) is bool else f"{name} must be true or false, not {value!r}"
    if name == "bet_units":
        ok = type(value) is tuple and all(_is_whole(u) for u in value)
        return None if ok else f"bet_units must be a tuple of whole numbers, not {value!r}"
    return None


def whole_settings(required: tuple[str, ...] = (), **settings: object) -> None:
    """Refuse a factory's chip or count setting that is not a whole number (``ante=10.5``, ``"10"``); the
    ``required`` ones may not be None either (the factory computes with them)."""
    for name, value in settings.items():
        if (value is not None or name in required) and not _is_whole(value):
            problem = f"{name} must be a whole number, not {value!r}"
            raise GameError(f"invalid game: {problem}", detail={"problem": problem, "field": name})


class GameError(EngineError):
    """A game definition with an impossible setting."""

    code = "game_invalid"
    rule = "RULES.md §6-7"


def amounts_in_chips(
    kind: str,
    chip: int,
    ante: int,
    small_blind: int,
    big_blind: int,
    big_blind_ante: int,
    units: tuple[int, ...],
) -> None:
    """Refuse a forced bet or bet unit that is not a whole number of the smallest chip (RULES.md §5): every
    amount but an all-in is a multiple of it, so such a blind or ante could not be posted and such a unit
    never bet. A fixed-limit unit of 20 in 100-chips left no bet to make: every first round was checked
    through and passed out, everyone anteing again, until the antes had taken the stacks (with no ante,
    forever). With every unit in chips, the least bet is always one a seat may make."""
    named = (("ante", ante), ("small_blind", small_blind), ("big_blind", big_blind))
    for name, amount in (*named, ("big_blind_ante", big_blind_ante), *(("bet_units", u) for u in units)):
        if amount % chip:
            problem = f"{name} must be a multiple of smallest_chip ({chip}), not {amount}"
            raise GameError(
                f"invalid game: {problem}",
                detail={
                    "game": kind,
                    "problem": problem,
                    "field": name,
                    "amount": amount,
                    "smallest_chip": chip,
                },
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
    "GameError",
    "amounts_in_chips",
    "type_problem",
    "whole_settings",
]
