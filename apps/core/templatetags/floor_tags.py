"""Filters every page may use: a table's name in the page's language."""

from __future__ import annotations

from django import template
from django.utils.translation import pgettext_lazy

from apps.core.i18n_names import table_display_name, table_short_name

register = template.Library()


@register.filter
def table_name(name: str) -> str:
    """``"Sunday #2 table 1"`` → "Sunday #2 meja 1" on an Indonesian page (see ``table_display_name``)."""
    return table_display_name(str(name or ""))


@register.filter
def table_short(name: str) -> str:
    """``"Sunday #2 table 1"`` → "Table 1": a phone's header (see ``table_short_name``)."""
    return table_short_name(str(name or ""))


# Codes stored in English (hand events, roles, dispute audit rows), named in the page's language.
_ACTIONS = {
    "fold": pgettext_lazy("action", "fold"),
    "check": pgettext_lazy("action", "check"),
    "call": pgettext_lazy("action", "call"),
    "bet": pgettext_lazy("action", "bet"),
    "raise": pgettext_lazy("action", "raise"),
    "draw": pgettext_lazy("action", "draw"),
    "show": pgettext_lazy("action", "show"),
    "muck": pgettext_lazy("action", "muck"),
    "finish_order": pgettext_lazy("action", "finishing order"),
    "prove_openers": pgettext_lazy("action", "prove openers"),
    "reshuffle": pgettext_lazy("action", "reshuffle"),
    "deal": pgettext_lazy("action", "deal"),
    "timeout": pgettext_lazy("action", "time out"),
}
_ROLES = {
    "director": pgettext_lazy("role", "director"),
    "dealer": pgettext_lazy("role", "dealer"),
    "player": pgettext_lazy("role", "player"),
}
_AUDIT = {
    "raised": pgettext_lazy("dispute audit", "raised"),
    "ruled": pgettext_lazy("dispute audit", "ruled"),
    "corrected": pgettext_lazy("dispute audit", "corrected"),
    "hand_reflowed": pgettext_lazy("dispute audit", "later hand replayed"),
    "elimination_undone": pgettext_lazy("dispute audit", "elimination undone"),
    "finish_undone": pgettext_lazy("dispute audit", "finish undone"),
}


@register.filter
def action_name(code: str) -> str:
    """``"raise"`` → "рейз" (an unknown code as it is)."""
    return str(_ACTIONS.get(str(code), code))


@register.filter
def role_name(code: str) -> str:
    return str(_ROLES.get(str(code), code))


@register.filter
def audit_action(code: str) -> str:
    return str(_AUDIT.get(str(code), code))
