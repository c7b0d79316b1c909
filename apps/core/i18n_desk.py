"""The English of the registration desk's refusals (:mod:`apps.tournaments.desk`,
:mod:`apps.tournaments.bustundo`), by code, merged into :data:`apps.core.i18n_catalog.ERRORS` with the
other services' (a code they share gets these wordings added to its own)."""

from __future__ import annotations

from typing import Final

from django.utils.translation import gettext_noop

DESK_ERRORS: Final[dict[str, tuple[str, ...]]] = {
    "name_required": (gettext_noop("give the player's name"),),
    "name_too_long": (gettext_noop("a name has at most %(max)s characters"),),
    "name_unchanged": (gettext_noop("the entry is already named %(name)s"),),
    "entry_removed": (gettext_noop("that entry was removed"),),
    "already_registered": (gettext_noop("%(name)s is already registered"),),
    "entry_has_hands": (
        gettext_noop("%(name)s has played hands: the hand history keeps who played them"),
        gettext_noop("%(name)s has played since registering (remove the entry instead)"),
    ),
    "hand_in_progress": (gettext_noop("a hand is in progress at that table: finish it first"),),
    "reason_required": (
        gettext_noop("after the seat draw an entry is removed only with a reason"),
        gettext_noop("say why the bust-out is undone"),
    ),
    "entry_not_live": (gettext_noop("%(name)s is out of the tournament (undo the bust-out first)"),),
    "too_few_left": (gettext_noop("two players are left: removing one would decide the tournament"),),
    "not_last_registration": (
        gettext_noop("only the last registration can be undone (remove this one instead)"),
    ),
    "undo_too_late": (
        gettext_noop("a registration is undone within %(minutes)s minutes (remove it instead)"),
    ),
    "tournament_not_running": (
        gettext_noop(
            "only a running tournament's bust-out is undone here (a finished one reopens by a ruling)"
        ),
    ),
    "entry_not_eliminated": (gettext_noop("%(name)s is not out"),),
    "bust_not_last": (
        gettext_noop(
            "only the latest bust-out, shared with nobody, can be undone (undo the later ones first)"
        ),
    ),
    "stack_invalid": (gettext_noop("a player back in play needs chips"),),
}
