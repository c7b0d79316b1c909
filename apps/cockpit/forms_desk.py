"""The registration desk's correction forms: rename, remove (a reason after the draw), undo a bust-out."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _


class RenameForm(forms.Form):
    name = forms.CharField(label=_("Right name"), max_length=80)


class RemoveForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason"),
        max_length=300,
        required=False,
        help_text=_("Needed after the seat draw; the entry stays in the record."),
    )


class UndoBustForm(forms.Form):
    reason = forms.CharField(label=_("Reason"), max_length=300)
    stack = forms.IntegerField(
        label=_("Chips back"),
        min_value=1,
        max_value=10**12,
        required=False,
        help_text=_(
            "Empty: the chips the player had when the hand that busted them began, taken back from the"
            " players who won them. A number: chips you give, taken from nobody."
        ),
    )


class PaperForm(forms.Form):
    paper = forms.ChoiceField(choices=[("a4", "A4"), ("letter", "Letter")], required=False)
