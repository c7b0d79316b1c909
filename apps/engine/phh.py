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

from apps.engine import phh_reading as phh_reading  # connects the house notes to ReplayResult.notes
from apps.engine.errors import PHHError as PHHError
from apps.engine.errors import PHHVariantUnsupported as PHHVariantUnsupported  # plain Python: see errors.py
from apps.engine.phh_actions import RULE_PHH as RULE_PHH
from apps.engine.phh_actions import UNSUPPORTED_CODES as UNSUPPORTED_CODES
from apps.engine.phh_actions import Action as Action
from apps.engine.phh_actions import ActionFields as ActionFields
from apps.engine.phh_actions import action_fields as action_fields
from apps.engine.phh_actions import format_action as format_action
from apps.engine.phh_actions import parse_action as parse_action
from apps.engine.phh_actions import parse_cards as parse_cards
from apps.engine.phh_actions import phh_error as phh_error
from apps.engine.phh_read import FIVE_CARD_DRAW as FIVE_CARD_DRAW
from apps.engine.phh_read import STRUCTURES as STRUCTURES
from apps.engine.phh_read import SUPPORTED_VARIANTS as SUPPORTED_VARIANTS
from apps.engine.phh_read import HandHistory as HandHistory
from apps.engine.phh_read import dumps as dumps
from apps.engine.phh_read import dumps_all as dumps_all
from apps.engine.phh_read import iter_paths as iter_paths
from apps.engine.phh_read import load_path as load_path
from apps.engine.phh_read import loads as loads
from apps.engine.phh_read import loads_all as loads_all
from apps.engine.phh_replay import NOTE_SKIPPED_CHECK as NOTE_SKIPPED_CHECK
from apps.engine.phh_replay import RULE_SKIPPED_CHECK as RULE_SKIPPED_CHECK
from apps.engine.phh_replay import FailedAction as FailedAction
from apps.engine.phh_replay import ReplayResult as ReplayResult
from apps.engine.phh_replay import event_for as event_for
from apps.engine.phh_replay import replay_phh as replay_phh
from apps.engine.phh_variants import EXAMPLE as EXAMPLE
from apps.engine.phh_variants import FLOOR_NOTE as FLOOR_NOTE
from apps.engine.phh_variants import RULES_READINGS as RULES_READINGS
from apps.engine.phh_variants import clockwise_check as clockwise_check
from apps.engine.phh_variants import default_rules as default_rules
from apps.engine.phh_variants import game_from_phh as game_from_phh
from apps.engine.phh_variants import game_from_table as game_from_table
from apps.engine.phh_variants import hand_number as hand_number
from apps.engine.phh_variants import seats_from_phh as seats_from_phh
from apps.engine.phh_variants import variant_of as variant_of
from apps.engine.phh_write import hand_from_phh as hand_from_phh
from apps.engine.phh_write import phh_from_hand as phh_from_hand

__all__ = [
    "EXAMPLE",
    "FIVE_CARD_DRAW",
    "FLOOR_NOTE",
    "NOTE_SKIPPED_CHECK",
    "RULES_READINGS",
    "RULE_PHH",
    "RULE_SKIPPED_CHECK",
    "STRUCTURES",
    "SUPPORTED_VARIANTS",
    "UNSUPPORTED_CODES",
    "Action",
    "ActionFields",
    "FailedAction",
    "HandHistory",
    "PHHError",
    "PHHVariantUnsupported",
    "ReplayResult",
    "action_fields",
    "clockwise_check",
    "default_rules",
    "dumps",
    "dumps_all",
    "event_for",
    "format_action",
    "game_from_phh",
    "game_from_table",
    "hand_from_phh",
    "hand_number",
    "iter_paths",
    "load_path",
    "loads",
    "loads_all",
    "parse_action",
    "parse_cards",
    "phh_error",
    "phh_from_hand",
    "replay_phh",
    "seats_from_phh",
    "variant_of",
]
