"""The clocks API: call the clock on a hand, level clocks (create, read, control), link a table. Thin."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts.permissions import (
    actor_from_request,
    can_read_level_clock,
    is_member,
    require_actor,
    require_reader,
)
from apps.clocks import levelclock, services
from apps.clocks.models import LevelClock
from apps.core.apis import get_or_404, validated
from apps.core.errors import NotFound, PermissionRefused
from apps.core.schema import errors
from apps.tables.models import Hand, Table
from apps.tables.selectors import hand_view
from apps.tables.serializers import HandStateSerializer

Serializer = serializers.Serializer


def _level_clock(pk: int) -> LevelClock:
    clock: LevelClock = get_or_404(LevelClock, pk, "level clock", key="clock")
    return clock


class LevelClockSerializer(Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField()
    name = serializers.CharField()
    structure = serializers.ListField(child=serializers.DictField())
    started = serializers.BooleanField()
    running = serializers.BooleanField()
    paused = serializers.BooleanField()
    hand_for_hand = serializers.BooleanField()
    level = serializers.IntegerField(help_text="index of the current level in the structure")
    current = serializers.DictField()
    next = serializers.DictField(allow_null=True)
    elapsed = serializers.FloatField()
    remaining = serializers.FloatField(help_text="seconds left in the current level")
    finished = serializers.BooleanField()
    level_ends_at = serializers.FloatField(allow_null=True, help_text="epoch seconds, while running")
    next_change_at = serializers.DateTimeField(allow_null=True)
    time_bank_seconds = serializers.IntegerField()
    time_bank_per = serializers.CharField()
    version = serializers.IntegerField()
    now = serializers.DateTimeField()


class ClockCallApi(APIView):
    class InputSerializer(Serializer):
        expected_seq = serializers.IntegerField(
            min_value=0, help_text="the seq of the state you are looking at"
        )

    @extend_schema(
        request=InputSerializer,
        responses={201: HandStateSerializer, **errors(400, 401, 403, 404, 409)},
        description="Call the clock on the seat to act (TDA 29): 25 s plus a 5 s countdown, then the hand "
        "is dead if facing a bet, otherwise it checks. Answers the hand state with its clock.",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in or use the table's device token")
        services.clock_call(actor=actor, hand_id=hand_id, expected_seq=data.validated_data["expected_seq"])
        return Response(hand_view(Hand.objects.get(pk=hand_id)), status=status.HTTP_201_CREATED)


class LevelClockCreateApi(APIView):
    class InputSerializer(Serializer):
        club = serializers.IntegerField()
        name = serializers.CharField(max_length=120)
        structure = serializers.ListField(
            child=serializers.DictField(),
            min_length=1,
            max_length=200,
            help_text='e.g. [{"minutes": 20, "small_blind": 25, "big_blind": 50}, {"minutes": 10, '
            '"is_break": true}]',
        )
        time_bank_seconds = serializers.IntegerField(default=0, min_value=0, max_value=3600)
        time_bank_per = serializers.ChoiceField(choices=LevelClock.TimeBankPer.choices, default="tournament")

    @extend_schema(request=InputSerializer, responses={201: LevelClockSerializer, **errors(400, 401, 403)})
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        v = dict(data.validated_data)
        clock = levelclock.level_clock_create(actor=actor, club_id=v.pop("club"), **v)
        return Response(levelclock.level_clock_view(clock), status=status.HTTP_201_CREATED)


class LevelClockDetailApi(APIView):
    @extend_schema(responses={200: LevelClockSerializer, **errors(401, 403, 404)})
    def get(self, request: Request, clock_id: int) -> Response:
        # A published tournament's clock is shown on public screens: anyone may read it.
        clock = _level_clock(clock_id)
        actor = actor_from_request(request)
        require_reader(
            actor,
            can_read_level_clock(actor, clock),
            "this level clock's tournament is not published",
            clock=clock.pk,
        )
        return Response(levelclock.level_clock_view(clock))


class LevelClockControlApi(APIView):
    class InputSerializer(Serializer):
        action = serializers.ChoiceField(choices=levelclock.ACTIONS)
        seconds = serializers.IntegerField(
            required=False, min_value=-86400, max_value=86400, help_text="add_time (negative removes)"
        )
        level = serializers.IntegerField(required=False, min_value=0, help_text="jump: the level index")

    @extend_schema(
        request=InputSerializer, responses={200: LevelClockSerializer, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, clock_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        clock = levelclock.level_clock_control(actor=actor, clock_id=clock_id, **data.validated_data)
        return Response(levelclock.level_clock_view(clock))


class TableLevelClockApi(APIView):
    class InputSerializer(Serializer):
        level_clock = serializers.IntegerField(allow_null=True, help_text="null unlinks")

    class OutputSerializer(Serializer):
        table = serializers.IntegerField()
        level_clock = serializers.IntegerField(allow_null=True)

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer, **errors(400, 401, 403, 404)})
    def put(self, request: Request, table_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        actor = require_actor(request, "log in as the club's director")
        table = Table.objects.filter(pk=table_id).first()
        if table is None:
            raise NotFound(f"no table {table_id}", code="table_not_found", detail={"table": table_id})
        pk = data.validated_data["level_clock"]
        clock = _level_clock(pk) if pk is not None else None
        if clock is not None and not is_member(actor, clock.club_id):
            raise PermissionRefused("that level clock belongs to another club", code="level_clock_invalid")
        tc = levelclock.table_level_clock_set(actor=actor, table=table, level_clock=clock)
        return Response({"table": table.pk, "level_clock": tc.level_clock_id})
