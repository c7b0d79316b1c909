"""Clubs, members, players and dealers' device tokens."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.accounts import services
from apps.accounts.models import ROOM_TABLES_MAX, Club, DeviceToken, Role
from apps.accounts.permissions import Actor, actor_from_request
from apps.core.apis import get_or_404, validated
from apps.core.errors import NotFound, PermissionRefused
from apps.core.schema import errors

Serializer = serializers.Serializer


def _club(pk: int) -> Club:
    club: Club = get_or_404(Club, pk, "club")
    return club


def _user_actor(request: Request) -> Actor:
    """The caller, who must be a person: a dealer's device token is authenticated (so not 401) but may not
    found or manage clubs (403)."""
    actor = actor_from_request(request)
    if actor.user is None and actor.device is not None:
        raise PermissionRefused(
            f"{actor.describe()} is a dealer's device; log in as the club's director to do that",
            code="device_not_allowed",
        )
    return actor


class ClubSerializer(Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    slug = serializers.CharField()


class ClubCreateApi(APIView):
    class InputSerializer(Serializer):
        name = serializers.CharField(max_length=120)

    @extend_schema(request=InputSerializer, responses={201: ClubSerializer, **errors(400, 401, 403)})
    def post(self, request: Request) -> Response:
        data = validated(self.InputSerializer, request)
        club = services.club_create(actor=_user_actor(request), name=data.validated_data["name"])
        return Response(ClubSerializer(club).data, status=status.HTTP_201_CREATED)


class MembershipCreateApi(APIView):
    class InputSerializer(Serializer):
        username = serializers.CharField(max_length=150)
        role = serializers.ChoiceField(choices=Role.choices)

    class OutputSerializer(Serializer):
        club = serializers.IntegerField(source="club_id")
        user = serializers.IntegerField(source="user_id")
        role = serializers.CharField()

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer, **errors(400, 401, 403, 404)})
    def post(self, request: Request, club_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        membership = services.membership_grant(
            actor=_user_actor(request), club=_club(club_id), **data.validated_data
        )
        return Response(self.OutputSerializer(membership).data, status=status.HTTP_201_CREATED)


class PlayerCreateApi(APIView):
    class InputSerializer(Serializer):
        name = serializers.CharField(max_length=80)

    class OutputSerializer(Serializer):
        id = serializers.IntegerField()
        club = serializers.IntegerField(source="club_id")
        name = serializers.CharField()

    @extend_schema(
        request=InputSerializer, responses={201: OutputSerializer, **errors(400, 401, 403, 404, 409)}
    )
    def post(self, request: Request, club_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        player = services.player_create(
            actor=_user_actor(request), club=_club(club_id), name=data.validated_data["name"]
        )
        return Response(self.OutputSerializer(player).data, status=status.HTTP_201_CREATED)


class DeviceSerializer(Serializer):
    id = serializers.IntegerField()
    club = serializers.IntegerField(source="club_id")
    name = serializers.CharField()
    tables = serializers.SerializerMethodField(help_text="the tables it is pinned to")
    room_table = serializers.IntegerField(
        allow_null=True, help_text="the room's table it follows (Table N on any night), else null"
    )
    revoked_at = serializers.DateTimeField(allow_null=True)

    def get_tables(self, obj: DeviceToken) -> list[int]:
        return sorted(t.pk for t in obj.tables.all())


class DeviceIssueApi(APIView):
    class InputSerializer(Serializer):
        name = serializers.CharField(max_length=80)
        tables = serializers.ListField(
            child=serializers.IntegerField(), max_length=50, required=False, default=list
        )
        room_table = serializers.IntegerField(
            required=False,
            allow_null=True,
            default=None,
            min_value=1,
            max_value=ROOM_TABLES_MAX,
            help_text="follow the room's Table N (tonight's tournament table N, else the cash table "
            "'Table N') instead of pinned tables",
        )

    class OutputSerializer(DeviceSerializer):
        token = serializers.CharField(help_text="shown once: put it in the dealer's link or QR code")

    @extend_schema(request=InputSerializer, responses={201: OutputSerializer, **errors(400, 401, 403, 404)})
    def post(self, request: Request, club_id: int) -> Response:
        data = validated(self.InputSerializer, request)
        device, raw = services.device_issue(
            actor=_user_actor(request),
            club=_club(club_id),
            name=data.validated_data["name"],
            table_ids=data.validated_data["tables"],
            room_table=data.validated_data["room_table"],
        )
        body: dict[str, Any] = {**DeviceSerializer(device).data, "token": raw}
        return Response(body, status=status.HTTP_201_CREATED)


class DeviceRevokeApi(APIView):
    @extend_schema(request=None, responses={200: DeviceSerializer, **errors(401, 403, 404)})
    def post(self, request: Request, device_id: int) -> Response:
        device = DeviceToken.objects.filter(pk=device_id).first()
        if device is None:
            raise NotFound(f"no device {device_id}", code="device_not_found", detail={"device": device_id})
        device = services.device_revoke(actor=_user_actor(request), device=device)
        return Response(DeviceSerializer(device).data)
