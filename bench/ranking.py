"""Benchmark: Floor's ``evaluate`` against treys and phevaluator on the same random five-card hands.

Run: ``.venv/bin/python bench/ranking.py [--hands 200000] [--rounds 7] [--seed 2026]``

Every evaluator gets the same hands, pre-converted to its own card representation, so only the evaluation is
timed. The evaluators are interleaved: each round times every evaluator once, one after the other (in an
order rotated each round), so a busy moment of the machine hits them all alike; each figure is the min and
the median of ``--rounds`` rounds, and each ratio is taken within a round (Floor's pass against the
reference's pass of the same round), then its min and median. References: treys (pure Python) and
phevaluator, both its Python wrapper (``evaluate_cards``, which converts every card) and its C function
(``_pheval.evaluate_5cards`` with the card ids ready). The goal is Floor "high" at least as fast as treys and
Floor "low27" within 1.5x of it.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.engine.cards import JOKER, Card, format_card, full_deck
from apps.engine.ranking import evaluate


def timed(run: Callable[[], None]) -> float:
    start = time.perf_counter()
    run()
    return time.perf_counter() - start


def floor_runner(hands: Sequence[tuple[Card, ...]], ranking: str) -> Callable[[], None]:
    def run() -> None:
        for hand in hands:
            evaluate(hand, ranking)

    return run


def treys_runner(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None] | None:
    try:
        from treys import Card as TreysCard
        from treys import Evaluator
    except ImportError:
        return None
    evaluator = Evaluator()
    treys_of = {card: TreysCard.new(format_card(card)) for card in full_deck()}
    treys_hands = [[treys_of[card] for card in hand] for hand in hands]
    board: list[int] = []

    def run() -> None:
        for hand in treys_hands:
            evaluator.evaluate(hand, board)

    return run


def phevaluator_runner(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None] | None:
    try:
        from phevaluator import evaluate_cards
    except ImportError:
        return None
    # phevaluator's card ids are rank * 4 + suit with the same rank and suit order as Floor's cards.
    ph_hands = [tuple(int(card) for card in hand) for hand in hands]

    def run() -> None:
        for hand in ph_hands:
            evaluate_cards(*hand)

    return run


def phevaluator_c_runner(hands: Sequence[tuple[Card, ...]]) -> Callable[[], None] | None:
    try:
        from phevaluator import _pheval
    except ImportError:
        return None
    ph_hands = [tuple(int(card) for card in hand) for hand in hands]
    evaluate_5cards = _pheval.evaluate_5cards

    def run() -> None:
        for a, b, c, d, e in ph_hands:
            evaluate_5cards(a, b, c, d, e)

    return run


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    deck = list(full_deck())
    hands = [tuple(rng.sample(deck, 5)) for _ in range(args.hands)]
    with_joker = []
    for _ in range(args.hands):
        hand = [*rng.sample(deck, 4), JOKER]
        rng.shuffle(hand)
        with_joker.append(tuple(hand))
    evaluate(with_joker[0], "high")  # build the lazy joker tables outside the timing
    evaluate(with_joker[0], "high-bug")

    rows: list[tuple[str, Any]] = [
        ("floor high", floor_runner(hands, "high")),
        ("floor low27", floor_runner(hands, "low27")),
        ("floor high-bug", floor_runner(hands, "high-bug")),
        ("treys Evaluator().evaluate", treys_runner(hands)),
        ("phevaluator evaluate_cards", phevaluator_runner(hands)),
        ("phevaluator C evaluate_5cards", phevaluator_c_runner(hands)),
        ("floor high, joker in every hand", floor_runner(with_joker, "high")),
        ("floor high-bug, joker in every hand", floor_runner(with_joker, "high-bug")),
    ]
    present = [(name, run) for name, run in rows if run is not None]
    for name, run in rows:
        if run is None:
            print(f"{name:38} not installed")
    seconds: dict[str, list[float]] = {name: [] for name, _ in present}
    print(f"{args.hands:,} random five-card hands, seed {args.seed}, {args.rounds} interleaved rounds")
    for r in range(args.rounds):
        k = r % len(present)
        for name, run in present[k:] + present[:k]:
            seconds[name].append(timed(run))
    with open("/proc/loadavg") as f:
        print(f"load average: {' '.join(f.read().split()[:3])}\n")

    def rate(ts: list[float]) -> tuple[float, float]:  # (min, median) evaluations per second
        return args.hands / max(ts), args.hands / statistics.median(ts)

    def ratio(name: str, ref: str) -> tuple[float, float] | None:
        if ref not in seconds:
            return None
        per_round = [b / a for a, b in zip(seconds[name], seconds[ref], strict=True)]
        return min(per_round), statistics.median(per_round)

    refs = [("treys", "treys Evaluator().evaluate"), ("phe C", "phevaluator C evaluate_5cards")]
    print(
        f"{'':38} {'evaluations/s min':>18} {'median':>12}   ratio min/median: "
        + ", ".join(r for r, _ in refs)
    )
    for name in seconds:
        lo, mid = rate(seconds[name])
        parts = []
        for label, ref in refs:
            q = ratio(name, ref)
            if q is not None:
                parts.append(f"{q[0]:.2f}/{q[1]:.2f}x {label}")
        print(f"{name:38} {lo:18,.0f} {mid:12,.0f}   {', '.join(parts)}")
    high, low = ratio("floor high", refs[0][1]), ratio("floor low27", refs[0][1])
    if high is not None and low is not None:
        print()
        print(f"goal floor high  >= 1.00x treys: median {high[1]:.2f}x (min {high[0]:.2f}x)")
        print(f"goal floor low27 >= 0.67x treys (within 1.5x): median {low[1]:.2f}x (min {low[0]:.2f}x)")


if __name__ == "__main__":
    main()
