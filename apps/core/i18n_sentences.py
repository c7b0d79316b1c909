"""The sentences of the tournament explanations the engine writes in English (a deal's, a chip race's:
apps/engine/tournament/deals.py and chiprace.py), read by :func:`apps.core.i18n.sentence_text` as refusals
are (the template that reads the sentence is translated, the values put back).
"""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_noop

#: the sentences of the tournament explanations (deals, chip races: apps/engine/tournament), most specific
#: first (a template whose last param could swallow a longer one's suffix comes after it)
SENTENCES: Final = (
    gettext_noop(
        "ICM (Malmuth-Harville): each player's chance of finishing first is their share of the chips; given "
        "who finished above, the chance of finishing next is their share of the chips that are left."
    ),
    gettext_noop(
        "A player's equity is the sum over every finishing order of its probability times the prize of the "
        "place they get in it."
    ),
    gettext_noop(
        "Player %(player)s: %(chips)s chips (%(percent)s%% of the chips) -> equity %(equity)s -> %(amount)s"
    ),
    gettext_noop("Player %(player)s: %(floor)s + %(rest)s x %(stack)s/%(chips)s = %(equity)s -> %(amount)s"),
    gettext_noop("Player %(player)s: %(amount)s"),
    gettext_noop(
        "Rounding: whole amounts, given by largest remainder (ties to the bigger stack); any part of a unit "
        "left over goes to the biggest stack, so the amounts add up exactly to the prizes."
    ),
    gettext_noop(
        "Rounding: multiples of %(unit)s, given by largest remainder (ties to the bigger stack); any part of "
        "a unit left over goes to the biggest stack, so the amounts add up exactly to the prizes."
    ),
    gettext_noop("Chip-chop: every player has already won the smallest remaining prize, %(floor)s."),
    gettext_noop("The other %(rest)s is split in proportion to chips (%(chips)s chips in play)."),
    gettext_noop(
        "Even split: the %(total)s still to be won is shared equally by %(players)s players (%(each)s each)."
    ),
    gettext_noop("Colour-up: the %(removed)s chips leave play; every %(count)s become one %(next)s chip."),
    gettext_noop(
        "Odd chips worth %(value)s are raced for %(awarded)s chip(s) of %(next)s (%(full)s full, remainder "
        "%(remainder)s rounded half up)."
    ),
    gettext_noop(
        "Cards dealt from seat 1, one per odd chip; the highest cards win, at most one chip each (TDA 24)."
    ),
    gettext_noop(
        "Seat %(seat)s: %(count)s x %(removed)s -> %(up)s x %(next)s, %(odd)s odd chip(s), cards %(cards)s, "
        "wins a chip, would be raced out: gets one chip (TDA 24)"
    ),
    gettext_noop(
        "Seat %(seat)s: %(count)s x %(removed)s -> %(up)s x %(next)s, %(odd)s odd chip(s), cards %(cards)s, "
        "would be raced out: gets one chip (TDA 24)"
    ),
    gettext_noop(
        "Seat %(seat)s: %(count)s x %(removed)s -> %(up)s x %(next)s, %(odd)s odd chip(s), cards %(cards)s, "
        "wins a chip"
    ),
    gettext_noop(
        "Seat %(seat)s: %(count)s x %(removed)s -> %(up)s x %(next)s, would be raced out: gets one chip "
        "(TDA 24)"
    ),
    gettext_noop(
        "Seat %(seat)s: %(count)s x %(removed)s -> %(up)s x %(next)s, %(odd)s odd chip(s), cards %(cards)s"
    ),
    gettext_noop("Seat %(seat)s: %(count)s x %(removed)s -> %(up)s x %(next)s"),
)
