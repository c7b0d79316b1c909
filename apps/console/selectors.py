"""Reads for the console page: what its JavaScript needs to start (where the API is, how to authenticate,
the hand to show, where the live stream resumes) and the words it shows, in the page's language."""

from __future__ import annotations

from typing import Any

from django.middleware.csrf import get_token
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from apps.clocks.live import table_channel
from apps.clocks.models import LiveChannel
from apps.console.access import Access
from apps.console.rules import rule_texts
from apps.core.i18n_names import table_short_name
from apps.tables.models import Hand, Table


def _hand_url(name: str) -> str:
    # "/api/hands/{id}/…": the script fills in the hand's id.
    return reverse(name, args=[0]).replace("/0/", "/{id}/")


def console_config(table: Table, access: Access, request: Any = None) -> dict[str, Any]:
    """The JSON the console script starts from. The device token travels only inside this page (never in a
    URL); a logged-in dealer's page carries the CSRF token instead."""
    hand = (
        Hand.objects.filter(table=table)
        .order_by("-status", "-number")  # "in_progress" sorts after "finished": the live hand first
        .values_list("pk", flat=True)
        .first()
    )
    live_after = LiveChannel.objects.filter(name=table_channel(table.pk)).values_list("last_id", flat=True)
    return {
        "table": table.pk,
        "tableName": table_short_name(table.name),
        "hand": hand,
        "auth": "device" if access.device is not None else "session",
        "token": access.token,
        "csrf": get_token(request) if request is not None and access.device is None else "",
        "liveAfter": live_after.first() or 0,
        "urls": {
            "table": reverse("api-table-detail", args=[table.pk]),
            "handStart": reverse("api-hand-start", args=[table.pk]),
            "live": reverse("live-table", args=[table.pk]),
            "hand": _hand_url("api-hand-detail"),
            "events": _hand_url("api-hand-events"),
            "clockCall": _hand_url("api-clock-call"),
            "undo": _hand_url("api-hand-undo"),
            "try": _hand_url("api-hand-try"),
            "dispute": _hand_url("api-dispute-raise"),
            "now": reverse("console:now", args=[table.pk]),
        },
        "text": console_text(),
        "rules": rule_texts(),
    }


def console_text() -> dict[str, Any]:
    """Every word the script writes on the page, translated here (the script has no catalogue)."""
    from apps.core.i18n_names import CARD_RANKS, SUITS, card_name

    return {
        **mend_text(),
        "cardNames": {r + s: card_name(r + s) for r in CARD_RANKS for s in SUITS} | {"Xx": card_name("Xx")},
        **{f"suit_{s}": str(name) for s, name in SUITS.items()},
        "pickRank": _("Rank"),
        "pickSuit": _("Suit"),
        "pickSuitOf": _("Now the suit of the {rank}"),
        "takeBack": _("Take back the {card}"),
        "emptySlot": _("No card yet"),
        "finishHelp": _(
            "Tap the seats from the best hand to the worst. "
            "Tap Tie first when the next seat ties with the one before."
        ),
        "finishTie": _("Tie"),
        "finishReset": _("Start again"),
        "finishNth": _("place {n}"),
        "seatNamed": _("Seat {seat} ({name})"),
        "ruleDetail": _("The rule in full"),
        "fold": _("Fold"),
        "check": _("Check"),
        "call": _("Call {amount}"),
        "bet": _("Bet {amount}"),
        "raise": _("Raise to {amount}"),
        "allIn": _("All-in {amount}"),
        "minimum": _("Min {amount}"),
        "pot": _("Pot {amount}"),
        "maximum": _("Max {amount}"),
        "amount": _("Amount (from {min} to {max})"),
        "amountStep": _(
            "Amount (from {min} to {max}, in steps of {step}: bets and raises are whole bet units)"
        ),
        "draw": _("Draw {count}"),
        "standPat": _("Stand pat"),
        "drawHelp": _("How many cards does seat {seat} ({name}) draw? Up to {max}."),
        "drawShowAce": _("Drawing {count} needs the kept ace or joker shown: pick it."),
        "reshuffle": _("Reshuffle the discards"),
        "reshuffleDue": _("The stub is short: reshuffle before the next draw."),
        "show": _("Show"),
        "muck": _("Muck"),
        "showCards": _("Pick the five cards seat {seat} ({name}) shows"),
        "proveOpeners": _("Seat {seat} ({name}) proves openers: pick the five cards"),
        "prove": _("Prove openers"),
        "finishOrder": _("Or enter the finishing order"),
        "finishPlace": _("Place of seat {seat} ({name})"),
        "finishSubmit": _("Record the finishing order"),
        "clear": _("Clear"),
        "picked": _("{count} of 5 picked"),
        "joker": _("Joker"),
        "toAct": _("Seat {seat} ({name}) to act"),
        "button": _("Dealer button"),
        "buttonShort": pgettext("the dealer button, on a seat", "D"),
        "sb": _("SB"),
        "bb": _("BB"),
        "smallBlind": _("Small blind"),
        "bigBlind": _("Big blind"),
        "passOuts": _("passed out {n}×: everyone antes again"),
        "stack": _("Stack"),
        "betThisRound": _("Bet"),
        "drew": _("Drew {count}"),
        "folded": _("Folded"),
        "allInBadge": _("All-in"),
        "shown": _("Shown"),
        "mucked": _("Mucked"),
        "pot_main": _("Main pot"),
        "pot_side": _("Side pot {n}"),
        "potTotal": _("Pot {amount}"),
        "eligible": _("eligible: {seats}"),
        "hand": _("Hand {number}"),
        "phase_betting": _("Betting, round {round}"),
        "phase_drawing": _("The draw"),
        "phase_showdown": _("Showdown"),
        "phase_finished": _("Hand over"),
        "noHand": _("No hand in progress."),
        "nextHand": _("Start the next hand"),
        "firstHand": _("Deal the first hand"),
        "result": _("Result"),
        "readAloud": _("Read aloud"),
        "wins": _("Seat {seat} ({name}) wins {amount}"),
        "clock": _("Turn clock"),
        "clockCalled": _("Clock called"),
        "callClock": _("Call the clock"),
        "timeBank": _("time bank {seconds} s"),
        "seconds": _("{seconds} s"),
        "waiting": _("Waiting for the network… the entry will be sent once, as soon as it can (try {n})."),
        "serverError": _(
            "The server answered with an error ({error}). The entry is kept and will be sent again safely "
            "(with the same Idempotency-Key it cannot be recorded twice): try {n} of {max}."
        ),
        "serverErrorNoEntry": _("The server answered with an error ({error}). Trying again: {n} of {max}."),
        "serverStopped": _(
            "The server keeps failing ({error}), so the entry is not confirmed: call the director. It is "
            "kept on this device; try again once it is fixed (it can never be recorded twice), or drop it."
        ),
        "serverStoppedNoEntry": _("The server keeps failing ({error}): call the director."),
        "tryAgain": _("Try again"),
        "dropEntry": _("Drop this entry"),
        "cancel": _("Cancel"),
        "sending": _("Sending…"),
        "landed": _("Recorded."),
        "refused": _("Refused"),
        "rule": _("Rule: {rule}"),
        "stale": _("Someone else entered an action first; here is the hand as it stands now."),
        "offline": _("Live updates paused; retrying."),
        "sessionEnded": _("This console no longer has access. Reload the page to see why."),
        "seat": _("Seat {seat}"),
        "empty": _("empty"),
    }


def mend_text() -> dict[str, str]:
    """The words mend.js writes: undo, call the floor, the showdown's confirmation, the tournament's end (the
    buttons and forms are in the template)."""
    return {
        "undone": _("Undone: the hand continues from before that entry."),
        "floorThis": _("This hand ({number})"),
        "floorLast": _("The last hand ({number})"),
        "floorCalled": _("The director has been called (dispute {id})."),
        "busts": _("{name} is out of chips"),
        "placeRow": _("{place}. {name}"),
        "brokenTo": _("Its players moved to {tables}."),
    }
