"""The translatable English of every refusal Floor sends, by error code (used by :mod:`apps.core.i18n`).

Each code maps to the English templates its messages are made from, with named ``%(params)s``. A message
is translated by finding the template that reads exactly as the English message (the values are taken
from the message itself), translating the template and putting the same values back. So the English
answer is, by construction, exactly the engine's (or the service's) English, and a message no template
matches is answered in English as it was written.

Params with these names are translated too: ``event`` (an event type), ``phase`` (a hand's phase),
``problem`` (a game setting problem, :data:`NESTED` ``game_problem``), ``clock`` (a clock refusal) and
``reason`` (any message of this catalogue).

To add a message: add its English template under its code (the test in ``tests/i18n`` drives the engine
and fails on an engine message no template matches), run ``makemessages`` and translate it.
"""

from __future__ import annotations

from typing import Final

from django.utils.functional import Promise
from django.utils.translation import gettext_noop, pgettext_lazy

from apps.core.i18n_desk import DESK_ERRORS
from apps.core.i18n_phh import PHH_ERRORS
from apps.core.i18n_services import SERVICE_ERRORS
from apps.core.i18n_tournament import TOURNAMENT_ERRORS

CLOCK: Final = (
    gettext_noop("a structure needs at least one level that is not a break"),
    gettext_noop("no level %(level)s in a structure of %(count)s"),
    gettext_noop("the clock has not started"),
    gettext_noop("the clock has already started"),
    gettext_noop("the clock is already paused"),
    gettext_noop("the clock is not paused"),
    gettext_noop("no hand is dealt in a break"),
    gettext_noop("%(game)s needs %(expected)s bet units, not %(got)s"),
    gettext_noop("a level lasts from one second to %(hours)s hours"),
    gettext_noop("no negative blinds or antes"),
    gettext_noop("the small blind cannot exceed the big blind"),
    gettext_noop("bet units must be positive"),
    gettext_noop("unknown level fields %(fields)s"),
    gettext_noop("hand-for-hand is on: turn it off to resume the clock"),
    gettext_noop("hand-for-hand is already on"),
    gettext_noop("hand-for-hand is not on"),
)

STRUCTURE: Final = (
    gettext_noop("invalid structure: %(clock)s"),
    gettext_noop("unknown betting structure %(structure)s"),
    gettext_noop("the starting stack must be positive"),
    gettext_noop("a level has a positive number and length and no negative amounts"),
    gettext_noop("the small blind cannot exceed the big blind"),
    gettext_noop("a level needs a blind, an ante or a bet unit"),
    gettext_noop("a break lasts at least a minute"),
    gettext_noop("levels are numbered 1, 2, ..."),
)

#: the problems a game definition can have ("invalid game: %(problem)s")
GAME_PROBLEMS: Final = (
    gettext_noop("kind must be one of %(choices)s"),
    gettext_noop("ranking must be high, high-bug or low27"),
    gettext_noop("at least one draw"),
    gettext_noop("structure must be one of %(choices)s"),
    gettext_noop("one bet unit per betting round"),
    gettext_noop("bet units must be positive"),
    gettext_noop("no negative forced bets"),
    gettext_noop("the small blind cannot exceed the big blind"),
    gettext_noop("max_raises must be >= 0 or None"),
    gettext_noop("bet_step must be positive"),
    gettext_noop("draw_limit must be one of %(choices)s"),
    gettext_noop("joker must be one of %(choices)s"),
    gettext_noop("no joker in 2-7 (TDA 35-A)"),
    gettext_noop("opening must be one of %(choices)s"),
    gettext_noop("round2_starter must be one of %(choices)s"),
    gettext_noop("mode must be one of %(choices)s"),
    gettext_noop("turn_time_limit must be positive"),
    gettext_noop("hands must be positive"),
    gettext_noop("smallest_chip must be positive"),
    gettext_noop("between min_players and max_players"),
    gettext_noop("only Five-Card Draw has the no-bet mode"),
    gettext_noop("not enough cards for max_players"),
    gettext_noop("rules must be one of %(choices)s"),
    gettext_noop("%(field)s must be a whole number, not %(value)s"),
    gettext_noop("%(field)s must be a multiple of smallest_chip (%(chip)s), not %(amount)s"),
    gettext_noop("%(field)s must be text, not %(value)s"),
    gettext_noop("%(field)s must be true or false, not %(value)s"),
    gettext_noop("bet_units must be a tuple of whole numbers, not %(value)s"),
    gettext_noop("a game is a JSON object, not %(value)s"),
    gettext_noop("missing settings %(missing)s"),
)

NESTED: Final[dict[str, tuple[str, ...]]] = {"game_problem": GAME_PROBLEMS, "clock": CLOCK}

ERRORS: Final[dict[str, tuple[str, ...]]] = {
    # --- cards and rankings (RULES.md §1-3)
    "card_invalid": (gettext_noop("%(token)s is not a card"), gettext_noop("not a card: %(token)s")),
    "card_count": (gettext_noop("expected %(expected)s cards, got %(got)s"),),
    "joker_not_allowed": (
        gettext_noop("the joker is not allowed here"),
        gettext_noop("no joker in 2-7 lowball: a joker in the deck is a misdeal"),
    ),
    "card_unknown": (gettext_noop("an unknown card ?? is not allowed here"),),
    "card_duplicate": (
        gettext_noop("%(card)s appears twice"),
        gettext_noop("%(card)s is in the hands of seats %(holder)s and %(seat)s"),
    ),
    "ranking_unknown": (gettext_noop("unknown ranking %(ranking)s"),),
    # --- betting (RULES.md §4)
    "check_not_allowed": (gettext_noop("seat %(seat)s cannot check: %(to_call)s to call"),),
    "call_not_allowed": (gettext_noop("seat %(seat)s has nothing to call; check instead"),),
    "amount_exceeds_stack": (gettext_noop("%(amount)s is more than seat %(seat)s has (%(total)s in all)"),),
    "fixed_limit_amount": (
        gettext_noop("fixed-limit bet must be to exactly %(amount)s (or all-in for less)"),
        gettext_noop("fixed-limit raise must be to exactly %(amount)s (or all-in for less)"),
        gettext_noop("fixed-limit bet must be to exactly %(amount)s"),
        gettext_noop("fixed-limit raise must be to exactly %(amount)s"),
    ),
    "bet_too_small": (
        gettext_noop("bet %(amount)s is below the minimum bet %(minimum)s"),
        gettext_noop("bet %(amount)s must be more than 0"),
    ),
    "raise_too_small": (gettext_noop("raise to %(amount)s is below the minimum raise to %(minimum)s"),),
    "bet_too_large": (gettext_noop("bet %(amount)s is above the maximum bet %(maximum)s"),),
    "raise_too_large": (gettext_noop("raise to %(amount)s is above the maximum raise to %(maximum)s"),),
    "amount_not_in_units": (
        gettext_noop("%(amount)s is not a multiple of the bet unit %(step)s (only an all-in may be)"),
        gettext_noop("bet %(amount)s is not a whole number of bet units of %(step)s (only an all-in may be)"),
        gettext_noop(
            "raise to %(amount)s adds %(increment)s to the bet of %(current_bet)s: not a whole number of bet "
            "units of %(step)s (only an all-in may be)"
        ),
    ),
    "amount_not_in_chips": (
        gettext_noop(
            "bet %(amount)s is not a multiple of the smallest chip in play (%(chip)s); only an all-in may be"
        ),
        gettext_noop(
            "raise to %(amount)s is not a multiple of the smallest chip in play (%(chip)s); only an all-in "
            "may be"
        ),
    ),
    "bet_not_allowed": (gettext_noop("there is already a bet of %(current_bet)s; raise instead"),),
    "raise_not_allowed": (
        gettext_noop("nothing to raise; bet instead"),
        gettext_noop("seat %(seat)s has %(total)s in all and can only call (all-in)"),
        gettext_noop(
            "the betting was not reopened for seat %(seat)s: the bet went from %(acted_at)s to "
            "%(current_bet)s, less than half a bet (%(threshold)s); call or fold"
        ),
        gettext_noop(
            "the betting was not reopened for seat %(seat)s: the bet went from %(acted_at)s to "
            "%(current_bet)s, less than a full raise (%(threshold)s); call or fold"
        ),
        gettext_noop("the betting is capped: a bet and %(max_raises)s raises are in"),
        gettext_noop(
            "nobody left could call a raise: every other player is all-in or has no more than the bet"
        ),
    ),
    "structure_invalid": STRUCTURE,
    "unit_invalid": (gettext_noop("the bet unit and the step must be positive chips"),),
    # --- the hand (RULES.md §4-7)
    "event_invalid": (
        gettext_noop("the events are a list of events, not %(value)s"),
        gettext_noop("unknown event %(value)s; types are %(types)s"),
        gettext_noop("%(event)s event: missing %(missing)s, unexpected %(unexpected)s"),
        gettext_noop("%(event)s event: %(field)s must be a whole number >= 0"),
        gettext_noop("%(event)s event: %(field)s must be card text"),
        gettext_noop("finish_order: order must be a list of non-empty lists of seats"),
    ),
    "wrong_phase": (
        gettext_noop("%(event)s is not possible now: the hand is in the %(phase)s phase"),
        gettext_noop("%(event)s is not possible now (%(phase)s)"),
        gettext_noop("the hand is over"),
        gettext_noop("a reshuffle is declared only during a draw"),
        gettext_noop("seat %(seat)s has no live hand to deal to"),
        gettext_noop("a finishing order is given only at the showdown"),
    ),
    "not_your_turn": (
        gettext_noop("not seat %(seat)s's turn: seat %(to_act)s must prove openers"),
        gettext_noop("not seat %(seat)s's turn: seat %(to_act)s is to act"),
    ),
    "openers_required": (gettext_noop("seat %(seat)s cannot open: jacks or better are needed"),),
    "draw_too_many": (gettext_noop("seat %(seat)s may draw at most %(maximum)s cards, not %(count)s"),),
    "draw_needs_ace_shown": (
        gettext_noop("seat %(seat)s may draw four only by showing the kept ace or joker"),
    ),
    "prove_not_allowed": (gettext_noop("seat %(seat)s has no openers to prove"),),
    "hand_finished": (gettext_noop("the hand is over; %(event)s is not possible"),),
    "card_mismatch": (
        gettext_noop("seat %(seat)s opened holding %(cards)s"),
        gettext_noop("seat %(seat)s is known to hold %(cards)s"),
    ),
    "fold_not_allowed": (gettext_noop("no folding in the no-bet mode: everyone draws and shows"),),
    "muck_not_allowed": (gettext_noop("no mucking in the no-bet mode: everyone draws and shows"),),
    "card_conflict": (
        gettext_noop("%(card)s is already known in seat %(holder)s's hand"),
        gettext_noop("%(card)s is known in seat %(holder)s's hand"),
        gettext_noop("%(card)s was discarded in this draw and cannot be dealt again"),
        gettext_noop("%(card)s is in the muck and has not been reshuffled"),
        gettext_noop("%(card)s cannot be both shown as kept and discarded"),
        gettext_noop("%(card)s cannot be received: seat %(seat)s just discarded or holds it"),
    ),
    "reshuffle_not_due": (gettext_noop("no reshuffle is due: %(usable)s cards can still be dealt"),),
    "card_not_held": (gettext_noop("seat %(seat)s does not hold %(card)s"),),
    "deck_exhausted": (
        gettext_noop("%(players)s players need %(cards)s cards; the deck has %(deck)s"),
        gettext_noop("the stub and the muck cannot cover a draw of %(count)s"),
    ),
    "game_invalid": (
        gettext_noop("a hand is dealt for a Game, not %(value)s"),
        gettext_noop("invalid game: %(problem)s"),
        gettext_noop("unknown structure %(structure)s"),
        gettext_noop("unknown game settings %(unknown)s"),
    ),
    "blinds_invalid": (
        gettext_noop("one small and one big blind may be marked"),
        gettext_noop("the big blind must be marked, on its own seat"),
        gettext_noop("a marked blind is not dealt in"),
    ),
    "unknown_seat": (gettext_noop("no seat %(seat)s in this hand"),),
    "seats_invalid": (
        gettext_noop("seat numbers must be distinct and >= 1"),
        gettext_noop("a seat needs %(missing)s"),
        gettext_noop("a seat is a mapping with seat and stack, not %(value)s"),
        gettext_noop("seat %(seat)s with stack %(stack)s: seats and chips are whole numbers"),
        gettext_noop("seat %(seat)s's name must be text, not %(value)s"),
        gettext_noop("seat %(seat)s's player id must be text or a number, not %(value)s"),
        gettext_noop("the seats are a list of seats, not %(value)s"),
    ),
    "hand_number_invalid": (gettext_noop("the hand number must be a whole number >= 1, not %(value)s"),),
    "player_count": (gettext_noop("%(game)s is for %(minimum)s-%(maximum)s players, not %(players)s"),),
    "seat_without_chips": (gettext_noop("seat %(seat)s has %(stack)s chips and cannot be dealt in"),),
    "seat_not_in_showdown": (gettext_noop("seat %(seat)s has no hand to %(event)s"),),
    "finish_order_invalid": (gettext_noop("the finishing order must list each live seat once: %(live)s"),),
    # --- pots (RULES.md §5)
    "field_invalid": (
        gettext_noop("%(field)s must name seats by number"),
        gettext_noop("proposed chips for seat %(seat)s must be a whole number of 0 or more"),
        gettext_noop("%(field)s: expected a JSON object, got %(type)s"),
        gettext_noop("%(field)s: expected an object, got %(value)s"),
        gettext_noop("%(field)s: expected %(type)s, got %(value)s"),
        gettext_noop("%(field)s: one of %(choices)s"),
        gettext_noop("%(field)s: chips cannot be negative"),
        gettext_noop("%(field)s: a seat number is expected as the key"),
        gettext_noop("%(field)s: a rank is 1 (best) or more"),
    ),
    "field_missing": (gettext_noop("%(field)s: required"),),
    "strength_mixed": (
        gettext_noop("%(field)s: give cards or a rank, not both"),
        gettext_noop("some players give cards and others a rank; use one or the other"),
        gettext_noop("strengths of different kinds cannot be compared: %(kinds)s"),
    ),
    "no_players": (gettext_noop("no players in the hand"),),
    "smallest_chip_invalid": (
        gettext_noop("the smallest chip must be a whole number of at least 1, not %(value)s"),
    ),
    "button_invalid": (
        gettext_noop("the button must be a seat number, not %(value)s"),
        gettext_noop("the button goes to a player at a table of two or more"),
    ),
    "no_live_players": (gettext_noop("every player folded; the last player in wins, so one must be live"),),
    "seat_invalid": (gettext_noop("seat %(seat)s is not a seat number (1, 2, …)"),),
    "duplicate_seat": (gettext_noop("seat %(seat)s is listed twice"),),
    "strength_missing": (gettext_noop("seats %(seats)s reach the showdown without cards or a rank"),),
    "award_invalid": (
        gettext_noop("proposed award %(seat)s: %(chips)s is not a seat and a whole number of chips"),
    ),
    "contribution_invalid": (
        gettext_noop("seat %(seat)s contributed %(chips)s: chips are whole numbers"),
        gettext_noop("seat %(seat)s dead %(chips)s: chips are whole numbers"),
    ),
    "negative_contribution": (
        gettext_noop("seat %(seat)s contributed %(chips)s: contributions cannot be negative"),
        gettext_noop("seat %(seat)s dead %(chips)s: contributions cannot be negative"),
    ),
    # --- Poker Hand History (apps/core/i18n_phh.py) and tournaments (apps/core/i18n_tournament.py)
    **PHH_ERRORS,
    **TOURNAMENT_ERRORS,
    # --- clocks (the service answers a clock's refusal as clock_refused)
    "clock_refused": CLOCK,
    # --- the error shape's own messages (apps/core/errors.py)
    "invalid": (gettext_noop("The request has invalid fields"), gettext_noop("Invalid field '%(field)s'")),
    "not_found": (gettext_noop("No page or endpoint at %(path)s"),),
    "permission_denied": (gettext_noop("Not allowed"),),
    "bad_request": (gettext_noop("Bad request"),),
    "server_error": (gettext_noop("Floor made a mistake; it has been logged"),),
    "csrf_failed": (gettext_noop("CSRF check failed"),),
    "login_locked": (gettext_noop("Too many failed logins; try again in %(minutes)s minutes"),),
}

# the services' refusals (apps/core/i18n_services.py, the desk's apps/core/i18n_desk.py)
for _code, _templates in [*SERVICE_ERRORS.items(), *DESK_ERRORS.items()]:
    ERRORS[_code] = ERRORS.get(_code, ()) + tuple(t for t in _templates if t not in ERRORS.get(_code, ()))

#: the words a param may carry: event types and phases, translated where a message names them
EVENTS: Final[dict[str, Promise]] = {
    "fold": pgettext_lazy("event", "fold"),
    "check": pgettext_lazy("event", "check"),
    "call": pgettext_lazy("event", "call"),
    "bet": pgettext_lazy("event", "bet"),
    "raise": pgettext_lazy("event", "raise"),
    "deal": pgettext_lazy("event", "deal"),
    "draw": pgettext_lazy("event", "draw"),
    "show": pgettext_lazy("event", "show"),
    "muck": pgettext_lazy("event", "muck"),
    "finish_order": pgettext_lazy("event", "finish_order"),
    "prove_openers": pgettext_lazy("event", "prove_openers"),
    "reshuffle": pgettext_lazy("event", "reshuffle"),
    "timeout": pgettext_lazy("event", "timeout"),
}
PHASES: Final[dict[str, Promise]] = {
    "betting": pgettext_lazy("phase", "betting"),
    "drawing": pgettext_lazy("phase", "drawing"),
    "showdown": pgettext_lazy("phase", "showdown"),
    "finished": pgettext_lazy("phase", "finished"),
    "awaiting prove_openers": pgettext_lazy("phase", "awaiting prove_openers"),
}
