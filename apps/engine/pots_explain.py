"""The explanation of a pot result, line by line (:class:`~apps.engine.pot_lines.ExplanationLine`): who
put in what, what came back, each pot's eligible seats, winners, splits and odd chips, the net.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from apps.engine.pot_lines import ExplanationLine
from apps.engine.pot_records import Pot, PotResult

# --- The explanation: structured lines, rendered in English by render_line ----------------------------------


def _names(result: PotResult, seats: Sequence[int]) -> list[str]:
    return [result.label(seat) for seat in seats]


def _pot_line(result: PotResult, pot: Pot, in_pot: Mapping[int, int]) -> ExplanationLine:
    params: dict[str, Any] = {
        "pot": pot.name,
        "amount": pot.amount,
        "dead": pot.dead,
        "terms": [{"low": x.low, "high": x.high, "count": x.count} for x in pot.layers],
        "eligible": _names(result, pot.eligible),
        "folded": _names(result, pot.folded_in),
        "winners": _names(result, pot.winners),
        "hand": pot.hand,
    }
    if pot.uncontested:
        # the only one eligible: it may still have shown its hand (a side pot at a showdown)
        shown = any(p.strength is not None for p in result.players if p.seat == pot.winners[0])
        if shown:
            return ExplanationLine("pot_uncontested_shown", params)
        return ExplanationLine("pot_uncontested", params)
    reach = min(in_pot[seat] for seat in pot.eligible)
    winning = next(p.strength for p in result.players if p.seat == pot.winners[0])
    if winning is not None and hasattr(winning, "description_key"):  # a HandValue: translatable description
        params["hand_key"] = winning.description_key
        params["hand_args"] = dict(getattr(winning, "description_args", {}))
    params["outranked_by"] = [
        {"name": p.label, "put_in": in_pot[p.seat]}
        for p in result.players
        if not p.folded and p.strength is not None and in_pot[p.seat] < reach and winning < p.strength  # type: ignore[operator]
    ]
    if len(pot.winners) == 1:
        return ExplanationLine("pot_won", params)
    unit = result.smallest_chip
    each = pot.amount // (len(pot.winners) * unit) * unit
    params |= {
        "ways": len(pot.winners),
        "each": each,
        "unit": unit,
        "left_over": pot.amount - each * len(pot.winners),
    }
    return ExplanationLine("pot_split", params)


def explain(result: PotResult, in_pot: Mapping[int, int]) -> tuple[ExplanationLine, ...]:
    lines: list[ExplanationLine] = []
    for seat, amount in result.returned.items():
        contributed = next(p.contributed for p in result.players if p.seat == seat)
        lines.append(
            ExplanationLine(
                "uncalled_return",
                {
                    "seat": seat,
                    "name": result.label(seat),
                    "contributed": contributed,
                    "next_highest": contributed - amount,
                    "amount": amount,
                },
            )
        )
    if not result.pots:
        lines.append(ExplanationLine("no_pot", {}))
    for pot in result.pots:
        lines.append(_pot_line(result, pot, in_pot))
        if pot.odd_chips:
            lines.append(
                ExplanationLine(
                    "odd_chips",
                    {
                        "pot": pot.name,
                        "names": _names(result, pot.odd_chips),
                        "unit": result.smallest_chip,
                        "button": result.button,
                    },
                )
            )
        if pot.remainder_to is not None:
            lines.append(
                ExplanationLine(
                    "odd_remainder",
                    {
                        "pot": pot.name,
                        "amount": pot.remainder,
                        "unit": result.smallest_chip,
                        "name": result.label(pot.remainder_to),
                        "after_odd_chips": len(pot.odd_chips),
                        "button": result.button,
                    },
                )
            )
        if pot.odd_chips or pot.remainder_to is not None:
            shares = [{"name": result.label(s), "amount": pot.shares[s]} for s in pot.winners]
            lines.append(ExplanationLine("pot_shares", {"pot": pot.name, "shares": shares}))
    players = result.players
    lines.append(
        ExplanationLine(
            "received",
            {
                "entries": [
                    {"seat": p.seat, "name": p.label, "amount": result.received[p.seat]} for p in players
                ],
                "total": sum(result.received.values()),
                "put_in": [p.put_in for p in players],
                "total_in": sum(p.put_in for p in players),
            },
        )
    )
    lines.append(
        ExplanationLine(
            "net",
            {
                "entries": [{"seat": p.seat, "name": p.label, "amount": result.net[p.seat]} for p in players],
                "sum": sum(result.net.values()),
            },
        )
    )
    return tuple(lines)


__all__ = [
    "explain",
]
