"""Model instances from the rows of a hand-written query (the hot paths' one-statement SQL), and the cursor
those statements run on."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.db import connection
from django.db.models import JSONField


def row_to_instance(model: type[Any], fields: list[Any], values: Any) -> Any:
    """An instance of ``model`` from ``values`` read for ``fields`` (its concrete fields, in that order), as
    the ORM would have built it; a JSON column read as text is decoded."""
    values = [
        json.loads(v) if isinstance(v, str) and isinstance(f, JSONField) else v
        for f, v in zip(fields, values, strict=True)
    ]
    return model.from_db(connection.alias, [f.attname for f in fields], values)


@contextmanager
def bound_cursor() -> Iterator[Any]:
    """A cursor for the hot paths' hand-written statements. On PostgreSQL its parameters travel apart from
    the statement (server-side binding) instead of being quoted into it: psycopg no longer escapes a hand's
    state into the SQL text (about a tenth of a recorded action's CPU) nor PostgreSQL parses it back out of
    it, and psycopg prepares a statement run often once per connection, so PostgreSQL plans it once. The
    ORM keeps Django's client-side binding. Wrapped and logged like any Django cursor (the query-count
    tests see its statements). Elsewhere (SQLite): Django's own cursor."""
    if connection.vendor != "postgresql":
        with connection.cursor() as cursor:
            yield cursor
        return
    cursor_class, timestamptz, text, register_tzloader = _server_binding()
    connection.ensure_connection()
    with connection.wrap_database_errors:
        raw = cursor_class(connection.connection)
        # as Django's own cursors: timestamps read in the connection's time zone
        if connection.timezone != connection.connection.adapters.get_loader(timestamptz, text).timezone:
            register_tzloader(connection.timezone, raw)
        cursor = connection._prepare_cursor(raw)  # type: ignore[attr-defined]
    with cursor:
        yield cursor


@functools.cache
def _server_binding() -> tuple[Any, int, Any, Any]:
    """Django's server-binding cursor class and what its time-zone check needs (imported on PostgreSQL
    only: psycopg may be absent elsewhere)."""
    from django.db.backends.postgresql.base import ServerBindingCursor  # type: ignore[attr-defined]
    from django.db.backends.postgresql.psycopg_any import register_tzloader
    from psycopg.postgres import types
    from psycopg.pq import Format

    return ServerBindingCursor, types["timestamptz"].oid, Format.TEXT, register_tzloader


def execute_first(cursor: Any, sql: str, params: list[Any]) -> None:
    """``cursor.execute(sql, params)`` (a :func:`bound_cursor`'s) for the first statement of the current
    transaction, with the transaction's ``BEGIN`` in the same round trip.

    psycopg opens a transaction lazily: before its first statement it sends ``BEGIN`` and waits for the
    answer, a round trip of its own, even in pipeline mode (it syncs after the ``BEGIN``). Here, when that
    ``BEGIN`` is still to be sent (Django's atomic block has begun, PostgreSQL has not), psycopg is told the
    transaction is its caller's (``autocommit``, while the connection is idle) and ``BEGIN`` and the
    statement go together in pipeline mode: one round trip. The transaction is then PostgreSQL's usual one:
    Django's commit or rollback at the end of the atomic block ends it (psycopg sends ``COMMIT`` or
    ``ROLLBACK`` whenever a transaction is open, whatever its ``autocommit``), and Django restores
    ``autocommit`` after it, as it always does. Anywhere else (a transaction already open, no atomic block,
    SQLite): a plain execute."""
    raw = connection.connection if connection.vendor == "postgresql" else None
    if (
        raw is None
        or not connection.in_atomic_block
        or raw.autocommit
        or raw.pgconn.transaction_status != _idle()
    ):
        cursor.execute(sql, params)
        return
    with connection.wrap_database_errors:
        raw.autocommit = True
        with raw.pipeline():
            raw.execute("BEGIN")
            cursor.execute(sql, params)


@functools.cache
def _idle() -> Any:
    from psycopg.pq import TransactionStatus

    return TransactionStatus.IDLE
