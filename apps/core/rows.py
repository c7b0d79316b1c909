"""Model instances from the rows of a hand-written query (the hot paths' one-statement SQL)."""

from __future__ import annotations

import json
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
