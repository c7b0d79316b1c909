"""Floor's rules engine: pure Python, no Django (import-linter enforces it).

The public entry points:

- :func:`evaluate` ranks five cards under ``"high"`` (wild joker), ``"high-bug"`` or ``"low27"``;
- :func:`resolve_pots` builds uncalled returns, side pots, splits and odd chips with their explanation;
  :func:`resolve_request` is its JSON layer (``manage.py pots resolve``, the public pot calculator);
- :mod:`apps.engine.betting` gives the limits of a betting round;
- :func:`start_hand` / :class:`HandState` referee a whole hand of any :class:`Game`;
- :mod:`apps.engine.phh` reads, writes and replays Poker Hand History files.

Speed: the hot modules may run compiled with mypyc (``make engine``); :data:`ENGINE_BUILD` says which
(``"compiled"`` or why plain Python), see :mod:`apps.engine.native`. Either way the behaviour is the same.

>>> evaluate("AsKsQsJsTs", "high").category
'straight-flush'
"""

from apps.engine import native as _native

# Before any other engine module is imported: the compiled modules, if built from these very sources.
ENGINE_BUILD = _native.use_compiled(__path__)

from apps.engine.cards import format_cards, parse_cards  # noqa: E402
from apps.engine.errors import EngineError  # noqa: E402
from apps.engine.games import Game, five_card_draw, single_draw_27, triple_draw_27  # noqa: E402
from apps.engine.hand import HandState, replay, start_hand  # noqa: E402
from apps.engine.potjson import resolve_request  # noqa: E402
from apps.engine.pots import FinishingRank, PotPlayer, check_award, resolve_pots  # noqa: E402
from apps.engine.ranking import CATEGORIES, RANKINGS, HandValue, evaluate  # noqa: E402

__all__ = [
    "CATEGORIES",
    "ENGINE_BUILD",
    "RANKINGS",
    "EngineError",
    "FinishingRank",
    "Game",
    "HandState",
    "HandValue",
    "PotPlayer",
    "check_award",
    "evaluate",
    "five_card_draw",
    "format_cards",
    "parse_cards",
    "replay",
    "resolve_pots",
    "resolve_request",
    "single_draw_27",
    "start_hand",
    "triple_draw_27",
]
