from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from apps.core.errors import NotFound
from apps.core.schema import errors


class PingApi(APIView):
    """Echo for clients checking that they reach the API (and the error shape for a bad body)."""

    class InputSerializer(serializers.Serializer):
        message = serializers.CharField(max_length=200)

    class OutputSerializer(serializers.Serializer):
        message = serializers.CharField()

    authentication_classes: list[type] = []

    @extend_schema(request=InputSerializer, responses={200: OutputSerializer, **errors(400)})
    def post(self, request: Request) -> Response:
        serializer = self.InputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        return Response(self.OutputSerializer(serializer.validated_data).data)


def validated(serializer_class: type[serializers.Serializer], request: Request) -> serializers.Serializer:
    """The API's ``InputSerializer`` bound to the request body and validated (400 ``invalid`` if not)."""
    serializer = serializer_class(data=request.data)
    serializer.is_valid(raise_exception=True)
    return serializer


def get_or_404(source: Any, pk: Any, what: str, *, key: str | None = None) -> Any:
    """The object ``pk`` of a model or queryset, or 404 ``<what>_not_found`` (``"no <what> <pk>"``, with
    ``detail = {key or what: pk}``). ``what`` names the object in words: ``"level clock"``."""
    manager = getattr(source, "_default_manager", None)  # a model class; a queryset has none
    queryset = manager.all() if manager is not None else source
    obj = queryset.filter(pk=pk).first()
    if obj is None:
        slug = what.replace(" ", "_")
        raise NotFound(f"no {what} {pk}", code=f"{slug}_not_found", detail={key or slug: pk})
    return obj
