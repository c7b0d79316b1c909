"""Floor's one lock order. Every service that takes more than one row lock (``SELECT … FOR UPDATE``, or an
``UPDATE`` that takes the row's lock implicitly) takes them in this order, and never a lock of an earlier
kind after one of a later kind:

1. **tables** (``tables_table``), several at once in ascending ``pk``: ``hand_start``, a ruling's re-flow,
   a PHH import, seating a player, the colour-ups after a level change, and every tournament service that
   may seat, move or pay players (:func:`apps.tournaments.services.lock_tournament_and_tables`);
2. **hands** (``tables_hand``): an action, a correction, the turn clock's timeout;
3. **seats** (``tables_seat``): a stack adjustment, a finishing hand's stacks, a rebuy's or a move's seat;
4. **the tournament** (``tournaments_tournament``): registration, the draw, eliminations (the finishing
   hand's hook), rebuys, moves, deals, chip races;
5. **the tournament's rows**: entries, then seat moves, deals and chip races;
6. **the level clock** (``clocks_levelclock``): its controls, the tick, hand-for-hand's minutes;
7. **the turn clocks** (``clocks_tableclock``);
8. **ratings**, in ascending ``pk``.

Why: two transactions that take the same two rows in opposite orders wait on each other until PostgreSQL
kills one (``deadlock detected``, a 500). Registering a late entry used to take the tournament and then the
table it seats the player at, while the colour-ups after the draw took the tables and then the tournament.

A lock taken later than its place in the order is allowed only on a row nobody else can see yet (a table
the same transaction has just created), and each function that expects a lock held says so.
"""

from __future__ import annotations

from typing import Any, TypeVar

from django.db.models import Model, QuerySet

M = TypeVar("M", bound=Model)


def rows_lock(queryset: QuerySet[M]) -> list[Any]:
    """Lock every row of ``queryset`` in ascending primary key (two transactions locking overlapping sets
    then never wait on each other in a cycle); their primary keys."""
    return list(queryset.select_for_update().order_by("pk").values_list("pk", flat=True))
