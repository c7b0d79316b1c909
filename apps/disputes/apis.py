"""The public pot calculator API, and the dispute desk's APIs."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.locmem import LocMemCache
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from apps.accounts.permissions import require_actor, require_director
from apps.core.apis import get_or_404, validated
from apps.core.errors import ApplicationError, ValidationFailed
from apps.core.i18n import hand_result, pot_answer
from apps.core.inputs import FloorJSONParser
from apps.core.schema import ErrorSerializer, errors
from apps.disputes import selectors, services
from apps.disputes.explain import explanation_render
from apps.engine.errors import EngineError
from apps.engine.potjson import resolve_request
from apps.tables.serializers import EventInputSerializer

Serializer = serializers.Serializer

# A hand has at most ten players; 16 KB holds ten players with names and cards many times over.
POTS_MAX_BYTES = 16 * 1024
POTS_MAX_PLAYERS = 10


class RequestTooLarge(ApplicationError):
    status_code = 413
    code = "request_too_large"


_local_counts = LocMemCache("floor-pots-throttle", {"MAX_ENTRIES": 10000})


class PotResolveThrottle(AnonRateThrottle):
    """Per client address, logged in or not: a pot is settled by a person, not a script.

    The counts live in the shared cache (Redis). If Redis fails or hangs the throttle fails safe: it goes on
    limiting, with counts kept in this process's memory, for as long as Redis is skipped
    (:func:`apps.clocks.live.redis_backing_off`), and the calculator goes on answering."""

    scope = "pots"
    rate = "120/min"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def get_ident(self, request: Any) -> str:
        # The client's real address (X-Forwarded-For believed from FLOOR_TRUSTED_PROXIES only): DRF's own
        # takes any X-Forwarded-For a client sends, so a fresh one per request escaped the limit.
        from apps.core.proxies import client_ip

        return client_ip(request) or ""

    def allow_request(self, request: Any, view: Any) -> bool:
        from apps.clocks.live import redis_backing_off, redis_failed

        if redis_backing_off():
            self.cache = _local_counts
            return super().allow_request(request, view)
        try:
            return super().allow_request(request, view)
        except Exception as exc:  # the cache's Redis is down or hung (its timeouts are short)
            redis_failed(exc, "the pot calculator's rate limit")
            self.cache = _local_counts
            return super().allow_request(request, view)


class PotPlayerSerializer(Serializer):
    seat = serializers.IntegerField(min_value=1, help_text="seat number, clockwise")
    name = serializers.CharField(required=False, help_text="the name the explanation uses")
    contributed = serializers.IntegerField(min_value=0, help_text="chips bet, called and raised (blinds too)")
    dead = serializers.IntegerField(required=False, min_value=0, help_text="antes: dead money, main pot")
    folded = serializers.BooleanField(required=False, default=False)
    cards = serializers.CharField(required=False, help_text="five cards, e.g. 'KhKdKcJd9s' (joker Xx)")
    rank = serializers.IntegerField(required=False, min_value=1, help_text="or a finishing rank: 1 = best")


class PotResolveApi(APIView):
    """Settle the pots of any hand (recorded by Floor or not): the JSON of ``manage.py pots resolve``."""

    class InputSerializer(Serializer):
        ranking = serializers.ChoiceField(
            choices=["high", "high-bug", "low27"], required=False, default="high"
        )
        button = serializers.IntegerField(help_text="the button's seat (odd chips start left of it)")
        smallest_chip = serializers.IntegerField(required=False, default=1, min_value=1)
        players = PotPlayerSerializer(many=True)
        proposed = serializers.DictField(
            child=serializers.IntegerField(min_value=0), required=False, help_text="an award to check"
        )

    class PotSerializer(Serializer):
        name = serializers.CharField()
        amount = serializers.IntegerField()
        eligible = serializers.ListField(child=serializers.IntegerField())
        winners = serializers.ListField(child=serializers.IntegerField())
        shares = serializers.DictField(child=serializers.IntegerField())
        odd_chips = serializers.ListField(child=serializers.IntegerField())
        remainder = serializers.IntegerField()
        remainder_to = serializers.IntegerField(allow_null=True)
        folded = serializers.ListField(child=serializers.IntegerField())
        uncontested = serializers.BooleanField()
        hand = serializers.CharField(allow_null=True)
        dead = serializers.IntegerField()

    class OutputSerializer(Serializer):
        returned = serializers.DictField(child=serializers.IntegerField(), help_text="seat → chips back")
        pots = serializers.ListField(
            child=serializers.DictField(), help_text="main pot first, then side pots"
        )
        received = serializers.DictField(child=serializers.IntegerField())
        net = serializers.DictField(child=serializers.IntegerField())
        hands = serializers.DictField(child=serializers.CharField())
        explanation = serializers.ListField(child=serializers.CharField(), help_text="in English")
        explanation_lines = serializers.ListField(
            child=serializers.DictField(), help_text='[{"key", "params"}]: to render in any language'
        )
        award_check = serializers.DictField(required=False)

    authentication_classes: list[type] = []  # public: no login, no CSRF
    parser_classes = [FloorJSONParser]
    throttle_classes = [PotResolveThrottle]

    @extend_schema(
        request=InputSerializer,
        responses={
            200: OutputSerializer,
            **errors(400, 415),
            413: OpenApiResponse(ErrorSerializer, description="the request is larger than 16 KB"),
            429: OpenApiResponse(ErrorSerializer, description="too many requests from this address"),
        },
        description="Public, no login. Returns uncalled chips, builds the main and side pots, awards and "
        "splits them (odd chips from the first seat left of the button, TDA 20) and explains it. Bad input "
        "is 400 with the engine's code: negative_contribution, card_invalid, card_unknown, card_duplicate, "
        "no_players, strength_missing, field_missing, field_invalid...",
    )
    def post(self, request: Request) -> Response:
        if len(request.body) > POTS_MAX_BYTES:
            raise RequestTooLarge(
                f"the request is larger than {POTS_MAX_BYTES} bytes",
                detail={"bytes": len(request.body), "limit": POTS_MAX_BYTES},
            )
        payload = request.data
        players = payload.get("players") if isinstance(payload, dict) else None
        if isinstance(players, list) and len(players) > POTS_MAX_PLAYERS:
            raise ValidationFailed(
                f"a hand has at most {POTS_MAX_PLAYERS} players, not {len(players)}",
                code="too_many_players",
                detail={"field": "players", "players": len(players), "limit": POTS_MAX_PLAYERS},
            )
        try:
            answer = resolve_request(payload)
        except EngineError as error:
            raise ValidationFailed(
                error.message, code=error.code, rule=error.rule, detail=error.detail
            ) from None
        return Response(pot_answer(answer))  # the explanation in the request's language


# --- the dispute desk ---


def _dispute(dispute_id: int) -> Any:
    from apps.disputes.models import Dispute

    return get_or_404(Dispute.objects.select_related("hand__table"), dispute_id, "dispute")


def _require_dispute_director(actor: Any, dispute: Any) -> None:
    require_director(
        actor,
        dispute.hand.table.club_id,
        message="only the club's director reviews and rules on disputes",
        detail={"dispute": dispute.pk},
    )


class DisputeSerializer(Serializer):
    id = serializers.IntegerField()
    hand = serializers.IntegerField()
    hand_number = serializers.IntegerField()
    table = serializers.IntegerField()
    kind = serializers.CharField()
    description = serializers.CharField()
    role = serializers.CharField(help_text="director, dealer or player")
    raised_by = serializers.CharField()
    player = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    window = serializers.CharField(help_text="reading (until the next hand starts) or accounting (TDA 36)")
    in_window = serializers.BooleanField()
    late = serializers.BooleanField()
    window_detail = serializers.DictField()
    status = serializers.CharField()
    ruling = serializers.DictField(allow_null=True)
    audit = serializers.ListField(child=serializers.DictField())


class CorrectionSerializer(Serializer):
    void_from_seq = serializers.IntegerField(required=False, allow_null=True, min_value=1)
    events = serializers.ListField(child=EventInputSerializer(), required=False, max_length=200)


class DisputeRaiseApi(APIView):
    class InputSerializer(Serializer):
        kind = serializers.ChoiceField(choices=["reading", "accounting"])
        description = serializers.CharField(max_length=1000)

    @extend_schema(
        request=InputSerializer,
        responses={201: DisputeSerializer, **errors(400, 401, 403, 404, 409)},
        description="Flag a finished hand: its table's dealer, a player in the hand or the club's director. "
        "A dispute outside TDA 22's window is accepted and marked late.",
    )
    def post(self, request: Request, hand_id: int) -> Response:
        data = validated(self.InputSerializer, request).validated_data
        actor = require_actor(request, "log in, or use the table's device token, to dispute a hand")
        dispute = services.dispute_raise(
            actor=actor, hand_id=hand_id, kind=data["kind"], description=data["description"]
        )
        return Response(selectors.dispute_detail(dispute, actor=actor), status=201)


class DisputeDetailApi(APIView):
    @extend_schema(responses={200: DisputeSerializer, **errors(401, 403, 404)})
    def get(self, request: Request, dispute_id: int) -> Response:
        actor = require_actor(request, "log in to read a dispute")
        dispute = _dispute(dispute_id)
        mine = (actor.user is not None and dispute.raised_by_user_id == getattr(actor.user, "pk", None)) or (
            actor.device is not None and dispute.raised_by_device_id == actor.device.pk
        )
        if not mine:
            _require_dispute_director(actor, dispute)
        return Response(selectors.dispute_detail(dispute, actor=actor))


class DisputeReviewApi(APIView):
    @extend_schema(
        responses={200: OpenApiResponse(description="the review"), **errors(401, 403, 404)},
        description="The hand replayed event by event (state after each: stacks, bets, pots, who was to act, "
        "what was legal), every refused entry with its rule, the result and its explanation, the PHH link.",
    )
    def get(self, request: Request, dispute_id: int) -> Response:
        actor = require_actor(request, "log in as the club's director")
        dispute = _dispute(dispute_id)
        _require_dispute_director(actor, dispute)
        return Response(
            {"dispute": selectors.dispute_detail(dispute), "review": selectors.hand_review(dispute.hand)}
        )


class DisputeSandboxApi(APIView):
    @extend_schema(
        request=CorrectionSerializer,
        responses={
            200: OpenApiResponse(description="the result with the correction"),
            **errors(400, 401, 403, 404, 409, 422),
        },
        description="Try a correction (undo from void_from_seq, enter events) and see the new result and "
        "what it would change in the later hands. Nothing is written.",
    )
    def post(self, request: Request, dispute_id: int) -> Response:
        from apps.disputes.reflow import correction_plan

        data = validated(CorrectionSerializer, request).validated_data
        actor = require_actor(request, "log in as the club's director")
        dispute = _dispute(dispute_id)
        _require_dispute_director(actor, dispute)
        plan = correction_plan(dispute.hand, data.get("void_from_seq"), list(data.get("events") or []))
        summary = plan.summary()
        result = hand_result(plan.new_state) or summary["result_after"] or {}  # reader's language
        summary["explanation"] = explanation_render(
            result.get("explanation_lines") or result.get("explanation") or []
        )
        return Response(summary)


class DisputeRulingApi(APIView):
    class InputSerializer(Serializer):
        text = serializers.CharField(max_length=2000)
        rules_cited = serializers.ListField(child=serializers.CharField(max_length=80), max_length=20)
        outcome = serializers.ChoiceField(choices=["stands", "corrected"])
        correction = CorrectionSerializer(required=False, allow_null=True)

    @extend_schema(
        request=InputSerializer,
        responses={201: DisputeSerializer, **errors(400, 401, 403, 404, 409, 422)},
        description="The director's ruling, once. 'corrected' appends the correction to the hand and "
        "re-flows every later hand at the table, the stacks, eliminations and the standings; the table is "
        "told live.",
    )
    def post(self, request: Request, dispute_id: int) -> Response:
        data = validated(self.InputSerializer, request).validated_data
        actor = require_actor(request, "log in as the club's director")
        correction = data.get("correction")
        services.dispute_rule(
            actor=actor,
            dispute_id=dispute_id,
            text=data["text"],
            rules_cited=list(data["rules_cited"]),
            outcome=data["outcome"],
            correction=dict(correction) if correction is not None else None,
        )
        return Response(selectors.dispute_detail(_dispute(dispute_id)), status=201)
