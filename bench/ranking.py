"""Benchmark: Floor's ``evaluate`` against treys and phevaluator on the same random five-card hands.

Run: ``.venv/bin/python bench/ranking.py [--hands 200000] [--repeat 5] [--seed 2026]``

Every evaluator gets the same hands, pre-converted to its own card representation, so only the evaluation is
timed. Each figure is the best of ``--repeat`` passes (the least disturbed by other processes). The goal is
Floor "high" at least as fast as treys and Floor "low27" within 1.5x of it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from apps.engine.cards import JOKER, Card, format_card, full_deck
from apps.engine.ranking import evaluate


def best_rate(run: Callable[[], None], count: int, repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    return count / best


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


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--repeat", type=int, default=5)
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
        ("floor high, joker in every hand", floor_runner(with_joker, "high")),
        ("floor high-bug, joker in every hand", floor_runner(with_joker, "high-bug")),
    ]
    rates: dict[str, float] = {}
    print(f"{args.hands:,} random five-card hands, seed {args.seed}, best of {args.repeat}\n")
    for name, run in rows:
        if run is None:
            print(f"{name:38} not installed")
            continue
        rates[name] = best_rate(run, args.hands, args.repeat)
    treys = rates.get("treys Evaluator().evaluate")
    for name, rate in rates.items():
        ratio = f"{rate / treys:5.2f}x treys" if treys else ""
        print(f"{name:38} {rate:12,.0f} evaluations/s   {ratio}")
    if treys:
        print()
        print(f"goal floor high  >= 1.00x treys: {rates['floor high'] / treys:.2f}x")
        print(f"goal floor low27 >= 0.67x treys (within 1.5x): {rates['floor low27'] / treys:.2f}x")


if __name__ == "__main__":
    main()
