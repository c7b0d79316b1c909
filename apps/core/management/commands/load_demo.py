"""``manage.py load_demo``: a small club to try Floor with (idempotent)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from apps.accounts.models import Club, Membership, Role
from apps.tables.models import Table

DEMO_PASSWORD = "floor-demo"


class Command(BaseCommand):
    help = "Load a demo club with a director (user 'director', password 'floor-demo') and a table."

    @transaction.atomic
    def handle(self, *args: Any, **options: Any) -> None:
        club, _ = Club.objects.get_or_create(slug="demo", defaults={"name": "Demo Home Game"})
        user_model = get_user_model()
        director, created = user_model.objects.get_or_create(
            username="director", defaults={"is_staff": True, "is_superuser": True}
        )
        if created:
            director.set_password(DEMO_PASSWORD)
            director.save()
        Membership.objects.get_or_create(club=club, user=director, role=Role.DIRECTOR)
        Table.objects.get_or_create(
            club=club,
            name="Table 1",
            defaults={"game": {"kind": "five-card-draw", "ante": 10}, "seats_count": 6},
        )
        self.stdout.write(
            f"Demo ready: club '{club.name}', table 'Table 1', director login 'director' / '{DEMO_PASSWORD}'"
        )
