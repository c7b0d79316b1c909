"""The cockpit's forms. They only check the shape of the input (numbers, ranges, required fields); the
rules (periods, limits, structures, seats) are the services' to check, and their refusals are shown as is."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.accounts.rooms import room_table_name

CLOCK_ONLY_CHOICE = "clock-only"  # the form's game choice for a clock-only tournament (game_kind clock_only)
ROOM_TABLE_CHOICES = 12  # the room's tables the form offers (the API takes up to ROOM_TABLES_MAX)

GAMES = [
    ("five-card-draw", _("Five-Card Draw")),
    ("2-7-triple-draw", _("2-7 Triple Draw")),
    ("2-7-single-draw", _("2-7 Single Draw")),
    (
        CLOCK_ONLY_CHOICE,
        _("Another game, clock only (Hold'em, Omaha, mixed: Floor runs the clock, not the hands)"),
    ),
]
TEMPLATES = [("turbo", _("Turbo")), ("regular", _("Regular")), ("deep", _("Deep"))]
SOURCES = [("template", _("A ready template")), ("suggest", _("Suggested from players and hours"))]


class RegisterForm(forms.Form):
    player_name = forms.CharField(label=_("Player's name"), max_length=80)


class AddTimeForm(forms.Form):
    minutes = forms.IntegerField(
        label=_("Minutes (negative to remove)"), min_value=-1440, max_value=1440, initial=1
    )

    def clean_minutes(self) -> int:
        minutes = int(self.cleaned_data["minutes"])
        if minutes == 0:
            raise forms.ValidationError(_("Add or remove at least one minute."))
        return minutes


class JumpForm(forms.Form):
    level = forms.TypedChoiceField(label=_("Jump to"), coerce=int, choices=[])

    def __init__(self, *args: Any, levels: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["level"].choices = levels  # type: ignore[attr-defined]


class MoveOverrideForm(forms.Form):
    to_table = forms.IntegerField(label=_("Table"), min_value=1, max_value=1000)
    to_seat = forms.IntegerField(label=_("Seat"), min_value=1, max_value=10)
    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)


class DeviceIssueForm(forms.Form):
    """A device follows a table of the room (every night, no new token) or is pinned to some tables."""

    name = forms.CharField(label=_("Device name"), max_length=80)
    room_table = forms.TypedChoiceField(
        label=_("Follows this table of the room, every night"),
        help_text=_(
            "Tonight's tournament table of that number, else the cash table of that name: the same link "
            "and QR code from one night to the next."
        ),
        coerce=int,
        empty_value=None,
        required=False,
        choices=[],
    )
    tables = forms.TypedMultipleChoiceField(
        label=_("Or pinned to these tables"),
        coerce=int,
        choices=[],
        required=False,
        widget=forms.CheckboxSelectMultiple,
    )

    def __init__(self, *args: Any, tables: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["tables"].choices = tables  # type: ignore[attr-defined]
        self.fields["room_table"].choices = [  # type: ignore[attr-defined]
            ("", _("— pinned to tables below —")),
            *((n, room_table_name(n)) for n in range(1, ROOM_TABLE_CHOICES + 1)),
        ]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("room_table") is None and not data.get("tables"):
            raise forms.ValidationError(
                _("Choose the room's table it follows, or the tables it is pinned to.")
            )
        return data
