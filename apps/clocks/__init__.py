"""Clocks and live pushes.

How the clocks work: every clock's truth is a row in PostgreSQL with a ``deadline`` and a ``version``
(:class:`~apps.clocks.models.TableClock` for a table's turn clock, :class:`~apps.clocks.models.LevelClock`
for a tournament's levels). Any change (an entry at the table, a called clock, a pause, added time) bumps
the version. After commit a countdown task is queued with ``eta`` = the deadline (promptness), and Celery
beat runs a sweep every second (certainty: it picks up whatever a dead worker, a lost message or a Redis
outage left overdue). Both call one idempotent service that locks the row, re-checks the version and the
deadline, and only then acts; a turn-clock action also writes a :class:`~apps.clocks.models.ClockFiring`
unique per hand state, so the database itself refuses a second one. Nothing depends on ``revoke()``.
Level-clock arithmetic is pure (:mod:`apps.engine.clock`): the remaining time is derived from stored
timestamps, so a restart or a long pause is exact to the second.

Live pushes: each change appends a :class:`~apps.clocks.models.LiveEvent` (numbered per channel, in
commit order) in the same transaction and wakes the SSE streams through Redis pub/sub after commit; the
streams replay from ``Last-Event-ID`` and poll the table when Redis is absent or down
(:mod:`apps.clocks.sse`).
"""
