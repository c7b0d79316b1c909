"""Writes of a club's players for the apps above (the registration desk's corrections): the one place
outside :mod:`apps.accounts.services` that changes a ``Player`` row. No permission check of its own: the
caller's service has made it."""

from __future__ import annotations

from django.db import transaction
from django.db.models import ProtectedError

from apps.accounts.models import Club, Player


def player_named(*, club: Club | int, name: str) -> Player:
    """The club's player of that name, created when there is none."""
    club_id = club if isinstance(club, int) else club.pk
    return Player.objects.get_or_create(club_id=club_id, name=name)[0]


def player_rename(*, player: Player, name: str) -> Player:
    """A typo set right: every page and hand naming the player follows. The caller checked the name is free
    in the club."""
    Player.objects.filter(pk=player.pk).update(name=name)
    player.name = name
    return player


def player_forget(*, player: Player) -> bool:
    """Delete a player nothing refers to any more (a removed typo), so the club's list is clean; a player
    with a login, or still referred to (a seat, an entry, a rating), stays. Whether it was deleted."""
    if player.user_id is not None:
        return False
    try:
        with transaction.atomic():
            player.delete()
    except ProtectedError:
        return False
    return True
