"""Who may do what. Directors manage their own club only; a dealer acts only on the tables their device or
account is assigned to; players and the public read only what is published (or their own club's tables).

Every check takes an :class:`Actor`: the user (session) or the device (token) behind a request.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

from django.db.models import Exists

from apps.accounts.models import Club, DealerAssignment, DeviceToken, Membership, Role


@dataclass(frozen=True)
class Actor:
    user: Any = None  # an authenticated user, or None
    device: DeviceToken | None = None

    @property
    def is_anonymous(self) -> bool:
        return self.user is None and self.device is None

    def describe(self) -> str:
        if self.device is not None:
            return f"device '{self.device.name}'"
        if self.user is not None:
            return f"user '{self.user.get_username()}'"
        return "anonymous"


def actor_from_request(request: Any) -> Actor:
    from apps.accounts.authentication import is_deferred_device

    auth = getattr(request, "auth", None)
    # a deferred device is told by its type: ``isinstance`` would look it up
    # (a deferred device stands for the DeviceToken it looks up)
    device = cast(DeviceToken, auth) if is_deferred_device(auth) or isinstance(auth, DeviceToken) else None
    user = request.user if getattr(request.user, "is_authenticated", False) else None
    return Actor(user=user, device=device)


def _has_role(actor: Actor, club_id: int, *roles: str) -> bool:
    if actor.user is None:
        return False
    return Membership.objects.filter(user=actor.user, club_id=club_id, role__in=roles).exists()


def is_director(actor: Actor, club: Club | int) -> bool:
    club_id = club if isinstance(club, int) else club.pk
    return _has_role(actor, club_id, Role.DIRECTOR)


def is_member(actor: Actor, club: Club | int) -> bool:
    club_id = club if isinstance(club, int) else club.pk
    if actor.device is not None and actor.device.club_id == club_id:
        return True
    return _has_role(actor, club_id, Role.DIRECTOR, Role.DEALER, Role.PLAYER)


def device_assigned_to(actor: Actor, table_ref: Any) -> Exists | None:
    """``Exists()`` that is true when the actor's device is assigned to the table ``table_ref`` (a pk or an
    ``OuterRef``), so the query that reads the table can answer :func:`can_deal` in the same round trip.
    None when the actor is not a device."""
    if actor.device is None:
        return None
    through = DeviceToken.tables.through
    return Exists(through.objects.filter(devicetoken_id=actor.device.pk, table_id=table_ref))


def can_deal(actor: Actor, table: Any, *, device_assigned: bool | None = None) -> bool:
    """May record actions at ``table``: its club's director, or a dealer assigned to it (a device pinned to
    it, or following the room's table it is now: :mod:`apps.accounts.rooms`).
    ``device_assigned``: the answer of :func:`device_assigned_to` when the caller already queried it."""
    if actor.device is not None:
        from apps.accounts.rooms import device_deals_at

        return device_deals_at(device=actor.device, table=table, assigned=device_assigned)
    if actor.user is None:
        return False
    if is_director(actor, table.club_id):
        return True
    return (
        _has_role(actor, table.club_id, Role.DEALER)
        and DealerAssignment.objects.filter(user=actor.user, table=table).exists()
    )


def can_see_cards(actor: Actor, table: Any) -> bool:
    """May read cards nobody has shown (dealt, drawn, discarded, mucked): the table's dealer devices, its
    dealers and the club's directors, during the hand and after it. Everyone else reads counts and what was
    shown at the showdown (:mod:`apps.tables.redact`)."""
    return can_deal(actor, table)


def director_user_ids(club_id: int) -> set[int]:
    """The ids of the club's directors (one query): a log names each row's role without a query a row."""
    return set(
        Membership.objects.filter(club_id=club_id, role=Role.DIRECTOR).values_list("user_id", flat=True)
    )


def table_published(table: Any) -> bool:
    """Whether the public may read ``table``: a tournament's table follows its tournament (unpublishing the
    tournament, even after the draw, hides its tables again); any other table its own flag."""
    from django.core.exceptions import ObjectDoesNotExist

    try:
        placed = table.tournament_table  # the tournaments app's row, read through the relation
    except ObjectDoesNotExist:
        return bool(table.published)
    return bool(placed.tournament.published)


def can_read_table(actor: Actor, table: Any) -> bool:
    """The public reads published tables; members of the club read all of its tables."""
    return table_published(table) or is_member(actor, table.club_id) or can_deal(actor, table)


def can_read_level_clock(actor: Actor, clock: Any) -> bool:
    """A tournament's level clock is the tournament's: the public reads it while one of its tournaments is
    published, the club's members always. A clock no tournament uses is a display of its own (a home
    game's blinds timer): anyone may read it."""
    tournaments = clock.tournaments.all()
    if not tournaments.exists():
        return True
    return tournaments.filter(published=True).exists() or is_member(actor, clock.club_id)


def require_reader(actor: Actor, readable: bool, message: str, **detail: Any) -> None:
    """401 for an anonymous caller, 403 ``not_published`` for anyone else, unless ``readable``."""
    from apps.core.errors import NotAuthenticated, PermissionRefused

    if readable:
        return
    if actor.is_anonymous:
        raise NotAuthenticated(message, detail=detail or None)
    raise PermissionRefused(message, code="not_published", detail=detail or None)


def require_actor(request: Any, message: str, **detail: Any) -> Actor:
    """The request's actor, or 401 ``not_authenticated`` with ``message`` for an anonymous caller."""
    from apps.core.errors import NotAuthenticated

    actor = actor_from_request(request)
    if actor.is_anonymous:
        raise NotAuthenticated(message, detail=detail or None)
    return actor


DIRECTOR_ONLY = "Only a director of this club may do that"


def require_director(
    actor: Actor, club: Club | int, *, message: str = DIRECTOR_ONLY, detail: dict[str, Any] | None = None
) -> None:
    """403 ``not_director`` unless ``actor`` directs ``club``; ``detail`` defaults to the club's id. The one
    check every app's director-only service makes."""
    from apps.core.errors import PermissionRefused

    if not is_director(actor, club):
        club_id = club if isinstance(club, int) else club.pk
        raise PermissionRefused(message, code="not_director", detail=detail or {"club": club_id})


def require_dealer(actor: Actor, table: Any, *, device_assigned: bool | None = None) -> None:
    """403 ``not_dealer_of_table`` unless ``actor`` may enter hands at ``table`` (see :func:`can_deal`)."""
    from apps.core.errors import PermissionRefused

    if not can_deal(actor, table, device_assigned=device_assigned):
        raise PermissionRefused(
            f"{actor.describe()} is not a dealer of this table",
            code="not_dealer_of_table",
            detail={"table": table.pk},
        )
