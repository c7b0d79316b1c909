"""Reads for tables and hands: what the dealer's screen and the API show."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC
from typing import Any

from apps.accounts.permissions import Actor, can_see_cards, director_user_ids
from apps.core.i18n import hand_result
from apps.engine.hand import HandState
from apps.tables import hooks, redact
from apps.tables.models import Hand, HandEvent, Seat, Table


def hand_view(
    hand: Hand, *, state: HandState | None = None, parts: Mapping[str, Any] | None = None
) -> dict[str, Any]:
    """The hand as the dealer needs it: whose turn, what is legal (with amounts), stacks, bets, pots, and the
    result with its explanation once finished, in the active language. ``state`` avoids re-reading the
    cached JSON when at hand; ``parts``: what the apps above add (the turn clock), as a service's result
    carries them (:class:`~apps.tables.hands.Recorded`); else they are asked (``hand_view_reading``)."""
    st = state if state is not None else HandState.from_json(hand.state)
    if parts is None:
        parts = {}
        for answer in hooks.hand_view_reading.send(hooks.HandReading(hand=hand)):
            parts = {**parts, **(answer or {})}
    seats = []
    for s in st.seats:
        seats.append(
            {
                "seat": s.seat,
                "name": s.name,
                "player_id": None if s.player_id is None else int(s.player_id),
                "start_stack": s.start_stack,
                "stack": s.stack,
                "bet": s.bet,
                "contributed": s.contributed,
                "folded": s.folded,
                "dead": s.dead,
                "all_in": s.live and s.stack == 0 and st.game.betting,
                "cards": " ".join(s.cards),
                "draws": list(s.draws),
                "showdown": s.showdown,
            }
        )
    view = {
        "id": hand.pk,
        "table": hand.table_id,
        "number": hand.number,
        "seq": hand.seq,
        "status": hand.status,
        "phase": st.phase,
        "button": st.button,
        "small_blind_seat": st.sb_seat,
        "big_blind_seat": st.bb_seat,
        "to_act": st.to_act,
        "pending": st.pending,
        "betting_round": st.round,
        "draw_index": st.draw_index,
        "legal_actions": st.legal_actions(),
        "seats": seats,
        "pot_total": st.pot_total,
        "pots": st.pots(),
        "pass_outs": st.pass_outs,
        "opener": st.opener,
        "stub": st.stub_info(),
        "result": hand_result(st),  # the explanation in the request's language
        "game": hand.game,
        "clock": None,  # the turn clock, when the clocks app is there to say
    }
    view.update(parts)
    return view


def hand_view_for(hand: Hand, *, actor: Actor) -> dict[str, Any]:
    """:func:`hand_view` as ``actor`` may read it: unshown cards only for the table's dealers and the club's
    directors (:func:`~apps.accounts.permissions.can_see_cards`)."""
    view = hand_view(hand)
    return view if can_see_cards(actor, hand.table) else redact.public_hand_view(view)


def hand_events(hand: Hand, *, actor: Actor | None = None) -> list[dict[str, Any]]:
    """The whole log, voided rows included and marked with the correction that voided them.

    Who entered each row is named by role (``dealer``, ``director``, ``clock``); the table's dealers and the
    club's directors (or ``actor=None``: Floor's own reads) also get the device or user and its name, and
    the cards nobody has shown (:mod:`apps.tables.redact`)."""
    private = actor is None or can_see_cards(actor, hand.table)
    directors = director_user_ids(hand.table.club_id)
    rows = (
        HandEvent.objects.filter(hand=hand)
        .select_related("entered_by_user", "entered_by_device", "voided_by")
        .order_by("seq")
    )
    out = []
    for row in rows:
        device, user, voider = row.entered_by_device, row.entered_by_user, row.voided_by
        if row.by_clock:
            role = "clock"
        elif device is not None:
            role = "dealer"
        elif user is not None:
            role = "director" if user.pk in directors else "dealer"
        else:
            role = "floor"  # Floor itself (an import, a re-flow) with nobody behind it
        by: dict[str, Any] = {"role": role}
        if private:
            if device is not None:
                by.update(device=device.pk, name=device.name)
            elif user is not None:
                by.update(user=user.pk, name=user.get_username())
            elif row.by_clock:
                by["clock"] = True
        payload = row.payload
        if not private and row.kind == HandEvent.Kind.ACTION:
            payload = redact.public_event(payload)
        out.append(
            {
                "seq": row.seq,
                "kind": row.kind,
                "payload": payload,
                "by_clock": row.by_clock,
                "entered_by": by,
                "created_at": row.created_at.isoformat(),
                "voided": voider is not None,
                "voided_by_seq": voider.seq if voider is not None else None,
                "void_reason": voider.payload.get("reason") if voider is not None else None,
            }
        )
    return out


def valid_events(hand: Hand) -> list[dict[str, Any]]:
    """The actions that stand (not voided), in order: what replays to the hand's state."""
    return list(
        HandEvent.objects.filter(hand=hand, kind=HandEvent.Kind.ACTION, voided_by__isnull=True)
        .order_by("seq")
        .values_list("payload", flat=True)
    )


def table_view(table: Table) -> dict[str, Any]:
    seats = Seat.objects.filter(table=table, left_at__isnull=True).select_related("player").order_by("number")
    current = (
        Hand.objects.filter(table=table, status=Hand.Status.IN_PROGRESS).values_list("pk", flat=True).first()
    )
    return {
        "id": table.pk,
        "club": table.club_id,
        "name": table.name,
        "game": table.game,
        "seats_count": table.seats_count,
        "button_seat": table.button_seat,
        "published": table.published,
        "current_hand": current,
        "seats": [
            {"id": s.pk, "seat": s.number, "player_id": s.player_id, "name": s.player.name, "stack": s.stack}
            for s in seats
        ],
    }


def hand_phh(hand: Hand, *, actor: Actor | None = None) -> str:
    """The hand as a PHH file (the valid events only), with the table and hand number. A reader who may not
    see unshown cards gets them as ``??`` (``actor=None``: Floor's own reads, every card)."""
    from apps.engine import phh
    from apps.engine.games import Game

    game = Game.from_json(hand.game)
    events = valid_events(hand)
    if actor is not None and not can_see_cards(actor, hand.table):
        events = redact.public_actions(game, hand.seats, hand.button, hand.number, events)
    history = phh.phh_from_hand(game, hand.seats, hand.button, hand.number, events, **_phh_fields(hand, game))
    return phh.dumps(history)


def _phh_fields(hand: Hand, game: Any) -> dict[str, Any]:
    """The PHH 0.0.2 fields that carry what Floor knows of a hand: where (``venue``, ``table``,
    ``seat_count``), when (``year``, ``month``, ``day``, ``time``, ``time_zone``: the hand's start, UTC),
    the ``event`` (the tournament the table plays for, if any) and the turn ``time_limit`` in seconds."""
    table = hand.table
    started = hand.started_at.astimezone(UTC)
    fields: dict[str, Any] = {
        "venue": table.club.name,
        "table": table.name,
        "seat_count": table.seats_count,
        "year": started.year,
        "month": started.month,
        "day": started.day,
        "time": started.time().replace(microsecond=0),
        "time_zone": "UTC",
        "_floor_hand_id": hand.pk,
    }
    link = getattr(table, "tournament_table", None)  # the tournaments app's row, if the table plays one
    if link is not None:
        fields["event"] = link.tournament.name
    if game.turn_time_limit is not None:
        fields["time_limit"] = game.turn_time_limit
    level = hooks.hand_level_reading.ask(hooks.HandReading(hand=hand))
    if level is not None:
        fields["level"] = level
    return fields


def room_cash_table_id(club_id: int, number: int) -> int | None:
    """The club's cash table named "Table ``number``" (any case, or that name in one of Floor's languages)."""
    from functools import reduce
    from operator import or_

    from django.db.models import Q

    from apps.accounts.rooms import room_table_names

    cash = (
        Table.objects.filter(club_id=club_id, tournament_table__isnull=True)
        .filter(reduce(or_, (Q(name__iexact=name) for name in room_table_names(number))))
        .order_by("-created_at", "-pk")
        .values_list("pk", flat=True)
        .first()
    )
    return int(cash) if cash is not None else None
