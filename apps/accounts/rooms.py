"""Which tables a dealer's device deals at: the ones it is pinned to, or the club's current Table N.

A device that follows *Table N of the room* deals at the table that stands there tonight: the table number
N of the club's running tournament (the one started last, if two run at once; a broken table no longer
counts), else the club's cash table named "Table N" (any case, or that name in one of Floor's languages,
such as "Meja N"), else, on the night a tournament ended, its table N that was still open at the end (the
device shows the final places there). It is read at every request, so the same token and QR code serve
every night, and the device moves on by itself when the seat draw opens the tournament's tables or the
tournament ends.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext

from apps.accounts.models import DeviceToken


def room_table_name(number: int) -> str:
    """The name of the room's Table ``number`` in the active language ("Table 1", "Meja 1")."""
    return gettext("Table %(number)s") % {"number": number}


def room_table_names(number: int) -> list[str]:
    """The names a cash table of the room may go by: "Table N" in English or in any of Floor's languages."""
    names = [f"Table {number}"]
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            names.append(room_table_name(number))
    return list(dict.fromkeys(names))


# Who can say which table stands at a room's Table N: the apps above this one connect a finder in their
# AppConfig.ready() (tournaments: tonight's tournament table N, rank 0; tables: the cash table "Table N",
# rank 1; tournaments again: tonight's finished tournament's last table N, rank 2), so this module never
# imports them. Lower rank asks first; the first answer wins.
RoomTableFinder = Callable[[int, int], "int | None"]
_finders: list[tuple[int, RoomTableFinder]] = []


def room_table_finder_connect(finder: RoomTableFinder, *, rank: int) -> None:
    """Connect ``finder(club_id, number) -> table id or None``, asked in ``rank`` order (once per finder)."""
    if all(f is not finder for _, f in _finders):
        _finders.append((rank, finder))
        _finders.sort(key=lambda pair: pair[0])


def room_table_id(*, club_id: int, number: int) -> int | None:
    """The id of the club's Table ``number`` now (see the module's docstring), None when there is none."""
    for _rank, finder in _finders:
        found = finder(club_id, number)
        if found is not None:
            return found
    return None


def device_table_ids(*, device: DeviceToken) -> list[int]:
    """The tables ``device`` deals at now (its pinned tables, or its room table's current one)."""
    if device.room_table is not None:
        current = room_table_id(club_id=device.club_id, number=device.room_table)
        return [current] if current is not None else []
    return sorted(device.tables.values_list("pk", flat=True))


def device_deals_at(*, device: DeviceToken, table: Any, assigned: bool | None = None) -> bool:
    """May ``device`` deal at ``table`` now? ``assigned``: whether it is pinned there, when the caller read it
    already (the dealer API reads it with the hand it locks)."""
    if not device.is_active:
        return False
    if device.room_table is not None:
        return (
            table.club_id == device.club_id
            and room_table_id(club_id=device.club_id, number=device.room_table) == table.pk
        )
    if assigned is None:
        assigned = device.tables.filter(pk=table.pk).exists()
    return assigned
