"""Calling the floor: a dispute raised from the console (or by anyone) reaches the director's cockpit at once.

:func:`floor_tell` appends a ``floor_called`` event to the club's floor channel (``floor:<club>``, which every
cockpit page of the club follows) and, for a tournament table, to the tournament's channel, in the raising
transaction: the push exists exactly when the dispute does.
"""

from __future__ import annotations

from typing import Any

from apps.clocks.live import live_publish
from apps.disputes.models import Dispute
from apps.tournaments.models import TournamentTable
from apps.tournaments.services import publish


def floor_channel(club_id: int) -> str:
    return f"floor:{club_id}"


def floor_event(dispute: Dispute) -> dict[str, Any]:
    hand = dispute.hand
    return {
        "dispute": dispute.pk,
        "hand": hand.pk,
        "number": hand.number,
        "table": hand.table_id,
        "table_name": hand.table.name,
        "kind": dispute.kind,
        "role": dispute.role,
        "description": dispute.description,
        "late": dispute.late,
        "hand_finished": hand.status == hand.Status.FINISHED,
        "url": f"/disputes/{dispute.pk}/",
    }


def floor_tell(dispute: Dispute) -> None:
    """Tell the club's cockpit (and the tournament's pages) that ``dispute`` was raised."""
    data = floor_event(dispute)
    live_publish(channel=floor_channel(dispute.hand.table.club_id), type="floor_called", data=data)
    link = TournamentTable.objects.select_related("tournament").filter(table_id=dispute.hand.table_id).first()
    if link is not None:
        publish(link.tournament, "floor_called", data)
