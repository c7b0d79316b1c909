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

# The optional tournament settings the form offers, as tournament_create names them.
OPTIONAL_LEVELS = (
    "late_reg_until_level",
    "rebuy_until_level",
    "rebuy_limit",
    "rebuy_max_stack",
    "addon_from_level",
    "addon_until_level",
    "reentry_until_level",
    "reentry_limit",
)
AMOUNTS = ("buy_in", "fee", "bounty", "rebuy_price", "rebuy_chips", "addon_price", "addon_chips")


def _level(label: Any, help_text: Any = "") -> forms.IntegerField:
    return forms.IntegerField(label=label, required=False, min_value=1, max_value=200, help_text=help_text)


def _amount(label: Any, initial: int = 0) -> forms.IntegerField:
    return forms.IntegerField(label=label, min_value=0, max_value=10**9, initial=initial)


class TournamentCreateForm(forms.Form):
    # 60, not the model's 120: the draw names each table "<name> #<id> table <n>" in 80 characters
    name = forms.CharField(label=_("Name"), max_length=60)
    game = forms.ChoiceField(label=_("Game"), choices=GAMES)
    game_name = forms.CharField(
        label=_("Name of the game (clock only)"),
        max_length=60,
        required=False,
        help_text=_("For example Hold'em, Omaha or a mix: the pages show it."),
    )
    starting_stack = forms.IntegerField(
        label=_("Starting stack"), min_value=1, max_value=10**9, initial=10000
    )
    seats_per_table = forms.IntegerField(label=_("Seats per table"), min_value=2, max_value=10, initial=6)
    source = forms.ChoiceField(
        label=_("Structure"), choices=SOURCES, initial="template", widget=forms.RadioSelect
    )
    template = forms.ChoiceField(label=_("Template"), choices=TEMPLATES, initial="regular")
    players = forms.IntegerField(label=_("Expected players"), required=False, min_value=2, max_value=10_000)
    hours = forms.FloatField(label=_("Hours to play"), required=False, min_value=0.25, max_value=72)
    level_minutes = forms.IntegerField(
        label=_("Level length (minutes)"), required=False, min_value=1, max_value=240
    )
    buy_in = _amount(_("Buy-in (to the prize pool)"))
    fee = _amount(_("Fee (to the house)"))
    bounty = _amount(_("Bounty per entry"))
    late_reg_until_level = _level(_("Late registration until level"))
    rebuy_until_level = _level(_("Rebuys until level"), _("Leave empty for no rebuys."))
    rebuy_limit = forms.IntegerField(
        label=_("Rebuys per player"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=_("Empty: no limit."),
    )
    rebuy_max_stack = forms.IntegerField(
        label=_("Rebuy only at or below this stack"), required=False, min_value=0, max_value=10**9
    )
    rebuy_price = _amount(_("Rebuy price"))
    rebuy_chips = _amount(_("Rebuy chips"))
    addon_from_level = _level(_("Add-on from level"))
    addon_until_level = _level(_("Add-on until level"), _("Leave empty for no add-on."))
    addon_price = _amount(_("Add-on price"))
    addon_chips = _amount(_("Add-on chips"))
    reentry_until_level = _level(_("Re-entry until level"), _("Leave empty for no re-entry."))
    reentry_limit = forms.IntegerField(
        label=_("Re-entries per player"),
        required=False,
        min_value=1,
        max_value=100,
        help_text=_("Empty: no limit."),
    )
    published = forms.BooleanField(label=_("Published (the public sees it)"), required=False)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("source") == "suggest":
            for field in ("players", "hours"):
                if data.get(field) is None:
                    self.add_error(field, _("Needed to suggest a structure."))
        return data

    def structure_args(self) -> dict[str, Any]:
        """``template`` or ``suggest`` for the services' structure_for / tournament_create."""
        d = self.cleaned_data
        if d["source"] == "suggest":
            suggest = {"players": d["players"], "hours": d["hours"]}
            if d.get("level_minutes"):
                suggest["level_minutes"] = d["level_minutes"]
            return {"template": None, "suggest": suggest}
        return {"template": d["template"], "suggest": None}

    def settings(self) -> dict[str, Any]:
        """The tournament's other settings, as tournament_create takes them (empty optional ones left out)."""
        d = self.cleaned_data
        out: dict[str, Any] = {k: d[k] for k in AMOUNTS}
        out.update({k: d[k] for k in OPTIONAL_LEVELS if d.get(k) is not None})
        out["seats_per_table"] = d["seats_per_table"]
        out["published"] = d["published"]
        if d["game"] == CLOCK_ONLY_CHOICE:
            out["game_kind"] = "clock_only"
            out["game_name"] = d.get("game_name") or ""
        return out


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
