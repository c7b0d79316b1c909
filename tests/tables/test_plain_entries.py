"""The dealer API's plain entries are checked without the input serializer: for every body, either the fast
check declines (the serializer judges it, errors and all) or it gives exactly what the serializer gives."""

from __future__ import annotations

from typing import Any

import pytest

from apps.tables.apis import HandEventsApi
from apps.tables.serializers import plain_event_input

BODIES: list[Any] = [
    {"expected_seq": 3, "type": "bet", "seat": 2, "amount": 20},
    {"type": "call", "seat": 1, "expected_seq": 0},
    {"expected_seq": 7, "type": "draw", "seat": 4, "count": 3},
    {"expected_seq": 7, "type": "draw", "seat": 4, "count": 6},  # over the serializer's bound
    {"expected_seq": 1, "type": "fold", "seat": 0},
    {"expected_seq": 1, "type": "fold", "seat": 11},
    {"expected_seq": -1, "type": "check", "seat": 1},
    {"expected_seq": 1, "type": "bet", "seat": 1, "amount": 10**12 + 1},
    {"expected_seq": True, "type": "check", "seat": 1},  # a boolean is no integer here
    {"expected_seq": 1, "type": "check", "seat": 1.0},  # the serializer converts it
    {"expected_seq": "1", "type": "check", "seat": "2"},
    {"expected_seq": 1, "type": "dance", "seat": 1},
    {"expected_seq": 1, "seat": 1},
    {"type": "check", "seat": 1},
    {"expected_seq": 1, "type": "draw", "seat": 1, "cards": " 2c 3d "},  # a text field: the serializer's
    {"expected_seq": 1, "type": "finish_order", "order": [[1], [2]]},
    {"expected_seq": 1, "type": "check", "seat": 1, "extra": 5},
    {"expected_seq": 1, "type": None},
    ["not", "an", "object"],
    None,
]


@pytest.mark.parametrize("body", BODIES)
def test_the_fast_check_gives_what_the_serializer_gives_or_declines(body: Any) -> None:
    plain = plain_event_input(body)
    serializer = HandEventsApi.InputSerializer(data=body)
    valid = serializer.is_valid()
    if plain is None:
        return  # the serializer judges it, as before (valid or not)
    assert valid, serializer.errors
    assert plain == dict(serializer.validated_data)
    assert list(plain) == list(serializer.validated_data)  # the same order of keys as well


def test_the_fast_check_takes_the_common_entries() -> None:
    for body in BODIES[:3]:
        assert plain_event_input(body) is not None, body
