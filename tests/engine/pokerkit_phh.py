"""Write a standard PHH file the way PokerKit records it: the given actions are played by PokerKit 0.7.7
(which refuses any it does not allow), and its own finishing stacks are written. Used by the tests of PHH's
reading, so that a file's stacks are PokerKit's, never worked out by hand."""

from __future__ import annotations

import warnings
from typing import Any

from pokerkit import (
    Automation,
    FixedLimitDeuceToSevenLowballTripleDraw,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    State,
)

from apps.engine import phh

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def pokerkit_phh(
    variant: str,
    stacks: list[int],
    actions: list[str],
    *,
    blinds: tuple[int, int] = (5, 10),
    antes: list[int] | None = None,
) -> phh.HandHistory:
    n = len(stacks)
    antes = antes or [0] * n
    uniform = len(set(antes)) == 1
    state: State
    if variant == "F2L3D":
        state = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
            AUTOMATIONS,
            uniform,
            tuple(antes),
            blinds,
            blinds[1],
            2 * blinds[1],
            stacks,
            n,
            mode=Mode.CASH_GAME,
        )
        units: dict[str, Any] = {"small_bet": blinds[1], "big_bet": 2 * blinds[1]}
    else:
        state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
            AUTOMATIONS, uniform, tuple(antes), blinds, blinds[1], stacks, n, mode=Mode.CASH_GAME
        )
        units = {"min_bet": blinds[1]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for text in actions:
            words = text.split()
            if words[0] == "d":
                state.deal_hole(words[3])
            elif words[1] == "cbr":
                state.complete_bet_or_raise_to(int(words[2]))
            elif words[1] == "cc":
                state.check_or_call()
            elif words[1] == "f":
                state.fold()
            elif words[1] == "sd":
                state.stand_pat_or_discard(words[2] if len(words) > 2 else "")
            elif words[1] == "sm":
                state.show_or_muck_hole_cards(words[2] if len(words) > 2 else False)
    assert not state.status, "the hand must be played to its end"
    return phh.HandHistory(
        {
            "variant": variant,
            "ante_trimming_status": uniform,
            "antes": antes,
            "blinds_or_straddles": list(blinds) + [0] * (n - 2),
            **units,
            "starting_stacks": stacks,
            "actions": actions,
            "finishing_stacks": list(state.stacks),
        }
    )
