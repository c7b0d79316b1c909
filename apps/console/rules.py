"""The rule behind a refusal, in words a dealer understands: "TDA 43: a raise must be at least the last full
raise". The refusal keeps its ``rule`` (RULES.md's section and the rulebook citation) for the detail; the
console shows the rulebook's number with one of these sentences, by the refusal's code."""

from __future__ import annotations

from django.utils.translation import gettext as _


def rule_texts() -> dict[str, str]:
    """The plain sentence for each code a dealer can meet at the table, translated now."""
    return {
        "raise_too_small": _("a raise must be at least the last full raise"),
        "bet_too_small": _("a bet must be at least the minimum bet"),
        "raise_not_allowed": _("no raise is possible now: the betting is capped, or nobody has bet yet"),
        "not_reopened": _("a short all-in does not reopen the betting to a player who has already acted"),
        "bet_not_allowed": _("a bet is made only when nobody has bet yet in this round"),
        "check_not_allowed": _("a player facing a bet must call, raise or fold"),
        "call_not_allowed": _("there is no bet to call: check or bet"),
        "fold_not_allowed": _("nobody has bet: there is nothing to fold to"),
        "fixed_limit_amount": _("in fixed-limit every bet and raise is exactly one bet unit"),
        "amount_exceeds_stack": _("a player can bet only the chips in front of them"),
        "amount_not_in_units": _("bets are made in whole bet units"),
        "not_your_turn": _("act in turn: it is another seat's turn"),
        "wrong_phase": _("that action does not belong to this part of the hand"),
        "draw_too_many": _("a player draws only as many cards as the game allows"),
        "draw_needs_ace_shown": _("drawing four needs the kept ace or joker shown"),
        "openers_required": _("the opener must show openers (jacks or better)"),
        "prove_not_allowed": _("only the player who opened proves openers"),
        "card_duplicate": _("one card cannot be in two places"),
        "card_conflict": _("the cards shown must be the cards the player holds"),
        "card_mismatch": _("the cards shown must be the cards the player holds"),
        "card_not_held": _("the cards shown must be the cards the player holds"),
        "card_count": _("a hand shown is five cards"),
        "card_invalid": _("a hand shown is five cards"),
        "card_unknown": _("a hand shown is five known cards"),
        "joker_not_allowed": _("this game is played without the joker"),
        "finish_order_invalid": _("the finishing order places every live seat once"),
        "reshuffle_not_due": _("the discards are reshuffled only when the stub runs short"),
        "stale_seq": _("someone entered an action first"),
        "table_halted": _("a table three or more players short waits until it is balanced"),
        "hand_for_hand_wait": _("hand-for-hand: every table plays one hand at a time"),
    }
