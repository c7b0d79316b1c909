"""What a reader who may not see unshown cards reads of a hand: counts, and what was shown.

Cards a dealer enters (``deal``), draws and discards (``draw``'s ``receive`` / ``discard``) and mucked hands
stay with the table's dealers and the club's directors (:func:`apps.accounts.permissions.can_see_cards`).
Everyone else gets the same shapes with those cards unknown (``??``): the number of cards drawn, each
``show`` and ``prove_openers`` (cards put face up), a kept ace shown when drawing four, and the result.
Free text a dealer typed on an event (``note``, ``by``) is dropped too: it is the dealer's, not the table's.
The functions here only read: they never change what is stored.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

UNKNOWN = "??"
HIDDEN_HAND = UNKNOWN * 5
#: event keys that carry cards nobody has shown
_PRIVATE_CARD_KEYS = ("discard", "receive")
#: metadata a person typed: kept off the public log
_PRIVATE_META = ("note", "by")


def public_event(payload: Mapping[str, Any]) -> dict[str, Any]:
    """An action as the public log shows it: a ``deal`` with its cards unknown, a ``draw`` with its count
    (and a kept card shown) but not which cards went or came, no typed notes."""
    out = {k: v for k, v in payload.items() if k not in _PRIVATE_META}
    kind = out.get("type")
    if kind == "deal":
        out["cards"] = HIDDEN_HAND
    elif kind == "draw":
        for key in _PRIVATE_CARD_KEYS:
            out.pop(key, None)
    return out


def public_seat(seat: Mapping[str, Any]) -> dict[str, Any]:
    """A seat of :func:`apps.tables.selectors.hand_view`: its cards only once shown at the showdown."""
    out = dict(seat)
    if out.get("showdown") != "shown":
        out["cards"] = " ".join([UNKNOWN] * 5)
    return out


def public_hand_view(view: Mapping[str, Any]) -> dict[str, Any]:
    """:func:`apps.tables.selectors.hand_view` for a reader who may not see unshown cards."""
    out = dict(view)
    out["seats"] = [public_seat(s) for s in view.get("seats", [])]
    return out


def public_actions(
    game: Any,
    seats: Iterable[Mapping[str, Any]],
    button: int,
    number: int,
    events: Iterable[Mapping[str, Any]],
) -> list[dict[str, Any]]:
    """The valid actions of a hand with unshown cards taken out, still a hand the engine replays to the same
    end (for the public PHH). A clock's time-out at the showdown that turned a seat's known cards face up
    (they speak for themselves) becomes the ``show`` it was, since its cards are no longer in the log."""
    from apps.engine.hand import SHOWDOWN, start_hand

    state = start_hand(game, [dict(s) for s in seats], button, number)
    out: list[dict[str, Any]] = []
    for event in events:
        after = state.apply(dict(event))
        public = public_event(event)
        seat = event.get("seat")
        if event.get("type") == "timeout" and state.phase == SHOWDOWN and seat is not None:
            shown = after.seat(int(seat))
            if shown.showdown == "shown" and state.seat(int(seat)).showdown != "shown":
                public = {"type": "show", "seat": int(seat), "cards": "".join(shown.cards)}
                if "at" in event:
                    public["at"] = event["at"]
        out.append(public)
        state = after
    return out
