"""The tournament setup form: the game with every setting of the chosen game (Five-Card Draw's ``fcd_``,
2-7 Triple Draw's ``td_``, 2-7 Single Draw's ``sd_`` fields; a page without scripts shows them all, each set
headed by its game, and only the chosen game's are read), the clocks, the money, the payouts, the chip set,
and the levels and breaks as a formset (delete and order columns, so it works without scripts too).

The forms check shapes; the setup service (:mod:`apps.tournaments.setup`) checks the rules, and
:mod:`apps.cockpit.setup_form` turns the forms into a setup and back."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from apps.cockpit.forms import GAMES, SOURCES, TEMPLATES

STRUCTURES = [("no-limit", _("No-limit")), ("pot-limit", _("Pot-limit")), ("fixed-limit", _("Fixed-limit"))]
MODES = [("betting", _("With betting (chips)")), ("no-bet", _("No betting: compare hands, score points"))]
DRAW_LIMITS = [
    ("3-or-4-with-ace", _("Up to 3, or 4 keeping an ace or the joker")),
    ("3", _("Up to 3")),
    ("5", _("Up to 5")),
]
OPENINGS = [("none", _("None")), ("jacks-or-better", _("Jacks or better"))]
ROUND2 = [("opener", _("The opener")), ("left-of-button", _("First active player left of the button"))]
JOKERS = [
    ("off", _("No joker")),
    ("wild", _("Joker wild")),
    ("bug", _("Joker as a bug (aces, straights, flushes)")),
]
FORCED = [
    ("none", _("Blinds only")),
    ("antes", _("Blinds and an ante from every player")),
    ("big-blind-ante", _("Blinds and a big-blind ante")),
]
TIME_BANK_PER = [("tournament", _("Once per tournament")), ("level", _("Refilled every level"))]
PAYOUT_KINDS = [
    ("standard", _("Floor's payout table by the number of entries")),
    ("percentages", _("My percentages per place")),
]

MAX = 10**9


def _whole(label: Any, *, low: int = 0, high: int = MAX, initial: int | None = None, **kw: Any) -> Any:
    return forms.IntegerField(label=label, min_value=low, max_value=high, initial=initial, **kw)


def _optional(label: Any, *, low: int = 1, high: int = 1000, help_text: Any = "") -> Any:
    return forms.IntegerField(label=label, required=False, min_value=low, max_value=high, help_text=help_text)


def _choice(label: Any, choices: list[tuple[str, Any]], initial: str) -> Any:
    return forms.ChoiceField(label=label, choices=choices, initial=initial)


def chip_counts(text: str) -> dict[int, int]:
    """``5×300, 25×200`` as ``{5: 300, 25: 200}`` (x and * work for ×; each chip once)."""
    text = text.lower().replace("x", "×").replace("*", "×")
    out: dict[int, int] = {}
    for part in (p.strip() for p in text.replace(";", ",").split(",")):
        if not part:
            continue
        value, _sep, count = part.partition("×")
        try:
            d, n = int(value.strip()), int(count.strip())
        except ValueError:
            raise forms.ValidationError(
                _("Write each chip as value × count, as in 25×200 (not “%(part)s”).") % {"part": part}
            ) from None
        if not (1 <= d <= MAX and 0 <= n <= 10**6) or d in out:
            raise forms.ValidationError(
                _("Each chip once, a value of at least 1 and a count from 0 to 1,000,000 (“%(part)s”).")
                % {"part": part}
            )
        out[d] = n
    return dict(sorted(out.items()))


class TournamentSetupForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=60)
    game = forms.ChoiceField(label=_("Game"), choices=GAMES, initial="five-card-draw")
    game_name = forms.CharField(
        label=_("Name of the game (clock only)"),
        max_length=60,
        required=False,
        help_text=_("For example Hold'em, Omaha or a mix: the pages show it."),
    )
    starting_stack = _whole(_("Starting stack (chips)"), low=1, initial=2000)
    seats_per_table = _whole(_("Seats per table"), low=2, high=10, initial=6)
    # Five-Card Draw (RULES.md §6: the source site's defaults)
    fcd_mode = _choice(_("Mode"), MODES, "betting")
    fcd_hands = _whole(_("Hands to play (no-bet mode)"), low=1, high=10_000, initial=10)
    fcd_structure = _choice(_("Betting structure"), STRUCTURES, "no-limit")
    fcd_ante = _whole(_("Ante"), initial=10, help_text=_("The game's ante; each level sets its own."))
    fcd_bet_unit = _optional(
        _("Bet unit"), high=MAX, help_text=_("Empty: twice the ante. Bets and raises are whole units.")
    )
    fcd_max_raises = _whole(_("Cap: raises after the bet (fixed-limit)"), high=100, initial=4)
    fcd_draw_limit = _choice(_("Draw limit"), DRAW_LIMITS, "3-or-4-with-ace")
    fcd_opening = _choice(_("Openers"), OPENINGS, "none")
    fcd_round2_starter = _choice(_("Who starts round 2"), ROUND2, "opener")
    fcd_joker = _choice(_("Joker"), JOKERS, "off")
    # 2-7 Triple Draw (RULES.md §7: fixed-limit)
    td_forced = _choice(_("Forced bets"), FORCED, "none")
    td_max_raises = _whole(_("Cap: raises after the bet"), high=100, initial=4)
    # 2-7 Single Draw
    sd_forced = _choice(_("Forced bets"), FORCED, "big-blind-ante")
    sd_structure = _choice(_("Betting structure"), STRUCTURES, "no-limit")
    # the clocks (every game)
    turn_time_limit = _optional(
        _("Turn time limit (seconds)"),
        high=3600,
        help_text=_("Empty: none. The source site offers 30 or 60."),
    )
    time_bank_seconds = _whole(_("Time bank (seconds)"), high=3600, initial=0)
    time_bank_per = _choice(_("Time bank given"), TIME_BANK_PER, "tournament")
    # where the levels come from
    source = forms.ChoiceField(
        label=_("Generate from"), choices=SOURCES, initial="template", widget=forms.RadioSelect
    )
    template = _choice(_("Template"), TEMPLATES, "regular")
    players = _optional(_("Expected entries"), low=2, high=10_000)
    hours = forms.FloatField(label=_("Hours to play"), required=False, min_value=0.25, max_value=72)
    level_minutes = _optional(_("Level length (minutes)"), high=240)
    # money: where each part goes
    to_pool = _whole(_("To the prize pool, per entry"), initial=0)
    bounty = _whole(_("Bounty, per entry (to whoever knocks the player out; not in the pool)"), initial=0)
    fee = _whole(_("Fee, per entry (to the house; not in the pool)"), initial=0)
    progressive_bounty = forms.BooleanField(
        label=_("Progressive knockout (PKO)"),
        required=False,
        help_text=_(
            "Half of a knocked-out player's bounty is paid in cash, half goes onto the winner's head"
        ),
    )
    late_reg_until_level = _optional(_("Late registration until level"))
    rebuy_until_level = _optional(_("Rebuys until level"), help_text=_("Empty: no rebuys."))
    rebuy_limit = _optional(_("Rebuys per player"), high=100, help_text=_("Empty: no limit."))
    rebuy_max_stack = _optional(_("Rebuy only at or below this stack"), low=0, high=MAX)
    rebuy_price = _whole(_("Rebuy price (to the prize pool)"), initial=0)
    rebuy_chips = _whole(_("Rebuy chips"), initial=0)
    addon_from_level = _optional(_("Add-on from level"))
    addon_until_level = _optional(_("Add-on until level"), help_text=_("Empty: no add-on."))
    addon_price = _whole(_("Add-on price (to the prize pool)"), initial=0)
    addon_chips = _whole(_("Add-on chips"), initial=0)
    reentry_until_level = _optional(_("Re-entry until level"), help_text=_("Empty: no re-entry."))
    reentry_limit = _optional(_("Re-entries per player"), high=100, help_text=_("Empty: no limit."))
    # payouts
    payout_kind = forms.ChoiceField(
        label=_("Payouts"), choices=PAYOUT_KINDS, initial="standard", widget=forms.RadioSelect
    )
    paid_places = _optional(_("Paid places"), high=1000)
    percentages = forms.CharField(
        label=_("Percentages, first place first"),
        required=False,
        max_length=2000,
        help_text=_("For example 50, 30, 20. They add up to 100."),
    )
    # the chip set
    chips = forms.CharField(
        label=_("Chip set: value × how many"),
        required=False,
        max_length=400,
        help_text=_("For example 5×300, 25×200, 100×100, 500×50. Empty: no chip set."),
    )
    stack_chips = forms.CharField(
        label=_("Starting stack in chips: value × how many"),
        required=False,
        max_length=400,
        help_text=_(
            "For example 25×8, 100×18 for 2,000. Chips of the set only, adding up to the starting stack. "
            "Empty: Floor builds it."
        ),
    )
    expected_rebuys = _whole(_("Expected rebuys, in all"), high=100_000, initial=0)
    published = forms.BooleanField(label=_("Published (the public sees it)"), required=False)
    # not "template_name": a form renders with its template_name
    template_title = forms.CharField(label=_("Template name"), required=False, max_length=60)

    def clean_percentages(self) -> list[str]:
        text = self.cleaned_data.get("percentages") or ""
        parts = [p.strip().rstrip("%") for p in text.replace(";", ",").split(",") if p.strip()]
        for p in parts:
            try:
                if not 0 <= float(p) <= 100:
                    raise ValueError(p)
            except ValueError:
                raise forms.ValidationError(
                    _("%(value)s is not a percentage from 0 to 100.") % {"value": p}
                ) from None
        return parts

    def clean_chips(self) -> dict[int, int]:
        return chip_counts(self.cleaned_data.get("chips") or "")

    def clean_stack_chips(self) -> dict[int, int]:
        return chip_counts(self.cleaned_data.get("stack_chips") or "")

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("payout_kind") == "percentages" and not data.get("percentages"):
            self.add_error("percentages", _("Give the percentages, or fill them from Floor's table."))
        if data.get("stack_chips") and not data.get("chips"):
            self.add_error("stack_chips", _("Give the chip set first: the stack is made of its chips."))
        if data.get("bounty", 0) and data.get("bounty", 0) > MAX - (data.get("to_pool") or 0):
            self.add_error("bounty", _("The buy-in is too large."))
        return data


class LevelForm(forms.Form):
    """One row of the structure: a level (its amounts and length) or a break (its length)."""

    is_break = forms.BooleanField(label=_("Break"), required=False)
    minutes = _whole(_("Minutes"), low=1, high=10_080, initial=20)
    small_blind = _whole(_("Small blind"), initial=0, required=False)
    big_blind = _whole(_("Big blind"), initial=0, required=False)
    ante = _whole(_("Ante"), initial=0, required=False)
    big_blind_ante = _whole(_("Big-blind ante"), initial=0, required=False)
    bet_units = forms.CharField(
        label=_("Bet units"), required=False, max_length=80, help_text=_("One per betting round: 20/20.")
    )

    def clean_bet_units(self) -> list[int] | None:
        text = (self.cleaned_data.get("bet_units") or "").strip()
        if not text:
            return None
        try:
            units = [int(u) for u in text.replace(",", "/").replace(" ", "/").split("/") if u]
        except ValueError:
            raise forms.ValidationError(_("Bet units are whole numbers, as in 20/20.")) from None
        if not units or len(units) > 8 or min(units) < 1:
            raise forms.ValidationError(_("One to eight bet units, each at least 1."))
        return units


class _LevelRows(forms.BaseFormSet):
    """The rows of the levels table. Its cells show no label of their own (the column heads do), so each
    input names itself for a screen reader: "Level 2: Ante"."""

    def add_fields(self, form: forms.Form, index: int | None) -> None:
        super().add_fields(form, index)
        row = (index or 0) + 1
        for field in form.fields.values():
            field.widget.attrs["aria-label"] = _("Level %(row)s: %(column)s") % {
                "row": row,
                "column": field.label or "",
            }


LevelFormSet = forms.formset_factory(
    LevelForm,
    formset=_LevelRows,
    extra=0,
    can_delete=True,
    can_order=True,
    max_num=200,
    validate_max=True,
)
