"""The cockpit's club pages: the clubs and their tournaments, the dealers' device tokens (issue, revoke, the
console's QR code) and the dispute queue."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from apps.accounts.device_links import console_link, console_qr_data_uri
from apps.accounts.models import Club, DeviceToken
from apps.accounts.services import device_issue, device_revoke
from apps.cockpit import selectors
from apps.cockpit.access import actor, club_or_404, director_required, owned_or_404, refused
from apps.cockpit.forms import DeviceIssueForm
from apps.cockpit.views import page
from apps.core.errors import ApplicationError

NEW_TOKEN = "cockpit_new_device"  # the session key that carries a new token to the page, once


@director_required
def index(request: HttpRequest) -> HttpResponse:
    """The clubs the user directs; straight to the club when there is one."""
    clubs = list(Club.objects.filter(pk__in=request.club_ids).order_by("name"))  # type: ignore[attr-defined]
    if len(clubs) == 1:
        return redirect("cockpit:club", club_id=clubs[0].pk)
    return render(request, "cockpit/index.html", {"clubs": clubs})


@director_required
def club_home(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_or_404(request, club_id)
    return page(
        request,
        "cockpit/club.html",
        club=club,
        section="tournaments",
        tournaments=selectors.tournaments_of(club),
    )


# --- device tokens ------------------------------------------------------------------------------------------


@director_required
def devices(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_or_404(request, club_id)
    new = request.session.pop(NEW_TOKEN, None)  # shown once: a reload no longer shows it
    if new is not None and new.get("club") != club.pk:
        new = None
    if new is not None:
        new["link"] = console_link(request, new["token"])
        new["qr"] = console_qr_data_uri(request, new["token"], title=str(new.get("name") or ""))
    return _devices_page(request, club, new=new)


def _devices_page(
    request: HttpRequest,
    club: Club,
    *,
    form: DeviceIssueForm | None = None,
    new: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The club's devices; after a refusal with its status, the form as posted with its fields' errors and
    the refusal flashed (nothing written)."""
    return page(
        request,
        "cockpit/devices.html",
        club=club,
        section="devices",
        devices=selectors.devices_of(club),
        form=form or DeviceIssueForm(tables=selectors.table_choices(club)),
        new=new,
        status=status,
    )


@require_POST
@director_required
def device_new(request: HttpRequest, club_id: int) -> HttpResponse:
    """Issue a token for a dealer's phone or tablet; the raw token is shown on the next page only."""
    club = club_or_404(request, club_id)
    form = DeviceIssueForm(request.POST, tables=selectors.table_choices(club))
    if not form.is_valid():
        messages.error(
            request,
            _("Name the device and choose the room's table it follows or the tables it is pinned to."),
        )
        return _devices_page(request, club, form=form, status=400)
    try:
        device, raw = device_issue(
            actor=actor(request),
            club=club,
            name=form.cleaned_data["name"],
            table_ids=form.cleaned_data["tables"] or [],
            room_table=form.cleaned_data["room_table"],
        )
    except ApplicationError as exc:
        return _devices_page(request, club, form=form, status=refused(request, exc))
    messages.success(request, _("Device token issued. It is shown once: open the console on the device now."))
    request.session[NEW_TOKEN] = {"club": club.pk, "id": device.pk, "name": device.name, "token": raw}
    return redirect("cockpit:devices", club_id=club.pk)


@require_POST
@director_required
def device_revoke_view(request: HttpRequest, device_id: int) -> HttpResponse:
    device: DeviceToken = owned_or_404(
        request, DeviceToken.objects.select_related("club"), device_id, "club_id"
    )
    try:
        device_revoke(actor=actor(request), device=device)
    except ApplicationError as exc:
        return _devices_page(request, device.club, status=refused(request, exc))
    messages.success(request, _("%(name)s is revoked: it can no longer deal.") % {"name": device.name})
    return redirect("cockpit:devices", club_id=device.club_id)


# --- disputes -----------------------------------------------------------------------------------------------


@director_required
def disputes(request: HttpRequest, club_id: int) -> HttpResponse:
    club = club_or_404(request, club_id)
    return page(
        request,
        "cockpit/disputes.html",
        club=club,
        section="disputes",
        disputes=selectors.disputes_of(club),
    )
