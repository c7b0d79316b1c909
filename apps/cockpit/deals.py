"""The deal page's reads: the players left with their chips, and each calculated deal in plain words (who
gets what and why), from the deal's shares as :func:`apps.tournaments.payouts.deal_calculate` kept them."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from django.utils.translation import gettext as _

from apps.accounts.models import Player
from apps.core.i18n import sentence_texts
from apps.tournaments.models import Deal, Entry, Payout, Tournament

METHODS = (Deal.Method.ICM, Deal.Method.CHIP_CHOP, Deal.Method.EVEN)


def players_left(t: Tournament) -> list[dict[str, Any]]:
    rows = (
        Entry.objects.filter(tournament=t, status__in=[Entry.Status.PLAYING, Entry.Status.BUSTED])
        .select_related("player", "seat")
        .order_by("pk")
    )
    return [
        {
            "entry": e.pk,
            "player": e.player.name,
            "chips": e.seat.stack if e.seat is not None and e.seat.left_at is None else 0,
        }
        for e in rows
    ]


def _why(method: str, share: dict[str, Any], *, chips: int, total: int, floor: int, count: int) -> str:
    pct = f"{float(Fraction(int(share['chips']), chips or 1)) * 100:.1f}%"
    words = {"name": share["name"], "amount": share["amount"], "chips": share["chips"], "pct": pct}
    if method == Deal.Method.ICM:
        return _(
            "%(name)s gets %(amount)s: %(chips)s chips are %(pct)s of the chips in play; weighing every "
            "order the players could still finish in by those chips, their prizes are worth %(equity)s."
        ) % {**words, "equity": f"{float(Fraction(share['equity'])):.2f}"}
    if method == Deal.Method.CHIP_CHOP:
        return _(
            "%(name)s gets %(amount)s: the smallest prize still to win (%(floor)s), which everyone left "
            "has already won, plus %(pct)s of the other %(rest)s for %(chips)s chips."
        ) % {**words, "floor": floor, "rest": total - floor * count}
    return _("%(name)s gets %(amount)s: the %(total)s still to win shared equally by %(count)s players.") % {
        **words,
        "total": total,
        "count": count,
    }


def deal_views(t: Tournament, left: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The latest calculation of each method, with a sentence per player; ``fresh`` when it was made on
    the players and chips there are now (else accepting it is refused as stale)."""
    now = {row["entry"]: row["chips"] for row in left}
    latest: dict[str, Deal] = {}
    for d in Deal.objects.filter(tournament=t).order_by("-pk")[:30]:
        latest.setdefault(d.method, d)
    names = dict(
        Player.objects.filter(pk__in={s["player"] for d in latest.values() for s in d.shares}).values_list(
            "pk", "name"
        )
    )
    out = []
    for method in METHODS:
        found = latest.get(method)
        if found is None:
            continue
        d = found
        shares = [{**s, "name": names.get(s["player"], "?")} for s in d.shares]
        total = sum(int(s["amount"]) for s in shares)
        chips = sum(int(s["chips"]) for s in shares)
        count = len(shares)
        floor = _smallest_prize(t, count) if method == Deal.Method.CHIP_CHOP else 0
        out.append(
            {
                "deal": d,
                "label": Deal.Method(method).label,
                "total": total,
                "shares": [
                    {**s, "why": _why(method, s, chips=chips, total=total, floor=floor, count=count)}
                    for s in sorted(shares, key=lambda s: -int(s["amount"]))
                ],
                "how": [line for line in sentence_texts(d.explanation) if not line.startswith("Player ")],
                "fresh": {s["entry"]: int(s["chips"]) for s in d.shares} == now,
            }
        )
    return out


def _smallest_prize(t: Tournament, count: int) -> int:
    """The chip-chop's floor: the prize of the lowest place the players left play for (0 when that place
    is not paid)."""
    amount = Payout.objects.filter(tournament=t, place=count).values_list("amount", flat=True).first()
    return int(amount or 0)
