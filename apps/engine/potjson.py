"""The pot resolver's JSON layer: a request in, an answer out (``pots resolve`` command, the API later).

Request::

    {"ranking": "high", "button": 3, "smallest_chip": 1,
     "players": [{"seat": 1, "name": "A", "contributed": 50, "folded": false, "cards": "KhKdKcJd9s"}, ...],
     "proposed": {"1": 150, ...}}

A player may add ``"dead": 10``: chips put in as dead money (antes, a big-blind ante), outside
``contributed``; they are never returned and go to the main pot, which every live player can win.

Each player gives ``cards`` (five cards, ranked with :func:`apps.engine.ranking.evaluate`) or ``rank``
(1 = best, equal numbers tie), never both and never mixed across players; a folded player's cards are only
checked for duplicates. ``ranking`` is ``"high"`` (default), ``"high-bug"`` or ``"low27"``; ``smallest_chip``
defaults to 1; ``proposed`` (optional) is an award to check. Bad input raises an :class:`EngineError` whose
``detail["field"]`` names the field (``players[1].contributed``).

>>> out = resolve_request({"button": 3, "players": [
...     {"seat": 1, "name": "A", "contributed": 50, "rank": 1},
...     {"seat": 2, "name": "B", "contributed": 120, "rank": 2},
...     {"seat": 3, "name": "C", "contributed": 200, "rank": 3}]})
>>> out["returned"], out["received"], out["net"]
({'3': 80}, {'1': 150, '2': 140, '3': 80}, {'1': 100, '2': 20, '3': -120})
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from apps.engine.cards import Card, format_card, parse_cards
from apps.engine.errors import CardError, EngineError, PotError
from apps.engine.pots import (
    RULE,
    FinishingRank,
    Pot,
    PotPlayer,
    PotResult,
    Strength,
    check_award,
    resolve_pots,
)
from apps.engine.ranking import RANKINGS, evaluate

_MISSING: Final = object()


def _field_error(code: str, path: str, message: str, **detail: Any) -> PotError:
    return PotError(f"{path}: {message}", code=code, rule=RULE, detail={"field": path, **detail})


def _get(
    obj: Mapping[str, Any], key: str, path: str, kind: type | tuple[type, ...], default: Any = _MISSING
) -> Any:
    """``obj[key]`` checked against ``kind`` (a bool is no int); ``default`` when absent, else required."""
    where = f"{path}.{key}" if path else key
    if key not in obj or obj[key] is None:
        if default is _MISSING:
            raise _field_error("field_missing", where, "required")
        return default
    value = obj[key]
    wants_int = kind is int or (isinstance(kind, tuple) and int in kind)
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool and wants_int):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise _field_error("field_invalid", where, f"expected {names}, got {value!r}", value=value)
    return value


def _with_field(error: EngineError, path: str, seat: int) -> EngineError:
    error.detail.setdefault("field", path)
    error.detail.setdefault("seat", seat)
    return error


def _players(payload: Mapping[str, Any], ranking: str) -> list[PotPlayer]:
    raw = _get(payload, "players", "", list)
    players: list[PotPlayer] = []
    holder: dict[Card, int] = {}
    kinds: set[str] = set()
    for i, item in enumerate(raw):
        path = f"players[{i}]"
        if not isinstance(item, dict):
            raise _field_error("field_invalid", path, f"expected an object, got {item!r}", value=item)
        seat = _get(item, "seat", path, int)
        contributed = _get(item, "contributed", path, int)
        dead = _get(item, "dead", path, int, 0)
        folded = _get(item, "folded", path, bool, False)
        name = _get(item, "name", path, str, None)
        text = _get(item, "cards", path, (str, list), None)
        rank = _get(item, "rank", path, int, None)
        if text is not None and rank is not None:
            raise PotError(
                f"{path}: give cards or a rank, not both",
                code="strength_mixed",
                rule=RULE,
                detail={"field": path, "seat": seat},
            )
        strength: Strength | None = None
        if text is not None:
            try:
                cards = parse_cards(text, count=5, allow_unknown=False)
            except CardError as error:
                raise _with_field(error, f"{path}.cards", seat) from None
            for card in cards:
                if card in holder:
                    raise CardError(
                        f"{format_card(card)} is in the hands of seats {holder[card]} and {seat}",
                        code="card_duplicate",
                        detail={
                            "field": f"{path}.cards",
                            "token": format_card(card),
                            "seats": [holder[card], seat],
                        },
                    )
                holder[card] = seat
            if not folded:
                try:
                    strength = evaluate(cards, ranking)
                except EngineError as error:
                    raise _with_field(error, f"{path}.cards", seat) from None
                kinds.add("cards")
        elif rank is not None:
            if rank < 1:
                raise _field_error("field_invalid", f"{path}.rank", "a rank is 1 (best) or more", value=rank)
            if not folded:
                strength = FinishingRank(rank)
                kinds.add("rank")
        if len(kinds) > 1:
            raise PotError(
                "some players give cards and others a rank; use one or the other",
                code="strength_mixed",
                rule=RULE,
                detail={"field": path, "seat": seat},
            )
        players.append(PotPlayer(seat, contributed, folded, strength, name, dead))
    return players


def _seat_map(values: Mapping[int, int]) -> dict[str, int]:
    return {str(seat): chips for seat, chips in values.items()}


def _pot_json(pot: Pot) -> dict[str, Any]:
    return {
        "name": pot.name,
        "amount": pot.amount,
        "eligible": list(pot.eligible),
        "winners": sorted(pot.winners),
        "shares": {str(seat): pot.shares[seat] for seat in sorted(pot.shares)},
        "odd_chips": list(pot.odd_chips),
        "remainder": pot.remainder,
        "remainder_to": pot.remainder_to,
        "folded": list(pot.folded_in),
        "uncontested": pot.uncontested,
        "hand": pot.hand,
        "dead": pot.dead,
    }


def _proposed(payload: Mapping[str, Any]) -> dict[int, int] | None:
    raw = _get(payload, "proposed", "", dict, None)
    if raw is None:
        return None
    proposed: dict[int, int] = {}
    for key in raw:
        path = f"proposed.{key}"
        try:
            seat = int(key)
        except (TypeError, ValueError):
            raise _field_error("field_invalid", path, "a seat number is expected as the key") from None
        proposed[seat] = _get(raw, key, "proposed", int)
        if proposed[seat] < 0:
            raise _field_error("field_invalid", path, "chips cannot be negative", value=proposed[seat])
    return proposed


def _shown(player: PotPlayer) -> bool:
    return player.strength is not None and not player.folded


def result_json(result: PotResult) -> dict[str, Any]:
    """A :class:`PotResult` as JSON-ready data (seat keys are strings)."""
    return {
        "returned": _seat_map(result.returned),
        "pots": [_pot_json(pot) for pot in result.pots],
        "received": _seat_map(result.received),
        "net": _seat_map(result.net),
        "hands": {str(p.seat): str(p.strength) for p in result.players if _shown(p)},
        "explanation": result.explanation_text(),
        "explanation_lines": [line.as_dict() for line in result.explanation],
    }


def resolve_request(payload: Any) -> dict[str, Any]:
    """Resolve the pots of a JSON request (see the module docstring) into a JSON-ready answer.

    >>> players = [{"seat": 1, "contributed": 10}, {"seat": 2, "contributed": 10, "folded": True}]
    >>> resolve_request({"button": 1, "players": players})["received"]
    {'1': 20, '2': 0}
    """
    if not isinstance(payload, dict):
        raise _field_error("field_invalid", "$", f"expected a JSON object, got {type(payload).__name__}")
    ranking = _get(payload, "ranking", "", str, "high")
    if ranking not in RANKINGS:
        raise _field_error("field_invalid", "ranking", f"one of {', '.join(RANKINGS)}", value=ranking)
    button = _get(payload, "button", "", int)
    smallest_chip = _get(payload, "smallest_chip", "", int, 1)
    players = _players(payload, ranking)
    proposed = _proposed(payload)
    result = resolve_pots(players, button=button, smallest_chip=smallest_chip)
    answer = result_json(result)
    if proposed is not None:
        answer["award_check"] = check_award(result, proposed).as_dict()
    return answer
