"""The dealer console's pages. Thin: find who is asking (:mod:`apps.console.access`), read, render. Every
entry the dealer makes goes through the dealer API (``/api/hands/<id>/events/``) from static/console/."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods

from apps.accounts.device_links import console_qr_svg
from apps.accounts.models import DeviceToken, token_digest
from apps.accounts.permissions import Actor, is_director
from apps.accounts.rooms import device_table_ids
from apps.console import access as acc
from apps.console.selectors import console_config
from apps.core.errors import json_error_response
from apps.tables.models import Table


def _refused(request: HttpRequest, refusal: acc.Refusal, **extra: Any) -> HttpResponse:
    context = {"refusal": refusal, **extra}
    response = render(request, "console/refused.html", context, status=refusal.status)
    response["Referrer-Policy"] = "no-referrer"
    return response


@never_cache
@require_http_methods(["GET", "POST"])
def console_open_page(request: HttpRequest) -> HttpResponse:
    """GET: the page the director's link opens; its script (static/console/open.js) takes the token from
    the fragment, clears it from the address bar and posts it here (without JavaScript the dealer types
    the code into the same form). POST: the exchange itself (:func:`_open_with`)."""
    if request.method == "POST":
        return _open_with(request, request.POST.get("token", "").strip())
    response = render(request, "console/open.html", {})
    # same-origin, not no-referrer: with no-referrer the browser posts the form with "Origin: null", which
    # the CSRF check refuses; a Referer never carries the fragment anyway
    response["Referrer-Policy"] = "same-origin"
    return response


@never_cache
@require_GET
def console_open(request: HttpRequest, token: str) -> HttpResponse:
    """The links issued before the fragment form (``/console/open/<token>/``, on QR codes already printed)
    keep working: the token has reached the server in the URL either way, and the access-log filter
    (:mod:`apps.core.logfilters`) keeps it out of Floor's logs. New links never take this path."""
    return _open_with(request, token)


def _open_with(request: HttpRequest, token: str) -> HttpResponse:
    """Keep the device token in this browser (an HttpOnly cookie for ``/console/``) and go to the device's
    table (303 after a POST), so the token is never in an address that is shown, kept or logged."""
    device = acc.device_for_token(token)
    if device is None:
        return _refused(request, acc.UNKNOWN_TOKEN)
    if device.revoked_at is not None:
        response = _refused(request, acc.REVOKED, device=device)
        response.delete_cookie(acc.COOKIE, path=acc.COOKIE_PATH)
        return response
    tables = device_table_ids(device=device)
    target = reverse("console:table", args=[tables[0]]) if len(tables) == 1 else reverse("console:index")
    response = HttpResponseRedirect(target, status=303 if request.method == "POST" else 302)
    response.set_cookie(
        acc.COOKIE,
        token,
        max_age=acc.COOKIE_MAX_AGE,
        path=acc.COOKIE_PATH,
        httponly=True,
        samesite="Lax",
        secure=settings.SESSION_COOKIE_SECURE,
    )
    response["Referrer-Policy"] = "no-referrer"
    return response


@never_cache
@require_GET
def console_index(request: HttpRequest) -> HttpResponse:
    """The tables this device (or logged-in dealer) may open."""
    access = acc.console_access(request)
    if access.refusal is not None:
        return _refused(request, access.refusal, device=access.device)
    tables = acc.tables_for(access)
    if access.device is not None and access.device.room_table is not None and len(tables) == 1:
        # a device of the room's Table N goes to whatever table that is tonight
        return HttpResponseRedirect(reverse("console:table", args=[tables[0].pk]))
    return render(request, "console/index.html", {"tables": tables, "access": access})


@never_cache
@require_GET
def console_table(request: HttpRequest, table_id: int) -> HttpResponse:
    table = Table.objects.select_related("club").filter(pk=table_id).first()
    if table is None:
        return json_error_response(
            request,
            status_code=404,
            code="table_not_found",
            message=f"no table {table_id}",
            detail={"table": table_id},
        )
    access = acc.console_access(request)
    refusal = acc.table_refusal(access, table)
    if refusal is acc.OTHER_TABLE and access.device is not None and access.device.room_table is not None:
        # last week's table (or the cash table, once tonight's tournament has a Table N): follow the room
        current = device_table_ids(device=access.device)
        if current:
            return HttpResponseRedirect(reverse("console:table", args=[current[0]]))
    if refusal is not None:
        tables = acc.tables_for(access) if refusal is acc.OTHER_TABLE else []
        return _refused(request, refusal, device=access.device, tables=tables)
    from apps.tournaments.clockonly import is_clock_only, tournament_of_table

    t = tournament_of_table(table)
    if t is not None and is_clock_only(t):  # no hands to enter: who is out and the chip counts
        from apps.console.views_clock import clock_only_page

        return clock_only_page(request, table, t, access)
    response = render(
        request,
        "console/table.html",
        {"table": table, "access": access, "config": console_config(table, access, request)},
    )
    response["Referrer-Policy"] = "same-origin"
    return response


@never_cache
@require_GET
def device_qr(request: HttpRequest, device_id: int) -> HttpResponse:
    """The console link of a device as a QR code (SVG), for its club's director only. The raw token is not
    stored (only its SHA-256), so the caller passes the one it got when issuing: ``?token=…`` (the
    cockpit's own page embeds the code instead: :func:`apps.accounts.device_links.console_qr_data_uri`)."""
    device = DeviceToken.objects.filter(pk=device_id).first()
    if device is None:
        return json_error_response(
            request, status_code=404, code="device_not_found", message=f"no device {device_id}"
        )
    if not request.user.is_authenticated:
        return json_error_response(
            request, status_code=401, code="not_authenticated", message="log in as the club's director"
        )
    if not is_director(Actor(user=request.user), device.club_id):
        return json_error_response(
            request, status_code=403, code="not_director", message="Only a director of this club may do that"
        )
    raw = request.GET.get("token", "")
    if not raw or token_digest(raw) != device.digest:
        return json_error_response(
            request,
            status_code=400,
            code="token_mismatch",
            message="token is missing or is not this device's token",
            detail={"field": "token"},
        )
    if device.revoked_at is not None:
        return json_error_response(
            request, status_code=410, code="device_revoked", message="this device token was revoked"
        )
    response = HttpResponse(console_qr_svg(request, raw, title=device.name), content_type="image/svg+xml")
    response["Referrer-Policy"] = "no-referrer"
    return response
