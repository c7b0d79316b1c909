"""Where RULES.md would rule otherwise than PHH's reading (PokerKit's semantics), action by action.

A standard PHH file is replayed under PHH's reading (``rules="phh"``, :func:`apps.engine.phh.replay_phh`),
which is how its finishing stacks were made. Nothing the house rules would rule otherwise passes silently:
:func:`house_notes` replays the hand again and, before each action, asks the house rules about the very
same situation (the state as PHH's reading reached it, refereed by RULES.md): an action they would refuse
is noted with their refusal (``legal under PHH; TDA 47-B would refuse: ...``), one they would take
otherwise (another amount, another seat to act, the round over) with what they would do. The forced bets
are compared once, at the start; and the house rules' own replay of the whole file (their card count,
their reshuffles) adds its refusal, or its other finishing stacks, if no note said so already. Made only
when a result's ``notes`` are read (``phh verify``, the import):
a replay that does not ask costs nothing more.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from apps.engine.errors import EngineError
from apps.engine.games import HOUSE
from apps.engine.hand import HandState, start_hand
from apps.engine.phh_replay import ReplayResult, replay_phh, use_house_notes
from apps.engine.phh_variants import game_from_phh, hand_number, seats_from_phh
from apps.engine.seats import Table

RULE_HOUSE = "RULES.md §4-7"


def _house_view(st: HandState) -> HandState:
    """A copy of ``st`` refereed by the house rules from here on (same chips, cards and round numbers)."""
    view = st.copy()
    game = replace(st.game, rules=HOUSE)
    view.game = game
    view.table = Table(game, [s.seat for s in st.seats])
    return view


def _differences(house: HandState, phh: HandState) -> list[str]:
    parts: list[str] = []
    for h, p in zip(house.seats, phh.seats, strict=True):
        if h.contributed != p.contributed:
            parts.append(f"seat {h.seat} would have put in {h.contributed} in all, not {p.contributed}")
        elif h.folded != p.folded:
            parts.append(f"seat {h.seat} would {'be out' if h.folded else 'still be in'}")
    if not parts and (house.phase, house.to_act) != (phh.phase, phh.to_act):
        if house.phase != phh.phase:
            parts.append(f"the hand would go on to the {house.phase} phase, not the {phh.phase} phase")
        else:
            parts.append(f"seat {house.to_act} would act next, not seat {phh.to_act}")
    return parts


def _note(index: int | None, action: str | None, code: str, rule: str | None, note: str) -> dict[str, Any]:
    return {"index": index, "action": action, "code": code, "rule": rule, "note": note}


def _forced_bets_note(result: ReplayResult, st: HandState) -> dict[str, Any] | None:
    seats = [{"seat": s.seat, "stack": s.start_stack} for s in st.seats]
    house = start_hand(replace(st.game, rules=HOUSE), seats, st.button, st.hand_number)
    differ = [
        f"seat {h.seat} would post {h.contributed} ({h.bet} of it live), not {p.contributed} ({p.bet} live)"
        for h, p in zip(house.seats, st.seats, strict=True)
        if (h.contributed, h.bet) != (p.contributed, p.bet)
    ]
    if house.rnd.current_bet != st.rnd.current_bet:
        differ.append(f"the bet to call would be {house.rnd.current_bet}, not {st.rnd.current_bet}")
    if not differ:
        return None
    return _note(
        None,
        None,
        "phh_forced_bets",
        "RULES.md §4; TDA RP-11; RRoP Buttons and Blinds 1",
        "legal under PHH (what the blinds posted is the bet; a short big blind posts its ante first); "
        "RULES.md §4 would rule otherwise: " + "; ".join(differ),
    )


def house_notes(result: ReplayResult) -> list[dict[str, Any]]:
    """The notes of a hand replayed under PHH's reading: at the start (forced bets) and at each action
    where RULES.md would refuse it or rule otherwise (see the module docstring)."""
    hh = result.history
    assert hh is not None
    game = game_from_phh(hh, rules="phh")
    seats, button = seats_from_phh(hh)
    st = start_hand(game, seats, button, hand_number(hh))
    texts = hh.actions
    notes: list[dict[str, Any]] = []
    start = _forced_bets_note(result, st)
    if start is not None:
        notes.append(start)
    for event, index in zip(result.events, result.event_actions, strict=True):
        view = _house_view(st)
        after = st.apply(event)
        try:
            house = view.apply(event)
        except EngineError as exc:
            notes.append(
                _note(
                    index,
                    texts[index],
                    exc.code,
                    exc.rule,
                    f"legal under PHH; {exc.rule} would refuse: {exc.message}",
                )
            )
        else:
            parts = _differences(house, after)
            if parts:
                notes.append(
                    _note(
                        index,
                        texts[index],
                        "phh_house_differs",
                        RULE_HOUSE,
                        "legal under PHH; RULES.md would rule otherwise: " + "; ".join(parts),
                    )
                )
        st = after
    # Judged from the history too: the house rules' own replay (their card count and reshuffles, their
    # amounts) may refuse an action the state as PHH's reading reached it would not show, or end elsewhere.
    replayed = replay_phh(hh, rules="house")
    noted = {n["index"] for n in notes} | {n["index"] for n in result.early_notes}
    err = replayed.error
    if err is not None and err.code != "phh_stacks_mismatch" and err.index not in noted:
        notes.append(
            _note(
                err.index,
                err.action,
                err.code,
                err.rule,
                f"legal under PHH; {err.rule} would refuse: {err.message}",
            )
        )
    elif (
        err is not None and err.code == "phh_stacks_mismatch" and replayed.final_stacks != result.final_stacks
    ):
        notes.append(
            _note(
                None,
                None,
                "phh_house_stacks",
                RULE_HOUSE,
                f"legal under PHH; under RULES.md the hand would end with the stacks "
                f"{replayed.final_stacks}, "
                f"not {result.final_stacks}",
            )
        )
    return notes


use_house_notes(house_notes)
