"""Replay benchmark: Floor's hand engine against PokerKit on the same recorded hands, every action checked.

    .venv/bin/python bench/replay.py [--hands 500] [--seed 7] [--repeat 5] [--profile]

Hands: the real 2-7 hands in tests/data/phh (F2L3D, N2L1D) plus ``--hands`` generated six-handed 2-7 Triple
Draw hands (random legal play driven by PokerKit, written as PHH). Both engines replay the same PHH hands:
Floor through :func:`apps.engine.phh.replay_phh` (every action is verified by the hand engine), PokerKit
through ``HandHistory`` (every action is verified by ``pokerkit.State``). Prints hands/s for each and the
ratio (the goal is Floor >= 10x PokerKit, with the engine compiled by ``make engine``; the output
says whether it is), then the cost of one public ``HandState.apply`` at the 10th and the
200th event of a long hand (a no-limit raise war, and a long no-bet hand), which should stay near 1:1 because
a hand's state is cached, not replayed, per action (STYLE.md habit 5).

Timing: CPU time of this process (``time.process_time``), the best of ``--repeat`` rounds, each round
running Floor, Floor's engine alone and PokerKit once, interleaved, so that other work on the machine
counts less and hits every engine alike. Floor's ``replay_phh`` applies the events in place on its own
fresh state (the public ``apply`` copies); it still checks every action and compares the final stacks
with ``finishing_stacks``; the hand's ``result`` (pots, explanation) is made when first read, so it is not
part of this figure (the stacks are: they are paid when the hand ends).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import sys
import time
import warnings
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "director.settings")

from pokerkit import Automation, FixedLimitDeuceToSevenLowballTripleDraw, Mode, State  # noqa: E402
from pokerkit import HandHistory as PKHandHistory  # noqa: E402

from apps.engine import ENGINE_BUILD, phh  # noqa: E402
from apps.engine.games import five_card_draw, single_draw_27  # noqa: E402
from apps.engine.hand import HandState, replay, start_hand  # noqa: E402

DATA = ROOT / "tests" / "data" / "phh"
RANKS, SUITS = "23456789TJQKA", "cdhs"
DECK = [r + s for r in RANKS for s in SUITS]
_GEN_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def generate_triple_draw(rng: random.Random, players: int = 6, stack: int = 2000) -> dict[str, Any]:
    """One random legal six-handed 2-7 Triple Draw hand (blinds 10/20, bets 20/40) as PHH fields.

    Discards never ask for more cards than the stub holds (no reshuffle: PokerKit and Floor reshuffle
    different cards, RULES.md §7)."""
    deck = DECK.copy()
    rng.shuffle(deck)
    stacks = [rng.choice((stack, stack, stack // 4, stack // 10)) for _ in range(players)]
    state: State = FixedLimitDeuceToSevenLowballTripleDraw.create_state(
        _GEN_AUTOMATIONS, True, 0, (10, 20), 20, 40, stacks, players, mode=Mode.CASH_GAME
    )
    actions: list[str] = []
    burns_left = 3
    while state.status:
        if state.can_deal_hole():
            i = state.hole_dealee_index
            assert i is not None
            count = len(state.hole_dealing_statuses[i])
            cards = "".join(deck.pop() for _ in range(count))
            state.deal_hole(cards)
            actions.append(f"d dh p{i + 1} {cards}")
        elif state.can_burn_card():
            state.burn_card(deck.pop())
            burns_left -= 1
        elif (i := state.stand_patter_or_discarder_index) is not None:
            hole = [repr(c) for c in state.hole_cards[i]]
            promised = sum(map(len, state.hole_dealing_statuses))  # to earlier discards of this draw
            room = len(deck) - burns_left - promised - 1  # never the last card (RULES.md §7 reshuffle)
            k = min(rng.choice((0, 1, 1, 2, 2, 3, 5)), max(room, 0))
            discard = rng.sample(hole, k)
            state.stand_pat_or_discard("".join(discard))
            actions.append(f"p{i + 1} sd {''.join(discard)}".rstrip())
        elif (i := state.actor_index) is not None:
            roll = rng.random()
            if state.can_complete_bet_or_raise_to() and roll < 0.35:
                amount = state.min_completion_betting_or_raising_to_amount
                state.complete_bet_or_raise_to(amount)
                actions.append(f"p{i + 1} cbr {amount}")
            elif state.checking_or_calling_amount and roll > 0.85:
                state.fold()
                actions.append(f"p{i + 1} f")
            else:
                state.check_or_call()
                actions.append(f"p{i + 1} cc")
        elif (i := state.showdown_index) is not None:
            cards = "".join(repr(c) for c in state.hole_cards[i])
            state.show_or_muck_hole_cards(True)
            actions.append(f"p{i + 1} sm {cards}")
        else:  # pragma: no cover - every other step is automated
            raise AssertionError("generator stuck")
    return {
        "variant": "F2L3D",
        "ante_trimming_status": True,
        "antes": [0] * players,
        "blinds_or_straddles": [10, 20] + [0] * (players - 2),
        "small_bet": 20,
        "big_bet": 40,
        "starting_stacks": stacks,
        "actions": actions,
        "finishing_stacks": list(state.stacks),
    }


def real_hands() -> list[phh.HandHistory]:
    hands = [hh for path in sorted(DATA.glob("*.phh")) for hh in phh.load_path(path)]
    return [hh for hh in hands if hh.variant in ("F2L3D", "N2L1D")]


def run_floor(hands: list[phh.HandHistory]) -> None:
    for hh in hands:
        result = phh.replay_phh(hh)
        if not result.ok:
            raise SystemExit(f"Floor refused hand {hh.get('hand')}: {result.error}")


def run_floor_events(hands: list[tuple[Any, ...]]) -> None:
    """The engine alone: the same hands as engine events (PHH parsing done beforehand)."""
    for game, seats, button, number, events in hands:
        replay(game, seats, button, number, events)


def run_pokerkit(hands: list[PKHandHistory]) -> None:
    for hh in hands:
        for _state in hh:
            pass


def _pk_hand(hh: phh.HandHistory) -> PKHandHistory:
    fields = {k: v for k, v in hh.fields.items() if not k.startswith("_")}
    return PKHandHistory(**fields)


def raise_war() -> tuple[HandState, list[dict[str, Any]]]:
    """Heads-up no-limit single draw, deep stacks: min-raise after min-raise (no cap in no-limit)."""
    game = single_draw_27(small_blind=1, big_blind=2)
    state = start_hand(game, [{"seat": 1, "stack": 10**9}, {"seat": 2, "stack": 10**9}], button=2)
    events = []
    for _ in range(260):
        legal = {a["type"]: a for a in state.legal_actions()}
        event = {"type": "raise", "seat": state.to_act, "amount": legal["raise"]["min"]}
        state = state.apply(event)
        events.append(event)
    return start_hand(game, [{"seat": 1, "stack": 10**9}, {"seat": 2, "stack": 10**9}], button=2), events


def pass_outs() -> tuple[HandState, list[dict[str, Any]]]:
    """Five-Card Draw, jacks or better, nobody opens: check, check, check, redeal... (no bets at all)."""
    game = five_card_draw(ante=1, opening="jacks-or-better")
    seats = [{"seat": i, "stack": 10**6} for i in (1, 2, 3)]
    state = first = start_hand(game, seats, button=3)
    events = []
    while len(events) < 260:
        event = {"type": "check", "seat": state.to_act}
        state = state.apply(event)
        events.append(event)
    return first, events


def per_event_costs(repeat: int = 2000, rounds: int = 5) -> dict[str, tuple[float, float]]:
    """Seconds for one public ``HandState.apply`` (a new state: the engine checks the event and copies the
    state) at the 10th and the 200th event of a hand; the best of ``rounds`` batches of ``repeat``."""
    out = {}
    for label, (state, events) in {"raise war (NL, 260 raises)": raise_war(),
                                    "no bets (5CD pass-outs, 260 checks)": pass_outs()}.items():  # fmt: skip
        states = [state]
        for event in events:
            states.append(states[-1].apply(event))
        best = {10: float("inf"), 200: float("inf")}
        for _ in range(rounds):
            for k in (10, 200):  # interleaved, so that a burst of load hits both alike
                before, event = states[k - 1], events[k - 1]
                t0 = time.process_time()
                for _ in range(repeat):
                    before.apply(event)
                best[k] = min(best[k], (time.process_time() - t0) / repeat)
        out[label] = (best[10], best[200])
    return out


def best_of(runs: dict[str, tuple[Any, Any]], repeat: int) -> dict[str, float]:
    """The best CPU time (``time.process_time``: this process only, so other work on the machine counts
    less) of ``repeat`` rounds; each round runs every engine once, interleaved, so load hits all alike."""
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(repeat):
        for name, (fn, arg) in runs.items():
            t0 = time.process_time()
            fn(arg)
            best[name] = min(best[name], time.process_time() - t0)
    return best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--profile", action="store_true", help="profile Floor's replay (cProfile, top 25)")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    generated = [phh.HandHistory(generate_triple_draw(rng)) for _ in range(args.hands)]
    hands = real_hands() + generated
    pk_hands = [_pk_hand(hh) for hh in hands]
    events = sum(len(hh.actions) for hh in hands)

    warnings.simplefilter("ignore")
    run_floor(hands[:20])  # warm caches (ranking tables, imports)
    run_pokerkit(pk_hands[:20])
    ready = [phh.hand_from_phh(hh) for hh in hands]
    best = best_of(
        {
            "floor": (run_floor, hands),
            "engine": (run_floor_events, ready),
            "pokerkit": (run_pokerkit, pk_hands),
        },
        args.repeat,
    )
    floor_s, engine_s, pk_s = best["floor"], best["engine"], best["pokerkit"]
    n = len(hands)
    print(f"hands: {n} ({n - len(generated)} real F2L3D/N2L1D + {len(generated)} generated 6-max F2L3D), "
          f"{events} PHH actions; best of {args.repeat} interleaved rounds, CPU time")  # fmt: skip
    print(f"engine: {ENGINE_BUILD}")  # compiled by make engine, else plain Python (apps/engine/native.py)
    print(f"Floor:    {n / floor_s:10.0f} hands/s  ({floor_s * 1e6 / events:.1f} us/action)")
    print(f"  engine alone (events ready, hand.replay): {n / engine_s:.0f} hands/s")
    print(f"PokerKit: {n / pk_s:10.0f} hands/s  ({pk_s * 1e6 / events:.1f} us/action)")
    print(f"ratio Floor/PokerKit: {pk_s / floor_s:.1f}x (goal >= 10x)")

    for label, (at10, at200) in per_event_costs().items():
        ratio = at200 / at10
        print(f"per event (HandState.apply), {label}: #10 {at10 * 1e6:.1f} us, #200 {at200 * 1e6:.1f} us, "
              f"ratio {ratio:.2f}")  # fmt: skip

    if args.profile:
        profiler = cProfile.Profile()
        profiler.enable()
        run_floor(hands)
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
