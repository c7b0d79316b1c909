"""The tournaments' receivers of the hooks the apps below send (connected in ``TournamentsConfig.ready()``):
a tournament table's hands and its level clock."""

from __future__ import annotations

from apps.tables.hooks import HandFinished, HandPositioning, Positions
from apps.tournaments.dealing import tournament_positions
from apps.tournaments.results import tournament_hand_finished


def hand_positions(positioning: HandPositioning) -> Positions | None:
    """``tables.hand_positions_choosing``: at a running tournament's table, refuse a halted table and give
    the next hand's positions under the dead button; None for any other table."""
    return tournament_positions(
        table=positioning.table, game=positioning.game, numbers=positioning.numbers, button=positioning.button
    )


def hand_finished(finished: HandFinished) -> None:
    """``tables.hand_finished``: a hand at a tournament table yields its eliminations, places and the seat
    moves Floor proposes (a no-op for other tables)."""
    tournament_hand_finished(hand=finished.hand)
