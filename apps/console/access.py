"""Who may open a table's console: a device whose token this browser holds (a cookie set by the director's
link), or a logged-in dealer or director of the table. Reads only; the refusals are pages, not JSON."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from apps.accounts.models import DeviceToken, token_digest
from apps.accounts.permissions import Actor, can_deal
from apps.tables.models import Table

#: the cookie that holds the raw device token on the dealer's phone or tablet (HttpOnly, ``/console/`` only)
COOKIE = "floor_console"
COOKIE_PATH = "/console/"
COOKIE_MAX_AGE = 400 * 24 * 3600  # browsers cap cookies at 400 days


@dataclass(frozen=True)
class Refusal:
    """Why the console will not open, in words for the dealer; ``status`` is the page's HTTP status."""

    status: int
    code: str
    title: Any
    message: Any


NO_TOKEN = Refusal(
    401,
    "console_no_device",
    _("This device has no console link"),
    _("Ask the director for the table's link or QR code, and open it on this device."),
)
UNKNOWN_TOKEN = Refusal(
    401,
    "console_unknown_device",
    _("This console link is not valid"),
    _("The link may be mistyped or cut short. Ask the director for a new link or QR code."),
)
REVOKED = Refusal(
    403,
    "console_device_revoked",
    _("The director has revoked this device"),
    _("This phone or tablet can no longer enter hands. Ask the director for a new link or QR code."),
)
OTHER_TABLE = Refusal(
    403,
    "console_not_this_table",
    _("This device does not deal at this table"),
    _("The director gave this device other tables. Pick one of them below, or ask for this table's link."),
)
NOT_DEALER = Refusal(
    403,
    "console_not_dealer",
    _("You are not a dealer of this table"),
    _("Log out and open the director's link for this table on this device, or ask the director."),
)


def device_for_token(raw: str) -> DeviceToken | None:
    if not raw or len(raw) > 200:
        return None
    device: DeviceToken | None = (
        DeviceToken.objects.select_related("club").filter(digest=token_digest(raw)).first()
    )
    return device


@dataclass(frozen=True)
class Access:
    """The console's caller: ``device`` and its raw ``token`` (sent as ``Authorization: Device``), or a
    logged-in ``user`` (the page's JavaScript then sends the session and CSRF token)."""

    device: DeviceToken | None = None
    token: str = ""
    user: Any = None
    refusal: Refusal | None = None

    @property
    def actor(self) -> Actor:
        return Actor(user=self.user, device=self.device)


def console_access(request: HttpRequest) -> Access:
    """The device of the cookie, if the browser holds one (a device wins over a login: the tablet is the
    table's); else the logged-in user; else a refusal."""
    raw = request.COOKIES.get(COOKIE, "")
    user = request.user if request.user.is_authenticated else None
    if raw:
        device = device_for_token(raw)
        if device is not None and device.revoked_at is None:
            return Access(device=device, token=raw)
        if user is None:  # a logged-in dealer or director carries on with their session instead
            return Access(refusal=UNKNOWN_TOKEN) if device is None else Access(device=device, refusal=REVOKED)
    if user is not None:
        return Access(user=user)
    return Access(refusal=NO_TOKEN)


def table_refusal(access: Access, table: Table) -> Refusal | None:
    """None when ``access`` may deal at ``table``; otherwise why not."""
    if access.refusal is not None:
        return access.refusal
    if can_deal(access.actor, table):
        return None
    return OTHER_TABLE if access.device is not None else NOT_DEALER


def tables_for(access: Access) -> list[Table]:
    """The tables this caller may open, by name."""
    if access.device is not None and access.refusal is None:
        from apps.accounts.rooms import device_table_ids

        return list(Table.objects.filter(pk__in=device_table_ids(device=access.device)).order_by("name"))
    if access.user is not None:
        from django.db.models import Q

        from apps.accounts.models import DealerAssignment, Membership, Role

        mine = Membership.objects.filter(user=access.user)
        directed = mine.filter(role=Role.DIRECTOR).values("club_id")
        dealt = mine.filter(role=Role.DEALER).values("club_id")
        assigned = DealerAssignment.objects.filter(user=access.user).values("table_id")
        return list(
            Table.objects.filter(Q(club_id__in=directed) | Q(pk__in=assigned, club_id__in=dealt))
            .select_related("club")
            .order_by("club__name", "name")
        )
    return []
