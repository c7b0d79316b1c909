"""The dealer API. Thin: parse, call a service or selector, serialize. Rules live in the engine,
permissions in the services (:mod:`apps.accounts.permissions`)."""

from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.authentication import DeferredDeviceView
from apps.accounts.models import Club, Player
from apps.accounts.permissions import Actor, actor_from_request, can_read_table, require_actor
from apps.core.apis import get_or_404, validated
from apps.core.errors import NotAuthenticated, NotFound, PermissionRefused, ValidationFailed
from apps.core.i18n import award_check, error_message
from apps.core.schema import errors
from apps.tables import selectors, services
from apps.tables.models import Hand, Seat, Table
from apps.tables.serializers import (
    EventInputSerializer,
    EventRowSerializer,
    HandStateSerializer,
    LentFieldsSerializer,
    TableSerializer,
    plain_event_input,
)

Serializer = serializers.Serializer


def _require_reader(actor: Actor, table: Table) -> None:
    if not can_read_table(actor, table):
        if actor.is_anonymous:
            raise NotAuthenticated(
                "log in or use a device token to read this table", detail={"table": table.pk}
            )
        raise PermissionRefused(
            "this table is not published", code="not_published", detail={"table": table.pk}
        )


def _table(pk: int) -> Table:
    table: Table = get_or_404(Table, pk, "table")
    return table


def _hand(pk: int) -> Hand:
    hand: Hand = get_or_404(Hand.objects.select_related("table"), pk, "hand")
    return hand


class TableCreateApi(APIView):
    class InputSerializer(Serializer):
        club = serializers.IntegerField()
        name = serializers.CharField(max_length=80)
        game = serializers.DictField(
            help_text='e.g. {"kind": "2-7-triple-draw", "small_blind": 25, "big_blind": 50}'
        )
        seats_count = serializers.IntegerField(default=6, min_value=2, max_value=10)
        published = serializers.BooleanField(default=False)

    @extend_schema(request=InputSerializer, responses={201: TableSerializer, **errors(400, 401, 403, 404)})
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        club = Club.objects.filter(pk=data.validated_data["club"]).first()
        if club is None:
            raise NotFound("no such club", code="club_not_found", detail={"field": "club"})
        table = services.table_create(
            actor=actor,
            club=club,
            name=data.validated_data["name"],
            game=data.validated_data["game"],
            seats_count=data.validated_data["seats_count"],
            published=data.validated_data["published"],
        )
        return Response(selectors.table_view(table), status=status.HTTP_201_CREATED)


class TableDetailApi(APIView):
    @extend_schema(responses={200: TableSerializer, **errors(401, 403, 404)})
    def get(self, request: Request, table_id: int) -> Response:
        table = _table(table_id)
        _require_reader(actor_from_request(request), table)
        return Response(selectors.table_view(table))


class TableSeatApi(APIView):
    class InputSerializer(Serializer):
        seat = serializers.IntegerField(min_value=1, max_value=10)
        stack = serializers.IntegerField(min_value=0, max_value=10**12)
        player = serializers.IntegerField(required=False, help_text="an existing club player's id")
        player_name = serializers.CharField(required=False, max_length=80, help_text="or a name (new player)")

    @extend_schema(
        request=InputSerializer, responses={201: TableSerializer, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, table_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        table = _table(table_id)
        actor = require_actor(request, "log in as the club's director")
        player = None
        if "player" in data.validated_data:
            player = Player.objects.filter(pk=data.validated_data["player"]).first()
            if player is None:
                raise NotFound("no such player", code="player_not_found", detail={"field": "player"})
        services.table_seat_player(
            actor=actor,
            table=table,
            number=data.validated_data["seat"],
            stack=data.validated_data["stack"],
            player=player,
            player_name=data.validated_data.get("player_name"),
        )
        return Response(selectors.table_view(table), status=status.HTTP_201_CREATED)


class SeatAdjustApi(APIView):
    class InputSerializer(Serializer):
        kind = serializers.ChoiceField(choices=["rebuy", "add_on", "penalty", "correction", "cash_out"])
        amount = serializers.IntegerField(
            min_value=-(10**12), max_value=10**12, help_text="chips added (negative: removed)"
        )
        reason = serializers.CharField(max_length=300)

    @extend_schema(
        request=InputSerializer, responses={201: TableSerializer, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, table_id: int, seat_number: int) -> Response:
        data = validated(self.InputSerializer, request)
        table = _table(table_id)
        actor = require_actor(request, "log in as the club's director")
        seat = Seat.objects.filter(table=table, number=seat_number, left_at__isnull=True).first()
        if seat is None:
            raise NotFound(
                f"nobody sits in seat {seat_number}", code="seat_empty", detail={"seat": seat_number}
            )
        services.seat_stack_adjust(actor=actor, seat=seat, **data.validated_data)
        return Response(selectors.table_view(table), status=status.HTTP_201_CREATED)


class HandStartApi(APIView):
    class InputSerializer(Serializer):
        button = serializers.IntegerField(
            required=False,
            min_value=1,
            max_value=10,
            help_text="first hand only; later the button moves by the rules",
        )

    @extend_schema(
        request=InputSerializer, responses={201: HandStateSerializer, **errors(400, 401, 403, 404, 409, 422)}
    )
    def post(self, request: Request, table_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        if actor_from_request(request).is_anonymous:
            _table(table_id)  # a table that does not exist is a 404 before the 401
        actor = require_actor(request, "log in or use the table's device token")
        # the service locks the table by its id (404 table_not_found) and gives what the answer shows
        dealt = services.hand_deal(actor=actor, table=table_id, button=data.validated_data.get("button"))
        view = selectors.hand_view(dealt.hand, state=dealt.state, parts=dealt.view_parts)
        return Response(view, status=status.HTTP_201_CREATED)


class HandDetailApi(APIView):
    @extend_schema(responses={200: HandStateSerializer, **errors(401, 403, 404)})
    def get(self, request: Request, hand_id: int) -> Response:
        hand = _hand(hand_id)
        actor = actor_from_request(request)
        _require_reader(actor, hand.table)
        return Response(selectors.hand_view_for(hand, actor=actor))


class HandEventsApi(DeferredDeviceView, APIView):
    """A dealer's device records most actions here: its token is checked by the hand's row lock itself
    (:class:`~apps.accounts.authentication.DeferredDeviceView`), not by a lookup of its own."""

    class InputSerializer(LentFieldsSerializer, EventInputSerializer):
        expected_seq = serializers.IntegerField(
            min_value=0, help_text="the seq of the state you are looking at"
        )

    @extend_schema(
        responses={200: EventRowSerializer(many=True), **errors(401, 403, 404)},
        description="The hand's whole log, voided rows included and marked.",
    )
    def get(self, request: Request, hand_id: int) -> Response:
        hand = _hand(hand_id)
        actor = actor_from_request(request)
        _require_reader(actor, hand.table)
        return Response(selectors.hand_events(hand, actor=actor))

    @extend_schema(
        request=InputSerializer,
        parameters=[
            OpenApiParameter("Idempotency-Key", OpenApiTypes.STR, OpenApiParameter.HEADER, required=False)
        ],
        responses={
            201: HandStateSerializer,
            **errors(400, 401, 403, 404, 409, 422),
        },
        description="Record one event. 422 when the rules forbid it (nothing written); 409 when "
        "expected_seq is stale (the current state is in detail.state). A retry with the same "
        "Idempotency-Key returns the first answer without a second event.",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        plain = plain_event_input(request.data)  # most entries; anything else the serializer judges
        event = plain if plain is not None else dict(validated(self.InputSerializer, request).validated_data)
        expected_seq = event.pop("expected_seq")
        actor = require_actor(request, "log in or use the table's device token")
        key = request.headers.get("Idempotency-Key") or None
        if key is not None and len(key) > 100:
            raise ValidationFailed(
                "Idempotency-Key is at most 100 characters", code="idempotency_key_invalid"
            )
        recorded = services.hand_event_record(
            actor=actor, hand_id=hand_id, expected_seq=expected_seq, event=event, idempotency_key=key
        )
        headers = {"Idempotent-Replayed": "true"} if recorded.replayed else None
        # rendered here, in this request's language: a retry in another language reads its own
        body = selectors.hand_view(recorded.hand, state=recorded.state, parts=recorded.view_parts)
        return Response(body, status=status.HTTP_201_CREATED, headers=headers)


class HandCorrectionApi(APIView):
    class InputSerializer(Serializer):
        expected_seq = serializers.IntegerField(min_value=0)
        reason = serializers.CharField(max_length=500)
        void_from_seq = serializers.IntegerField(
            required=False, min_value=1, help_text="undo this event and all later ones"
        )
        events = serializers.ListField(
            child=EventInputSerializer(),
            required=False,
            max_length=200,
            help_text="events appended in their place",
        )

    @extend_schema(
        request=InputSerializer, responses={201: HandStateSerializer, **errors(400, 401, 403, 404, 409, 422)}
    )
    def post(self, request: Request, hand_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        _hand(hand_id)
        hand = services.hand_correct(actor=actor, hand_id=hand_id, **data.validated_data)
        return Response(selectors.hand_view(hand), status=status.HTTP_201_CREATED)


class HandAwardCheckApi(APIView):
    class InputSerializer(Serializer):
        proposed = serializers.DictField(
            child=serializers.IntegerField(min_value=0, max_value=10**12),
            help_text='seat -> chips received, e.g. {"1": 150, "2": 140, "3": 80}',
        )

    class OutputSerializer(Serializer):
        ok = serializers.BooleanField()
        differences = serializers.ListField(child=serializers.DictField())
        proposed_total = serializers.IntegerField()
        correct_total = serializers.IntegerField()

    @extend_schema(
        request=InputSerializer, responses={200: OutputSerializer, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, hand_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        hand = _hand(hand_id)
        _require_reader(actor_from_request(request), hand.table)
        check = services.hand_award_check(hand=hand, proposed=data.validated_data["proposed"])
        return Response(award_check(check))  # the reasons in the request's language


class HandPhhApi(APIView):
    @extend_schema(
        responses={(200, "application/toml"): OpenApiTypes.STR, **errors(401, 403, 404)},
        description="The hand as a Poker Hand History (PHH 0.0.2) file.",
    )
    def get(self, request: Request, hand_id: int) -> HttpResponse:
        hand = _hand(hand_id)
        actor = actor_from_request(request)
        _require_reader(actor, hand.table)
        response = HttpResponse(
            selectors.hand_phh(hand, actor=actor), content_type="application/toml; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="hand-{hand.pk}.phh"'
        return response


class HandImportApi(APIView):
    class InputSerializer(Serializer):
        phh = serializers.CharField(max_length=200_000, help_text="the text of one .phh file")
        rules = serializers.ChoiceField(
            choices=["phh", "house"],
            required=False,
            help_text="phh: PHH's own semantics (PokerKit's), with a note wherever RULES.md would rule "
            "otherwise; house: RULES.md. Default: house for a file Floor wrote (_floor_game), phh for a "
            "standard file",
        )

    @extend_schema(
        request=InputSerializer,
        responses={201: HandStateSerializer, **errors(400, 401, 403, 404, 409, 422)},
        description="Record a finished hand from one PHH file (409 while a hand is in play at the table).",
    )
    def post(self, request: Request, table_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        table = _table(table_id)
        actor = require_actor(request, "log in or use the table's device token")
        imported = services.hand_import_phh(
            actor=actor, table=table, text=data.validated_data["phh"], rules=data.validated_data.get("rules")
        )
        notes = [
            {**n, "note": error_message("phh_note", {}, n["note"])} for n in imported.notes
        ]  # reader's language
        body = {**selectors.hand_view(imported.hand), "phh_rules": imported.rules, "phh_notes": notes}
        return Response(body, status=status.HTTP_201_CREATED)
