"""Fixtures for the dealer console: a club, a Five-Card Draw table with three players, its director, and a
device token issued for the table the way the cockpit issues one."""

from __future__ import annotations

from typing import Any

import pytest

from apps.accounts import services as accounts
from apps.accounts.permissions import Actor
from apps.engine.games import five_card_draw
from tests.factories import ClubFactory, PlayerFactory, SeatFactory, TableFactory, director_of


@pytest.fixture
def club(db: None) -> Any:
    return ClubFactory(name="Thursday Game")


@pytest.fixture
def director(club: Any) -> Any:
    return director_of(club, "boss")


@pytest.fixture
def table(club: Any) -> Any:
    table = TableFactory(club=club, name="Table 1", game=five_card_draw().to_json())
    for number, name in ((1, "Ann"), (2, "Bo"), (3, "Cy")):
        SeatFactory(table=table, number=number, player=PlayerFactory(club=club, name=name), stack=2000)
    return table


@pytest.fixture
def issue_device(director: Any) -> Any:
    """``issue_device(*tables, name=…)`` → (device, raw token)."""

    def issue(*tables: Any, name: str = "Tablet") -> tuple[Any, str]:
        club = tables[0].club
        return accounts.device_issue(
            actor=Actor(user=director), club=club, name=name, table_ids=[t.pk for t in tables]
        )

    return issue


@pytest.fixture
def device(table: Any, issue_device: Any) -> tuple[Any, str]:
    return issue_device(table)
