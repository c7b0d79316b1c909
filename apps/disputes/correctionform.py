"""The ruling page's correction builder: the seats of the disputed hand, the cards and the kinds of event the
director picks from (static/disputes/correction.js writes the events' JSON, which stays editable)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _

from apps.core.i18n_names import CARD_RANKS, SUITS, card_name
from apps.tables.models import Hand

# The entries a correction puts in place of the voided ones, with the fields each one asks for.
EVENT_FIELDS: dict[str, tuple[str, ...]] = {
    "fold": ("seat",),
    "check": ("seat",),
    "call": ("seat",),
    "bet": ("seat", "amount"),
    "raise": ("seat", "amount"),
    "draw": ("seat", "count"),
    "show": ("seat", "cards"),
    "muck": ("seat",),
}

LABELS = {
    "fold": _("Fold"),
    "check": _("Check"),
    "call": _("Call"),
    "bet": _("Bet"),
    "raise": _("Raise"),
    "draw": _("Draw"),
    "show": _("Show"),
    "muck": _("Muck"),
}


def correction_builder(hand: Hand) -> dict[str, Any]:
    return {
        "seats": [{"seat": int(s["seat"]), "name": s["name"]} for s in hand.seats],
        "cards": [{"token": r + s, "name": card_name(r + s)} for r in CARD_RANKS for s in SUITS],
        "types": [{"type": t, "label": LABELS[t], "fields": " ".join(f)} for t, f in EVENT_FIELDS.items()],
    }
