"""The cockpit's league, season and deal forms: shapes only; the standings services check the rules."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

FORMULAS = [
    ("table", _("A points table: points for each place")),
    ("tlb", _("TLB formula: from the entries, the buy-in and the place")),
    ("sqrt", _("Square-root formula: from the entries, the buy-in and the place")),
]


class LeagueCreateForm(forms.Form):
    name = forms.CharField(label=_("League name"), max_length=120)
    kind = forms.ChoiceField(label=_("Points formula"), choices=FORMULAS, initial="table")
    table = forms.CharField(
        label=_("Points by place (for a points table)"),
        required=False,
        max_length=400,
        initial="100, 70, 50, 40, 30, 20, 10",
        help_text=_("Whole or decimal points, first place first, separated by commas."),
    )
    best_n = forms.IntegerField(
        label=_("Best results that count"),
        required=False,
        min_value=1,
        max_value=1000,
        help_text=_("Empty: every result counts."),
    )
    published = forms.BooleanField(label=_("Public leaderboard"), required=False)

    def clean_table(self) -> list[int]:
        raw = str(self.cleaned_data.get("table") or "").strip()
        if not raw:
            return []
        out = []
        for part in raw.replace(";", ",").split(","):
            try:
                # the league keeps hundredths of points; inf and 1e400 are no int (an OverflowError)
                value = round(float(part.strip()) * 100)
            except (ValueError, OverflowError):
                raise forms.ValidationError(
                    _("%(value)s is not a number of points.") % {"value": part.strip()}
                ) from None
            out.append(value)
        return out

    def points(self) -> dict[str, Any]:
        kind = self.cleaned_data["kind"]
        if kind == "table":
            return {"kind": "table", "table": self.cleaned_data["table"]}
        return {"kind": kind}


class SeasonCreateForm(forms.Form):
    name = forms.CharField(label=_("Season name"), max_length=120)


class SeasonAttachForm(forms.Form):
    tournament = forms.IntegerField(label=_("Tournament"), min_value=1)
