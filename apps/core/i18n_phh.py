"""The translatable English of the refusals of a Poker Hand History import or export, by error code:
part of :data:`apps.core.i18n_catalog.ERRORS` (see that module for how a message is read and translated)."""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_noop

PHH_ERRORS: Final[dict[str, tuple[str, ...]]] = {
    "phh_action_invalid": (
        gettext_noop("bad action %(action)s: %(reason)s"),
        gettext_noop("bad action %(action)s"),
        gettext_noop("bad player %(word)s in action %(action)s"),
        gettext_noop("bad amount %(word)s in action %(action)s (chips are whole numbers)"),
        gettext_noop("bad floor event in commentary %(note)s"),
        gettext_noop("no player p%(player)s in a %(count)s-player hand"),
    ),
    "phh_action_unsupported": (gettext_noop("PHH action %(verb)s has no meaning in draw games"),),
    "phh_card_invalid": (gettext_noop("bad card text %(text)s"),),
    "phh_field_invalid": (
        gettext_noop("actions must be an array of strings"),
        gettext_noop("starting_stacks must list two players or more"),
        gettext_noop("seats %(seats)s are not clockwise from the button %(button)s (p1 sits left of it)"),
        gettext_noop("_floor_structure must be one of %(choices)s"),
        gettext_noop("_floor_game must be a table"),
        gettext_noop("_floor_game is a %(game)s (%(structure)s), not %(variant)s"),
        gettext_noop("a .phhs file holds only tables of hands, not %(name)s"),
        gettext_noop("two hands are named %(name)s"),
        gettext_noop("%(field)s must have one entry per player (%(count)s)"),
        gettext_noop("%(field)s must hold numbers, not %(value)s"),
        gettext_noop("%(field)s: %(value)s is not a whole number of chips"),
    ),
    "phh_field_missing": (
        gettext_noop("the variant field is missing"),
        gettext_noop("the required field %(field)s is missing for %(variant)s"),
    ),
    "phh_toml_invalid": (gettext_noop("not valid TOML: %(error)s"),),
    "phh_rules_invalid": (gettext_noop("rules must be one of %(choices)s, not %(value)s"),),
    # the notes of a PHH file read under PHH's reading, where RULES.md would rule otherwise (not refusals:
    # the import answers them in the request's language; ``reason`` is a refusal or one of the parts below)
    "phh_note": (
        gettext_noop("legal under PHH; %(rule)s would refuse: %(reason)s"),
        gettext_noop("legal under PHH; RULES.md would rule otherwise: %(reason)s"),
        gettext_noop(
            "legal under PHH (what the blinds posted is the bet; a short big blind posts its ante first); "
            "RULES.md §4 would rule otherwise: %(reason)s"
        ),
        gettext_noop(
            "legal under PHH: PokerKit asks the last player with chips to check; RULES.md §4 skips that turn "
            "(nobody is left to answer a bet)"
        ),
        gettext_noop(
            "legal under PHH; under RULES.md the hand would end with the stacks %(house)s, not %(phh)s"
        ),
        gettext_noop(
            "the finishing stacks %(phh)s give each split pot's odd chips as PokerKit does (the whole "
            "remainder to the first winner left of the button); RULES.md §5 (TDA 20) gives them one at a "
            "time from the left of the button: %(house)s"
        ),
        gettext_noop("seat %(seat)s would have put in %(house)s in all, not %(phh)s"),
        gettext_noop("seat %(seat)s would be out"),
        gettext_noop("seat %(seat)s would still be in"),
        gettext_noop("the hand would go on to the %(phase)s phase, not the %(other)s phase"),
        gettext_noop("seat %(seat)s would act next, not seat %(other)s"),
        gettext_noop(
            "seat %(seat)s would post %(house)s (%(house_live)s of it live), not %(phh)s (%(phh_live)s live)"
        ),
        gettext_noop("the bet to call would be %(house)s, not %(phh)s"),
    ),
    "phh_variant_unsupported": (
        gettext_noop("variant %(variant)s is not played by Floor (supported: %(supported)s)"),
        gettext_noop("PHH has no variant for a %(structure)s %(kind)s"),
    ),
    "phh_forced_bets_unsupported": (
        gettext_noop("straddles are not supported"),
        gettext_noop("antes %(antes)s are neither uniform nor a big-blind ante"),
    ),
}
