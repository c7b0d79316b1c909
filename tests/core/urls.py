"""Test-only views that raise each kind of refusal, so the error shape can be checked end to end."""

from django.urls import include, path
from rest_framework.request import Request
from rest_framework.views import APIView

from apps.accounts.models import Club
from apps.core.errors import ApplicationError, Conflict
from apps.engine.errors import EngineError


class WritesThenRefusesApi(APIView):
    authentication_classes: list[type] = []

    def post(self, request: Request) -> None:
        Club.objects.create(name="Written before the refusal", slug="refused")
        raise ApplicationError("The seat is taken", code="seat_taken", rule="TDA 10", detail={"seat": 3})


class ConflictApi(APIView):
    authentication_classes: list[type] = []

    def post(self, request: Request) -> None:
        raise Conflict("stale", code="stale_seq", detail={"current_seq": 7})


class EngineRefusesApi(APIView):
    authentication_classes: list[type] = []

    def post(self, request: Request) -> None:
        Club.objects.create(name="Written before the engine said no", slug="engine-no")
        raise EngineError(
            "raise to 30 is below the minimum raise to 40",
            code="raise_too_small",
            rule="RULES.md §4; TDA 43-A",
            detail={"seat": 2, "amount": 30, "minimum": 40},
        )


urlpatterns = [
    path("api/test/refuse/", WritesThenRefusesApi.as_view()),
    path("api/test/conflict/", ConflictApi.as_view()),
    path("api/test/engine/", EngineRefusesApi.as_view()),
    path("", include("director.urls")),
]

handler400 = "apps.core.errors.handler400"
handler403 = "apps.core.errors.handler403"
handler404 = "apps.core.errors.handler404"
handler500 = "apps.core.errors.handler500"
