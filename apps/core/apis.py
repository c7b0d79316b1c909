from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

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
