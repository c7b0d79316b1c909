"""The director's floor API: seat moves (list, plan, decide, confirm all), hand-for-hand, the tournament's
clock, colour-ups and chip races, deals. Thin: parse, authorise, call a service, serialize."""

from __future__ import annotations

from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.core.apis import validated
from apps.core.errors import NotFound
from apps.core.i18n import sentence_texts
from apps.core.schema import errors
from apps.tournaments import chips, moves, payouts, results, selectors, services
from apps.tournaments.apis import (
    TournamentSerializer,
    tournament_or_404,
    tournament_readable,
    tournament_view,
    tournament_writer,
)
from apps.tournaments.models import Deal, SeatMove

Serializer = serializers.Serializer


class SeatMoveSerializer(Serializer):
    id = serializers.IntegerField()
    entry = serializers.IntegerField()
    player = serializers.CharField()
    kind = serializers.ChoiceField(choices=SeatMove.Kind.choices)
    rule = serializers.CharField()
    reason = serializers.CharField()
    from_table = serializers.IntegerField(allow_null=True)
    from_seat = serializers.IntegerField(allow_null=True)
    to_table = serializers.IntegerField()
    to_seat = serializers.IntegerField()
    status = serializers.ChoiceField(choices=SeatMove.Status.choices)
    proposed_at = serializers.DateTimeField()
    decided_at = serializers.DateTimeField(allow_null=True)


class SeatMoveListApi(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("status", str, required=False, enum=SeatMove.Status.values)],
        responses={200: SeatMoveSerializer(many=True), **errors(400, 401, 403, 404)},  # 400: a hostile query
    )
    def get(self, request: Request, tournament_id: int) -> Response:
        t = tournament_readable(request, tournament_id)
        return Response(selectors.seat_moves(tournament=t, status=request.query_params.get("status")))

    @extend_schema(
        request=None,
        responses={201: SeatMoveSerializer(many=True), **errors(401, 403, 404, 422)},
        description="Ask Floor for a fresh plan now (balance, break or final table); pending proposals are "
        "replaced. Floor also plans by itself after every elimination.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        t = tournament_or_404(tournament_id)
        moves.moves_plan(actor=tournament_writer(request), tournament=t)
        return Response(selectors.seat_moves(tournament=t, status=SeatMove.Status.PROPOSED), status=201)


class SeatMoveDecideApi(APIView):
    class InputSerializer(Serializer):
        confirm = serializers.BooleanField(default=True, help_text="false without a seat: cancel")
        to_table = serializers.IntegerField(required=False, min_value=1, help_text="override: another table")
        to_seat = serializers.IntegerField(required=False, min_value=1, help_text="override: another seat")
        reason = serializers.CharField(required=False, default="", max_length=200)

    @extend_schema(
        request=InputSerializer, responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, move_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        move = SeatMove.objects.filter(pk=move_id).first()
        if move is None:
            raise NotFound(f"no seat move {move_id}", code="seat_move_not_found")
        m = moves.move_decide(actor=tournament_writer(request), move=move, **data.validated_data)
        return Response({"id": m.pk, "status": m.status, "to_table": m.to_table, "to_seat": m.to_seat})


class SeatMovesConfirmAllApi(APIView):
    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404, 409)})
    def post(self, request: Request, tournament_id: int) -> Response:
        done = moves.moves_confirm_all(
            actor=tournament_writer(request), tournament=tournament_or_404(tournament_id)
        )
        return Response({"confirmed": [m.pk for m in done]})


class TournamentHandForHandApi(APIView):
    class InputSerializer(Serializer):
        on = serializers.BooleanField()

    @extend_schema(
        request=InputSerializer, responses={200: TournamentSerializer, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        t = results.tournament_hand_for_hand(
            actor=tournament_writer(request),
            tournament=tournament_or_404(tournament_id),
            on=data.validated_data["on"],
        )
        return Response(tournament_view(t))


class TournamentClockApi(APIView):
    """The tournament's level clock: start, pause, resume, add time, jump (the clocks service)."""

    class InputSerializer(Serializer):
        action = serializers.ChoiceField(choices=["start", "pause", "resume", "add_time", "jump"])
        seconds = serializers.IntegerField(required=False, min_value=-86400, max_value=86400)
        level = serializers.IntegerField(required=False, min_value=0)

    @extend_schema(
        request=InputSerializer, responses={200: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        from apps.clocks.levelclock import level_clock_control, level_clock_view

        data = validated(self.InputSerializer, request)
        t = tournament_or_404(tournament_id)
        clock = level_clock_control(
            actor=tournament_writer(request), clock_id=services.level_clock_of(t).pk, **data.validated_data
        )
        return Response(level_clock_view(clock))


class ChipRaceApi(APIView):
    class InputSerializer(Serializer):
        table = serializers.IntegerField(min_value=1, help_text="the tournament table number")
        removed = serializers.IntegerField(min_value=1, help_text="the denomination leaving play")
        next_chip = serializers.IntegerField(min_value=2, help_text="the smallest denomination left")
        counts = serializers.DictField(
            child=serializers.IntegerField(min_value=0),
            required=False,
            help_text="seat -> chips of the removed denomination (default: stack % next_chip // removed)",
        )
        cards = serializers.ListField(
            child=serializers.CharField(max_length=2),
            required=False,
            help_text="the race cards as dealt from seat 1 (default: dealt by Floor from a seeded deck)",
        )

        def validate_counts(self, value: dict[str, int]) -> dict[int, int]:
            if not all(str(k).isdigit() and 1 <= int(k) <= 10 for k in value):
                raise serializers.ValidationError("keys are seat numbers 1-10")
            return {int(k): int(c) for k, c in value.items()}

    @extend_schema(responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404)})
    def get(self, request: Request, tournament_id: int) -> Response:
        t = tournament_readable(request, tournament_id)
        return Response(
            {
                "colour_ups": chips.colour_ups_due(t),
                "races": list(t.chip_races.values("id", "table_number", "removed", "next_chip", "result")),
            }
        )

    @extend_schema(
        request=InputSerializer, responses={201: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409, 422)}
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        v = data.validated_data
        counts = v.get("counts")
        race = chips.chip_race_run(
            actor=tournament_writer(request),
            tournament=tournament_or_404(tournament_id),
            table_number=v["table"],
            removed=v["removed"],
            next_chip=v["next_chip"],
            counts=counts,
            cards=v.get("cards"),
        )
        result = dict(race.result, explanation=sentence_texts(race.result.get("explanation", [])))  # i18n
        return Response({"id": race.pk, **result}, status=status.HTTP_201_CREATED)


def deal_view(d: Deal) -> dict[str, Any]:
    return {
        "id": d.pk,
        "tournament": d.tournament_id,
        "method": d.method,
        "shares": d.shares,
        "explanation": sentence_texts(d.explanation),  # in the request's language
        "accepted": d.accepted,
    }


class DealCalculateApi(APIView):
    class InputSerializer(Serializer):
        method = serializers.ChoiceField(choices=Deal.Method.choices)

    @extend_schema(
        request=InputSerializer,
        responses={201: OpenApiTypes.OBJECT, **errors(400, 401, 403, 404, 409)},
        description="ICM (Malmuth-Harville), chip-chop or even split of the prizes still to be won, with the "
        "explanation; amounts are whole and sum exactly to those prizes.",
    )
    def post(self, request: Request, tournament_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        d = payouts.deal_calculate(
            actor=tournament_writer(request),
            tournament=tournament_or_404(tournament_id),
            method=data.validated_data["method"],
        )
        return Response(deal_view(d), status=status.HTTP_201_CREATED)


class DealAcceptApi(APIView):
    @extend_schema(request=None, responses={200: OpenApiTypes.OBJECT, **errors(401, 403, 404, 409)})
    def post(self, request: Request, deal_id: int) -> Response:
        d = Deal.objects.filter(pk=deal_id).first()
        if d is None:
            raise NotFound(f"no deal {deal_id}", code="deal_not_found")
        return Response(deal_view(payouts.deal_accept(actor=tournament_writer(request), deal=d)))
