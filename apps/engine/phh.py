"""Poker Hand History (PHH 0.0.2) read and write, and replay through Floor's hand engine.

A ``.phh`` file is one hand as TOML; a ``.phhs`` file holds many hands, each a TOML table (``[1]``,
``[2]``, ...). Every field is kept, known or not (user-defined fields start with ``_``); action strings keep
their commentary (``"p1 cbr 100 # snap"``) and unknown cards ``??``.

>>> hh = loads('variant = "F2L3D"\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n'
...            'big_bet = 4\\nstarting_stacks = [100, 100]\\n'
...            'actions = ["d dh p1 ??????????", "p2 f # tired"]')
>>> hh.player_count, hh.parsed_actions()[1].verb, hh.parsed_actions()[1].commentary
(2, 'f', 'tired')
>>> loads(dumps(hh)) == hh
True

Variants
--------
- ``F2L3D`` (2-7 Triple Draw, fixed-limit) and ``N2L1D`` (2-7 Single Draw, no-limit): as in the spec.
- ``x-floor-5CD``: Five-Card Draw, Floor's own code (PHH has none; the ``x-floor-`` prefix cannot collide
  with a future official code). The betting structure is in ``_floor_structure`` (``"no-limit"``,
  ``"pot-limit"`` or ``"fixed-limit"``); the standard fields still carry the forced bets and units
  (``antes``, ``blinds_or_straddles``, ``min_bet`` or ``small_bet``/``big_bet``).
- Any other code (``FB`` Badugi, hold'em, stud...) reads and writes fine but replays as
  ``phh_variant_unsupported``.

Floor's own fields (all optional when reading)
----------------------------------------------
- ``_floor_game``: the engine's full game settings (``Game.to_json()``): raise cap, heads-up uncapping, odd
  chip, Five-Card Draw settings (draw limit, openers, joker, ...). When present it wins over what the
  standard fields imply; when absent the game is built from the standard fields with Floor's defaults.
- ``_floor_structure``: the betting structure of an ``x-floor-5CD`` hand.
- ``_floor_button``: the button's seat number (a dead button may be an empty seat).
- A dead small blind (TDA 32) is written as the standard fields say it: ``blinds_or_straddles`` has the big
  blind on p1 (the first seat left of the button) and nothing on p2; read back, p1 is marked the big blind.
- ``seats`` (standard) holds the table seat numbers of p1..pn and ``hand`` (standard) the hand number.
- ``# floor {json}`` commentary: an engine event that the plain PHH action cannot say exactly (a time-out,
  proving openers, a reshuffle, a finishing order, a draw without its cards, a card revealed late) rides
  on the action as its commentary, or on a no-op (``"# floor {...}"``); other PHH readers see the plain
  action (or a no-op) and :func:`replay_phh` applies the event itself. A pass-out's redeal is written as
  new ``d dh`` deals. Timestamps and other event metadata are not written.

Seats: p1..pn are the players in clockwise order from the first seat left of the button, so pn is on the
button and, heads-up, p1 is the big blind (antes and blinds are "reversed" heads-up, as the spec says).
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

import tomli_w

from apps.engine import games
from apps.engine.errors import EngineError, PHHError
from apps.engine.errors import PHHVariantUnsupported as PHHVariantUnsupported  # plain Python: see errors.py
from apps.engine.events import META_FIELDS, validate_event
from apps.engine.games import Game
from apps.engine.hand import HandState, apply_event, start_hand

__all__ = [
    "FIVE_CARD_DRAW",
    "SUPPORTED_VARIANTS",
    "Action",
    "HandHistory",
    "PHHVariantUnsupported",
    "dumps",
    "dumps_all",
    "format_action",
    "load_path",
    "loads",
    "loads_all",
    "parse_action",
]

FIVE_CARD_DRAW = "x-floor-5CD"
SUPPORTED_VARIANTS = ("F2L3D", "N2L1D", FIVE_CARD_DRAW)
STRUCTURES = ("no-limit", "pot-limit", "fixed-limit")

_COMMON_REQUIRED = ("variant", "antes", "starting_stacks", "actions")
_REQUIRED: dict[str, tuple[str, ...]] = {
    "F2L3D": (*_COMMON_REQUIRED, "blinds_or_straddles", "small_bet", "big_bet"),
    "N2L1D": (*_COMMON_REQUIRED, "blinds_or_straddles", "min_bet"),
    "FB": (*_COMMON_REQUIRED, "blinds_or_straddles", "small_bet", "big_bet"),
}
# The order fields are written in: the spec's order, then anything else as read.
_FIELD_ORDER = (
    "variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
    "min_bet", "starting_stacks", "actions", "author", "event", "url", "venue", "address", "city", "region",
    "postal_code", "country", "time", "time_zone", "time_zone_abbreviation", "day", "month", "year", "hand",
    "level", "seats", "seat_count", "table", "players", "finishing_stacks", "winnings", "currency",
    "currency_symbol", "time_limit", "time_banks",
)  # fmt: skip
_PER_PLAYER = ("antes", "blinds_or_straddles", "starting_stacks", "seats", "players", "finishing_stacks",
               "winnings", "time_banks")  # fmt: skip
_CARD = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?|Xx)")
_RULE = "PHH 0.0.2"


_UNSUPPORTED_CODES = ("phh_variant_unsupported", "phh_forced_bets_unsupported")


def _error(message: str, code: str, **detail: Any) -> PHHError:
    return PHHError(message, code=code, rule=_RULE, detail=detail)


# --------------------------------------------------------------------------------------------------- actions


@dataclass(frozen=True, slots=True)
class Action:
    """One PHH action. ``player`` is 1-based (``p1`` → 1); ``None`` for the dealer (``d``) and for no-ops.

    ``cards`` is ``None`` when the argument is omitted (``p1 sd`` stands pat, ``p1 sm`` mucks) and ``("-",)``
    for ``p1 sm -`` (show the cards already dealt).

    >>> parse_action("p2 cbr 300 # all in")
    Action(verb='cbr', player=2, cards=None, amount=300, commentary='all in')
    >>> format_action(parse_action("d dh p1 7h6c??"))
    'd dh p1 7h6c??'
    """

    verb: str  # dh, db, pb, cbr, cc, f, sd, sm, or "" for a no-op
    player: int | None = None
    cards: tuple[str, ...] | None = None
    amount: int | None = None
    commentary: str | None = None


def parse_cards(text: str) -> tuple[str, ...]:
    """Split concatenated PHH cards: ``"7h??Xx"`` → ``("7h", "??", "Xx")``."""
    cards = tuple(_CARD.findall(text))
    if "".join(cards) != text or not cards:
        raise _error(f"bad card text {text!r}", "phh_card_invalid", cards=text)
    return cards


def _parse_player(word: str, action: str) -> int:
    if len(word) < 2 or word[0] != "p" or not word[1:].isdigit() or int(word[1:]) < 1:
        raise _error(f"bad player {word!r} in action {action!r}", "phh_action_invalid", action=action)
    return int(word[1:])


def _parse_amount(word: str, action: str) -> int:
    try:
        value = Decimal(word)
    except ArithmeticError:
        value = Decimal("NaN")
    if not value.is_finite() or value != value.to_integral_value() or value <= 0:
        raise _error(f"bad amount {word!r} in action {action!r} (chips are whole numbers)",
                     "phh_action_invalid", action=action)  # fmt: skip
    return int(value)


def parse_action(text: str) -> Action:
    """Parse one action string (see :class:`Action`); raises ``PHHError`` ``phh_action_invalid``."""
    body, hash_, comment = text.partition("#")
    commentary = comment.strip() if hash_ else None
    words = body.split()
    try:
        match words:
            case []:
                return Action("", commentary=commentary)
            case ["d", "dh", player, cards]:
                return Action("dh", _parse_player(player, text), parse_cards(cards), commentary=commentary)
            case ["d", "db", cards]:
                return Action("db", None, parse_cards(cards), commentary=commentary)
            case [player, ("f" | "cc" | "pb") as verb]:
                return Action(verb, _parse_player(player, text), commentary=commentary)
            case [player, "cbr", amount]:
                return Action(
                    "cbr", _parse_player(player, text), None, _parse_amount(amount, text), commentary
                )
            case [player, ("sd" | "sm") as verb]:
                return Action(verb, _parse_player(player, text), commentary=commentary)
            case [player, "sm", "-"]:
                return Action("sm", _parse_player(player, text), ("-",), commentary=commentary)
            case [player, ("sd" | "sm") as verb, cards]:
                return Action(verb, _parse_player(player, text), parse_cards(cards), commentary=commentary)
    except PHHError as exc:
        raise _error(f"bad action {text!r}: {exc.message}", "phh_action_invalid", action=text) from exc
    raise _error(f"bad action {text!r}", "phh_action_invalid", action=text)


_PLAYERS = {f"p{i}": i for i in range(1, 100)}
_PLAYER_VERBS = frozenset(("f", "cc", "pb", "sd", "sm"))


_Fields = tuple[str, int | None, str | None, int | None, str | None]  # verb, player, cards text, amount, note
_PHH_CARDS = re.compile(r"(?:[2-9TJQKA][cdhs]|\?\?|Xx)+")


def _is_card_text(text: str) -> bool:
    """``_PHH_CARDS.fullmatch(text)``, pair by pair without the regular expression (every token is two
    characters, so the pairs are the tokens).

    >>> _is_card_text("7h??Xx"), _is_card_text("7h6"), _is_card_text("7H6c")
    (True, False, False)
    """
    n = len(text)
    if not n or n & 1:
        return False
    for i in range(0, n, 2):
        rank, suit = text[i], text[i + 1]
        if not (
            (rank in "23456789TJQKA" and suit in "cdhs")
            or (rank == "?" and suit == "?")
            or (rank == "X" and suit == "x")
        ):
            return False
    return True


def _quick_fields(text: str) -> _Fields | None:
    """The usual action strings, read without ``Decimal`` or ``match`` for :func:`replay_phh`: the fields
    :func:`parse_action` gives (the cards as one text, ``"-"`` for ``sm -``); ``None`` for anything else
    (commentary, odd forms, errors), which :func:`parse_action` then reads or refuses."""
    if "#" in text:
        return None
    words = text.split()
    n = len(words)
    if n == 2:
        player = _PLAYERS.get(words[0])
        if player is not None and words[1] in _PLAYER_VERBS:
            return words[1], player, None, None, None
    elif n == 3:
        player = _PLAYERS.get(words[0])
        verb, arg = words[1], words[2]
        if player is None:
            return None
        if verb == "cbr":
            if arg.isascii() and arg.isdigit() and int(arg) > 0:
                return "cbr", player, None, int(arg), None
        elif verb == "sd" or verb == "sm":
            if arg == "-":
                return ("sm", player, "-", None, None) if verb == "sm" else None
            if _is_card_text(arg):
                return verb, player, arg, None, None
    elif n == 4 and words[0] == "d" and words[1] == "dh":
        player = _PLAYERS.get(words[2])
        arg = words[3]
        if player is not None and _is_card_text(arg):
            return "dh", player, arg, None, None
    return None


def _fields(text: str) -> _Fields:
    """The fields of any action string (:func:`parse_action` reads the unusual ones, or refuses them)."""
    quick = _quick_fields(text)
    if quick is not None:
        return quick
    a = parse_action(text)
    cards = None if a.cards is None else "-" if a.cards == ("-",) else "".join(a.cards)
    return a.verb, a.player, cards, a.amount, a.commentary


def format_action(action: Action) -> str:
    """Write an :class:`Action` back as PHH text (the inverse of :func:`parse_action`)."""
    words: list[str] = []
    if action.verb in ("dh", "db"):
        words += ["d", action.verb]
    elif action.verb:
        words += [f"p{action.player}", action.verb]
    if action.verb == "dh":
        words.append(f"p{action.player}")
    if action.amount is not None:
        words.append(str(action.amount))
    if action.cards is not None:
        words.append("".join(action.cards))
    if action.commentary is not None:
        words += ["#", action.commentary] if action.commentary else ["#"]
    return " ".join(words)


# ------------------------------------------------------------------------------------------ hand histories


@dataclass(slots=True)
class HandHistory:
    """One hand: every TOML field as read (standard, user-defined ``_...`` and unknown ones), in order.

    ``name`` is the table name in a ``.phhs`` file (``"1"``), or ``None`` for a lone ``.phh``.
    """

    fields: dict[str, Any]
    name: str | None = field(default=None, compare=False)

    def __post_init__(self) -> None:
        _validate(self.fields)

    @property
    def variant(self) -> str:
        return str(self.fields["variant"])

    @property
    def player_count(self) -> int:
        return len(self.fields["starting_stacks"])

    @property
    def actions(self) -> list[str]:
        return list(self.fields["actions"])

    @property
    def finishing_stacks(self) -> list[int] | None:
        stacks = self.fields.get("finishing_stacks")
        return None if stacks is None else [_chips(v, "finishing_stacks") for v in stacks]

    def get(self, name: str, default: Any = None) -> Any:
        return self.fields.get(name, default)

    def parsed_actions(self) -> list[Action]:
        return [parse_action(text) for text in self.actions]

    def chips(self, name: str) -> list[int]:
        """A per-player chip field as whole numbers (``PHHError`` for ``inf`` or fractions)."""
        return [_chips(v, name) for v in self.fields.get(name) or [0] * self.player_count]

    def amount(self, name: str) -> int | None:
        value = self.fields.get(name)
        return None if value is None else _chips(value, name)


def _chips(value: Any, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | float | Decimal):
        raise _error(f"{name} must hold numbers, not {value!r}", "phh_field_invalid", field=name)
    if isinstance(value, int):
        return value
    if not math.isfinite(value) or value != int(value):
        raise _error(f"{name}: {value} is not a whole number of chips", "phh_field_invalid", field=name)
    return int(value)


def _validate(fields: Mapping[str, Any]) -> None:
    variant = fields.get("variant")
    if not isinstance(variant, str):
        raise _error("the variant field is missing", "phh_field_missing", field="variant")
    required = _REQUIRED.get(variant, _COMMON_REQUIRED)
    if variant == FIVE_CARD_DRAW:
        structure = fields.get("_floor_structure", "no-limit")
        if structure not in STRUCTURES:
            raise _error(f"_floor_structure must be one of {STRUCTURES}", "phh_field_invalid",
                         field="_floor_structure")  # fmt: skip
        bets = ("small_bet", "big_bet") if structure == "fixed-limit" else ("min_bet",)
        required = (*_COMMON_REQUIRED, *bets)
    for name in required:
        if name not in fields:
            raise _error(
                f"the required field {name} is missing for {variant}", "phh_field_missing", field=name
            )
    actions = fields["actions"]
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise _error("actions must be an array of strings", "phh_field_invalid", field="actions")
    stacks = fields["starting_stacks"]
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise _error("starting_stacks must list two players or more", "phh_field_invalid",
                     field="starting_stacks")  # fmt: skip
    for name in _PER_PLAYER:
        value = fields.get(name)
        if value is not None and (not isinstance(value, list) or len(value) != len(stacks)):
            raise _error(f"{name} must have one entry per player ({len(stacks)})", "phh_field_invalid",
                         field=name)  # fmt: skip


# ------------------------------------------------------------------------------------------------ read/write


def _toml(text: str) -> dict[str, Any]:
    try:
        # Decimal keeps 0.1 exact so that a fraction of a chip is reported, never rounded.
        return tomllib.loads(text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise _error(f"not valid TOML: {exc}", "phh_toml_invalid") from exc


def loads(text: str) -> HandHistory:
    """Read one ``.phh`` hand."""
    return HandHistory(_toml(text))


def loads_all(text: str) -> list[HandHistory]:
    """Read a ``.phhs`` file: every top-level table is a hand, named by its key (``[1]`` → ``"1"``)."""
    hands = []
    for name, value in _toml(text).items():
        if not isinstance(value, dict):
            raise _error(f"a .phhs file holds only tables of hands, not {name!r}", "phh_field_invalid",
                         field=name)  # fmt: skip
        try:
            hands.append(HandHistory(value, name))
        except PHHError as exc:
            exc.detail["hand"] = name
            raise
    return hands


def load_path(path: str | Path) -> list[HandHistory]:
    """Read a ``.phhs`` (many hands) or any other file as one ``.phh`` hand. ``OSError`` passes through."""
    path = Path(path)
    text = path.read_text(encoding="utf-8")
    return loads_all(text) if path.suffix == ".phhs" else [loads(text)]


def _plain(value: Any) -> Any:
    # tomli_w writes Decimal fine, but inf/nan must stay TOML floats.
    if isinstance(value, Decimal) and not value.is_finite():
        return float(value)
    if isinstance(value, list):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items() if v is not None}
    return value


def _ordered(fields: Mapping[str, Any]) -> dict[str, Any]:
    known = [name for name in _FIELD_ORDER if name in fields]
    rest = [name for name in fields if name not in _FIELD_ORDER]
    return {name: _plain(fields[name]) for name in (*known, *rest) if fields[name] is not None}


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _key(name: str) -> str:
    return name if _BARE_KEY.fullmatch(name) else _value(name)


def _value(value: Any) -> str:
    if isinstance(value, list) and all(isinstance(v, str) for v in value) and sum(map(len, value)) > 80:
        return "[\n" + "".join(f"    {_value(v)},\n" for v in value) + "]"
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return tomli_w.dumps({"x": value})[4:].rstrip("\n")


def _dump_table(fields: Mapping[str, Any], name: str | None) -> str:
    # Scalars and arrays inline (one action a line); sub-tables (user-defined) after, through tomli_w.
    fields = _ordered(fields)
    lines = [] if name is None else [f"[{_key(name)}]"]
    lines += [f"{_key(k)} = {_value(v)}" for k, v in fields.items() if not isinstance(v, dict)]
    tables = {k: v for k, v in fields.items() if isinstance(v, dict)}
    if tables:
        lines += ["", tomli_w.dumps(tables if name is None else {name: tables}).rstrip("\n")]
    return "\n".join(lines) + "\n"


def dumps(hh: HandHistory) -> str:
    """Write one hand as ``.phh`` TOML text."""
    return _dump_table(hh.fields, None)


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """Write many hands as ``.phhs``; hands keep their name, or get their 1-based position."""
    parts: dict[str, str] = {}
    for i, hh in enumerate(hands, start=1):
        name = hh.name or str(i)
        if name in parts:
            raise _error(f"two hands are named {name!r}", "phh_field_invalid", hand=name)
        parts[name] = _dump_table(hh.fields, name)
    return "\n".join(parts.values())


def iter_paths(paths: Iterable[str | Path]) -> Iterator[Path]:
    """Files as given, and folders searched recursively for ``*.phh`` and ``*.phhs``, sorted."""
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            yield from sorted(p for p in path.rglob("*") if p.suffix in (".phh", ".phhs") and p.is_file())
        else:
            yield path


# -------------------------------------------------------------------------------------------------- replay


@dataclass(frozen=True, slots=True)
class FailedAction:
    """Why a hand did not replay: the first refused action (``index`` into ``actions``, 0-based, and its
    text), or ``index=None`` for the hand as a whole (unsupported variant, finishing stacks that differ)."""

    index: int | None
    action: str | None
    code: str
    rule: str | None
    message: str
    detail: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {"index": self.index, "action": self.action, "code": self.code, "rule": self.rule,
                "message": self.message, "detail": self.detail}  # fmt: skip


@dataclass(slots=True)
class ReplayResult:
    """The outcome of :func:`replay_phh`: ``final_stacks`` (``None`` if the hand did not reach its end),
    the file's ``expected_stacks`` (``finishing_stacks``), and the first failure if any. ``rules``: the
    reading it was replayed under (``"phh"`` or ``"house"``); ``event_actions[i]``: the index of the PHH
    action that ``events[i]`` came from. :attr:`notes` (made when first read, so a replay that does not
    ask costs nothing more): under ``phh``, every point where RULES.md would rule otherwise."""

    final_stacks: list[int] | None
    expected_stacks: list[int] | None
    error: FailedAction | None
    events: list[dict[str, Any]] = field(default_factory=list)
    rules: str = "house"
    event_actions: list[int] = field(default_factory=list)
    early_notes: list[dict[str, Any]] = field(default_factory=list)
    _notes: list[dict[str, Any]] | None = None
    _hh: HandHistory | None = None

    @property
    def ok(self) -> bool:
        return self.error is None

    @property
    def notes(self) -> list[dict[str, Any]]:
        """``[{"index", "action", "note", ...}]``: under PHH's reading, each action (``index`` into the
        file's ``actions``; ``None`` for the hand as a whole) where the house rules would rule otherwise."""
        if self._notes is None:
            from apps.engine.phh_reading import house_notes

            later = house_notes(self) if self._hh is not None and self.rules == "phh" else []
            self._notes = sorted(
                self.early_notes + later, key=lambda n: -1 if n["index"] is None else n["index"]
            )
        return self._notes

    @property
    def status(self) -> str:
        """``"ok"``, ``"unsupported"`` (a variant Floor does not play) or ``"failed"``."""
        if self.error is None:
            return "ok"
        return "unsupported" if self.error.code in _UNSUPPORTED_CODES else "failed"


# ------------------------------------------------------------------------------------ PHH <-> Floor's game

_EXAMPLE = """
variant = "N2L1D"
antes = [0, 150000, 0, 0, 0]
blinds_or_straddles = [50000, 100000, 0, 0, 0]
min_bet = 100000
starting_stacks = [7250000, 2850000, 4800000, 475000, 14325000]
actions = ["d dh p1 JsJc9s7h6s", "d dh p2 AhAdAcJd9d", "d dh p3 Qc9h4h3s3h", "d dh p4 Qd8h5s4d3d",
           "d dh p5 KsKcTs7s5c", "p3 f", "p4 cbr 200000", "p5 f", "p1 f", "p2 f"]
finishing_stacks = [7200000, 2600000, 4800000, 775000, 14325000]
"""
_FLOOR_NOTE = "floor "  # commentary prefix of an engine event PHH cannot say: "# floor {json}"


def _unsupported(message: str, code: str = "phh_variant_unsupported", **detail: Any) -> PHHVariantUnsupported:
    return PHHVariantUnsupported(message, code=code, rule=_RULE, detail=detail)


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

    >>> g = game_from_phh(loads(_EXAMPLE))  # WSOP 2023 #43 day 5 hand 41: a big-blind ante
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
        raise _error("_floor_game must be a table", "phh_field_invalid", field="_floor_game")
    game = _game_from_table(game, stored)
    if _variant_of(game) != hh.variant:
        raise _error(f"_floor_game is a {game.kind} ({game.structure}), not {hh.variant}",
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


def _variant_of(game: Game) -> str:
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


def _clockwise_check(numbers: list[int], button: int) -> None:
    after = sorted(n for n in numbers if n > button) + sorted(n for n in numbers if n <= button)
    if after != numbers:
        raise _error(f"seats {numbers} are not clockwise from the button {button} (p1 sits left of it)",
                     "phh_field_invalid", field="seats", seats=numbers, button=button)  # fmt: skip


def _floor_event(commentary: str | None) -> dict[str, Any] | None:
    """The engine event carried in a ``# floor {json}`` commentary, if any."""
    note = commentary or ""
    if not note.startswith(_FLOOR_NOTE):
        return None
    try:
        event = json.loads(note[len(_FLOOR_NOTE) :])
    except json.JSONDecodeError as exc:
        raise _error(f"bad floor event in commentary {note!r}", "phh_action_invalid") from exc
    if not isinstance(event, dict):
        raise _error(f"bad floor event in commentary {note!r}", "phh_action_invalid")
    return event


def _receives(actions: list[_Fields]) -> dict[int, tuple[int, str]]:
    """Pair each discard ``pN sd cards`` with the ``d dh pN cards`` that replaces them later (PHH writes the
    discards of a draw first, then the deals): ``{sd index: (dh index, cards)}``."""
    paired: dict[int, tuple[int, str]] = {}
    used: set[int] = set()
    for i, (verb, player, cards, _, _) in enumerate(actions):
        if verb != "sd" or not cards:
            continue
        for j in range(i + 1, len(actions)):
            other, other_player, other_cards = actions[j][:3]
            if other == "dh" and other_player == player and j not in used:
                paired[i] = (j, other_cards or "")
                used.add(j)
                break
            if other in ("cc", "cbr", "f") or (other == "sd" and other_player == player):
                break
    return paired


def _event_for(state: HandState, action: Action, seat: int, receive: str | None) -> dict[str, Any] | None:
    """The engine event of one PHH action in this state (``None`` for a no-op)."""
    cards = action.cards
    text = None if cards is None else "-" if cards == ("-",) else "".join(cards)
    return _event_of(state, action.verb, seat, text, action.amount, receive)


def _event_of(
    state: HandState, verb: str, seat: int, cards: str | None, amount: int | None, receive: str | None
) -> dict[str, Any] | None:
    """:func:`_event_for` from an action's fields, its cards as one text (``"-"``: show what is known)."""
    if verb == "cc":
        me = state.seat(seat)
        return {"type": "call" if state.rnd.current_bet > me.bet else "check", "seat": seat}
    if verb == "dh":
        return {"type": "deal", "seat": seat, "cards": cards or ""}
    if verb == "cbr":
        kind = "raise" if state.rnd.current_bet > 0 else "bet"
        return {"type": kind, "seat": seat, "amount": amount}
    if verb == "f":
        return {"type": "fold", "seat": seat}
    if verb == "sd":
        event: dict[str, Any] = {"type": "draw", "seat": seat, "count": len(cards) // 2 if cards else 0}
        if cards:
            event["discard"] = cards
        if receive:
            event["receive"] = receive
        return event
    if verb == "sm":
        if cards == "-":
            return {"type": "show", "seat": seat, "cards": state.cards(seat)}
        if cards:
            return {"type": "show", "seat": seat, "cards": cards}
        return {"type": "muck", "seat": seat}
    if verb == "":
        return None
    raise _error(f"PHH action {verb!r} has no meaning in draw games", "phh_action_unsupported")


def _failure(index: int | None, text: str | None, exc: EngineError) -> FailedAction:
    return FailedAction(index, text, exc.code, exc.rule, exc.message, dict(exc.detail))


RULES_READINGS = ("phh", "house")
_NOT_NOW = ("wrong_phase", "not_your_turn", "hand_finished")
_BETTING_VERBS = frozenset(("cc", "cbr", "f"))
RULE_SKIPPED_CHECK = "RULES.md §4"
NOTE_SKIPPED_CHECK = (
    "legal under PHH: PokerKit asks the last player with chips to check; RULES.md §4 skips that turn "
    "(nobody is left to answer a bet)"
)


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


def replay_phh(hh: HandHistory, *, rules: str | None = None) -> ReplayResult:
    """Apply every action of ``hh`` through the hand engine (which checks each one) and compare the final
    stacks with ``finishing_stacks`` when the file has them. ``rules``: ``"phh"`` (PHH's reading, PokerKit's
    semantics) or ``"house"`` (RULES.md); None: :func:`default_rules`. Under ``phh``, the result's
    ``notes`` say where RULES.md would rule otherwise.

    >>> r = replay_phh(loads(_EXAMPLE))
    >>> (r.ok, r.rules, r.final_stacks)
    (True, 'phh', [7200000, 2600000, 4800000, 775000, 14325000])
    >>> r.events[6]
    {'type': 'raise', 'seat': 4, 'amount': 200000}
    """
    if rules is None:
        rules = default_rules(hh)
    elif rules not in RULES_READINGS:
        raise _error(
            f"rules must be one of {RULES_READINGS}, not {rules!r}", "phh_rules_invalid", rules=rules
        )
    phh_reading = rules == "phh"
    try:
        expected = hh.finishing_stacks
    except PHHError as exc:
        return ReplayResult(None, None, _failure(None, None, exc), rules=rules)
    try:
        game = game_from_phh(hh, rules=rules)
        seats, button = seats_from_phh(hh)
        numbers = [s["seat"] for s in seats]
        _clockwise_check(numbers, button)
        state = start_hand(game, seats, button, _hand_number(hh))
    except EngineError as exc:
        return ReplayResult(None, expected, _failure(None, None, exc), rules=rules)
    texts = hh.actions
    events: list[dict[str, Any]] = []
    event_actions: list[int] = []
    early: list[dict[str, Any]] = []
    parsed: list[_Fields] = []
    for i, text in enumerate(texts):
        try:
            parsed.append(_fields(text))
        except PHHError as exc:
            return ReplayResult(None, expected, _failure(i, text, exc), events, rules)
    receives = _receives(parsed)
    consumed = {j for j, _ in receives.values()}
    count = len(numbers)
    round_ended = False  # PHH's reading: the last betting action ended its round (PokerKit may ask a check)
    for i, (verb, player, cards, amount, note) in enumerate(parsed):
        if i in consumed:
            continue
        try:
            if player is None:
                seat = 0
            elif 1 <= player <= count:
                seat = numbers[player - 1]
            else:
                raise _error(f"no player p{player} in a {count}-player hand", "phh_action_invalid",
                             action=texts[i])  # fmt: skip
            floor = _floor_event(note) if note is not None else None
            if floor is not None:
                apply_event(state, validate_event(floor))  # JSON from the file: its shape is checked first
                events.append(floor)
                event_actions.append(i)
                round_ended = False
                continue
            event = _event_of(state, verb, seat, cards, amount, receives[i][1] if i in receives else None)
            if event is not None:
                before = (state.deal, state.round, state.phase)
                try:
                    # built by _event_of from a parsed action: its shape is right by construction
                    apply_event(state, event)
                except EngineError as exc:
                    if not (phh_reading and round_ended and verb == "cc" and exc.code in _NOT_NOW):
                        raise
                    me = state.seat(seat)
                    if me.folded or me.stack <= 0:
                        raise
                    # PokerKit asks the last player with chips to check though nobody can answer a bet:
                    # a check changes no chip, so it is read as said and noted.
                    early.append({"index": i, "action": texts[i], "code": "phh_check_skipped",
                                  "rule": RULE_SKIPPED_CHECK, "note": NOTE_SKIPPED_CHECK})  # fmt: skip
                    round_ended = False
                    continue
                events.append(event)
                event_actions.append(i)
                round_ended = verb in _BETTING_VERBS and before != (state.deal, state.round, state.phase)
        except EngineError as exc:
            return ReplayResult(
                None, expected, _failure(i, texts[i], exc), events, rules, event_actions, early
            )
    stacks = state.stacks()
    final = [stacks[n] for n in numbers] if state.finished else None
    error = None
    if expected is not None and final != expected:
        odd = _odd_chips_reading(state, numbers) if phh_reading and final is not None else None
        if odd is not None and odd == expected:
            note = (
                f"the finishing stacks {expected} give each split pot's odd chips as PokerKit does (the "
                f"whole remainder to the first winner left of the button); RULES.md §5 (TDA 20) gives them "
                f"one at a time from the left of the button: {final}"
            )
            early.append(
                {"index": None, "action": None, "code": "phh_odd_chips", "rule": "RULES.md §5; TDA 20",
                 "note": note, "phh_stacks": expected, "house_stacks": final}
            )  # fmt: skip
        else:
            error = FailedAction(None, None, "phh_stacks_mismatch", _RULE,
                                 f"final stacks {final} differ from finishing_stacks {expected}",
                                 {"final_stacks": final, "expected_stacks": expected})  # fmt: skip
    return ReplayResult(final, expected, error, events, rules, event_actions, early, None, hh)


def _odd_chips_reading(state: HandState, numbers: list[int]) -> list[int] | None:
    """The final stacks had each split pot's remainder gone whole to its first winner (PokerKit's way);
    None when no pot was split unevenly."""
    result = state.result
    if not result or result.get("kind") != "pots":
        return None
    received = {int(k): int(v) for k, v in result["returned"].items()}
    uneven = False
    for pot in result["pots"]:
        winners = [int(w) for w in pot["winners"]]
        each, left = divmod(int(pot["amount"]), len(winners))
        uneven = uneven or (left > 0 and len(winners) > 2)
        for w in winners:
            received[w] = received.get(w, 0) + each
        received[winners[0]] += left
    if not uneven:
        return None
    got = {int(k): int(v) for k, v in result["received"].items()}
    stacks = state.stacks()
    return [stacks[n] - got.get(n, 0) + received.get(n, 0) for n in numbers]


def _hand_number(hh: HandHistory) -> int:
    number = hh.get("hand", 1)
    return number if isinstance(number, int) and not isinstance(number, bool) and number >= 1 else 1


# --------------------------------------------------------------------------------------- Floor -> PHH


def _game_fields(game: Game, n: int) -> dict[str, Any]:
    fields: dict[str, Any] = {"variant": _variant_of(game), "ante_trimming_status": not game.big_blind_ante}
    antes = [game.ante] * n
    antes[1] += game.big_blind_ante  # p2, or heads-up p1 through the spec's reversal: the big blind
    fields["antes"] = antes
    fields["blinds_or_straddles"] = [game.small_blind, game.big_blind] + [0] * (n - 2)
    if game.structure == "fixed-limit":
        fields["small_bet"], fields["big_bet"] = game.bet_units[0], game.bet_units[-1]
    else:
        fields["min_bet"] = game.bet_units[0]
    if game.kind == games.FIVE_CARD_DRAW:
        fields["_floor_structure"] = game.structure
    return fields


def _floor_game_table(game: Game) -> dict[str, Any]:
    # TOML has no null: a number setting that is None (no raise cap, no time limit) is written "none".
    return {k: "none" if v is None else v for k, v in game.to_json().items()}


def _game_from_table(base: Game, table: Mapping[str, Any]) -> Game:
    known = base.to_json()
    settings = {k: None if v == "none" and not isinstance(known.get(k), str) else v for k, v in table.items()}
    return Game.from_json({**known, **settings})


class _Writer:
    """Turns engine events into PHH actions while replaying them (the meaning of ``cc``/``cbr`` and of a
    timeout depends on the state). Draw receives are held back and written after the draw's discards."""

    def __init__(self, state: HandState, numbers: list[int]) -> None:
        self.state = state
        self.player = {seat: i + 1 for i, seat in enumerate(numbers)}
        self.actions: list[str] = []
        self.receives: list[Action] = []
        self.fresh_deal = True
        self.deal_number = state.deal

    def add(self, event: Mapping[str, Any]) -> None:
        event = {k: v for k, v in event.items() if k not in META_FIELDS}  # who/when: not hand history
        before = self.state
        after = before.apply(event)
        kind = event["type"]
        if kind != "draw" or after.deal != before.deal:
            self._flush()
        action, receive = self._action(before, after, event)
        if receive is not None:
            self.receives.append(receive)
        seat = event.get("seat", 0)
        rebuilt = None
        if action.verb:
            rebuilt = _event_for(before, action, seat, "".join(receive.cards or ()) if receive else None)
        if rebuilt != event:
            action = replace(action, commentary=_FLOOR_NOTE + json.dumps(event, separators=(",", ":")))
        self.actions.append(format_action(action))
        self.fresh_deal = kind == "deal" and self.fresh_deal and after.deal == self.deal_number
        if after.deal != self.deal_number:
            self.deal_number, self.fresh_deal = after.deal, True
        self.state = after

    def _action(
        self, before: HandState, after: HandState, event: Mapping[str, Any]
    ) -> tuple[Action, Action | None]:
        kind, seat = event["type"], event.get("seat")
        p = self.player.get(seat) if seat is not None else None
        if kind == "deal" and self.fresh_deal:
            return Action("dh", p, parse_cards(event["cards"].replace(" ", ""))), None
        if kind in ("fold", "check", "call", "bet", "raise"):
            verb = {"fold": "f", "check": "cc", "call": "cc"}.get(kind, "cbr")
            return Action(verb, p, amount=event.get("amount") if verb == "cbr" else None), None
        if kind == "draw" and before.phase == "drawing":
            count = int(event["count"])
            discard = _cards_or_unknown(event.get("discard"), count)
            receive = Action("dh", p, _cards_or_unknown(event.get("receive"), count)) if count else None
            return Action("sd", p, discard), receive
        if kind == "show":
            return Action("sm", p, parse_cards(event["cards"].replace(" ", ""))), None
        if kind == "muck":
            return Action("sm", p), None
        if kind == "timeout" and seat is not None:
            return _timeout_action(before, after, seat, p), None
        return Action(""), None  # said only in the floor note (reshuffle, proofs, finishing order, late deal)

    def _flush(self) -> None:
        self.actions += [format_action(a) for a in self.receives]
        self.receives = []

    def finish(self) -> list[str]:
        self._flush()
        return self.actions


def _cards_or_unknown(text: Any, count: int) -> tuple[str, ...] | None:
    if not count:
        return None
    if isinstance(text, list | tuple):
        text = "".join(text)
    return parse_cards(str(text).replace(" ", "")) if text else ("??",) * count


def _timeout_action(before: HandState, after: HandState, seat: int, p: int | None) -> Action:
    if after.seat(seat).folded and not before.seat(seat).folded:
        return Action("sm" if before.phase == "showdown" else "f", p)
    return Action({"betting": "cc", "drawing": "sd"}.get(before.phase, ""), p)


def phh_from_hand(
    game: Game,
    seats: Iterable[Mapping[str, Any]],
    button: int,
    hand_number: int,
    events: Iterable[Mapping[str, Any]],
    **extra: Any,
) -> HandHistory:
    """Write a Floor hand (its game, seats, button and events) as PHH. Every event is replayed (and so
    checked); ``extra`` fields (``event``, ``table``, ``_anything``...) are added as given.

    An event that the PHH action cannot say exactly (a timeout, a reshuffle, proving openers, a draw
    without its cards) carries itself as the commentary ``# floor {json}``, which :func:`replay_phh` reads
    back, so ``hand_from_phh(phh_from_hand(...))`` gives the same events, without their metadata (``at``,
    ``by``, ``note``, ``id``, ``seq``: who entered an event and when is the event log's business, not PHH's).
    """
    seat_list = [dict(s) for s in seats]
    state = start_hand(game, seat_list, button, hand_number)
    order = [s.seat for s in state.clockwise_after(button)]
    writer = _Writer(state, order)
    for event in events:
        writer.add(event)
    by_seat = {s["seat"]: s for s in seat_list}
    fields = _game_fields(game, len(order))
    if state.sb_seat is None and game.big_blind and len(order) > 2 and state.bb_seat == order[0]:
        # a dead small blind (TDA 32): p1 posts the big blind, nobody the small one
        fields["blinds_or_straddles"] = [game.big_blind] + [0] * (len(order) - 1)
        if game.big_blind_ante:
            fields["antes"] = [game.ante + game.big_blind_ante] + [game.ante] * (len(order) - 1)
    fields["starting_stacks"] = [int(by_seat[n]["stack"]) for n in order]
    fields["actions"] = writer.finish()
    fields["hand"] = hand_number
    fields["seats"] = order
    fields["_floor_button"] = button
    names = [by_seat[n].get("name") for n in order]
    if all(names):
        fields["players"] = names
    if writer.state.finished:
        fields["finishing_stacks"] = [writer.state.stacks()[n] for n in order]
    fields["_floor_game"] = _floor_game_table(game)
    fields.update(extra)
    return HandHistory(fields)


def hand_from_phh(
    hh: HandHistory, *, rules: str | None = None
) -> tuple[Game, list[dict[str, Any]], int, int, list[dict[str, Any]]]:
    """The Floor hand of a PHH hand: ``(game, seats, button, hand_number, events)``; raises the first
    refusal as its typed error (see :func:`replay_phh` for a report instead). The game carries the reading
    it was replayed under (``rules``, see :func:`replay_phh`)."""
    result = replay_phh(hh, rules=rules)
    err = result.error
    if err is not None and err.code != "phh_stacks_mismatch":
        cls = PHHVariantUnsupported if result.status == "unsupported" else EngineError
        raise cls(err.message, code=err.code, rule=err.rule, detail={**err.detail, "index": err.index})
    seats, button = seats_from_phh(hh)
    return game_from_phh(hh, rules=result.rules), seats, button, _hand_number(hh), result.events
