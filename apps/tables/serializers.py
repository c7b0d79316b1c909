"""The dealer API's shared serializers: the hand's state, a table, a log row and one event as entered (also
used by the clocks' and the dispute desk's APIs)."""

from __future__ import annotations

import threading
from typing import Any

from django.utils.functional import cached_property
from rest_framework import serializers
from rest_framework.utils.serializer_helpers import BindingDict

from apps.tables.models import Hand

Serializer = serializers.Serializer

EVENT_TYPES = (
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "deal",
    "draw",
    "show",
    "muck",
    "finish_order",
    "prove_openers",
    "reshuffle",
    "timeout",
)


class LentFieldsSerializer(Serializer):
    """An input serializer for the hottest endpoint. DRF deep-copies every declared field for each new
    serializer, about a twentieth of a recorded action's CPU; here each thread builds its fields once and
    lends them to its next serializer of the same class. The fields keep no state between validations (only
    their ``parent`` changes), and a thread validates one request at a time."""

    _lent = threading.local()

    @cached_property
    def fields(self) -> BindingDict:
        by_class: dict[type, dict[str, Any]] = self._lent.__dict__.setdefault("by_class", {})
        bound = BindingDict(self)
        lent = by_class.get(type(self))
        if lent is None:
            for name, field in self.get_fields().items():
                bound[name] = field  # binds it to this serializer, as DRF does
            by_class[type(self)] = dict(bound.fields)
        else:
            for name, field in lent.items():
                field.parent = self
                bound.fields[name] = field
        return bound


class HandStateSerializer(Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField()
    number = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="send it back as expected_seq with the next event")
    status = serializers.ChoiceField(choices=Hand.Status.choices)
    phase = serializers.CharField()
    button = serializers.IntegerField()
    small_blind_seat = serializers.IntegerField(allow_null=True)
    big_blind_seat = serializers.IntegerField(allow_null=True)
    to_act = serializers.IntegerField(allow_null=True)
    pending = serializers.CharField(allow_null=True)
    betting_round = serializers.IntegerField()
    draw_index = serializers.IntegerField()
    legal_actions = serializers.ListField(child=serializers.DictField(), help_text="with min/max amounts")
    seats = serializers.ListField(child=serializers.DictField())
    pot_total = serializers.IntegerField()
    pots = serializers.ListField(child=serializers.DictField())
    pass_outs = serializers.IntegerField()
    opener = serializers.IntegerField(allow_null=True)
    stub = serializers.DictField()
    result = serializers.DictField(allow_null=True, help_text="awards and their explanation once finished")
    game = serializers.DictField()
    clock = serializers.DictField(
        allow_null=True,
        required=False,
        help_text="the turn clock: deadline, stage, seconds left, time bank left, a called clock's countdown",
    )


class TableSerializer(Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField()
    name = serializers.CharField()
    game = serializers.DictField()
    seats_count = serializers.IntegerField()
    button_seat = serializers.IntegerField(allow_null=True)
    published = serializers.BooleanField()
    current_hand = serializers.IntegerField(allow_null=True)
    seats = serializers.ListField(child=serializers.DictField())


class EventRowSerializer(Serializer):
    seq = serializers.IntegerField()
    kind = serializers.CharField()
    payload = serializers.DictField()
    by_clock = serializers.BooleanField()
    entered_by = serializers.DictField()
    created_at = serializers.DateTimeField()
    voided = serializers.BooleanField()
    voided_by_seq = serializers.IntegerField(allow_null=True)
    void_reason = serializers.CharField(allow_null=True)


class EventInputSerializer(Serializer):
    """One hand event as a dealer enters it (also each event a correction appends)."""

    type = serializers.ChoiceField(choices=list(EVENT_TYPES))
    seat = serializers.IntegerField(required=False, min_value=1, max_value=10)
    amount = serializers.IntegerField(
        required=False, min_value=0, max_value=10**12, help_text="the total for the round"
    )
    count = serializers.IntegerField(required=False, min_value=0, max_value=5)
    cards = serializers.CharField(required=False, max_length=40)
    discard = serializers.CharField(required=False, max_length=40)
    receive = serializers.CharField(required=False, max_length=40)
    shown = serializers.CharField(required=False, max_length=40)
    order = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField(min_value=1, max_value=10), max_length=10),
        required=False,
        max_length=10,
        help_text="finish_order: seats best first, ties grouped, e.g. [[3], [1, 5], [2]]",
    )


# The dealer API's plainest entries (a type, a seat, an amount or a count, and expected_seq, all integers
# within the serializer's bounds), checked without building the serializer: (lowest, highest) per field.
_PLAIN_INTEGERS: dict[str, tuple[int, int | None]] = {
    "seat": (1, 10),
    "amount": (0, 10**12),
    "count": (0, 5),
    "expected_seq": (0, None),
}
_PLAIN_ORDER = ("type", "seat", "amount", "count", "expected_seq")  # the serializer's order of its fields


def plain_event_input(data: Any) -> dict[str, Any] | None:
    """What the dealer API's input serializer (:class:`EventInputSerializer` and ``expected_seq``) validates
    ``data`` to, when ``data`` is one of the plain entries most are, found without the serializer (about a
    twentieth of a recorded action's CPU); None for anything else, which the serializer judges, with its
    errors. Exactly integers (not a boolean, a float or a numeric text, which the serializer converts or
    refuses), within the same bounds; a known type; no other field."""
    kind = data.get("type") if type(data) is dict and "expected_seq" in data else None
    if type(kind) is not str or kind not in EVENT_TYPES:
        return None
    for key, value in data.items():
        if key == "type":
            continue
        bounds = _PLAIN_INTEGERS.get(key)
        if bounds is None or type(value) is not int:
            return None
        lowest, highest = bounds
        if value < lowest or (highest is not None and value > highest):
            return None
    return {key: data[key] for key in _PLAIN_ORDER if key in data}
