"""A finished hand moves every winner's and loser's stack in one statement (PostgreSQL): the same seats and
the same refusal as one update per seat."""

from __future__ import annotations

import pytest
from django.db import transaction
from django.utils import timezone

from apps.core.errors import Conflict
from apps.tables.models import Seat
from apps.tables.seats import seat_stacks_shift
from tests.factories import SeatFactory, TableFactory

pytestmark = pytest.mark.django_db


def _refusal(seat: int) -> Conflict:
    return Conflict(f"seat {seat}", code="stack_would_be_negative", detail={"seat": seat})


def test_every_stack_moves_by_its_delta() -> None:
    table = TableFactory()
    seats = [SeatFactory(table=table, number=n, stack=100) for n in (1, 2, 3)]
    other = SeatFactory(number=1, stack=100, player=seats[0].player)  # the same player at another table
    seat_stacks_shift(
        table_id=table.pk,
        shifts=[(seats[0].player_id, 50, _refusal(1)), (seats[1].player_id, -100, _refusal(2))],
    )
    assert [Seat.objects.get(pk=s.pk).stack for s in seats] == [150, 0, 100]
    assert Seat.objects.get(pk=other.pk).stack == 100


def test_a_seat_gone_or_short_refuses_with_its_own_refusal_and_nothing_is_written() -> None:
    table = TableFactory()
    seats = [SeatFactory(table=table, number=n, stack=100) for n in (1, 2, 3)]
    Seat.objects.filter(pk=seats[2].pk).update(left_at=timezone.now())
    for shifts, refused in (
        ([(seats[0].player_id, 10, _refusal(1)), (seats[1].player_id, -101, _refusal(2))], 2),
        ([(seats[0].player_id, 10, _refusal(1)), (seats[2].player_id, 5, _refusal(3))], 3),
    ):
        with pytest.raises(Conflict) as caught, transaction.atomic():
            seat_stacks_shift(table_id=table.pk, shifts=shifts)
        assert caught.value.detail == {"seat": refused}
        assert [Seat.objects.get(pk=s.pk).stack for s in seats] == [100, 100, 100]
