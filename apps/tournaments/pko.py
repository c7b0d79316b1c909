"""Progressive knockout bounties in the tournament's rows: the head on each entry, what an elimination pays
(cash to ``Entry.bounties_won``, the rest onto the winner's own head, ``Entry.bounty_head_extra``) and taking
it back when a bust-out is undone. The arithmetic (split pots, odd units) is
:mod:`apps.engine.tournament.pko`'s; a tournament without the option pays plain bounties
(:func:`apps.engine.tournament.entries.bounties_won`), all in cash.
"""

from __future__ import annotations

from django.db.models import F

from apps.core.errors import RuleViolation
from apps.engine.errors import EngineError
from apps.engine.tournament import entries as ec
from apps.engine.tournament import pko as ep
from apps.tournaments.models import Elimination, Entry, Tournament


def head_of(t: Tournament, entry: Entry) -> int:
    """The bounty on ``entry``'s head now: the tournament's bounty, plus (PKO) what its knockouts added."""
    if not t.bounty:
        return 0
    return t.bounty + (entry.bounty_head_extra if t.progressive_bounty else 0)


def knockout_shares(
    t: Tournament, victim: Entry, hunters: list[str]
) -> tuple[dict[str, int], dict[str, int]]:
    """(cash, onto the head) per winner (entry ids as strings, in the pot's odd-chip order) for ``victim``'s
    elimination. Plain bounties: the whole bounty in cash, nothing onto heads."""
    try:
        if t.progressive_bounty:
            return ep.progressive_shares([(str(victim.pk), hunters)], {str(victim.pk): head_of(t, victim)})
        return ec.bounties_won([(str(victim.pk), hunters)], t.bounty), {}
    except EngineError as exc:
        raise RuleViolation.from_engine(exc) from exc


def knockout_pay(cash: dict[str, int], heads: dict[str, int]) -> None:
    for pk, amount in cash.items():
        Entry.objects.filter(pk=int(pk)).update(bounties_won=F("bounties_won") + amount)
    for pk, amount in heads.items():
        Entry.objects.filter(pk=int(pk)).update(bounty_head_extra=F("bounty_head_extra") + amount)


def heads_take_back(elimination: Elimination) -> dict[str, int]:
    """Take back what ``elimination`` put onto its winners' heads (PKO); the cash goes back through
    :func:`apps.tournaments.results.elimination_bounty_take_back`. Returns what was taken back."""
    heads = {str(k): int(v) for k, v in (elimination.head_shares or {}).items()}
    for pk, amount in heads.items():
        Entry.objects.filter(pk=int(pk)).update(bounty_head_extra=F("bounty_head_extra") - amount)
    if heads:
        elimination.head_shares = {}
        elimination.save(update_fields=["head_shares"])
    return heads


def heads_of(t: Tournament, entries: list[Entry]) -> dict[int, int]:
    """Each live entry's head (PKO pages show it); empty for a tournament without bounties."""
    if not t.bounty:
        return {}
    live = (Entry.Status.REGISTERED, Entry.Status.PLAYING, Entry.Status.BUSTED, Entry.Status.FINISHED)
    return {e.pk: head_of(t, e) for e in entries if e.status in live}
