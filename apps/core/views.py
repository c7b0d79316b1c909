from __future__ import annotations

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from apps.core.errors import handler404
from apps.core.health import check_broker, check_database, check_heartbeats


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """200 when the database and the broker answer and the worker and beat proved recently that they run,
    503 naming the part that failed. Also says which engine this process runs (compiled or plain Python)."""
    from apps.engine import ENGINE_BUILD

    database = check_database()
    checks = [database, check_broker(), *(check_heartbeats() if database.ok else [])]
    ok = all(c.ok for c in checks)
    body: dict[str, object] = {
        "status": "ok" if ok else "unavailable",
        "checks": {c.name: {"ok": c.ok, "message": c.message} for c in checks},
        "engine": ENGINE_BUILD,
    }
    if not ok:
        failed = [c.name for c in checks if not c.ok]
        body.update(
            code="dependency_unavailable",
            message=f"{' and '.join(failed)} not available",
            rule=None,
            detail={"failed": failed},
        )
    return JsonResponse(body, status=200 if ok else 503)


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


def api_not_found(request: HttpRequest) -> HttpResponse:
    response: HttpResponse = handler404(request)
    return response
