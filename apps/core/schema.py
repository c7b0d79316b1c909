"""Shared OpenAPI pieces: the one error shape, and the error answers each kind of endpoint can give."""

from __future__ import annotations

from typing import Any, Literal

from drf_spectacular.extensions import OpenApiAuthenticationExtension
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(help_text="stable machine-readable code, e.g. raise_too_small")
    message = serializers.CharField(help_text="what is wrong, in plain words, with the numbers")
    rule = serializers.CharField(allow_null=True, help_text="the rule at fault, e.g. 'RULES.md §4; TDA 43-A'")
    detail = serializers.DictField(help_text="the field or seat at fault and the numbers involved")


def errors(*statuses: int) -> dict[int, Any]:
    """``responses=`` entries for the error statuses an endpoint may answer."""
    words = {
        400: "bad input (the field is named in detail)",
        401: "not authenticated",
        403: "not allowed for this user or device",
        404: "no such object",
        409: "conflict: the state moved on (stale expected_seq) or the object is busy",
        415: "unsupported media type",
        422: "a rule of poker forbids it (the rule is cited)",
    }
    return {s: OpenApiResponse(ErrorSerializer, description=words[s]) for s in statuses}


class FloorAutoSchema(AutoSchema):
    """Names nested serializers after their API (``TableCreateApi.InputSerializer`` → ``TableCreateInput``),
    so the HackSoft-style ``InputSerializer`` / ``OutputSerializer`` of each API stay distinct components."""

    def get_serializer_name(self, serializer: Any, direction: Literal["request", "response"]) -> str:
        name: str = super().get_serializer_name(serializer, direction)
        cls = serializer if isinstance(serializer, type) else type(serializer)
        outer, _, _ = cls.__qualname__.rpartition(".")
        if outer:
            return outer.split(".")[-1].removesuffix("Api") + name
        return name


class DeviceTokenScheme(OpenApiAuthenticationExtension):
    target_class = "apps.accounts.authentication.DeviceTokenAuthentication"
    name = "deviceToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, Any]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": "A dealer device: `Authorization: Device <token>` (a director issues it).",
        }
