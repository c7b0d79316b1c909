"""The console's ways to mend a mistake: undo the last entry, try an entry without writing it (the showdown's
confirmation), and call the floor (a dispute on this hand or the last one, told to the cockpit at once)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.permissions import require_actor
from apps.core.apis import validated
from apps.core.schema import errors
from apps.disputes.undo import hand_entry_undo
from apps.tables.apis import HandEventsApi, HandStateSerializer
from apps.tables.dryrun import hand_event_try
from apps.tables.selectors import hand_view

Serializer = serializers.Serializer


class HandUndoApi(APIView):
    class InputSerializer(Serializer):
        expected_seq = serializers.IntegerField(min_value=0, help_text="the seq of the entry to undo")
        reason = serializers.CharField(max_length=200, help_text="why, in a few words (kept in the log)")

    @extend_schema(
        request=InputSerializer,
        responses={201: HandStateSerializer, **errors(400, 401, 403, 404, 409)},
        description="Undo the hand's last entry: a correction with the reason is appended (nothing is "
        "deleted) and the hand continues from the state before it. Only the device (or dealer) that "
        "entered it, or the director, while nothing was entered after it.",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        data = validated(self.InputSerializer, request).validated_data
        actor = require_actor(request, "log in or use the table's device token")
        hand = hand_entry_undo(
            actor=actor, hand_id=hand_id, expected_seq=data["expected_seq"], reason=data["reason"]
        )
        return Response(hand_view(hand), status=201)


class HandEventTryApi(APIView):
    InputSerializer = HandEventsApi.InputSerializer

    @extend_schema(
        request=InputSerializer,
        responses={200: HandStateSerializer, **errors(400, 401, 403, 404, 409, 422)},
        description="What the entry would do (the hand after it, its result when it ends the hand), "
        "written nowhere. The console shows a showdown's result this way before the dealer confirms it.",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        event = dict(data.validated_data)
        expected_seq = event.pop("expected_seq")
        actor = require_actor(request, "log in or use the table's device token")
        return Response(hand_event_try(actor=actor, hand_id=hand_id, expected_seq=expected_seq, event=event))
