"""The public pot calculator API, and the dispute desk's APIs (issue 8)."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import AnonRateThrottle
from rest_framework.views import APIView

from apps.core.errors import ApplicationError, ValidationFailed
from apps.core.schema import ErrorSerializer, errors
from apps.engine.errors import EngineError
from apps.engine.potjson import resolve_request

Serializer = serializers.Serializer

# A hand has at most ten players; 16 KB holds ten players with names and cards many times over.
POTS_MAX_BYTES = 16 * 1024
POTS_MAX_PLAYERS = 10


class RequestTooLarge(ApplicationError):
    status_code = 413
    code = "request_too_large"


class PotResolveThrottle(AnonRateThrottle):
    """Per client address, logged in or not: a pot is settled by a person, not a script."""

    scope = "pots"
    rate = "120/min"

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


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
    parser_classes = [JSONParser]
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
        return Response(answer)
